//! Both backends' migrations must end with the same tables, columns and indexes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

#[test]
fn sqlite_and_postgres_schemas_match() {
    let sqlite = common::sqlite_store();
    let Some(postgres) = common::postgres_store() else {
        return;
    };
    let sqlite_columns = sqlite.columns().unwrap();
    assert!(
        sqlite_columns.len() > 150,
        "expected the whole schema, got {}",
        sqlite_columns.len()
    );
    assert_eq!(sqlite_columns, postgres.columns().unwrap());
    assert_eq!(
        sqlite.index_names().unwrap(),
        postgres.index_names().unwrap()
    );
}

#[test]
fn migrations_are_idempotent() {
    let store = common::sqlite_store();
    store.migrate().unwrap();
    if let Some(pg) = common::postgres_store() {
        pg.migrate().unwrap();
    }
}
