//! Data care (ADR 0034): a consistent copy of a SQLite site taken while it serves, a restore
//! of one into an empty site, and a whole site moved from SQLite to PostgreSQL.
//!
//! Rows move between databases as JSON built by the databases themselves: SQLite's
//! `json_object` writes each column's stored value exactly (text as text, integers as
//! integers of any size), and PostgreSQL's `json_populate_recordset` reads each back through
//! the column's own type, so no value passes through a Rust type on the way. Every column of
//! the schema is text, a whole number, a boolean, a date or a timestamp (docs/adr/0002), all
//! of which survive this; the comparison afterwards checks that they did.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::migration::MigrationSource;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use diesel::sqlite::Sqlite;
use diesel::{PgConnection, SqliteConnection};

use crate::Store;
use crate::StoreError;
use crate::connection::{SQLITE_MIGRATIONS, SQLITE_PRAGMAS, sqlite_path};

/// How PostgreSQL is backed up: its own tools, documented in docs/operations.md.
pub const PG_DUMP_LINE: &str =
    "pg_dump --format=custom --no-owner --file=playspace-$(date +%F).dump \"$DATABASE_URL\"";
/// How a PostgreSQL backup is restored, into an empty database.
pub const PG_RESTORE_LINE: &str =
    "pg_restore --no-owner --single-transaction --exit-on-error --dbname=\"$DATABASE_URL\" FILE";

/// Rows moved between databases per statement.
const BATCH_ROWS: i64 = 1_000;

#[derive(Debug, thiserror::Error)]
pub enum DataCareError {
    /// Not done, with why and what to do instead (for the operator to read).
    #[error("{0}")]
    Refused(String),
    /// Done, but the copy does not hold what the original does; nothing was kept.
    #[error("the copy does not match the original, so nothing was kept: {0}")]
    Mismatch(String),
    #[error("database error: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("could not connect: {0}")]
    Connect(#[from] diesel::ConnectionError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("file error: {0}")]
    Io(#[from] std::io::Error),
}

/// A table and how many rows it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRows {
    pub table: String,
    pub rows: i64,
}

/// A table moved by [`migrate_data`]: its rows, and how many of them were compared column by
/// column with the original.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCopy {
    pub table: String,
    pub rows: i64,
    pub compared: usize,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

#[derive(QueryableByName)]
struct TableColumn {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
}

/// `'text'` as an SQL string literal.
fn sql_string(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// `name` as an SQL identifier (the notifications table has a column called `type`).
fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

fn path_text(path: &Path) -> Result<&str, DataCareError> {
    path.to_str()
        .ok_or_else(|| DataCareError::Refused(format!("{} is not a UTF-8 path", path.display())))
}

/// A connection with the store's own per-connection settings (busy timeout, WAL, foreign
/// keys), so it waits for a serving process's writes instead of failing.
fn open_sqlite(path: &str) -> Result<SqliteConnection, DataCareError> {
    let mut conn = SqliteConnection::establish(path)?;
    conn.batch_execute(SQLITE_PRAGMAS)?;
    Ok(conn)
}

/// The SQLite file of `url`, or a refusal naming what PostgreSQL uses instead.
fn sqlite_file(url: &str, postgres_instead: &str) -> Result<String, DataCareError> {
    sqlite_path(url)?.ok_or_else(|| DataCareError::Refused(postgres_instead.to_owned()))
}

/// Writes a consistent copy of the SQLite site at `database_url` to the new file `to` while
/// it serves (`VACUUM INTO` reads one snapshot and blocks no writer), readable by its owner
/// only, and checks the copy. Refuses PostgreSQL (whose tool is `pg_dump`) and an existing
/// `to`. Returns the copy's rows per table.
pub fn backup(database_url: &str, to: &Path) -> Result<Vec<TableRows>, DataCareError> {
    let path = sqlite_file(
        database_url,
        &format!(
            "PostgreSQL is backed up with its own tools, not this command. Run:\n  {PG_DUMP_LINE}\n\
             (docs/operations.md, Backups and restore)"
        ),
    )?;
    if !Path::new(&path).is_file() {
        return Err(DataCareError::Refused(format!(
            "there is no database at {path}"
        )));
    }
    let to_text = path_text(to)?;
    if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    // Made empty first (VACUUM INTO accepts an empty file), so it is never anyone else's
    // file and never readable by others: it holds medical and access details.
    create_private(to).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => DataCareError::Refused(format!(
            "{} already exists: a backup never overwrites a file, so give a new name",
            to.display()
        )),
        _ => DataCareError::Io(e),
    })?;
    let written = open_sqlite(&path)
        .and_then(|mut conn| {
            Ok(conn.batch_execute(&format!("VACUUM INTO {}", sql_string(to_text)))?)
        })
        .and_then(|()| {
            let mut copy = SqliteConnection::establish(to_text)?;
            whole_database(&mut copy, to)?;
            sqlite_counts(&mut copy, "main")
        });
    if written.is_err() {
        // Leave no half-written backup to be mistaken for a good one.
        let _ = std::fs::remove_file(to);
    }
    written
}

