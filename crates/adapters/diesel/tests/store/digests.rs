//! Session-alert digests against both backends: one per person per period across repeated
//! and concurrent sweeps, a later period lists only the sessions published since, and
//! people who opted out or booked get none.

use crate::common;

use std::sync::{Arc, Barrier};

use chrono::{DateTime, Duration, Utc};
use playspace_app::accounts::EmailSettings;
use playspace_app::bookings::send_session_digests;
use playspace_domain::digest::DigestFrequency;
use playspace_domain::{Event, NotificationKind, Preferences, UserId};
use playspace_ports::RepoError;
use playspace_ports::{
    BookingRepository, BulkEmailStore, DigestRepository, EventRepository, LinkSigner,
    NewNotification, NotificationRepository, Outbox, UserRepository,
};
use playspace_store::Store;
use playspace_test_support::{EventBuilder, FixedClock, outgoing_email};

use common::{TestStore, members, request};

on_both_backends!(
    each_person_gets_one_digest_per_period_with_only_newer_sessions,
    concurrent_sweeps_send_each_person_one_digest,
    opted_out_erased_and_booked_people_get_none,
    stopping_session_alerts_keeps_the_other_preferences,
);

/// Now, in whole seconds (both backends keep microseconds at most).
fn base() -> DateTime<Utc> {
    DateTime::from_timestamp(Utc::now().timestamp(), 0).unwrap()
}

fn settings() -> EmailSettings {
    EmailSettings {
        from_email: "hello@playspace.test".into(),
        from_name: "PlaySpace".into(),
        public_url: "https://playspace.test".into(),
    }
}

struct PlainLinks;

impl LinkSigner for PlainLinks {
    fn sign(&self, purpose: &str, subject: &str) -> String {
        format!("{purpose}.{subject}")
    }
    fn verify(&self, _: &str, _: &str) -> Option<String> {
        None
    }
}

/// A football session published at `published`, a month after it.
fn publish(store: &Store, title: &str, category: &str, published: DateTime<Utc>) -> Event {
    let mut event = EventBuilder::new()
        .title(title)
        .category(category)
        .starts_at(published + Duration::days(30))
        .build();
    event.created_at = published;
    store.insert(&event).unwrap();
    event
}

fn sweep(store: &Store, now: DateTime<Utc>) -> usize {
    send_session_digests(store, store, &PlainLinks, &FixedClock(now), &settings()).unwrap()
}

fn digests_of(store: &Store, user: UserId) -> Vec<String> {
    store
        .notifications_of(user)
        .unwrap()
        .items
        .into_iter()
        .filter(|n| n.kind == NotificationKind::Info && n.title == "New sessions for you")
        .map(|n| n.message)
        .collect()
}

fn digest_emails_to(store: &Store, user: UserId) -> u32 {
    store
        .sent_since(user, "session_digest", base() - Duration::days(1))
        .unwrap()
}

/// Football at any time on any day, at `frequency`.
fn opt_in(store: &Store, user: UserId, frequency: &str, change: impl FnOnce(&mut Preferences)) {
    let mut p = Preferences::default();
    p.notifications.recommendations.enabled = true;
    p.notifications.recommendations.frequency = frequency.into();
    p.sports.favorites = vec!["Football".into()];
    p.availability.days = vec!["Flexible".into()];
    p.availability.times = vec![
        "Morning".into(),
        "Afternoon".into(),
        "Evening".into(),
        "Late Night".into(),
    ];
    change(&mut p);
    store.set_preferences(user, &p).unwrap();
}

fn each_person_gets_one_digest_per_period_with_only_newer_sessions(store: &TestStore) {
    let people = members(store, 2);
    opt_in(store, people[0], "weekly", |_| {});
    opt_in(store, people[1], "daily", |p| {
        p.notifications.methods = vec!["browser".into()];
    });
    // A first digest waits a period from joining.
    let first = base() + Duration::days(8);
    publish(store, "Five-a-side", "Football", first - Duration::hours(1));
    publish(store, "Doubles", "Tennis", first - Duration::hours(1));
    assert_eq!(sweep(store, first - Duration::days(7)), 0, "nobody due yet");
    assert_eq!(sweep(store, first), 2);
    assert_eq!(
        digests_of(store, people[0]),
        ["1 new session matches your preferences."]
    );
    assert_eq!(digest_emails_to(store, people[0]), 1);
    assert_eq!(digests_of(store, people[1]).len(), 1);
    assert_eq!(digest_emails_to(store, people[1]), 0, "in-app only");

    // Again in the same period, as after a restart, even with a new session: nothing.
    assert_eq!(sweep(store, first), 0);
    publish(
        store,
        "Sunday league",
        "Football",
        first + Duration::hours(2),
    );
    assert_eq!(
        sweep(store, first + Duration::days(1) - Duration::seconds(1)),
        0
    );

    // The daily person's next period: only the newer session.
    assert_eq!(sweep(store, first + Duration::days(1)), 1);
    assert_eq!(digests_of(store, people[1]).len(), 2);
    // The daily person, with no sweep since, catches up on what was published after their
    // last digest; the weekly person is not due until a week on.
    publish(store, "Futsal", "Football", first + Duration::days(3));
    assert_eq!(
        sweep(store, first + Duration::days(7) - Duration::seconds(1)),
        1
    );
    assert_eq!(
        digests_of(store, people[1])[0],
        "1 new session matches your preferences."
    );
    // Then the weekly person gets only the sessions published since their first.
    assert_eq!(sweep(store, first + Duration::days(7)), 1);
    assert_eq!(
        digests_of(store, people[0]),
        [
            "2 new sessions match your preferences.",
            "1 new session matches your preferences."
        ]
    );
    assert_eq!(digest_emails_to(store, people[0]), 2);
    // Nothing published since: no digest, however long.
    assert_eq!(sweep(store, first + Duration::days(20)), 0);
}

