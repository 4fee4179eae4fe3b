//! Backup, restore and the move to PostgreSQL (ADR 0034): copies that are whole, exact and
//! consistent, into empty sites only.

use crate::common;

use std::path::Path;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Date, Nullable, Text, Timestamp};
use playspace_app::{ScaleSize, seed_scale_data};
use playspace_store::data_care::{self, DataCareError, TableRows};
use playspace_test_support::{FixedClock, TempSqlite, test_now};

use common::TestStore;

/// A site with every kind of row: the small scale data set (members, venues, series,
/// sessions, bookings, cancellations) and a row of each other table, with the awkward
/// values (quotes, accents and new lines, microseconds, integers past 2^53, NULLs).
fn fill(store: &TestStore) {
    seed_scale_data(&**store, &FixedClock(test_now()), ScaleSize::SMALL).unwrap();
    let user = store.lines("SELECT id AS line FROM users ORDER BY id LIMIT 1")[0].clone();
    let booking = store.lines("SELECT id AS line FROM bookings ORDER BY id LIMIT 1")[0].clone();
    for sql in [
        format!(
            "INSERT INTO notifications (id, user_id, type, title, message, read_status, \
             created_at, topic) VALUES ('n-1', '{user}', 'info', 'It''s \"quoted\" – Zoë', \
             'Line one\nline two', TRUE, '2026-11-20 09:30:00.123456', NULL), \
             ('n-2', '{user}', 'system', 'Stories', '2 waiting', FALSE, \
             '2026-11-20 09:30:01', 'stories_waiting')"
        ),
        "INSERT INTO audit_logs (id, action, resource_type, details, created_at) VALUES \
         ('a-1', 'user.update', 'user', '{\"fields\":[\"role\"]}', '2026-11-20 09:30:00')"
            .to_owned(),
        "INSERT INTO rate_limit_counts (bucket, window_start, hits, expires_at) VALUES \
         ('bucket', 9007199254740993, 3, 1)"
            .to_owned(),
        format!(
            "INSERT INTO sessions (id, user_id, first_seen_at, last_seen_at, user_agent, ip, \
             expires_at, revoked_at, admin_until, created_at, updated_at) VALUES ('s-1', \
             '{user}', '2026-11-20 09:30:00.5', '2026-11-20 10:00:00', 'Firefox', '203.0.113.9', \
             '2026-12-20 09:30:00', NULL, '2026-11-20 10:30:00', '2026-11-20 09:30:00', \
             '2026-11-20 10:00:00')"
        ),
        format!(
            "INSERT INTO user_tokens (id, user_id, purpose, token_hash, expires_at, used_at, \
             created_at) VALUES ('t-1', '{user}', 'reset_password', 'hash', \
             '2026-11-20 10:30:00', '2026-11-20 10:00:00', '2026-11-20 09:30:00')"
        ),
        "INSERT INTO pending_signups (email, token_hash, password_hash, first_name, last_name, \
         date_of_birth, sports_interests, marketing_consent, created_at, expires_at) VALUES \
         ('ana@example.org', 'h', 'p', 'Ana', 'Silva', '1990-05-17', '[\"Football\"]', TRUE, \
         '2026-11-20 09:30:00', '2026-11-21 09:30:00')"
            .to_owned(),
        format!(
            "INSERT INTO email_deliveries (id, to_email, from_email, subject, email_type, \
             html_body, text_body, status, next_attempt_at, user_id, booking_id, created_at, \
             updated_at) VALUES ('e-1', 'ana@example.org', 'hello@playspace.local', 'Booked', \
             'booking', '<p>Hi</p>', 'Hi', 'delivered', '2026-11-20 09:30:00', '{user}', \
             '{booking}', '2026-11-20 09:30:00', '2026-11-20 09:31:00')"
        ),
        format!(
            "INSERT INTO access_needs (user_id, needs, note, share_with_leader, updated_at) \
             VALUES ('{user}', '[\"step_free\"]', 'A ramp, please', TRUE, '2026-11-20 09:30:00')"
        ),
        format!(
            "INSERT INTO reminders_sent (booking_id, timing, sent_at, sent) VALUES \
             ('{booking}', '1 hour', '2026-11-20 09:30:00', FALSE)"
        ),
        format!(
            "INSERT INTO digests_sent (user_id, last_sent_at) VALUES ('{user}', \
             '2026-11-20 09:30:00')"
        ),
        format!(
            "INSERT INTO blog_posts (id, title, content, excerpt, category, author_name, \
             submitted_by, published_at, is_published, created_at, updated_at, review_status) \
             VALUES ('p-1', 'Our first match', 'We played.', 'We played', 'community', 'Ana', \
             '{user}', '2026-11-20 09:30:00', FALSE, '2026-11-20 09:30:00', \
             '2026-11-20 09:30:00', 'pending')"
        ),
        "INSERT INTO contact_messages (id, first_name, last_name, email, subject, message, \
         created_at) VALUES ('c-1', 'Jo', 'Bloggs', 'jo@example.org', 'accessibility', \
         'Is there a hoist?', '2026-11-20 09:30:00')"
            .to_owned(),
        format!(
            "INSERT INTO email_campaigns (id, recipient_group, subject, message, sent_by, \
             recipients, created_at) VALUES ('ec-1', 'newsletter', 'News', 'Hello', '{user}', \
             12, '2026-11-20 09:30:00')"
        ),
        format!(
            "INSERT INTO memberships (id, user_id, plan, status, start_date, end_date, \
             price_pence, created_at, updated_at, renewal_stop_due_at) VALUES ('m-1', \
             '{user}', 'active', 'active', '2026-11-01 00:00:00', NULL, 1500, \
             '2026-11-01 00:00:00', '2026-11-01 00:00:00', NULL)"
        ),
        "INSERT INTO newsletter_subscribers (id, email, status, created_at, \
         confirmation_sent_at, confirmed_at) VALUES ('ns-1', 'jo@example.org', 'confirmed', \
         '2026-11-20 09:30:00', '2026-11-20 09:30:00', '2026-11-20 10:00:00')"
            .to_owned(),
        "INSERT INTO processed_webhook_events (id, event_type, processed_at) VALUES \
         ('evt_1', 'checkout.session.completed', '2026-11-20 09:30:00')"
            .to_owned(),
        "INSERT INTO system_metrics (id, metric_type, metric_name, value, metadata, \
         recorded_at) VALUES ('sm-1', 'page', 'views', 42, '{}', '2026-11-20 09:30:00')"
            .to_owned(),
        format!(
            "INSERT INTO waitlist (id, user_id, event_id, position, status, notification_sent, \
             offer_expires_at, created_at, updated_at) SELECT 'w-1', '{user}', id, 1, \
             'offered', TRUE, '2026-11-20 10:30:00', '2026-11-20 09:30:00', \
             '2026-11-20 09:30:00' FROM events ORDER BY id LIMIT 1"
        ),
        format!(
            "INSERT INTO whatsapp_community_settings (id, community_name, guidelines, benefits, \
             is_active, created_by, created_at, updated_at) VALUES ('wa-1', 'PlaySpace', \
             '[\"Be kind\"]', '[]', TRUE, '{user}', '2026-11-20 09:30:00', \
             '2026-11-20 09:30:00')"
        ),
    ] {
        store.execute(&sql);
    }
}

