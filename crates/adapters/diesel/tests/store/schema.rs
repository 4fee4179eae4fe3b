//! The migrations: both backends end with the same tables, columns and indexes; migrating
//! again changes nothing; every `down.sql` undoes its `up.sql`.

use crate::common;
use playspace_store::Store;

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

/// The migrations' directory names for `backend`, oldest first.
fn migration_names(backend: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../migrations")
        .join(backend);
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// Rows in the tables the demo data fills, and an email in the outbox.
fn fill(store: &Store) {
    use playspace_app::{SeedMode, SeedOutcome, seed_demo_data};
    use playspace_ports::Outbox;
    let clock = playspace_test_support::FixedClock(playspace_test_support::test_now());
    let seeded = seed_demo_data(store, &clock, SeedMode::IfEmpty).unwrap();
    assert!(matches!(seeded, SeedOutcome::Seeded { .. }), "{seeded:?}");
    store
        .enqueue(&[playspace_test_support::outgoing_email("a@example.org")])
        .unwrap();
}

/// Fails with the lines one side has and the other lacks, rather than two whole schemas.
#[track_caller]
fn assert_same(actual: &[String], expected: &[String], what: &str) {
    if actual == expected {
        return;
    }
    let only = |a: &[String], b: &[String]| -> String {
        a.iter()
            .filter(|line| !b.contains(line))
            .map(|line| format!("\n    {line}"))
            .collect()
    };
    panic!(
        "{what}\n  expected but missing:{}\n  there but not expected:{}",
        only(expected, actual),
        only(actual, expected)
    );
}

/// Migrating a database that is up to date changes nothing: no migration runs again, and
/// the schema and every table's rows stay as they were.
fn migrating_again_changes_nothing(store: &common::TestStore, backend: &str) {
    fill(store);
    let schema = store.schema();
    let contents = store.contents();
    let applied: Vec<String> = store.applied_migrations();
    let expected: Vec<String> = migration_names(backend)
        .iter()
        .map(|name| name.split('_').next().unwrap().replace('-', ""))
        .collect();
    assert_eq!(applied, expected, "each migration applied once");

    store.migrate().unwrap();
    assert_same(&store.schema(), &schema, "the schema after migrating again");
    assert_same(
        &store.contents(),
        &contents,
        "the rows after migrating again",
    );
}

#[test]
fn sqlite_migrating_again_changes_nothing() {
    migrating_again_changes_nothing(&common::sqlite_store(), "sqlite");
}

#[test]
fn postgres_migrating_again_changes_nothing() {
    if let Some(store) = common::postgres_store() {
        migrating_again_changes_nothing(&store, "postgres");
    }
}

/// Every `down.sql` undoes its `up.sql`, on a database with rows in it: walking up one
/// migration at a time, then from the newest to the oldest, each revert leaves the schema
/// as it was before that migration, applying it again after the revert gives the schema
/// it gave the first time, and once all are reverted, migrating gives the fresh schema.
fn every_down_sql_undoes_its_up_sql(
    store: &common::TestStore,
    fresh: &common::TestStore,
    backend: &str,
) {
    let names = migration_names(backend);
    let mut schemas = vec![store.schema()];
    for name in &names {
        let applied = store.run_next_migration_for_tests().unwrap();
        assert_eq!(applied.as_deref(), Some(name.as_str()));
        schemas.push(store.schema());
    }
    assert_eq!(store.run_next_migration_for_tests().unwrap(), None);
    let full = schemas.last().unwrap().clone();
    assert_same(
        &full,
        &fresh.schema(),
        "one migration at a time as all at once",
    );

    fill(store);
    for (i, name) in names.iter().enumerate().rev() {
        let revert = |what: &str| {
            let reverted = store.revert_last_migration_for_tests().unwrap();
            assert_eq!(reverted.as_deref(), Some(name.as_str()));
            assert_same(
                &store.schema(),
                &schemas[i],
                &format!(
                    "{backend}/{name}/down.sql ({what}) leaves the schema as before its up.sql"
                ),
            );
        };
        revert("first revert");
        let applied = store.run_next_migration_for_tests().unwrap();
        assert_eq!(applied.as_deref(), Some(name.as_str()));
        assert_same(
            &store.schema(),
            &schemas[i + 1],
            &format!("{backend}/{name}/up.sql applied again after its down.sql"),
        );
        revert("after applying it again");
    }
    assert_eq!(store.revert_last_migration_for_tests().unwrap(), None);
    assert_same(&store.schema(), &schemas[0], "every migration reverted");

    store.migrate().unwrap();
    assert_same(
        &store.schema(),
        &full,
        "migrated again after reverting every migration",
    );
}

#[test]
fn sqlite_every_down_sql_undoes_its_up_sql() {
    let store = common::empty_sqlite_store();
    every_down_sql_undoes_its_up_sql(&store, &common::sqlite_store(), "sqlite");
}

#[test]
fn postgres_every_down_sql_undoes_its_up_sql() {
    let (Some(store), Some(fresh)) = (common::empty_postgres_store(), common::postgres_store())
    else {
        return;
    };
    every_down_sql_undoes_its_up_sql(&store, &fresh, "postgres");
}

#[test]
fn sqlite_runs_in_wal_mode_with_foreign_keys_enforced() {
    use diesel::{Connection, RunQueryDsl, sql_types::Text};
    use playspace_domain::{
        Booking, BookingId, BookingReference, BookingStatus, EventId, Money, PaymentMethod,
        PaymentStatus, UserId,
    };
    use playspace_ports::{DemoData, DemoSeedStore};

    #[derive(diesel::QueryableByName)]
    struct Mode {
        #[diesel(sql_type = Text)]
        journal_mode: String,
    }
    let dir = playspace_test_support::TempSqlite::new();
    let store = playspace_store::Store::connect(&dir.url(), 2).unwrap();
    store.migrate().unwrap();
    let path = dir.path().join("test.db");
    let mut raw = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    let mode: Vec<Mode> = diesel::sql_query("PRAGMA journal_mode")
        .load(&mut raw)
        .unwrap();
    assert_eq!(mode[0].journal_mode, "wal");

    let orphan = Booking {
        id: BookingId::new(),
        reference: BookingReference::generate(&mut rand::rng()),
        user_id: UserId::new(),
        event_id: EventId::new(),
        status: BookingStatus::Confirmed,
        payment_status: PaymentStatus::Pending,
        payment_method: PaymentMethod::Cash,
        amount: Money::ZERO,
        accessibility_requirements: None,
        access_needs: vec![],
        needs_from_profile: false,
        companion: None,
        created_at: playspace_test_support::test_now(),
    };
    let data = DemoData {
        bookings: vec![orphan],
        ..Default::default()
    };
    assert!(
        store.insert_demo_data(&data).is_err(),
        "a booking for no event and no user is refused"
    );
}