#[cfg(unix)]
fn create_private(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .map(|_| ())
}

#[cfg(not(unix))]
fn create_private(path: &Path) -> std::io::Result<()> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map(|_| ())
}

/// Refuses a file SQLite finds damaged, or that is not a PlaySpace database.
fn whole_database(conn: &mut SqliteConnection, file: &Path) -> Result<(), DataCareError> {
    let check: Vec<Line> = diesel::sql_query("SELECT quick_check AS line FROM pragma_quick_check")
        .load(conn)
        .map_err(|e| {
            DataCareError::Refused(format!("{} is not a SQLite database: {e}", file.display()))
        })?;
    if check.iter().map(|l| l.line.as_str()).ne(["ok"]) {
        let problems: Vec<String> = check.into_iter().take(3).map(|l| l.line).collect();
        return Err(DataCareError::Refused(format!(
            "{} is damaged: {}",
            file.display(),
            problems.join("; ")
        )));
    }
    let marked: Vec<Count> = diesel::sql_query(
        "SELECT count(*) AS n FROM sqlite_master \
         WHERE type = 'table' AND name = '__diesel_schema_migrations'",
    )
    .load(conn)?;
    if marked.first().is_none_or(|c| c.n == 0) {
        return Err(DataCareError::Refused(format!(
            "{} is not a PlaySpace database (it has no migrations table)",
            file.display()
        )));
    }
    Ok(())
}

/// The application's tables in SQLite schema `schema` ("main" or an attached one), each
/// with the columns a row is written with, in order (generated columns are left out: the
/// database computes them).
fn sqlite_tables(
    conn: &mut SqliteConnection,
    schema: &str,
) -> Result<BTreeMap<String, Vec<String>>, DataCareError> {
    let rows: Vec<TableColumn> = diesel::sql_query(format!(
        "SELECT m.name AS table_name, p.name AS column_name \
         FROM {s}.sqlite_master m JOIN pragma_table_xinfo(m.name, {schema_text}) p \
         WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' \
           AND m.name <> '__diesel_schema_migrations' AND p.hidden = 0 \
         ORDER BY m.name, p.cid",
        s = ident(schema),
        schema_text = sql_string(schema)
    ))
    .load(conn)?;
    let mut tables: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for row in rows {
        tables
            .entry(row.table_name)
            .or_default()
            .push(row.column_name);
    }
    Ok(tables)
}

fn sqlite_counts(
    conn: &mut SqliteConnection,
    schema: &str,
) -> Result<Vec<TableRows>, DataCareError> {
    sqlite_tables(conn, schema)?
        .into_keys()
        .map(|table| {
            let n = count(conn, &format!("{}.{}", ident(schema), ident(&table)))?;
            Ok(TableRows { table, rows: n })
        })
        .collect()
}