#[derive(Debug, PartialEq, QueryableByName)]
struct UserRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Bool)]
    marketing_consent: bool,
    #[diesel(sql_type = Nullable<Date>)]
    date_of_birth: Option<chrono::NaiveDate>,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
    #[diesel(sql_type = Nullable<Text>)]
    search_text: Option<String>,
}

#[derive(Debug, PartialEq, QueryableByName)]
struct BookingRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = BigInt)]
    amount_pence: i64,
    #[diesel(sql_type = Bool)]
    companion: bool,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
    #[diesel(sql_type = Nullable<Timestamp>)]
    hold_expires_at: Option<NaiveDateTime>,
    #[diesel(sql_type = Text)]
    status: String,
}

#[derive(Debug, PartialEq, QueryableByName)]
struct OtherRows {
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = Bool)]
    read_status: bool,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
    #[diesel(sql_type = Nullable<Text>)]
    topic: Option<String>,
}

const USERS: &str = "SELECT id, email, marketing_consent, date_of_birth, created_at, search_text \
                     FROM users ORDER BY id";
const BOOKINGS: &str = "SELECT id, amount_pence, companion, created_at, hold_expires_at, status \
                        FROM bookings ORDER BY id";
const NOTIFICATIONS: &str =
    "SELECT title, read_status, created_at, topic FROM notifications ORDER BY id";

