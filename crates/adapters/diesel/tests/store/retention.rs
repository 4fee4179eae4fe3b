//! Retention sweeps on both backends: each removes exactly what its period allows and
//! never what is still in use.

use crate::common;

use chrono::{DateTime, Duration, Utc};
use playspace_ports::RetentionStore;
use playspace_test_support::test_now;

use common::TestStore;

on_both_backends!(
    ended_sign_ins_go_after_their_period_and_live_ones_stay,
    spent_links_go_after_their_period_and_usable_ones_stay,
    sent_email_bodies_are_emptied_and_the_rows_kept,
    old_notifications_go_but_standing_ones_stay,
    old_audit_entries_go,
);

/// The cutoff every test sweeps by.
fn cutoff() -> DateTime<Utc> {
    test_now() - Duration::days(30)
}

/// `cutoff()` moved by `seconds`, as SQL text both backends read as a timestamp.
fn at(seconds: i64) -> String {
    format!(
        "'{}'",
        (cutoff() + Duration::seconds(seconds)).format("%Y-%m-%d %H:%M:%S")
    )
}

fn ids(store: &TestStore, table: &str) -> Vec<String> {
    store.lines(&format!("SELECT id AS line FROM {table} ORDER BY id"))
}

fn owner(store: &TestStore) -> String {
    common::members(store, 1)[0].to_string()
}

fn ended_sign_ins_go_after_their_period_and_live_ones_stay(store: &TestStore) {
    let user = owner(store);
    let far = at(86_400 * 60);
    // (id, expires_at, revoked_at)
    for (id, expires, revoked) in [
        ("s1-expired-at-cutoff", at(0), "NULL".to_owned()),
        ("s2-expired-before", at(-3_600), "NULL".to_owned()),
        ("s3-expired-just-after", at(1), "NULL".to_owned()),
        ("s4-revoked-before", far.clone(), at(-1)),
        ("s5-revoked-after", far.clone(), at(1)),
        ("s6-live", far.clone(), "NULL".to_owned()),
    ] {
        store.execute(&format!(
            "INSERT INTO sessions (id, user_id, first_seen_at, last_seen_at, expires_at, \
             revoked_at, created_at, updated_at) VALUES ('{id}', '{user}', {old}, {old}, \
             {expires}, {revoked}, {old}, {old})",
            old = at(-86_400 * 90),
        ));
    }
    assert_eq!(store.delete_ended_sessions(cutoff()), Ok(3));
    assert_eq!(
        ids(store, "sessions"),
        ["s3-expired-just-after", "s5-revoked-after", "s6-live"]
    );
    assert_eq!(store.delete_ended_sessions(cutoff()), Ok(0));
}

fn spent_links_go_after_their_period_and_usable_ones_stay(store: &TestStore) {
    let user = owner(store);
    let far = at(86_400 * 60);
    // (id, purpose, expires_at, used_at)
    for (id, purpose, expires, used) in [
        ("t1-used-before", "reset_password", far.clone(), at(-1)),
        (
            "t2-expired-at-cutoff",
            "verify_email",
            at(0),
            "NULL".to_owned(),
        ),
        ("t3-used-after", "reset_password", far.clone(), at(60)),
        (
            "t4-expired-after",
            "verify_email",
            at(60),
            "NULL".to_owned(),
        ),
        ("t5-usable", "verify_email", far.clone(), "NULL".to_owned()),
    ] {
        store.execute(&format!(
            "INSERT INTO user_tokens (id, user_id, purpose, token_hash, expires_at, used_at, \
             created_at) VALUES ('{id}', '{user}', '{purpose}', 'hash-{id}', {expires}, \
             {used}, {old})",
            old = at(-86_400 * 90),
        ));
    }
    assert_eq!(store.delete_spent_tokens(cutoff()), Ok(2));
    assert_eq!(
        ids(store, "user_tokens"),
        ["t3-used-after", "t4-expired-after", "t5-usable"]
    );
}

fn sent_email_bodies_are_emptied_and_the_rows_kept(store: &TestStore) {
    // (id, status, updated_at)
    for (id, status, updated) in [
        ("e1-delivered-before", "delivered", at(-1)),
        ("e2-failed-at-cutoff", "failed", at(0)),
        ("e3-delivered-after", "delivered", at(1)),
        ("e4-pending-old", "pending", at(-86_400)),
        ("e5-sending-old", "sending", at(-86_400)),
    ] {
        store.execute(&format!(
            "INSERT INTO email_deliveries (id, to_email, from_email, subject, email_type, \
             html_body, text_body, status, next_attempt_at, created_at, updated_at) VALUES \
             ('{id}', 'ana@example.org', 'hello@playspace.local', 'Your booking', 'booking', \
             '<p>Hello Ana</p>', 'Hello Ana', '{status}', {updated}, {updated}, {updated})"
        ));
    }
    assert_eq!(store.clear_sent_email_bodies(cutoff()), Ok(2));
    let rows = store.lines(
        "SELECT id || ':' || status || ':' || subject || ':' || html_body || ':' || text_body \
         AS line FROM email_deliveries ORDER BY id",
    );
    assert_eq!(
        rows,
        [
            "e1-delivered-before:delivered:Your booking::",
            "e2-failed-at-cutoff:failed:Your booking::",
            "e3-delivered-after:delivered:Your booking:<p>Hello Ana</p>:Hello Ana",
            "e4-pending-old:pending:Your booking:<p>Hello Ana</p>:Hello Ana",
            "e5-sending-old:sending:Your booking:<p>Hello Ana</p>:Hello Ana",
        ]
    );
    // When it was sent stays as it was; a body already empty is not counted again.
    assert_eq!(
        store.lines("SELECT id AS line FROM email_deliveries WHERE updated_at < created_at"),
        Vec::<String>::new()
    );
    assert_eq!(store.clear_sent_email_bodies(cutoff()), Ok(0));
}

fn old_notifications_go_but_standing_ones_stay(store: &TestStore) {
    let user = owner(store);
    // (id, created_at, topic, read)
    for (id, created, topic, read) in [
        ("n1-old-read", at(-1), "NULL", "TRUE"),
        ("n2-old-unread-at-cutoff", at(0), "NULL", "FALSE"),
        ("n3-old-standing", at(-86_400), "'stories_waiting'", "FALSE"),
        ("n4-recent", at(1), "NULL", "FALSE"),
    ] {
        store.execute(&format!(
            "INSERT INTO notifications (id, user_id, type, title, message, read_status, \
             created_at, topic) VALUES ('{id}', '{user}', 'info', 'Hello', 'A message', \
             {read}, {created}, {topic})"
        ));
    }
    assert_eq!(store.delete_old_notifications(cutoff()), Ok(2));
    assert_eq!(
        ids(store, "notifications"),
        ["n3-old-standing", "n4-recent"]
    );
}

fn old_audit_entries_go(store: &TestStore) {
    for (id, created) in [
        ("a1-before", at(-86_400)),
        ("a2-at-cutoff", at(0)),
        ("a3-after", at(1)),
    ] {
        store.execute(&format!(
            "INSERT INTO audit_logs (id, action, resource_type, created_at) VALUES \
             ('{id}', 'user.update', 'user', {created})"
        ));
    }
    assert_eq!(store.delete_old_audit_entries(cutoff()), Ok(2));
    assert_eq!(ids(store, "audit_logs"), ["a3-after"]);
}
