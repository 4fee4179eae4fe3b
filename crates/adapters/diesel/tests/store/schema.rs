//! Both backends' migrations must end with the same tables, columns and indexes.

use crate::common;

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
