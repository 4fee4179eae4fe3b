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