fn count(conn: &mut SqliteConnection, table: &str) -> Result<i64, DataCareError> {
    let rows: Vec<Count> =
        diesel::sql_query(format!("SELECT count(*) AS n FROM {table}")).load(conn)?;
    Ok(rows.first().map_or(0, |c| c.n))
}

fn pg_count(conn: &mut PgConnection, table: &str) -> Result<i64, DataCareError> {
    let rows: Vec<Count> =
        diesel::sql_query(format!("SELECT count(*) AS n FROM {table}")).load(conn)?;
    Ok(rows.first().map_or(0, |c| c.n))
}

/// The rows of every table of the site at `database_url`, on either backend.
pub fn table_counts(database_url: &str) -> Result<Vec<TableRows>, DataCareError> {
    match sqlite_path(database_url)? {
        Some(path) => sqlite_counts(&mut open_sqlite(&path)?, "main"),
        None => {
            let mut pg = PgConnection::establish(database_url)?;
            postgres_tables(&mut pg)?
                .into_keys()
                .map(|table| {
                    let n = pg_count(&mut pg, &ident(&table))?;
                    Ok(TableRows { table, rows: n })
                })
                .collect()
        }
    }
}

/// Deletes a working file and SQLite's files beside it when dropped.
struct WorkFile(PathBuf);

impl Drop for WorkFile {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let mut name = self.0.clone().into_os_string();
            name.push(suffix);
            let _ = std::fs::remove_file(PathBuf::from(name));
        }
    }
}

/// Restores the backup `from` (a file `backup` wrote, or any PlaySpace SQLite database,
/// read as one consistent moment even while in use)
/// into the SQLite site at `database_url`, which must hold no rows: the backup's rows are
/// written in one transaction through SQLite's locks. A backup from an older release is
/// brought up to date first, on a private copy (the backup file itself is never changed);
/// one from a newer release is refused. Refuses PostgreSQL (whose tool is `pg_restore`).
/// Returns the site's rows per table afterwards.
pub fn restore(from: &Path, database_url: &str) -> Result<Vec<TableRows>, DataCareError> {
    let target = sqlite_file(
        database_url,
        &format!(
            "a PostgreSQL site is restored with its own tools, into an empty database:\n  \
             {PG_RESTORE_LINE}\n(docs/operations.md, Backups and restore)"
        ),
    )?;
    if !from.is_file() {
        return Err(DataCareError::Refused(format!(
            "there is no backup at {}",
            from.display()
        )));
    }
    // The working copy sits beside the site (same disk, same permissions).
    let target_dir = Path::new(&target)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(target_dir)?;
    let work = WorkFile(target_dir.join(format!(".playspace-restore-{}.db", std::process::id())));
    let _ = std::fs::remove_file(&work.0);
    create_private(&work.0)?;
    let work_text = path_text(&work.0)?.to_owned();
    {
        // Read-only, so the backup is never changed; through SQLite rather than a file copy,
        // so a live database's write-ahead log comes with it.
        let mut backup = SqliteConnection::establish(&read_only_uri(path_text(from)?))?;
        whole_database(&mut backup, from)?;
        refuse_newer(&mut backup, from)?;
        backup.batch_execute(&format!("VACUUM INTO {}", sql_string(&work_text)))?;
    }
    Store::connect(&format!("sqlite://{work_text}"), 1)?.migrate()?;
    Store::connect(database_url, 1)?.migrate()?;

    let mut conn = open_sqlite(&target)?;
    conn.batch_execute(&format!(
        "ATTACH DATABASE {} AS backup",
        sql_string(&work_text)
    ))?;
    let restored = copy_attached(&mut conn, &target);
    let _ = conn.batch_execute("DETACH DATABASE backup");
    restored
}

/// An SQLite URI that opens `path` read-only.
fn read_only_uri(path: &str) -> String {
    let escaped = path
        .replace('%', "%25")
        .replace('?', "%3f")
        .replace('#', "%23");
    format!("file:{escaped}?mode=ro")
}

