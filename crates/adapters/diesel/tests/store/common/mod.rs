//! Fresh stores for tests: a temp-file SQLite database, or a new PostgreSQL database
//! created inside the cluster named by `TEST_DATABASE_URL` and dropped afterwards.
#![allow(dead_code)]

mod snapshot;

use chrono::{Duration, Utc};
use diesel::{Connection, PgConnection, RunQueryDsl};
use playspace_domain::{
    AuditEntry, Booking, BookingId, BookingReference, BookingStatus, Event, Money, PaymentMethod,
    PaymentStatus, UserId, Venue,
};
use playspace_ports::{
    BookingRequest, DemoData, DemoMember, DemoSeedStore, EventRepository, VenueRepository,
};
use playspace_store::Store;
use playspace_test_support::EventBuilder;
use playspace_test_support::templates::{self, with_database};
use playspace_test_support::{TempSqlite, unique_database_name};
use std::path::Path;

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

/// The migrations' fingerprint: names the template databases tests copy.
fn schema_key(backend: &str) -> String {
    static KEYS: std::sync::OnceLock<(String, String)> = std::sync::OnceLock::new();
    let (sqlite, postgres) = KEYS.get_or_init(|| {
        let migrations = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../migrations");
        (
            templates::fingerprint(&migrations.join("sqlite")),
            templates::fingerprint(&migrations.join("postgres")),
        )
    });
    if backend == "sqlite" {
        sqlite
    } else {
        postgres
    }
    .clone()
}

/// Makes a template: migrates the database at `url` and closes it.
fn migrate(url: &str) {
    Store::connect(url, 1)
        .expect("connects")
        .migrate()
        .expect("migrates");
}

pub fn sqlite_store() -> TestStore {
    let dir = templates::sqlite_from_template(&schema_key("sqlite"), migrate);
    let store = Store::connect(&dir.url(), 8).expect("sqlite connects");
    TestStore {
        store: Some(store),
        cleanup: Cleanup::Sqlite(dir),
    }
}

/// A SQLite database with no tables yet: not even the migrations' table.
pub fn empty_sqlite_store() -> TestStore {
    let dir = TempSqlite::new();
    let store = Store::connect(&dir.url(), 2).expect("sqlite connects");
    TestStore {
        store: Some(store),
        cleanup: Cleanup::Sqlite(dir),
    }
}

/// A new, empty PostgreSQL database; `None` as [`postgres_store`].
pub fn empty_postgres_store() -> Option<TestStore> {
    let admin_url = postgres_admin_url()?;
    let name = unique_database_name();
    let mut admin = PgConnection::establish(&admin_url).expect("TEST_DATABASE_URL reachable");
    diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
        .execute(&mut admin)
        .expect("create test database");
    let store = Store::connect(&with_database(&admin_url, &name), 2).expect("postgres connects");
    Some(TestStore {
        store: Some(store),
        cleanup: Cleanup::Postgres { admin_url, name },
    })
}

/// A connection of its own to the test database, behind the store's back.
enum Raw {
    Sqlite(diesel::SqliteConnection),
    Postgres(PgConnection),
}

impl TestStore {
    fn raw(&self) -> Raw {
        match &self.cleanup {
            Cleanup::Sqlite(dir) => {
                let path = dir.path().join("test.db");
                Raw::Sqlite(diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap())
            }
            Cleanup::Postgres { admin_url, name } => {
                Raw::Postgres(PgConnection::establish(&with_database(admin_url, name)).unwrap())
            }
        }
    }

    /// Runs SQL on the test database behind the store's back (to set up rows no port can
    /// write, such as data from before a migration).
    pub fn execute(&self, sql: &str) {
        match self.raw() {
            Raw::Sqlite(mut conn) => diesel::sql_query(sql).execute(&mut conn).unwrap(),
            Raw::Postgres(mut conn) => diesel::sql_query(sql).execute(&mut conn).unwrap(),
        };
    }

    /// The text column `line` of each row `sql` selects, behind the store's back.
    pub fn lines(&self, sql: &str) -> Vec<String> {
        #[derive(diesel::QueryableByName)]
        struct Line {
            #[diesel(sql_type = diesel::sql_types::Text)]
            line: String,
        }
        match self.raw() {
            Raw::Sqlite(mut conn) => diesel::sql_query(sql).load::<Line>(&mut conn),
            Raw::Postgres(mut conn) => diesel::sql_query(sql).load::<Line>(&mut conn),
        }
        .unwrap()
        .into_iter()
        .map(|l| l.line)
        .collect()
    }
}

impl TestStore {
    /// The database's URL, for a test that opens it itself or hands it to a command.
    pub fn url(&self) -> String {
        match &self.cleanup {
            Cleanup::Sqlite(dir) => dir.url(),
            Cleanup::Postgres { admin_url, name } => with_database(admin_url, name),
        }
    }