/// Rows read through Diesel's own types on each backend: an independent check of the copy.
#[derive(Debug, PartialEq)]
struct Typed {
    users: Vec<UserRow>,
    bookings: Vec<BookingRow>,
    notifications: Vec<OtherRows>,
}

fn typed(url: &str) -> Typed {
    match url.strip_prefix("sqlite://") {
        Some(path) => {
            let conn = &mut SqliteConnection::establish(path).unwrap();
            Typed {
                users: diesel::sql_query(USERS).load(conn).unwrap(),
                bookings: diesel::sql_query(BOOKINGS).load(conn).unwrap(),
                notifications: diesel::sql_query(NOTIFICATIONS).load(conn).unwrap(),
            }
        }
        None => {
            let conn = &mut PgConnection::establish(url).unwrap();
            Typed {
                users: diesel::sql_query(USERS).load(conn).unwrap(),
                bookings: diesel::sql_query(BOOKINGS).load(conn).unwrap(),
                notifications: diesel::sql_query(NOTIFICATIONS).load(conn).unwrap(),
            }
        }
    }
}

fn refused(result: Result<impl std::fmt::Debug, DataCareError>) -> String {
    match result {
        Err(DataCareError::Refused(why)) => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn total(rows: &[TableRows]) -> i64 {
    rows.iter().map(|t| t.rows).sum()
}

fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

#[test]
fn a_backup_is_one_moment_of_a_site_in_use_and_a_restore_brings_it_back() {
    let site = common::sqlite_store();
    fill(&site);
    let before = data_care::table_counts(&site.url()).unwrap();
    let empty: Vec<&str> = before
        .iter()
        .filter(|t| t.rows == 0)
        .map(|t| t.table.as_str())
        .collect();
    assert!(empty.is_empty(), "every table has rows, but not {empty:?}");

    // A write under way while the backup is taken is not in it: one consistent moment.
    let mut writer =
        SqliteConnection::establish(site.url().strip_prefix("sqlite://").unwrap()).unwrap();
    diesel::sql_query("BEGIN IMMEDIATE")
        .execute(&mut writer)
        .unwrap();
    diesel::sql_query(
        "INSERT INTO audit_logs (id, action, resource_type, created_at) \
         VALUES ('a-late', 'user.update', 'user', '2026-11-21 12:00:00')",
    )
    .execute(&mut writer)
    .unwrap();
    let dir = TempSqlite::new();
    let file = dir.path().join("backups").join("site.db");
    let backed_up = data_care::backup(&site.url(), &file).unwrap();
    diesel::sql_query("COMMIT").execute(&mut writer).unwrap();
    assert_eq!(backed_up, before);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "only its owner may read a backup");
    }
    // A backup never overwrites a file.
    let why = refused(data_care::backup(&site.url(), &file));
    assert!(why.contains("already exists"), "{why}");
    assert_eq!(data_care::table_counts(&sqlite_url(&file)).unwrap(), before);

    // Restored into a new site, it holds exactly what the site held then.
    let fresh = TempSqlite::new();
    let restored = data_care::restore(&file, &fresh.url()).unwrap();
    assert_eq!(restored, before);
    assert_eq!(typed(&fresh.url()), typed(&site.url()));
    // The restored site's migrations are all applied: it serves as it is.
    playspace_store::Store::connect(&fresh.url(), 1)
        .unwrap()
        .migrate()
        .unwrap();
    assert_eq!(data_care::table_counts(&fresh.url()).unwrap(), before);

    // A site with rows is never restored over, and is left as it was.
    let why = refused(data_care::restore(&file, &site.url()));
    assert!(why.contains("is not empty"), "{why}");
    assert!(why.contains("users ("), "{why}");
    let after = data_care::table_counts(&site.url()).unwrap();
    assert_eq!(
        total(&after),
        total(&before) + 1,
        "only the late entry was added"
    );
}