/// Refuses a database with migrations this release does not have.
fn refuse_newer(conn: &mut SqliteConnection, file: &Path) -> Result<(), DataCareError> {
    let known: BTreeSet<String> = MigrationSource::<Sqlite>::migrations(&SQLITE_MIGRATIONS)
        .map_err(|e| StoreError::Migrate(e.to_string()))?
        .iter()
        .map(|m| m.name().version().to_string())
        .collect();
    let applied: Vec<Line> =
        diesel::sql_query("SELECT version AS line FROM __diesel_schema_migrations").load(conn)?;
    let unknown: Vec<String> = applied
        .into_iter()
        .map(|l| l.line)
        .filter(|v| !known.contains(v))
        .collect();
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(DataCareError::Refused(format!(
            "{} was made by a newer release of PlaySpace (it has migrations {} this one lacks): \
             restore it with that release",
            file.display(),
            unknown.join(", ")
        )))
    }
}

/// Copies every table of the attached `backup` into `main` in one write transaction, with
/// foreign keys checked at its end, if `main` holds no rows.
fn copy_attached(
    conn: &mut SqliteConnection,
    target: &str,
) -> Result<Vec<TableRows>, DataCareError> {
    let tables = sqlite_tables(conn, "main")?;
    if sqlite_tables(conn, "backup")? != tables {
        return Err(DataCareError::Refused(
            "the backup's tables differ from this release's, even after its migrations".into(),
        ));
    }
    conn.immediate_transaction(|c| {
        refuse_rows(c, target, tables.keys(), |c, t| {
            count(c, &format!("main.{}", ident(t)))
        })?;
        // Rows go in table by table; their references are checked once all are in.
        c.batch_execute("PRAGMA defer_foreign_keys = ON")?;
        for (table, columns) in &tables {
            let columns = columns
                .iter()
                .map(|c| ident(c))
                .collect::<Vec<_>>()
                .join(", ");
            c.batch_execute(&format!(
                "INSERT INTO main.{t} ({columns}) SELECT {columns} FROM backup.{t}",
                t = ident(table)
            ))?;
        }
        let restored = sqlite_counts(c, "main")?;
        let backed_up = sqlite_counts(c, "backup")?;
        if restored != backed_up {
            return Err(DataCareError::Mismatch(format!(
                "rows per table restored {restored:?}, in the backup {backed_up:?}"
            )));
        }
        Ok(restored)
    })
}

/// Refuses when any of `tables` holds a row: the target must be an empty site.
fn refuse_rows<'a, C>(
    conn: &mut C,
    target: &str,
    tables: impl Iterator<Item = &'a String>,
    rows_in: impl Fn(&mut C, &str) -> Result<i64, DataCareError>,
) -> Result<(), DataCareError> {
    let mut full = Vec::new();
    for table in tables {
        let n = rows_in(conn, table)?;
        if n > 0 {
            full.push(format!("{table} ({n})"));
        }
    }
    if full.is_empty() {
        Ok(())
    } else {
        Err(DataCareError::Refused(format!(
            "{target} is not empty, so nothing was written: it holds rows in {}. \
             Restore or move data only into a new, empty database",
            full.join(", ")
        )))
    }
}

/// A PostgreSQL column a row is written with, and its type's name.
#[derive(Clone, Debug, PartialEq, Eq)]
struct PgColumn {
    name: String,
    data_type: String,
}

#[derive(QueryableByName)]
struct PgColumnRow {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
    #[diesel(sql_type = Text)]
    data_type: String,
}

/// The application's tables in PostgreSQL, each with the columns a row is written with,
/// in order (stored generated columns are left out: the database computes them).
fn postgres_tables(
    conn: &mut PgConnection,
) -> Result<BTreeMap<String, Vec<PgColumn>>, DataCareError> {
    let rows: Vec<PgColumnRow> = diesel::sql_query(
        "SELECT c.table_name::text AS table_name, c.column_name::text AS column_name, \
                c.data_type::text AS data_type \
         FROM information_schema.columns c JOIN information_schema.tables t \
           ON t.table_schema = c.table_schema AND t.table_name = c.table_name \
         WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' \
           AND c.table_name <> '__diesel_schema_migrations' AND c.is_generated = 'NEVER' \
         ORDER BY c.table_name, c.ordinal_position",
    )
    .load(conn)?;
    let mut tables: BTreeMap<String, Vec<PgColumn>> = BTreeMap::new();
    for row in rows {
        tables.entry(row.table_name).or_default().push(PgColumn {
            name: row.column_name,
            data_type: row.data_type,
        });
    }
    Ok(tables)
}

