//! What a test database holds, read behind the store's back, for comparing one moment with
//! another: every schema object in full (not only the column names and index names the
//! cross-backend test compares), and every table's rows.
use diesel::RunQueryDsl;
use diesel::sql_types::Text;

use super::{Raw, TestStore};

#[derive(diesel::QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

const MIGRATIONS_TABLE: &str = "__diesel_schema_migrations";

/// SQLite keeps each table, index, view and trigger as the SQL that made it (which
/// `ALTER TABLE` edits), so that text is the whole schema. Its internal objects (the
/// automatic indexes of UNIQUE and PRIMARY KEY constraints) follow from the tables' text.
const SQLITE_SCHEMA: &str = "SELECT type || ' ' || name || ': ' || sql AS line FROM sqlite_master \
     WHERE name NOT LIKE 'sqlite_%' AND tbl_name <> '__diesel_schema_migrations' AND sql IS NOT NULL";

/// PostgreSQL's catalogue: relations, columns (in order, but not their attribute numbers,
/// which keep the gaps of dropped columns), constraints, indexes, views, triggers,
/// functions and types of the current schema.
const POSTGRES_SCHEMA: &str = "\
SELECT 'relation ' || c.relkind::text || ' ' || c.relname AS line FROM pg_class c \
  WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') \
    AND c.relname <> '__diesel_schema_migrations' \
UNION ALL \
SELECT 'column ' || table_name || '.' || column_name \
    || ' #' || row_number() OVER (PARTITION BY table_name ORDER BY ordinal_position) \
    || ' ' || udt_name || coalesce('(' || character_maximum_length || ')', '') \
    || CASE is_nullable WHEN 'NO' THEN ' not null' ELSE ' null' END \
    || coalesce(' default ' || column_default, '') \
    || coalesce(' generated ' || generation_expression, '') \
  FROM information_schema.columns \
  WHERE table_schema = current_schema() AND table_name <> '__diesel_schema_migrations' \
UNION ALL \
SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ': ' || pg_get_constraintdef(oid) \
  FROM pg_constraint WHERE connamespace = current_schema()::regnamespace \
    AND conrelid::regclass::text <> '__diesel_schema_migrations' \
UNION ALL \
SELECT 'index ' || indexname || ': ' || indexdef FROM pg_indexes \
  WHERE schemaname = current_schema() AND tablename <> '__diesel_schema_migrations' \
UNION ALL \
SELECT 'view ' || viewname || ': ' || definition FROM pg_views WHERE schemaname = current_schema() \
UNION ALL \
SELECT 'trigger ' || tgname || ': ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal \
UNION ALL \
SELECT 'function ' || oid::regprocedure::text FROM pg_proc \
  WHERE pronamespace = current_schema()::regnamespace \
UNION ALL \
SELECT 'type ' || t.typname || ' ' || t.typtype::text || coalesce(' ' || ( \
    SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid), '') \
  FROM pg_type t WHERE t.typnamespace = current_schema()::regnamespace AND t.typtype IN ('e', 'd')";

impl TestStore {
    /// The schema, one sorted line per object (SQLite) or per relation, column, constraint,
    /// index and so on (PostgreSQL). The migrations' own table is left out.
    pub fn schema(&self) -> Vec<String> {
        let mut lines: Vec<String> = match self.raw() {
            Raw::Sqlite(mut conn) => diesel::sql_query(SQLITE_SCHEMA)
                .load::<Line>(&mut conn)
                .unwrap()
                .into_iter()
                .map(|l| normalise_sql(&l.line))
                .collect(),
            Raw::Postgres(mut conn) => diesel::sql_query(POSTGRES_SCHEMA)
                .load::<Line>(&mut conn)
                .unwrap()
                .into_iter()
                .map(|l| l.line)
                .collect(),
        };
        lines.sort();
        lines
    }

    /// The versions of the migrations applied, oldest first.
    pub fn applied_migrations(&self) -> Vec<String> {
        let sql = "SELECT version AS line FROM __diesel_schema_migrations ORDER BY version";
        match self.raw() {
            Raw::Sqlite(mut conn) => diesel::sql_query(sql).load::<Line>(&mut conn),
            Raw::Postgres(mut conn) => diesel::sql_query(sql).load::<Line>(&mut conn),
        }
        .unwrap()
        .into_iter()
        .map(|l| l.line)
        .collect()
    }

    /// Every table's rows (the migrations' table too), sorted: a line per row, and a line
    /// with each table's row count.
    pub fn contents(&self) -> Vec<String> {
        fn load(raw: &mut Raw, sql: &str) -> Vec<String> {
            let lines = match raw {
                Raw::Sqlite(conn) => diesel::sql_query(sql).load::<Line>(conn),
                Raw::Postgres(conn) => diesel::sql_query(sql).load::<Line>(conn),
            };
            lines.unwrap().into_iter().map(|l| l.line).collect()
        }
        let mut raw = self.raw();
        let tables = match raw {
            Raw::Sqlite(_) => {
                "SELECT name AS line FROM sqlite_master \
                 WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            }
            Raw::Postgres(_) => {
                "SELECT tablename::text AS line FROM pg_tables WHERE schemaname = current_schema()"
            }
        };
        let tables = load(&mut raw, tables);
        assert!(
            tables.iter().any(|t| t == MIGRATIONS_TABLE),
            "a migrated database"
        );
        let mut lines = Vec::new();
        for table in &tables {
            let rows = match raw {
                Raw::Sqlite(_) => {
                    let columns = load(
                        &mut raw,
                        &format!(
                            "SELECT 'quote(\"' || name || '\")' AS line \
                             FROM pragma_table_xinfo('{table}') WHERE hidden <> 1 ORDER BY cid"
                        ),
                    );
                    format!(
                        "SELECT {} AS line FROM \"{table}\"",
                        columns.join(" || ',' || ")
                    )
                }
                Raw::Postgres(_) => {
                    format!("SELECT row_to_json(t)::text AS line FROM \"{table}\" t")
                }
            };
            let rows = load(&mut raw, &rows);
            lines.push(format!("{table}: {} rows", rows.len()));
            lines.extend(rows.into_iter().map(|row| format!("{table}: {row}")));
        }
        lines.sort();
        lines
    }
}

/// SQLite's text as its meaning: no comments, and spacing and identifier quotes as any
/// hand-written statement might have them (a table rebuilt and renamed is stored with its
/// name quoted).
fn normalise_sql(sql: &str) -> String {
    let without_comments: String = sql
        .lines()
        .map(|line| line.find("--").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join(" ");
    let spaced = without_comments
        .replace('"', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = String::with_capacity(spaced.len());
    for c in spaced.chars() {
        if matches!(c, '(' | ')' | ',') && out.ends_with(' ') {
            out.pop();
        }
        if c == ' ' && (out.ends_with('(') || out.ends_with(',')) {
            continue;
        }
        out.push(c);
    }
    out
}