fn concurrent_sweeps_send_each_person_one_digest(store: &TestStore) {
    let people = members(store, 5);
    for person in &people {
        opt_in(store, *person, "daily", |_| {});
    }
    let now = base() + Duration::days(2);
    publish(store, "Five-a-side", "Football", now - Duration::hours(3));
    let barrier = Arc::new(Barrier::new(4));
    let sent: usize = (0..4)
        .map(|_| {
            let (store, barrier): (Store, _) = ((**store).clone(), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                sweep(&store, now)
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|h| h.join().unwrap())
        .sum();
    assert_eq!(sent, 5);
    for person in &people {
        assert_eq!(digests_of(store, *person).len(), 1);
        assert_eq!(digest_emails_to(store, *person), 1);
    }

    // The claim itself, raced directly a period later: one winner.
    let later = now + Duration::days(1);
    let note = NewNotification {
        user_id: people[0],
        kind: NotificationKind::Info,
        title: "New sessions for you".into(),
        message: "Raced".into(),
        action_url: None,
        event_id: None,
    };
    let barrier = Arc::new(Barrier::new(4));
    let wins = (0..4)
        .map(|_| {
            let (store, barrier, note): (Store, _, _) =
                ((**store).clone(), Arc::clone(&barrier), note.clone());
            std::thread::spawn(move || {
                barrier.wait();
                store
                    .send_digest(
                        note.user_id,
                        DigestFrequency::Daily,
                        &[outgoing_email("racer@example.org")],
                        &note,
                        later,
                    )
                    .unwrap()
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|h| h.join().unwrap())
        .filter(|won| *won)
        .count();
    assert_eq!(wins, 1);
    assert_eq!(digests_of(store, people[0]).len(), 2);
}

fn opted_out_erased_and_booked_people_get_none(store: &TestStore) {
    let people = members(store, 4);
    opt_in(store, people[0], "daily", |p| {
        p.notifications.recommendations.enabled = false;
    });
    opt_in(store, people[1], "daily", |p| p.sports.favorites.clear());
    opt_in(store, people[2], "daily", |_| {});
    opt_in(store, people[3], "daily", |_| {});
    let now = base() + Duration::days(2);
    let event = publish(store, "Five-a-side", "Football", now - Duration::hours(3));
    store
        .book(&request(people[2], &event, None), now - Duration::hours(2))
        .unwrap();
    store.erase(people[3], now - Duration::hours(1)).unwrap();
    assert_eq!(sweep(store, now), 0);
    for person in &people {
        assert!(digests_of(store, *person).is_empty());
    }
    assert!(
        store
            .digest_recipients(now, None, 10)
            .unwrap()
            .iter()
            .all(|r| r.user_id != people[3]),
        "erased accounts are not read"
    );
}

fn stopping_session_alerts_keeps_the_other_preferences(store: &TestStore) {
    let people = members(store, 2);
    opt_in(store, people[0], "weekly", |p| {
        p.notifications.methods = vec!["browser".into()];
    });
    store.stop_session_alerts(people[0]).unwrap();
    store.stop_session_alerts(people[0]).unwrap();
    let p = store.preferences(people[0]).unwrap();
    assert!(!p.notifications.recommendations.enabled);
    assert_eq!(p.notifications.recommendations.frequency, "weekly");
    assert_eq!(p.sports.favorites, ["Football"]);
    assert_eq!(p.notifications.methods, ["browser"]);
    store.erase(people[1], base()).unwrap();
    assert!(matches!(
        store.stop_session_alerts(people[1]),
        Err(RepoError::NotFound)
    ));
}