/// Every table after the tables it refers to (a reference to itself aside).
fn foreign_key_order(
    conn: &mut PgConnection,
    tables: &BTreeSet<String>,
) -> Result<Vec<String>, DataCareError> {
    #[derive(QueryableByName)]
    struct Reference {
        #[diesel(sql_type = Text)]
        table_name: String,
        #[diesel(sql_type = Text)]
        refers_to: String,
    }
    let references: Vec<Reference> = diesel::sql_query(
        "SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS refers_to \
         FROM pg_constraint c WHERE c.contype = 'f' \
           AND c.connamespace = current_schema()::regnamespace",
    )
    .load(conn)?;
    let mut waits_for: BTreeMap<&str, BTreeSet<&str>> = tables
        .iter()
        .map(|t| (t.as_str(), BTreeSet::new()))
        .collect();
    for r in &references {
        let table = r.table_name.trim_matches('"');
        let refers_to = r.refers_to.trim_matches('"');
        if table != refers_to
            && let Some(before) = waits_for.get_mut(table)
        {
            before.insert(refers_to);
        }
    }
    let mut order: Vec<String> = Vec::with_capacity(tables.len());
    while !waits_for.is_empty() {
        let ready: Vec<&str> = waits_for
            .iter()
            .filter(|(_, before)| before.iter().all(|b| !waits_for.contains_key(b)))
            .map(|(t, _)| *t)
            .collect();
        if ready.is_empty() {
            let left: Vec<&str> = waits_for.keys().copied().collect();
            return Err(DataCareError::Refused(format!(
                "the tables refer to each other in a circle, so no order can copy them: {}",
                left.join(", ")
            )));
        }
        for table in ready {
            waits_for.remove(table);
            order.push(table.to_owned());
        }
    }
    Ok(order)
}

/// Each table's primary key columns, in key order.
fn primary_keys(conn: &mut PgConnection) -> Result<BTreeMap<String, Vec<String>>, DataCareError> {
    let rows: Vec<TableColumn> = diesel::sql_query(
        "SELECT k.table_name::text AS table_name, k.column_name::text AS column_name \
         FROM information_schema.table_constraints c \
         JOIN information_schema.key_column_usage k \
           ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name \
         WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = current_schema() \
         ORDER BY k.table_name, k.ordinal_position",
    )
    .load(conn)?;
    let mut keys: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for row in rows {
        keys.entry(row.table_name)
            .or_default()
            .push(row.column_name);
    }
    Ok(keys)
}

