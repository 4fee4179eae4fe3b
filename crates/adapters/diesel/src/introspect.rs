//! What the database actually holds, for the test that keeps both backends' migrations in
//! step and for operators checking a deployment.
use diesel::RunQueryDsl;
use diesel::sql_types::{Bool, Text};
use playspace_ports::RepoError;

use crate::convert::repo_error;
use crate::{DbConnection, Store};

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, diesel::QueryableByName)]
pub struct ColumnInfo {
    #[diesel(sql_type = Text)]
    pub table_name: String,
    #[diesel(sql_type = Text)]
    pub column_name: String,
    #[diesel(sql_type = Bool)]
    pub not_null: bool,
}

#[derive(Debug, diesel::QueryableByName)]
struct IndexName {
    #[diesel(sql_type = Text)]
    name: String,
}

// table_xinfo, not table_info: it lists generated columns too.
const SQLITE_COLUMNS: &str = "SELECT m.name AS table_name, p.name AS column_name, p.\"notnull\" <> 0 AS not_null \
     FROM sqlite_master m JOIN pragma_table_xinfo(m.name) p \
     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '__diesel_schema_migrations'";
const POSTGRES_COLUMNS: &str = "SELECT table_name::text AS table_name, column_name::text AS column_name, \
     is_nullable = 'NO' AS not_null FROM information_schema.columns \
     WHERE table_schema = current_schema() AND table_name <> '__diesel_schema_migrations'";
const SQLITE_INDEXES: &str =
    "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL";
const POSTGRES_INDEXES: &str = "SELECT indexname::text AS name FROM pg_indexes \
     WHERE schemaname = current_schema() AND indexname NOT LIKE '%\\_pkey' AND tablename <> '__diesel_schema_migrations'";

impl Store {
    /// Every column of every application table, sorted.
    pub fn columns(&self) -> Result<Vec<ColumnInfo>, RepoError> {
        let mut conn = self.conn()?;
        let sql = match &*conn {
            DbConnection::Sqlite(_) => SQLITE_COLUMNS,
            DbConnection::Postgres(_) => POSTGRES_COLUMNS,
        };
        let mut columns: Vec<ColumnInfo> = diesel::sql_query(sql)
            .load(&mut *conn)
            .map_err(repo_error)?;
        columns.sort();
        Ok(columns)
    }

    /// The names of all explicitly created indexes, sorted.
    pub fn index_names(&self) -> Result<Vec<String>, RepoError> {
        let mut conn = self.conn()?;
        let sql = match &*conn {
            DbConnection::Sqlite(_) => SQLITE_INDEXES,
            DbConnection::Postgres(_) => POSTGRES_INDEXES,
        };
        let rows: Vec<IndexName> = diesel::sql_query(sql)
            .load(&mut *conn)
            .map_err(repo_error)?;
        let mut names: Vec<String> = rows.into_iter().map(|r| r.name).collect();
        names.sort();
        Ok(names)
    }
}

/// A column's `CHECK (column IN (...))` list of allowed text values.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct CheckList {
    pub table: String,
    pub column: String,
    pub values: Vec<String>,
}

#[derive(Debug, diesel::QueryableByName)]
struct TableDefinition {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    definition: String,
}

// SQLite keeps each table's CREATE statement; PostgreSQL rewrites `c IN ('a', 'b')` as
// `(c = ANY (ARRAY['a'::text, 'b'::text]))` in its constraint definitions.
const SQLITE_TABLES: &str = "SELECT name AS table_name, sql AS definition FROM sqlite_master \
     WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__diesel_schema_migrations'";
const POSTGRES_CHECKS: &str = "SELECT conrelid::regclass::text AS table_name, \
     pg_get_constraintdef(oid) AS definition FROM pg_constraint \
     WHERE contype = 'c' AND connamespace = current_schema()::regnamespace";