    /// The SQLite database's temporary directory (removed with the store).
    pub fn sqlite_dir(&self) -> Option<&Path> {
        match &self.cleanup {
            Cleanup::Sqlite(dir) => Some(dir.path()),
            Cleanup::Postgres { .. } => None,
        }
    }
}

impl TestStore {
    /// The rows of `table` as JSON objects, ordered by `order` (PostgreSQL only).
    pub fn rows_as_json(&self, table: &str, order: &str) -> Vec<String> {
        #[derive(diesel::QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::Text)]
            j: String,
        }
        let Cleanup::Postgres { admin_url, name } = &self.cleanup else {
            panic!("rows_as_json reads PostgreSQL");
        };
        let mut conn = PgConnection::establish(&with_database(admin_url, name)).unwrap();
        diesel::sql_query(format!(
            "SELECT row_to_json(t)::text AS j FROM {table} t ORDER BY {order}"
        ))
        .load::<Row>(&mut conn)
        .unwrap()
        .into_iter()
        .map(|r| r.j)
        .collect()
    }
}

/// `TEST_DATABASE_URL`; `None` (the test is skipped) when no PostgreSQL is configured,
/// except under CI, where a missing PostgreSQL is a failure.
fn postgres_admin_url() -> Option<String> {
    let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but TEST_DATABASE_URL is unset: run the tests through scripts/test"
        );
        eprintln!("TEST_DATABASE_URL unset: skipping PostgreSQL test");
        return None;
    };
    Some(admin_url)
}

/// A copy of the migrated template; `None` as [`postgres_admin_url`].
pub fn postgres_store() -> Option<TestStore> {
    postgres_store_and_url().map(|(store, _)| store)
}

/// A PostgreSQL store and its URL, for a test that opens a connection of its own.
pub fn postgres_store_and_url() -> Option<(TestStore, String)> {
    let admin_url = postgres_admin_url()?;
    let name = unique_database_name();
    templates::postgres_from_template(&admin_url, &schema_key("postgres"), &name, migrate);
    let url = with_database(&admin_url, &name);
    let store = Store::connect(&url, 8).expect("postgres connects");
    Some((
        TestStore {
            store: Some(store),
            cleanup: Cleanup::Postgres { admin_url, name },
        },
        url,
    ))
}

/// `n` new members.
pub fn members(store: &Store, n: usize) -> Vec<UserId> {
    let members: Vec<DemoMember> = (0..n)
        .map(|i| DemoMember {
            id: UserId::new(),
            email: format!("racer{i}-{}@example.org", UserId::new()),
            first_name: "Racer".into(),
            last_name: format!("{i}"),
            marketing_consent: false,
            created_at: Utc::now(),
        })
        .collect();
    store
        .insert_demo_data(&DemoData {
            members: members.clone(),
            ..Default::default()
        })
        .unwrap();
    members.into_iter().map(|m| m.id).collect()
}

/// A venue made from `location` ("Jubilee Hall, Camden"), stored as `by` (an admin in real
/// life) would, for sessions the admin area writes (`EventBuilder::venue`): those refer to
/// a stored venue, as the foreign key demands.
pub fn venue(store: &Store, by: UserId, location: &str) -> std::sync::Arc<Venue> {
    let venue = Venue::from_location(location);
    let audit = AuditEntry::new(
        by,
        "venue.create",
        "venue",
        Some(venue.id.to_string()),
        Utc::now(),
    );
    store.create_venue(&venue, &audit).unwrap();
    std::sync::Arc::new(venue)
}

/// An event in three days with `places` free places.
pub fn event(store: &Store, places: u32) -> Event {
    let event = EventBuilder::new()
        .starts_at(Utc::now() + Duration::days(3))
        .places(0, places)
        .build();
    store.insert(&event).unwrap();
    event
}

/// A cash booking of `event` by `user`.
pub fn request(user: UserId, event: &Event, limit: Option<u32>) -> BookingRequest {
    BookingRequest {
        booking: Booking {
            id: BookingId::new(),
            reference: BookingReference::generate(&mut rand::rng()),
            user_id: user,
            event_id: event.id,
            status: BookingStatus::Confirmed,
            payment_status: PaymentStatus::Pending,
            payment_method: PaymentMethod::Cash,
            amount: Money::ZERO,
            accessibility_requirements: None,
            access_needs: vec![],
            needs_from_profile: false,
            companion: None,
            created_at: Utc::now(),
        },
        hold_until: None,
        limit_month: playspace_domain::booking_rules::limit_month(event),
        monthly_limit: limit,
        emails: vec![],
        notification: None,
    }
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
