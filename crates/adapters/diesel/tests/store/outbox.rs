//! The email outbox against both backends, including concurrent workers.

use crate::common;

use std::collections::HashSet;
use std::sync::Arc;

use chrono::Duration;
use playspace_ports::Outbox;
use playspace_store::Store;
use playspace_test_support::{outgoing_email, test_now};

on_both_backends!(
    claims_due_emails_once_with_an_attempt_each,
    retries_wait_and_failures_stop,
    an_abandoned_claim_is_taken_over_after_its_lease,
    concurrent_workers_never_claim_one_email_twice,
    sent_since_counts_one_persons_emails_of_one_kind,
    claims_come_due_first_then_as_written,
    the_backlog_counts_waiting_and_failed_emails,
);

fn claims_due_emails_once_with_an_attempt_each(store: &Store) {
    store
        .enqueue(&[
            outgoing_email("a@example.org"),
            outgoing_email("b@example.org"),
        ])
        .unwrap();
    let now = chrono::Utc::now();
    let claimed = store.claim_due(now, Duration::minutes(2), 10).unwrap();
    assert_eq!(claimed.len(), 2);
    assert!(
        claimed
            .iter()
            .all(|c| c.attempt_count == 1 && c.max_attempts == 3)
    );
    assert!(
        store
            .claim_due(now, Duration::minutes(2), 10)
            .unwrap()
            .is_empty(),
        "leased"
    );
    store
        .mark_delivered(claimed[0].id, Some("sg-1".into()), now)
        .unwrap();
    assert!(
        store
            .claim_due(now + Duration::minutes(3), Duration::minutes(2), 10)
            .unwrap()
            .len()
            == 1,
        "only the undelivered one"
    );
}

fn retries_wait_and_failures_stop(store: &Store) {
    store.enqueue(&[outgoing_email("a@example.org")]).unwrap();
    let now = chrono::Utc::now();
    let first = store
        .claim_due(now, Duration::minutes(2), 10)
        .unwrap()
        .remove(0);
    store
        .mark_failed_attempt(first.id, "429", Some(now + Duration::seconds(30)), now)
        .unwrap();
    assert!(
        store
            .claim_due(now + Duration::seconds(29), Duration::minutes(2), 10)
            .unwrap()
            .is_empty()
    );
    let second = store
        .claim_due(now + Duration::seconds(30), Duration::minutes(2), 10)
        .unwrap()
        .remove(0);
    assert_eq!(second.attempt_count, 2);
    store
        .mark_failed_attempt(second.id, "400 bad address", None, now)
        .unwrap();
    assert!(
        store
            .claim_due(now + Duration::days(1), Duration::minutes(2), 10)
            .unwrap()
            .is_empty()
    );
}

fn an_abandoned_claim_is_taken_over_after_its_lease(store: &Store) {
    store.enqueue(&[outgoing_email("a@example.org")]).unwrap();
    let now = chrono::Utc::now();
    let claimed = store.claim_due(now, Duration::minutes(2), 10).unwrap();
    assert_eq!(claimed.len(), 1);
    // The worker "crashed": nothing is marked. After the lease another worker takes it.
    assert!(
        store
            .claim_due(now + Duration::seconds(119), Duration::minutes(2), 10)
            .unwrap()
            .is_empty()
    );
    let again = store
        .claim_due(now + Duration::minutes(2), Duration::minutes(2), 10)
        .unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].id, claimed[0].id);
    assert_eq!(again[0].attempt_count, 2);
}

fn concurrent_workers_never_claim_one_email_twice(store: &Store) {
    let emails: Vec<_> = (0..60)
        .map(|i| outgoing_email(&format!("p{i}@example.org")))
        .collect();
    store.enqueue(&emails).unwrap();
    let store = Arc::new(store.clone());
    let now = chrono::Utc::now();
    let workers: Vec<_> = (0..4)
        .map(|_| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                let mut mine = Vec::new();
                loop {
                    let batch = store.claim_due(now, Duration::minutes(2), 3).unwrap();
                    if batch.is_empty() {
                        return mine;
                    }
                    mine.extend(batch.into_iter().map(|c| c.id));
                }
            })
        })
        .collect();
    let all: Vec<_> = workers
        .into_iter()
        .flat_map(|w| w.join().unwrap())
        .collect();
    let unique: HashSet<_> = all.iter().collect();
    assert_eq!(all.len(), 60, "every email claimed");
    assert_eq!(unique.len(), 60, "no email claimed twice");
    let _ = test_now();
}

