//! Event reminders against both backends: each (booking, timing) is sent once, across
//! repeated and concurrent sweeps, never for cancelled bookings or inactive events, and a
//! sweep after downtime catches up only within each timing's window.

use crate::common;

use std::sync::{Arc, Barrier};

use chrono::{DateTime, Duration, Utc};
use playspace_app::accounts::EmailSettings;
use playspace_app::bookings::send_event_reminders;
use playspace_domain::reminder::ReminderTiming;
use playspace_domain::{Event, NotificationKind, Preferences, UserId};
use playspace_ports::{
    BookingRepository, EventRepository, NewNotification, NotificationRepository, Outbox,
    ReminderRepository, UserRepository,
};
use playspace_store::Store;
use playspace_test_support::{EventBuilder, FixedClock, outgoing_email};

use common::{TestStore, members, request};

on_both_backends!(
    each_due_reminder_is_sent_once_by_the_persons_methods,
    concurrent_sweeps_send_each_reminder_once,
    cancelled_bookings_and_inactive_events_get_none,
    a_sweep_after_downtime_catches_up_only_within_the_window,
    a_booking_made_after_the_moment_gets_no_reminder_for_it,
    each_persons_preferences_choose_their_reminders,
    a_passed_over_reminder_is_decided_once,
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

/// An event in ten days, booked at `booked_at` by `people` new members.
fn booked_event(store: &Store, people: usize, booked_at: DateTime<Utc>) -> (Event, Vec<UserId>) {
    let event = EventBuilder::new()
        .title("Sunday Swim")
        .starts_at(base() + Duration::days(10))
        .places(0, 20)
        .build();
    store.insert(&event).unwrap();
    let people = members(store, people);
    for person in &people {
        let mut booking = request(*person, &event, None);
        booking.booking.created_at = booked_at;
        store.book(&booking, booked_at).unwrap();
    }
    (event, people)
}

fn sweep(store: &Store, now: DateTime<Utc>) -> usize {
    send_event_reminders(store, &FixedClock(now), &settings()).unwrap()
}

fn reminders_of(store: &Store, user: UserId) -> Vec<String> {
    store
        .notifications_of(user)
        .unwrap()
        .items
        .into_iter()
        .filter(|n| n.kind == NotificationKind::Reminder)
        .map(|n| n.message)
        .collect()
}

fn reminder_emails_to(store: &Store, user: UserId) -> u32 {
    store
        .sent_since(user, "event_reminder", base() - Duration::days(1))
        .unwrap()
}

fn set_preferences(store: &Store, user: UserId, change: impl FnOnce(&mut Preferences)) {
    let mut preferences = Preferences::default();
    change(&mut preferences);
    store.set_preferences(user, &preferences).unwrap();
}

fn each_due_reminder_is_sent_once_by_the_persons_methods(store: &TestStore) {
    let (event, people) = booked_event(store, 2, base());
    set_preferences(store, people[1], |p| {
        p.notifications.methods = vec!["browser".into()];
    });
    let start = event.starts_at;
    assert_eq!(sweep(store, start - Duration::hours(24)), 2);
    assert_eq!(
        reminders_of(store, people[0]),
        ["Reminder: \"Sunday Swim\" starts in 24 hours!"]
    );
    assert_eq!(reminder_emails_to(store, people[0]), 1);
    assert_eq!(reminders_of(store, people[1]).len(), 1);
    assert_eq!(reminder_emails_to(store, people[1]), 0, "in-app only");

    // Later sweeps inside the same window, as after a restart, send nothing more.
    assert_eq!(sweep(store, start - Duration::hours(24)), 0);
    assert_eq!(sweep(store, start - Duration::hours(20)), 0);
    let candidates = store
        .reminder_candidates(start - Duration::hours(20), None, 10)
        .unwrap();
    assert!(candidates.is_empty(), "sent reminders are not candidates");

    // The next timing is its own reminder.
    assert_eq!(sweep(store, start - Duration::minutes(55)), 2);
    assert_eq!(sweep(store, start - Duration::minutes(50)), 0);
    assert_eq!(
        reminders_of(store, people[0]),
        [
            "Reminder: \"Sunday Swim\" starts in 1 hour!",
            "Reminder: \"Sunday Swim\" starts in 24 hours!"
        ]
    );
    assert_eq!(reminder_emails_to(store, people[0]), 2);
}

fn concurrent_sweeps_send_each_reminder_once(store: &TestStore) {
    let (event, people) = booked_event(store, 5, base());
    let now = event.starts_at - Duration::hours(23);
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
        assert_eq!(reminders_of(store, *person).len(), 1);
        assert_eq!(reminder_emails_to(store, *person), 1);
    }

    // The claim itself, raced directly: one winner.
    let booking = store.list_for_user(people[0]).unwrap()[0].booking.id;
    let note = NewNotification {
        user_id: people[0],
        kind: NotificationKind::Reminder,
        title: "Event Reminder".into(),
        message: "Reminder".into(),
        action_url: None,
        event_id: Some(event.id),
    };
    let barrier = Arc::new(Barrier::new(4));
    let wins = (0..4)
        .map(|_| {
            let (store, barrier, note): (Store, _, _) =
                ((**store).clone(), Arc::clone(&barrier), note.clone());
            std::thread::spawn(move || {
                barrier.wait();
                store
                    .send_reminder(
                        booking,
                        ReminderTiming::OneWeek,
                        &[outgoing_email("racer@example.org")],
                        &note,
                        Utc::now(),
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
    assert_eq!(reminders_of(store, people[0]).len(), 2);
}

fn cancelled_bookings_and_inactive_events_get_none(store: &TestStore) {
    let (event, people) = booked_event(store, 2, base());
    let cancelled = store.list_for_user(people[1]).unwrap()[0].booking.id;
    store.cancel(cancelled, None, &[], &[], base()).unwrap();
    let (inactive, others) = booked_event(store, 1, base());
    store.execute(&format!(
        "UPDATE events SET is_active = FALSE WHERE id = '{}'",
        inactive.id
    ));

    let now = event.starts_at - Duration::hours(24);
    let candidates = store.reminder_candidates(now, None, 10).unwrap();
    assert_eq!(candidates.len(), 1);
    assert_eq!(candidates[0].user_id, people[0]);
    assert_eq!(candidates[0].title, "Sunday Swim");
    assert_eq!(candidates[0].starts_at, event.starts_at);
    assert_eq!(sweep(store, now), 1);
    assert!(reminders_of(store, people[1]).is_empty());
    assert!(reminders_of(store, others[0]).is_empty());

    // Even asked directly, a cancelled booking's reminder is refused and nothing written.
    let note = NewNotification {
        user_id: people[1],
        kind: NotificationKind::Reminder,
        title: "Event Reminder".into(),
        message: "Reminder".into(),
        action_url: None,
        event_id: Some(event.id),
    };
    let mail = [outgoing_email("cancelled@example.org")];
    assert!(
        !store
            .send_reminder(cancelled, ReminderTiming::OneDay, &mail, &note, now)
            .unwrap()
    );
    assert!(reminders_of(store, people[1]).is_empty());
}

fn a_sweep_after_downtime_catches_up_only_within_the_window(store: &TestStore) {
    let (event, people) = booked_event(store, 1, base());
    let start = event.starts_at;
    // Down from before the 24 hours moment until just inside its 6 hour window.
    assert_eq!(sweep(store, start - Duration::hours(18)), 1);

    let (later, others) = booked_event(store, 1, base());
    // Down until a second past the window: that reminder is skipped for good...
    let late = later.starts_at - Duration::hours(18) + Duration::seconds(1);
    assert!(
        store
            .reminder_candidates(late, None, 10)
            .unwrap()
            .is_empty()
    );
    assert_eq!(sweep(store, late), 0);
    assert!(reminders_of(store, others[0]).is_empty());
    // ...and the next one still comes at its moment.
    assert_eq!(sweep(store, later.starts_at - Duration::hours(1)), 2);
    assert_eq!(
        reminders_of(store, others[0]),
        ["Reminder: \"Sunday Swim\" starts in 1 hour!"]
    );
    assert_eq!(reminders_of(store, people[0]).len(), 2);
}

fn a_booking_made_after_the_moment_gets_no_reminder_for_it(store: &TestStore) {
    let start = base() + Duration::days(10);
    let (event, people) = booked_event(store, 1, start - Duration::hours(23));
    assert_eq!(event.starts_at, start);
    assert_eq!(sweep(store, start - Duration::hours(22)), 0);
    assert!(reminders_of(store, people[0]).is_empty());
    assert_eq!(sweep(store, start - Duration::minutes(59)), 1);
    assert_eq!(
        reminders_of(store, people[0]),
        ["Reminder: \"Sunday Swim\" starts in 1 hour!"]
    );
}

fn each_persons_preferences_choose_their_reminders(store: &TestStore) {
    let (event, people) = booked_event(store, 3, base());
    set_preferences(store, people[0], |p| {
        p.notifications.event_reminders.enabled = false;
    });
    set_preferences(store, people[1], |p| {
        p.notifications.event_reminders.timing = vec!["1 week".into(), "4 hours".into()];
    });
    let start = event.starts_at;
    let week = store
        .reminder_candidates(start - Duration::days(7), None, 10)
        .unwrap();
    assert_eq!(week.len(), 3, "preferences are applied by the use case");
    let first = store
        .reminder_candidates(start - Duration::days(7), None, 2)
        .unwrap();
    let rest = store
        .reminder_candidates(start - Duration::days(7), Some(first[1].booking_id), 2)
        .unwrap();
    assert_eq!(
        (first.len(), rest.len()),
        (2, 1),
        "pages follow the booking id"
    );
    assert!(first.iter().all(|c| c.booking_id != rest[0].booking_id));
    let by_person = week.iter().find(|c| c.user_id == people[1]).unwrap();
    assert_eq!(
        by_person.preferences.notifications.event_reminders.timing,
        ["1 week", "4 hours"]
    );
    assert_eq!(sweep(store, start - Duration::days(7)), 1);
    assert_eq!(
        sweep(store, start - Duration::hours(24)),
        1,
        "default person"
    );
    assert_eq!(sweep(store, start - Duration::hours(4)), 1);
    assert_eq!(
        sweep(store, start - Duration::hours(1)),
        1,
        "default person"
    );
    assert!(reminders_of(store, people[0]).is_empty());
    assert_eq!(
        reminders_of(store, people[1]),
        [
            "Reminder: \"Sunday Swim\" starts in 4 hours!",
            "Reminder: \"Sunday Swim\" starts in 1 week!"
        ]
    );
    assert_eq!(reminders_of(store, people[2]).len(), 2);
}

fn a_passed_over_reminder_is_decided_once(store: &TestStore) {
    let (event, people) = booked_event(store, 2, base());
    let week = event.starts_at - Duration::days(7);
    let offered = store.reminder_candidates(week, None, 10).unwrap();
    assert_eq!(offered.len(), 2);
    // Neither person chose "1 week": both are passed over and no longer read.
    assert_eq!(sweep(store, week), 0);
    assert!(
        store
            .reminder_candidates(week + Duration::hours(1), None, 10)
            .unwrap()
            .is_empty()
    );
    // Choosing it after its moment does not bring it back late.
    set_preferences(store, people[0], |p| {
        p.notifications.event_reminders.timing = vec!["1 week".into()];
    });
    assert_eq!(sweep(store, week + Duration::hours(2)), 0);
    // Passed over once: repeating it is harmless, and a send of it claims nothing.
    let passed: Vec<_> = offered
        .iter()
        .map(|c| (c.booking_id, ReminderTiming::OneWeek))
        .collect();
    store.pass_reminders(&passed, week).unwrap();
    let note = NewNotification {
        user_id: people[0],
        kind: NotificationKind::Reminder,
        title: "Event Reminder".into(),
        message: "late".into(),
        action_url: None,
        event_id: Some(event.id),
    };
    let first = offered.iter().find(|c| c.user_id == people[0]).unwrap();
    assert!(
        !store
            .send_reminder(first.booking_id, ReminderTiming::OneWeek, &[], &note, week)
            .unwrap()
    );
    assert!(reminders_of(store, people[0]).is_empty());
    // A sent reminder is not turned into a passed one.
    assert_eq!(
        sweep(store, event.starts_at - Duration::hours(1)),
        1,
        "the default person's"
    );
    store
        .pass_reminders(
            &[(first.booking_id, ReminderTiming::OneHour)],
            event.starts_at,
        )
        .unwrap();
    let second = offered.iter().find(|c| c.user_id == people[1]).unwrap();
    assert!(
        !store
            .send_reminder(
                second.booking_id,
                ReminderTiming::OneHour,
                &[],
                &note,
                event.starts_at
            )
            .unwrap(),
        "already sent"
    );
    assert_eq!(
        reminders_of(store, people[1]),
        ["Reminder: \"Sunday Swim\" starts in 1 hour!"]
    );
    assert!(
        reminders_of(store, people[0]).is_empty(),
        "1 week only, and that was passed"
    );
}