/// Moves the whole SQLite site at `from` into the PostgreSQL database at `to`, which must
/// hold no rows: both are migrated to this release first, every table is copied in
/// foreign-key order from one SQLite snapshot within one PostgreSQL transaction (ids and
/// timestamps as they are), identity sequences are moved past the copied ids, and the
/// rows of every table are counted and up to `sample` of each compared column by column
/// with the original before anything is committed. Returns what was copied.
pub fn migrate_data(from: &str, to: &str, sample: usize) -> Result<Vec<TableCopy>, DataCareError> {
    let from_path = sqlite_file(
        from,
        "--from must be the SQLite site to move (sqlite://path/to/playspace.db)",
    )?;
    if sqlite_path(to)?.is_some() {
        return Err(DataCareError::Refused(
            "--to must be a PostgreSQL database (postgres://…); to copy a SQLite site, use \
             backup and restore"
                .into(),
        ));
    }
    if !Path::new(&from_path).is_file() {
        return Err(DataCareError::Refused(format!(
            "there is no database at {from_path}"
        )));
    }
    Store::connect(from, 1)?.migrate()?;
    Store::connect(to, 1)?.migrate()?;
    let mut lite = open_sqlite(&from_path)?;
    let mut pg = PgConnection::establish(to)?;

    let pg_tables = postgres_tables(&mut pg)?;
    let lite_tables = sqlite_tables(&mut lite, "main")?;
    let pg_shape: BTreeMap<&String, BTreeSet<&String>> = pg_tables
        .iter()
        .map(|(t, cols)| (t, cols.iter().map(|c| &c.name).collect()))
        .collect();
    let lite_shape: BTreeMap<&String, BTreeSet<&String>> = lite_tables
        .iter()
        .map(|(t, cols)| (t, cols.iter().collect()))
        .collect();
    if pg_shape != lite_shape {
        return Err(DataCareError::Refused(
            "the two databases' tables differ even after their migrations, so they cannot be \
             copied one onto the other"
                .into(),
        ));
    }
    let order = foreign_key_order(&mut pg, &pg_tables.keys().cloned().collect())?;
    let keys = primary_keys(&mut pg)?;

    // One read transaction: every table comes from the same moment of the site.
    lite.batch_execute("BEGIN")?;
    let moved = pg.transaction(|pg| {
        refuse_rows(pg, "the PostgreSQL database", order.iter(), |c, t| {
            pg_count(c, &ident(t))
        })?;
        let mut copied = Vec::with_capacity(order.len());
        for table in &order {
            let columns = pg_tables.get(table).map(Vec::as_slice).unwrap_or_default();
            copy_table(&mut lite, pg, table, columns)?;
        }
        reset_identities(pg)?;
        for table in &order {
            let columns = pg_tables.get(table).map(Vec::as_slice).unwrap_or_default();
            let rows = count(&mut lite, &ident(table))?;
            let copied_rows = pg_count(pg, &ident(table))?;
            if rows != copied_rows {
                return Err(DataCareError::Mismatch(format!(
                    "{table} has {rows} rows in SQLite and {copied_rows} in PostgreSQL"
                )));
            }
            let key = keys.get(table).map(Vec::as_slice).unwrap_or_default();
            let compared = compare_sample(&mut lite, pg, table, columns, key, sample)?;
            copied.push(TableCopy {
                table: table.clone(),
                rows,
                compared,
            });
        }
        Ok(copied)
    });
    let _ = lite.batch_execute("COMMIT");
    moved
}

/// `json_object('a', "a", 'b', "b", …)`: a SQLite row as JSON, keyed by column.
fn json_object(columns: &[PgColumn]) -> String {
    let pairs: Vec<String> = columns
        .iter()
        .map(|c| format!("{}, {}", sql_string(&c.name), ident(&c.name)))
        .collect();
    format!("json_object({})", pairs.join(", "))
}

#[derive(QueryableByName)]
struct JsonRow {
    #[diesel(sql_type = BigInt)]
    at: i64,
    #[diesel(sql_type = Text)]
    row: String,
}

/// Copies `table` in batches in rowid order, each batch one INSERT of a JSON array.
fn copy_table(
    lite: &mut SqliteConnection,
    pg: &mut PgConnection,
    table: &str,
    columns: &[PgColumn],
) -> Result<(), DataCareError> {
    let read = format!(
        "SELECT rowid AS at, {object} AS row FROM {t} WHERE rowid > ? ORDER BY rowid LIMIT {BATCH_ROWS}",
        object = json_object(columns),
        t = ident(table)
    );
    let names = columns
        .iter()
        .map(|c| ident(&c.name))
        .collect::<Vec<_>>()
        .join(", ");
    let write = format!(
        "INSERT INTO {t} ({names}) SELECT {names} FROM json_populate_recordset(NULL::{t}, $1::json)",
        t = ident(table)
    );
    let mut after = i64::MIN;
    loop {
        let rows: Vec<JsonRow> = diesel::sql_query(&read)
            .bind::<BigInt, _>(after)
            .load(lite)?;
        let Some(last) = rows.last() else {
            return Ok(());
        };
        after = last.at;
        let batch = format!(
            "[{}]",
            rows.iter()
                .map(|r| r.row.as_str())
                .collect::<Vec<_>>()
                .join(",")
        );
        diesel::sql_query(&write)
            .bind::<Text, _>(batch)
            .execute(pg)?;
    }
}

