//! The newsletter list against both backends: one row per address, its confirmation email
//! written with it, confirming, leaving and coming back.

use crate::common;

use chrono::Duration;
use playspace_domain::newsletter::{SubscriberStatus, confirmation_due};
use playspace_domain::{Email, SubscriberId};
use playspace_ports::{NewsletterStore, Outbox, RepoError};
use playspace_store::Store;
use playspace_test_support::{outgoing_email, test_now};

on_both_backends!(
    subscribing_twice_is_one_row_and_one_email,
    a_confirmed_address_is_never_marked_pending_again,
    confirming_then_unsubscribing,
    coming_back_after_unsubscribing_sends_a_new_confirmation,
    unknown_subscribers_are_not_found,
    only_pending_addresses_past_their_time_are_purged,
);

/// Emails queued to `to` so far (claimed, so each is counted once).
fn emails_to(store: &Store, to: &str) -> usize {
    store
        .claim_due(test_now() + Duration::days(365), Duration::minutes(2), 100)
        .unwrap()
        .iter()
        .filter(|e| e.to_email == to)
        .count()
}

/// Subscribes `email` as the app does: a link only when one is due.
fn subscribe(store: &Store, email: &Email, now: chrono::DateTime<chrono::Utc>) -> bool {
    let existing = store.newsletter_subscriber(email).unwrap();
    match confirmation_due(existing.as_ref(), now) {
        Some(id) => {
            store
                .request_newsletter_confirmation(id, email, &outgoing_email(email.as_str()), now)
                .unwrap();
            true
        }
        None => false,
    }
}

fn subscribing_twice_is_one_row_and_one_email(store: &Store) {
    let ana = Email::parse("Ana@Example.org").unwrap();
    assert!(subscribe(store, &ana, test_now()));
    let first = store.newsletter_subscriber(&ana).unwrap().unwrap();
    assert_eq!(first.status, SubscriberStatus::Pending);
    assert_eq!(first.confirmation_sent_at, test_now());
    assert!(
        !subscribe(store, &ana, test_now() + Duration::minutes(5)),
        "no second link within the hour"
    );
    assert_eq!(emails_to(store, "ana@example.org"), 1);

    // A racing request that chose another id for the same address writes nothing.
    assert_eq!(
        store.request_newsletter_confirmation(
            SubscriberId::new(),
            &ana,
            &outgoing_email("ana@example.org"),
            test_now()
        ),
        Err(RepoError::Conflict)
    );
    // An hour later a fresh link goes to the same row.
    let later = test_now() + Duration::hours(1);
    assert!(subscribe(store, &ana, later));
    let again = store.newsletter_subscriber(&ana).unwrap().unwrap();
    assert_eq!((again.id, again.confirmation_sent_at), (first.id, later));
    assert_eq!(emails_to(store, "ana@example.org"), 1, "one more");
}

fn a_confirmed_address_is_never_marked_pending_again(store: &Store) {
    let ana = Email::parse("ana@example.org").unwrap();
    subscribe(store, &ana, test_now());
    let id = store.newsletter_subscriber(&ana).unwrap().unwrap().id;
    store.confirm_newsletter(id, test_now()).unwrap();
    emails_to(store, "ana@example.org");
    assert_eq!(
        store.request_newsletter_confirmation(
            id,
            &ana,
            &outgoing_email("ana@example.org"),
            test_now()
        ),
        Err(RepoError::Conflict)
    );
    assert_eq!(emails_to(store, "ana@example.org"), 0);
    assert_eq!(
        store.newsletter_subscriber(&ana).unwrap().unwrap().status,
        SubscriberStatus::Confirmed
    );
}

