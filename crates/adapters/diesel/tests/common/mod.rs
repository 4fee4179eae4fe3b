//! Fresh stores for tests: a temp-file SQLite database, or a new PostgreSQL database
//! created inside the cluster named by `TEST_DATABASE_URL` and dropped afterwards.
#![allow(dead_code)]

use diesel::{Connection, PgConnection, RunQueryDsl};
use playspace_store::Store;
use playspace_test_support::{TempSqlite, unique_database_name};

pub struct TestStore {
    store: Option<Store>,
    cleanup: Cleanup,
}

enum Cleanup {
    Sqlite(#[allow(dead_code)] TempSqlite),
    Postgres { admin_url: String, name: String },
}

impl std::ops::Deref for TestStore {
    type Target = Store;
    fn deref(&self) -> &Store {
        self.store.as_ref().expect("store lives until drop")
    }
}

impl Drop for TestStore {
    fn drop(&mut self) {
        // Close the pool first so the database has no sessions left to drop.
        self.store.take();
        if let Cleanup::Postgres { admin_url, name } = &self.cleanup
            && let Ok(mut conn) = PgConnection::establish(admin_url)
        {
            let drop = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
            let _ = diesel::sql_query(drop).execute(&mut conn);
        }
    }
}

pub fn sqlite_store() -> TestStore {
    let dir = TempSqlite::new();
    let store = Store::connect(&dir.url(), 8).expect("sqlite connects");
    store.migrate().expect("sqlite migrates");
    TestStore {
        store: Some(store),
        cleanup: Cleanup::Sqlite(dir),
    }
}

/// `None` (the test is skipped) when no PostgreSQL is configured, except under CI, where
/// a missing PostgreSQL is a failure.
pub fn postgres_store() -> Option<TestStore> {
    let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but TEST_DATABASE_URL is unset: run the tests through scripts/test"
        );
        eprintln!("TEST_DATABASE_URL unset: skipping PostgreSQL test");
        return None;
    };
    let name = unique_database_name();
    let mut admin = PgConnection::establish(&admin_url).expect("TEST_DATABASE_URL reachable");
    diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
        .execute(&mut admin)
        .expect("create test database");
    let url = with_database(&admin_url, &name);
    let store = Store::connect(&url, 8).expect("postgres connects");
    store.migrate().expect("postgres migrates");
    Some(TestStore {
        store: Some(store),
        cleanup: Cleanup::Postgres { admin_url, name },
    })
}

/// Replaces the database name in a `postgres://user@host:port/db?params` URL.
fn with_database(url: &str, name: &str) -> String {
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

/// Runs each named test function (taking `&Store`) once per backend, as
/// `sqlite::name` and `postgres::name`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(#[test] fn $name() { super::$name(&super::common::sqlite_store()); })+
        }
        mod postgres {
            $(#[test] fn $name() {
                if let Some(store) = super::common::postgres_store() { super::$name(&store); }
            })+
        }
    };
}

#[test]
fn database_name_is_replaced() {
    assert_eq!(
        with_database("postgres://u@127.0.0.1:5432/postgres", "t1"),
        "postgres://u@127.0.0.1:5432/t1"
    );
    assert_eq!(
        with_database("postgres://u@h:1/db?sslmode=disable", "t2"),
        "postgres://u@h:1/t2?sslmode=disable"
    );
    assert_eq!(with_database("postgresql://h", "t3"), "postgresql://h/t3");
}