#[test]
fn an_older_backup_is_brought_up_to_date_and_a_newer_one_refused() {
    // A database of the first release: the first migration alone, with one member.
    let old = common::empty_sqlite_store();
    old.run_next_migration_for_tests().unwrap().unwrap();
    old.execute(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, \
         accessibility_needs, created_at, updated_at) VALUES ('u-1', 'Ana@Example.org', 'x', \
         'Ana', 'Silva', 'A ramp, please', '2026-11-20 09:30:00', '2026-11-20 09:30:00')",
    );
    // Its live file, write-ahead log and all, as it is while a server has it open.
    let old_file = old.sqlite_dir().unwrap().join("test.db");
    let files = || {
        ["test.db", "test.db-wal"]
            .map(|name| std::fs::read(old.sqlite_dir().unwrap().join(name)).ok())
    };
    let before = files();
    let fresh = TempSqlite::new();
    data_care::restore(&old_file, &fresh.url()).unwrap();
    let conn_url = fresh.url();
    let mut conn =
        SqliteConnection::establish(conn_url.strip_prefix("sqlite://").unwrap()).unwrap();
    #[derive(QueryableByName)]
    struct Line {
        #[diesel(sql_type = Text)]
        line: String,
    }
    let lines = |conn: &mut SqliteConnection, sql: &str| -> Vec<String> {
        diesel::sql_query(sql)
            .load::<Line>(conn)
            .unwrap()
            .into_iter()
            .map(|l| l.line)
            .collect()
    };
    // Later migrations ran on it: the address in its canonical form, the typed access
    // note moved to its own table, the search column computed.
    assert_eq!(
        lines(
            &mut conn,
            "SELECT email || ' ' || search_text AS line FROM users"
        ),
        ["ana@example.org ana silva ana@example.org"]
    );
    assert_eq!(
        lines(&mut conn, "SELECT note AS line FROM access_needs"),
        ["A ramp, please"]
    );
    assert_eq!(files(), before, "the backup itself is never changed");

    // One made by a newer release (a migration this one lacks) is refused.
    let newer = common::sqlite_store();
    newer.execute("INSERT INTO __diesel_schema_migrations (version) VALUES ('29991231000001')");
    let newer_file = newer.sqlite_dir().unwrap().join("test.db");
    let why = refused(data_care::restore(&newer_file, &TempSqlite::new().url()));
    assert!(why.contains("newer release"), "{why}");
}