fn confirming_then_unsubscribing(store: &Store) {
    let ana = Email::parse("ana@example.org").unwrap();
    subscribe(store, &ana, test_now());
    let id = store.newsletter_subscriber(&ana).unwrap().unwrap().id;
    store.confirm_newsletter(id, test_now()).unwrap();
    store.confirm_newsletter(id, test_now()).unwrap();
    assert_eq!(
        store.newsletter_subscriber(&ana).unwrap().unwrap().status,
        SubscriberStatus::Confirmed
    );
    assert_eq!(store.newsletter_address(id).unwrap(), "ana@example.org");
    store.unsubscribe_newsletter(id, test_now()).unwrap();
    store.unsubscribe_newsletter(id, test_now()).unwrap();
    assert_eq!(
        store.newsletter_subscriber(&ana).unwrap().unwrap().status,
        SubscriberStatus::Unsubscribed
    );
    assert_eq!(
        store.confirm_newsletter(id, test_now()),
        Err(RepoError::NotFound),
        "an old confirmation link does not bring a leaver back"
    );
}

fn coming_back_after_unsubscribing_sends_a_new_confirmation(store: &Store) {
    let ana = Email::parse("ana@example.org").unwrap();
    subscribe(store, &ana, test_now());
    let id = store.newsletter_subscriber(&ana).unwrap().unwrap().id;
    store.confirm_newsletter(id, test_now()).unwrap();
    store.unsubscribe_newsletter(id, test_now()).unwrap();
    assert_eq!(emails_to(store, "ana@example.org"), 1);

    assert!(subscribe(store, &ana, test_now() + Duration::minutes(1)));
    let back = store.newsletter_subscriber(&ana).unwrap().unwrap();
    assert_eq!((back.id, back.status), (id, SubscriberStatus::Pending));
    assert_eq!(emails_to(store, "ana@example.org"), 1);
    store.confirm_newsletter(id, test_now()).unwrap();
    assert_eq!(
        store.newsletter_subscriber(&ana).unwrap().unwrap().status,
        SubscriberStatus::Confirmed
    );
}

fn unknown_subscribers_are_not_found(store: &Store) {
    let nobody = SubscriberId::new();
    assert_eq!(
        store.newsletter_subscriber(&Email::parse("nobody@example.org").unwrap()),
        Ok(None)
    );
    assert_eq!(
        store.confirm_newsletter(nobody, test_now()),
        Err(RepoError::NotFound)
    );
    assert_eq!(store.newsletter_address(nobody), Err(RepoError::NotFound));
    assert_eq!(
        store.unsubscribe_newsletter(nobody, test_now()),
        Err(RepoError::NotFound)
    );
}

fn only_pending_addresses_past_their_time_are_purged(store: &Store) {
    let at = |days: i64| test_now() - Duration::days(days);
    let old_pending = Email::parse("old.pending@example.org").unwrap();
    subscribe(store, &old_pending, at(31));
    let new_pending = Email::parse("new.pending@example.org").unwrap();
    subscribe(store, &new_pending, at(29));
    // Subscribed long ago but sent a fresh link lately: its 30 days start again.
    let asked_again = Email::parse("asked.again@example.org").unwrap();
    subscribe(store, &asked_again, at(60));
    subscribe(store, &asked_again, at(2));
    let confirmed = Email::parse("confirmed@example.org").unwrap();
    subscribe(store, &confirmed, at(400));
    let id = store.newsletter_subscriber(&confirmed).unwrap().unwrap().id;
    store.confirm_newsletter(id, at(399)).unwrap();
    let left = Email::parse("left@example.org").unwrap();
    subscribe(store, &left, at(400));
    let id = store.newsletter_subscriber(&left).unwrap().unwrap().id;
    store.confirm_newsletter(id, at(399)).unwrap();
    store.unsubscribe_newsletter(id, at(398)).unwrap();

    let before = playspace_domain::newsletter::pending_purge_before(test_now());
    assert_eq!(store.purge_pending_newsletter(before).unwrap(), 1);
    assert_eq!(store.newsletter_subscriber(&old_pending).unwrap(), None);
    for kept in [&new_pending, &asked_again, &confirmed, &left] {
        assert!(
            store.newsletter_subscriber(kept).unwrap().is_some(),
            "{kept:?}"
        );
    }
    assert_eq!(
        store.newsletter_subscriber(&left).unwrap().unwrap().status,
        SubscriberStatus::Unsubscribed,
        "kept as the record not to send to it"
    );
    assert_eq!(store.purge_pending_newsletter(before).unwrap(), 0);
}