impl Store {
    /// Every text column limited to a list of values by a CHECK constraint, sorted.
    pub fn check_lists(&self) -> Result<Vec<CheckList>, RepoError> {
        let mut conn = self.conn()?;
        let (sql, parse): (&str, fn(&str) -> Vec<ColumnValues>) = match &*conn {
            DbConnection::Sqlite(_) => (SQLITE_TABLES, sqlite_check_lists),
            DbConnection::Postgres(_) => (POSTGRES_CHECKS, postgres_check_lists),
        };
        let rows: Vec<TableDefinition> = diesel::sql_query(sql)
            .load(&mut *conn)
            .map_err(repo_error)?;
        let mut lists: Vec<CheckList> = rows
            .iter()
            .flat_map(|row| {
                parse(&row.definition)
                    .into_iter()
                    .map(|(column, values)| CheckList {
                        table: row.table_name.clone(),
                        column,
                        values,
                    })
            })
            .collect();
        lists.sort();
        Ok(lists)
    }
}

/// A column's name and its allowed values.
type ColumnValues = (String, Vec<String>);

/// The quoted strings of `text`, in order (`''` inside one is a quote).
fn quoted(text: &str) -> Vec<String> {
    let mut values = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('\'') {
        let mut value = String::new();
        let mut chars = rest[start + 1..].char_indices().peekable();
        let mut end = rest.len();
        while let Some((i, c)) = chars.next() {
            if c == '\'' {
                if chars.peek().map(|&(_, next)| next) == Some('\'') {
                    value.push('\'');
                    chars.next();
                    continue;
                }
                end = start + 1 + i + 1;
                break;
            }
            value.push(c);
        }
        values.push(value);
        rest = &rest[end.min(rest.len())..];
    }
    values
}

/// `CHECK (column IN ('a', 'b'))` in a CREATE TABLE statement; numeric lists and other
/// checks are skipped.
fn sqlite_check_lists(create_table: &str) -> Vec<ColumnValues> {
    let mut lists = Vec::new();
    let mut rest = create_table;
    while let Some(at) = rest.find("CHECK (") {
        rest = &rest[at + "CHECK (".len()..];
        let column_end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let (column, after) = rest.split_at(column_end);
        let Some(list) = after.strip_prefix(" IN (") else {
            continue;
        };
        // The list ends at the first `)` outside quotes; values here hold no `)`.
        let values = quoted(&list[..list.find(')').unwrap_or(list.len())]);
        if !column.is_empty() && !values.is_empty() {
            lists.push((column.to_owned(), values));
        }
    }
    lists
}

/// `CHECK ((column = ANY (ARRAY['a'::text, 'b'::text])))` as PostgreSQL writes it back.
fn postgres_check_lists(definition: &str) -> Vec<ColumnValues> {
    let Some(body) = definition.strip_prefix("CHECK ((") else {
        return Vec::new();
    };
    let Some((column, list)) = body.split_once(" = ANY (ARRAY[") else {
        return Vec::new();
    };
    let values = quoted(list);
    if values.is_empty() {
        return Vec::new();
    }
    vec![(column.trim().to_owned(), values)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sqlite_check_lists_and_skips_numbers() {
        let sql = "CREATE TABLE t (a TEXT NOT NULL CHECK (a IN ('x', 'it''s')), \
                   c INTEGER CHECK (c > 0), n INTEGER CHECK (n IN (1, 2)), \
                   b TEXT CHECK (b IN ('y')))";
        assert_eq!(
            sqlite_check_lists(sql),
            vec![
                ("a".to_owned(), vec!["x".to_owned(), "it's".to_owned()]),
                ("b".to_owned(), vec!["y".to_owned()]),
            ]
        );
    }

    #[test]
    fn reads_postgres_check_lists() {
        let def = "CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text])))";
        assert_eq!(
            postgres_check_lists(def),
            vec![(
                "status".to_owned(),
                vec!["pending".to_owned(), "sent".to_owned()]
            )]
        );
        assert!(postgres_check_lists("CHECK ((interval_weeks = ANY (ARRAY[1, 2])))").is_empty());
        assert!(postgres_check_lists("CHECK ((capacity > 0))").is_empty());
    }
}
