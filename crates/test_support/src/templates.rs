//! Migrated databases made once per schema and copied for each test. Migrating an empty
//! database costs more than copying one, and a test run makes hundreds of them.
//!
//! A template is named by a fingerprint of the migration files, so a changed migration makes
//! a new one and an unchanged schema is reused by later runs and by other test processes.
use std::fs;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use diesel::{Connection, PgConnection, RunQueryDsl, SqliteConnection};

use crate::TempSqlite;

/// A fingerprint of every file under `dir`: relative names and contents, in name order.
pub fn fingerprint(dir: &Path) -> String {
    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    files(dir, &mut paths);
    paths.sort();
    // FNV-1a: stable across runs and Rust versions, unlike the standard library's hasher.
    let mut hash = Fnv(0xcbf2_9ce4_8422_2325);
    for path in paths {
        hash.write(path.strip_prefix(dir).unwrap().to_string_lossy().as_bytes());
        hash.write(&[0]);
        hash.write(&fs::read(&path).unwrap());
        hash.write(&[0]);
    }
    format!("{:016x}", hash.finish())
}

struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Serialises making templates inside one process (other processes are covered by the
/// rename below and, on PostgreSQL, an advisory lock).
static MAKING: Mutex<()> = Mutex::new(());

/// A new SQLite database (`test.db` in a new temporary directory, as [`TempSqlite::new`])
/// holding a copy of the template for `key`. The first time, `migrate(url)` makes the
/// template; it must have closed every connection when it returns.
pub fn sqlite_from_template(key: &str, migrate: impl FnOnce(&str)) -> TempSqlite {
    let dir = std::env::temp_dir().join("playspace-test-templates");
    let template = dir.join(format!("sqlite-{key}.db"));
    {
        let _making = MAKING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !template.exists() {
            fs::create_dir_all(&dir).unwrap();
            let scratch = tempfile::tempdir_in(&dir).unwrap();
            let path = scratch.path().join("template.db");
            migrate(&format!("sqlite://{}", path.display()));
            // Fold the write-ahead log into the file, so the file alone is the database.
            let mut conn = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
            diesel::sql_query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(&mut conn)
                .unwrap();
            diesel::sql_query("PRAGMA journal_mode=DELETE")
                .execute(&mut conn)
                .unwrap();
            drop(conn);
            // Atomic: a process that loses the race replaces an equal template.
            fs::rename(&path, &template).unwrap();
        }
    }
    let copy = TempSqlite::new();
    fs::copy(&template, copy.path().join("test.db")).unwrap();
    copy
}

/// Creates PostgreSQL database `name` in the cluster of `admin_url` (a URL whose database
/// is the maintenance one, as `TEST_DATABASE_URL`) as a copy of the template for `key`. The
/// first time, `migrate(url)` makes the template; it must have closed every connection
/// when it returns.
pub fn postgres_from_template(admin_url: &str, key: &str, name: &str, migrate: impl FnOnce(&str)) {
    let template = format!("playspace_template_{key}");
    let mut admin = PgConnection::establish(admin_url).expect("TEST_DATABASE_URL reachable");
    {
        let _making = MAKING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // One process makes it; the others wait for the lock and then find it made.
        let lock = i64::from_str_radix(&key[..15], 16).unwrap_or(0);
        diesel::sql_query(format!("SELECT pg_advisory_lock({lock})"))
            .execute(&mut admin)
            .unwrap();
        if !database_exists(&mut admin, &template) {
            let building = format!("{template}_building");
            diesel::sql_query(format!(
                "DROP DATABASE IF EXISTS \"{building}\" WITH (FORCE)"
            ))
            .execute(&mut admin)
            .unwrap();
            diesel::sql_query(format!("CREATE DATABASE \"{building}\""))
                .execute(&mut admin)
                .unwrap();
            migrate(&with_database(admin_url, &building));
            // Renamed only once it is whole: a half-made template is never copied.
            diesel::sql_query(format!(
                "ALTER DATABASE \"{building}\" RENAME TO \"{template}\""
            ))
            .execute(&mut admin)
            .unwrap();
        }
        diesel::sql_query(format!("SELECT pg_advisory_unlock({lock})"))
            .execute(&mut admin)
            .unwrap();
    }
    diesel::sql_query(format!(
        "CREATE DATABASE \"{name}\" TEMPLATE \"{template}\""
    ))
    .execute(&mut admin)
    .expect("create test database");
}

fn database_exists(admin: &mut PgConnection, name: &str) -> bool {
    #[derive(diesel::QueryableByName)]
    struct Found {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let found: Found = diesel::sql_query(format!(
        "SELECT count(*) AS n FROM pg_database WHERE datname = '{name}'"
    ))
    .get_result(admin)
    .unwrap();
    found.n > 0
}

/// `url` with its database name replaced by `name`.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{name}", &base[..host_end]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_follows_names_and_contents() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("a")).unwrap();
        fs::write(dir.path().join("a/up.sql"), "CREATE TABLE t (x INT);").unwrap();
        let first = fingerprint(dir.path());
        assert_eq!(first, fingerprint(dir.path()));
        fs::write(dir.path().join("a/up.sql"), "CREATE TABLE t (y INT);").unwrap();
        let edited = fingerprint(dir.path());
        assert_ne!(first, edited);
        fs::rename(dir.path().join("a"), dir.path().join("b")).unwrap();
        assert_ne!(edited, fingerprint(dir.path()));
    }

    #[test]
    fn a_database_url_gets_another_database() {
        assert_eq!(
            with_database("postgres://u@127.0.0.1:5/postgres", "t1"),
            "postgres://u@127.0.0.1:5/t1"
        );
        assert_eq!(
            with_database("postgres://u@h/postgres?sslmode=disable", "t1"),
            "postgres://u@h/t1?sslmode=disable"
        );
        assert_eq!(with_database("postgresql://h", "t1"), "postgresql://h/t1");
    }
}