fn sent_since_counts_one_persons_emails_of_one_kind(store: &Store) {
    let people = common::members(store, 2);
    let email = |user, kind| playspace_domain::OutgoingEmail {
        user_id: Some(user),
        email_type: kind,
        ..outgoing_email("a@example.org")
    };
    store
        .enqueue(&[
            email(people[0], "password_reset"),
            email(people[0], "password_reset"),
            email(people[0], "welcome"),
            email(people[1], "password_reset"),
        ])
        .unwrap();
    let an_hour_ago = chrono::Utc::now() - Duration::hours(1);
    assert_eq!(
        store
            .sent_since(people[0], "password_reset", an_hour_ago)
            .unwrap(),
        2
    );
    assert_eq!(
        store
            .sent_since(people[1], "password_reset", an_hour_ago)
            .unwrap(),
        1
    );
    // Nothing counts from before the period.
    let later = chrono::Utc::now() + Duration::minutes(1);
    assert_eq!(
        store
            .sent_since(people[0], "password_reset", later)
            .unwrap(),
        0
    );
}

/// The worker sends a claim in turn, so its order is the order emails go out in: the one
/// due first, and among those due at the same moment the one written first.
fn claims_come_due_first_then_as_written(store: &Store) {
    let emails: Vec<_> = (0..8)
        .map(|i| outgoing_email(&format!("p{i}@example.org")))
        .collect();
    store.enqueue(&emails).unwrap();
    let now = chrono::Utc::now();
    let written = store.claim_due(now, Duration::minutes(2), 10).unwrap();
    assert_eq!(written.len(), 8);
    // Written in one transaction: the same moment, so in the order written.
    let to: Vec<_> = written.iter().map(|c| c.to_email.as_str()).collect();
    let expected: Vec<_> = emails.iter().map(|e| e.to_email.as_str()).collect();
    assert_eq!(to, expected);

    // Retried: the even ones due sooner the later they were written, the odd ones together.
    for (i, email) in written.iter().enumerate() {
        let wait = if i % 2 == 0 { 10 - i } else { 30 };
        let retry_at = now + Duration::seconds(i64::try_from(wait).unwrap());
        store
            .mark_failed_attempt(email.id, "429", Some(retry_at), now)
            .unwrap();
    }
    let later = now + Duration::minutes(1);
    let first = store.claim_due(later, Duration::minutes(2), 3).unwrap();
    let rest = store.claim_due(later, Duration::minutes(2), 10).unwrap();
    let order: Vec<_> = first
        .iter()
        .chain(&rest)
        .map(|claimed| written.iter().position(|w| w.id == claimed.id).unwrap())
        .collect();
    assert_eq!(order, [6, 4, 2, 0, 1, 3, 5, 7]);
}

fn the_backlog_counts_waiting_and_failed_emails(store: &Store) {
    use playspace_store::OutboxBacklog;
    assert_eq!(store.outbox_backlog().unwrap(), OutboxBacklog::default());
    store
        .enqueue(&[
            outgoing_email("a@example.org"),
            outgoing_email("b@example.org"),
            outgoing_email("c@example.org"),
        ])
        .unwrap();
    let now = chrono::Utc::now();
    let claimed = store.claim_due(now, Duration::minutes(2), 2).unwrap();
    let waiting = |waiting, failed| OutboxBacklog { waiting, failed };
    assert_eq!(
        store.outbox_backlog().unwrap(),
        waiting(3, 0),
        "one pending, two being sent"
    );
    store.mark_delivered(claimed[0].id, None, now).unwrap();
    store
        .mark_failed_attempt(claimed[1].id, "refused", None, now)
        .unwrap();
    assert_eq!(store.outbox_backlog().unwrap(), waiting(1, 1));
    let pool = store.pool_use();
    assert!(pool.max >= 1 && pool.open <= pool.max && pool.in_use <= pool.open);
    assert_eq!(pool.in_use, 0, "every connection is back in the pool");
}