#[test]
fn what_is_not_a_playspace_backup_is_refused() {
    let dir = TempSqlite::new();
    let text = dir.path().join("notes.txt");
    std::fs::write(
        &text,
        "not a database at all, but long enough to look like one? no.",
    )
    .unwrap();
    let target = TempSqlite::new();
    refused(data_care::restore(&text, &target.url()));
    refused(data_care::restore(
        &dir.path().join("missing.db"),
        &target.url(),
    ));
    let other = dir.path().join("other.db");
    let mut conn = SqliteConnection::establish(other.to_str().unwrap()).unwrap();
    diesel::sql_query("CREATE TABLE things (id INTEGER)")
        .execute(&mut conn)
        .unwrap();
    let why = refused(data_care::restore(&other, &target.url()));
    assert!(why.contains("not a PlaySpace database"), "{why}");
    // Nothing was left behind beside the target.
    let left: Vec<_> = std::fs::read_dir(target.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".playspace-restore"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn postgres_is_pointed_to_its_own_tools() {
    let url = "postgres://playspace@127.0.0.1:1/playspace";
    let why = refused(data_care::backup(url, Path::new("site.dump")));
    assert!(why.contains("pg_dump --format=custom"), "{why}");
    let why = refused(data_care::restore(Path::new("site.dump"), url));
    assert!(why.contains("pg_restore"), "{why}");
    // And the move goes one way only: SQLite to PostgreSQL.
    let sqlite = TempSqlite::new();
    refused(data_care::migrate_data(url, &sqlite.url(), 10));
    refused(data_care::migrate_data(
        &sqlite.url(),
        &TempSqlite::new().url(),
        10,
    ));
}

#[test]
fn a_sqlite_site_moves_to_postgres_whole() {
    let Some(target) = common::empty_postgres_store() else {
        return;
    };
    let site = common::sqlite_store();
    fill(&site);
    let moved = data_care::migrate_data(&site.url(), &target.url(), 20).unwrap();
    let source = data_care::table_counts(&site.url()).unwrap();
    assert_eq!(
        moved
            .iter()
            .map(|t| t.table.as_str())
            .collect::<std::collections::BTreeSet<_>>(),
        source.iter().map(|t| t.table.as_str()).collect(),
        "every table"
    );
    assert_eq!(data_care::table_counts(&target.url()).unwrap(), source);
    for table in &moved {
        assert_eq!(
            table.compared,
            usize::try_from(table.rows.min(20)).unwrap(),
            "{table:?}"
        );
    }
    // Every row, read back through each backend's own types, is the same.
    assert_eq!(typed(&target.url()), typed(&site.url()));
    // The awkward values came through exactly.
    assert_eq!(
        target.lines("SELECT bucket || ' ' || window_start::text AS line FROM rate_limit_counts"),
        ["bucket 9007199254740993"]
    );
    assert_eq!(
        target.lines(
            "SELECT to_char(first_seen_at, 'YYYY-MM-DD HH24:MI:SS.US') || ' ' || \
             coalesce(revoked_at::text, 'none') AS line FROM sessions"
        ),
        ["2026-11-20 09:30:00.500000 none"]
    );
    // The site serves from PostgreSQL: a new booking reference is still unique, and so on.
    let pg = playspace_store::Store::connect(&target.url(), 2).unwrap();
    pg.migrate().unwrap();

    // A second move into the same, no longer empty, database is refused and changes nothing.
    let why = refused(data_care::migrate_data(&site.url(), &target.url(), 20));
    assert!(why.contains("is not empty"), "{why}");
    assert_eq!(data_care::table_counts(&target.url()).unwrap(), source);
}

#[test]
fn numbered_ids_continue_after_the_copied_ones() {
    let Some(target) = common::empty_postgres_store() else {
        return;
    };
    let site = common::sqlite_store();
    // A table whose ids the database numbers, on both sides (none of PlaySpace's own do).
    site.execute("CREATE TABLE numbered (id INTEGER PRIMARY KEY, note TEXT NOT NULL)");
    site.execute("INSERT INTO numbered (id, note) VALUES (1, 'one'), (41, 'forty-one')");
    target.migrate().unwrap();
    target.execute(
        "CREATE TABLE numbered (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, \
         note TEXT NOT NULL)",
    );
    let moved = data_care::migrate_data(&site.url(), &target.url(), 5).unwrap();
    assert!(
        moved
            .iter()
            .any(|t| t.table == "numbered" && t.rows == 2 && t.compared == 2)
    );
    target.execute("INSERT INTO numbered (note) VALUES ('next')");
    assert_eq!(
        target.lines("SELECT id::text AS line FROM numbered WHERE note = 'next'"),
        ["42"]
    );
}

#[test]
fn tables_that_differ_are_refused_before_anything_is_written() {
    let Some(target) = common::empty_postgres_store() else {
        return;
    };
    let site = common::sqlite_store();
    site.execute("CREATE TABLE only_here (id TEXT PRIMARY KEY)");
    let why = refused(data_care::migrate_data(&site.url(), &target.url(), 5));
    assert!(why.contains("tables differ"), "{why}");
    assert_eq!(total(&data_care::table_counts(&target.url()).unwrap()), 0);
}