/// Moves every identity or serial column's sequence past the largest value copied, so the
/// next row PostgreSQL numbers itself does not collide with a copied one. (PlaySpace's own
/// ids are UUIDv7 text, so today there are none; a table that adds one is covered.)
fn reset_identities(pg: &mut PgConnection) -> Result<(), DataCareError> {
    let numbered: Vec<TableColumn> = diesel::sql_query(
        "SELECT table_name::text AS table_name, column_name::text AS column_name \
         FROM information_schema.columns \
         WHERE table_schema = current_schema() \
           AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')",
    )
    .load(pg)?;
    for c in numbered {
        let (t, col) = (ident(&c.table_name), ident(&c.column_name));
        diesel::sql_query(format!(
            "SELECT setval(pg_get_serial_sequence({table}, {column}), \
             COALESCE((SELECT max({col}) FROM {t}), 0) + 1, false)::bigint AS n",
            table = sql_string(&t),
            column = sql_string(&c.column_name),
        ))
        .load::<Count>(pg)?;
    }
    Ok(())
}

/// Compares up to `sample` rows of `table`, chosen at random in SQLite, with the rows of the
/// same primary key in PostgreSQL, column by column. Returns how many were compared.
fn compare_sample(
    lite: &mut SqliteConnection,
    pg: &mut PgConnection,
    table: &str,
    columns: &[PgColumn],
    key: &[String],
    sample: usize,
) -> Result<usize, DataCareError> {
    if key.is_empty() || sample == 0 {
        return Ok(0);
    }
    let t = ident(table);
    let originals: Vec<Line> = diesel::sql_query(format!(
        "SELECT {object} AS line FROM {t} ORDER BY random() LIMIT {sample}",
        object = json_object(columns)
    ))
    .load(lite)?;
    let key_list = key.iter().map(|k| ident(k)).collect::<Vec<_>>().join(", ");
    let names = columns
        .iter()
        .map(|c| ident(&c.name))
        .collect::<Vec<_>>()
        .join(", ");
    let find = format!(
        "SELECT row_to_json(x)::text AS line FROM (SELECT {names} FROM {t} \
         WHERE ({key_list}) = (SELECT {key_list} FROM json_populate_record(NULL::{t}, $1::json))) x"
    );
    for original in &originals {
        let copies: Vec<Line> = diesel::sql_query(&find)
            .bind::<Text, _>(original.line.as_str())
            .load(pg)?;
        let [copy] = copies.as_slice() else {
            return Err(DataCareError::Mismatch(format!(
                "a row of {table} is in PostgreSQL {} times",
                copies.len()
            )));
        };
        if let Some(column) = first_difference(columns, &original.line, &copy.line) {
            return Err(DataCareError::Mismatch(format!(
                "a row of {table} differs in column {column}"
            )));
        }
    }
    Ok(originals.len())
}

/// The first column whose value differs between a SQLite row and a PostgreSQL row (both as
/// JSON objects), each read as its PostgreSQL type; `None` when all agree.
fn first_difference<'a>(columns: &'a [PgColumn], sqlite: &str, postgres: &str) -> Option<&'a str> {
    let (Ok(a), Ok(b)) = (
        serde_json::from_str::<serde_json::Value>(sqlite),
        serde_json::from_str::<serde_json::Value>(postgres),
    ) else {
        return columns.first().map(|c| c.name.as_str());
    };
    columns
        .iter()
        .find(|c| !same_value(&c.data_type, &a[&c.name], &b[&c.name]))
        .map(|c| c.name.as_str())
}

/// Whether SQLite's stored value and PostgreSQL's are the same value of `data_type`.
/// SQLite keeps booleans as 0 or 1 and timestamps as text; PostgreSQL keeps timestamps to
/// the microsecond, so a SQLite value with nanoseconds is the same within half of one.
fn same_value(data_type: &str, sqlite: &serde_json::Value, postgres: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (sqlite, postgres) {
        (Value::Null, Value::Null) => true,
        (Value::Null, _) | (_, Value::Null) => false,
        _ => match data_type {
            "boolean" => {
                let stored = match sqlite {
                    Value::Bool(b) => Some(*b),
                    other => other.as_i64().map(|n| n != 0),
                };
                stored.is_some() && stored == postgres.as_bool()
            }
            "timestamp without time zone" => {
                match (
                    sqlite.as_str().and_then(timestamp),
                    postgres.as_str().and_then(timestamp),
                ) {
                    (Some(a), Some(b)) => {
                        (a - b).num_nanoseconds().is_some_and(|ns| ns.abs() <= 500)
                    }
                    _ => false,
                }
            }
            _ => sqlite == postgres,
        },
    }
}

/// A timestamp as SQLite (`2027-03-01 12:00:00.5`) or PostgreSQL's JSON
/// (`2027-03-01T12:00:00.5`) writes it.
fn timestamp(text: &str) -> Option<chrono::NaiveDateTime> {
    ["%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%dT%H:%M:%S%.f"]
        .iter()
        .find_map(|format| chrono::NaiveDateTime::parse_from_str(text, format).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn column(name: &str, data_type: &str) -> PgColumn {
        PgColumn {
            name: name.into(),
            data_type: data_type.into(),
        }
    }

    #[test]
    fn values_compare_as_their_postgres_type() {
        let t = "timestamp without time zone";
        assert!(same_value("boolean", &json!(1), &json!(true)));
        assert!(same_value("boolean", &json!(0), &json!(false)));
        assert!(!same_value("boolean", &json!(1), &json!(false)));
        assert!(!same_value("boolean", &json!("1"), &json!(true)));
        assert!(same_value(
            t,
            &json!("2027-03-01 12:00:00.123456"),
            &json!("2027-03-01T12:00:00.123456")
        ));
        assert!(same_value(
            t,
            &json!("2027-03-01 12:00:00"),
            &json!("2027-03-01T12:00:00")
        ));
        // Nanoseconds round to PostgreSQL's microsecond; a whole microsecond is a difference.
        assert!(same_value(
            t,
            &json!("2027-03-01 12:00:00.123456789"),
            &json!("2027-03-01T12:00:00.123457")
        ));
        assert!(!same_value(
            t,
            &json!("2027-03-01 12:00:00.123455"),
            &json!("2027-03-01T12:00:00.123456")
        ));
        assert!(!same_value(
            t,
            &json!("not a time"),
            &json!("2027-03-01T12:00:00")
        ));
        assert!(same_value(
            "bigint",
            &json!(9_007_199_254_740_993_i64),
            &json!(9_007_199_254_740_993_i64)
        ));
        assert!(!same_value("text", &json!("Ana"), &json!("ana")));
        assert!(same_value("text", &json!(null), &json!(null)));
        assert!(!same_value("text", &json!(null), &json!("")));
    }

    #[test]
    fn the_first_differing_column_is_named() {
        let columns = [column("id", "text"), column("read_status", "boolean")];
        assert_eq!(
            first_difference(
                &columns,
                r#"{"id":"a","read_status":1}"#,
                r#"{"id":"a","read_status":true}"#
            ),
            None
        );
        assert_eq!(
            first_difference(
                &columns,
                r#"{"id":"a","read_status":0}"#,
                r#"{"id":"a","read_status":true}"#
            ),
            Some("read_status")
        );
    }

    #[test]
    fn names_are_quoted_for_sql() {
        assert_eq!(sql_string("it's"), "'it''s'");
        assert_eq!(ident("type"), "\"type\"");
        assert_eq!(ident("a\"b"), "\"a\"\"b\"");
    }
}
