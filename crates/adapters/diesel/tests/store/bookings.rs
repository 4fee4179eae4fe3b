//! Bookings against both backends: the capacity guard under real concurrency.

use crate::common;

use playspace_domain::NotificationKind;
use std::sync::{Arc, Barrier};

use chrono::{Duration, Utc};
use playspace_domain::booking_rules::BookingRefusal;
use playspace_domain::{BookingStatus, Event};
use playspace_ports::{
    BookError, BookingRepository, BookingRequest, DemoSeedStore, EventRepository, NewNotification,
    Outbox, RepoError, UserRepository,
};
use playspace_store::Store;
use playspace_test_support::{EventBuilder, outgoing_email};

on_both_backends!(
    fifty_people_one_place_one_booking,
    two_hundred_people_twenty_places_twenty_bookings,
    one_person_booking_twice_at_once_gets_one_booking,
    cancel_and_book_racing_for_the_last_place_never_oversell,
    without_the_guard_the_race_is_real,
    community_members_get_two_a_month,
    inactive_and_started_events_are_refused_with_their_reason,
    cancelling_releases_the_place_exactly_once,
    a_booking_stores_its_emails_and_notification_and_a_refusal_none,
    already_booked_is_said_before_the_month_and_the_capacity,
    one_person_booking_six_events_at_once_gets_their_two,
    live_event_ids_are_the_persons_live_bookings_of_events_still_to_come,
);

use common::{event, members, request};

/// Everyone books at once (released by a barrier); returns each outcome.
fn rush(store: &Store, requests: Vec<BookingRequest>) -> Vec<Result<(), BookError>> {
    let barrier = Arc::new(Barrier::new(requests.len()));
    let handles: Vec<_> = requests
        .into_iter()
        .map(|r| {
            let (store, barrier) = (store.clone(), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                store.book(&r, Utc::now())
            })
        })
        .collect();
    handles.into_iter().map(|h| h.join().unwrap()).collect()
}

fn count(results: &[Result<(), BookError>], wanted: &Result<(), BookError>) -> usize {
    results.iter().filter(|r| *r == wanted).count()
}

fn participants(store: &Store, event: &Event) -> u32 {
    EventRepository::get(store, event.id)
        .unwrap()
        .current_participants
}

fn fifty_people_one_place_one_booking(store: &Store) {
    let event = event(store, 1);
    let requests = members(store, 50)
        .into_iter()
        .map(|u| request(u, &event, None))
        .collect();
    let results = rush(store, requests);
    assert_eq!(count(&results, &Ok(())), 1);
    assert_eq!(
        count(
            &results,
            &Err(BookError::Refused(BookingRefusal::EventFull))
        ),
        49,
        "{results:?}"
    );
    assert_eq!(participants(store, &event), 1);
}

fn two_hundred_people_twenty_places_twenty_bookings(store: &Store) {
    let event = event(store, 20);
    let requests = members(store, 200)
        .into_iter()
        .map(|u| request(u, &event, None))
        .collect();
    let results = rush(store, requests);
    assert_eq!(count(&results, &Ok(())), 20);
    assert_eq!(
        count(
            &results,
            &Err(BookError::Refused(BookingRefusal::EventFull))
        ),
        180,
        "{results:?}"
    );
    assert_eq!(participants(store, &event), 20);
}

fn one_person_booking_twice_at_once_gets_one_booking(store: &Store) {
    let event = event(store, 10);
    let user = members(store, 1)[0];
    let results = rush(store, (0..8).map(|_| request(user, &event, None)).collect());
    assert_eq!(count(&results, &Ok(())), 1);
    assert_eq!(
        count(
            &results,
            &Err(BookError::Refused(BookingRefusal::AlreadyBooked))
        ),
        7,
        "{results:?}"
    );
    assert_eq!(participants(store, &event), 1);
    assert_eq!(store.list_for_user(user).unwrap().len(), 1);
}

fn cancel_and_book_racing_for_the_last_place_never_oversell(store: &Store) {
    for _ in 0..5 {
        let event = event(store, 1);
        let people = members(store, 6);
        let first = request(people[0], &event, None);
        store.book(&first, Utc::now()).unwrap();
        let barrier = Arc::new(Barrier::new(people.len()));
        let canceller = {
            let (store, barrier, id) = (store.clone(), Arc::clone(&barrier), first.booking.id);
            std::thread::spawn(move || {
                barrier.wait();
                store.cancel(id, None, &[], &[], Utc::now()).unwrap();
            })
        };
        let bookers: Vec<_> = people[1..]
            .iter()
            .map(|u| {
                let (store, barrier, r) = (
                    store.clone(),
                    Arc::clone(&barrier),
                    request(*u, &event, None),
                );
                std::thread::spawn(move || {
                    barrier.wait();
                    store.book(&r, Utc::now())
                })
            })
            .collect();
        canceller.join().unwrap();
        let booked = bookers
            .into_iter()
            .map(|b| b.join().unwrap())
            .filter(Result::is_ok)
            .count();
        assert!(
            booked <= 1,
            "at most the released place is taken, got {booked}"
        );
        assert_eq!(participants(store, &event), booked as u32);
    }
}

/// The control: the same rush through a naive read-then-write (no guard, no transaction)
/// oversells, which shows the guarded tests above are testing a real race.
fn without_the_guard_the_race_is_real(store: &Store) {
    let mut oversold = false;
    for _ in 0..10 {
        let event = event(store, 1);
        let barrier = Arc::new(Barrier::new(20));
        let handles: Vec<_> = (0..20)
            .map(|_| {
                let (store, barrier, id) = (store.clone(), Arc::clone(&barrier), event.id);
                std::thread::spawn(move || {
                    barrier.wait();
                    store.unguarded_take_place_for_tests(id)
                })
            })
            .collect();
        let taken = handles
            .into_iter()
            .map(|h| h.join().unwrap())
            .filter(|t| *t)
            .count();
        if taken > 1 {
            oversold = true;
            break;
        }
    }
    assert!(
        oversold,
        "a naive check-then-write should oversell under concurrency"
    );
}

fn community_members_get_two_a_month(store: &Store) {
    let user = members(store, 1)[0];
    let day = Utc::now() + Duration::days(40);
    let events: Vec<Event> = (0..3)
        .map(|i| {
            let e = EventBuilder::new()
                .starts_at(day + Duration::hours(i))
                .places(0, 5)
                .build();
            store.insert(&e).unwrap();
            e
        })
        .collect();
    store
        .book(&request(user, &events[0], Some(2)), Utc::now())
        .unwrap();
    store
        .book(&request(user, &events[1], Some(2)), Utc::now())
        .unwrap();
    assert_eq!(
        store.book(&request(user, &events[2], Some(2)), Utc::now()),
        Err(BookError::Refused(BookingRefusal::MonthlyLimitReached))
    );
    assert_eq!(
        participants(store, &events[2]),
        0,
        "the refused booking took no place"
    );
    store
        .book(&request(user, &events[2], None), Utc::now())
        .unwrap();
}

fn inactive_and_started_events_are_refused_with_their_reason(store: &Store) {
    let user = members(store, 1)[0];
    let hidden = EventBuilder::new()
        .starts_at(Utc::now() + Duration::days(1))
        .inactive()
        .build();
    store.insert(&hidden).unwrap();
    assert_eq!(
        store.book(&request(user, &hidden, None), Utc::now()),
        Err(BookError::Refused(BookingRefusal::EventInactive))
    );
    let started = EventBuilder::new()
        .starts_at(Utc::now() - Duration::minutes(5))
        .build();
    store.insert(&started).unwrap();
    assert_eq!(
        store.book(&request(user, &started, None), Utc::now()),
        Err(BookError::Refused(BookingRefusal::EventStarted))
    );
    let ghost = EventBuilder::new().build();
    assert_eq!(
        store.book(&request(user, &ghost, None), Utc::now()),
        Err(BookError::EventNotFound)
    );
}

fn cancelling_releases_the_place_exactly_once(store: &Store) {
    let event = event(store, 3);
    let user = members(store, 1)[0];
    let r = request(user, &event, None);
    store.book(&r, Utc::now()).unwrap();
    assert_eq!(participants(store, &event), 1);
    let results: Vec<_> = (0..4)
        .map(|_| {
            let (store, id) = (store.clone(), r.booking.id);
            std::thread::spawn(move || {
                store.cancel(id, Some("Can't make it".into()), &[], &[], Utc::now())
            })
        })
        .map(|h| h.join().unwrap())
        .collect();
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1);
    assert!(
        results
            .iter()
            .filter(|r| r.is_err())
            .all(|r| *r == Err(RepoError::NotFound))
    );
    assert_eq!(participants(store, &event), 0);
    assert_eq!(
        BookingRepository::get(store, r.booking.id)
            .unwrap()
            .booking
            .status,
        BookingStatus::Cancelled
    );
    // Booking again after cancelling is allowed.
    store
        .book(&request(user, &event, None), Utc::now())
        .unwrap();
}

fn a_booking_stores_its_emails_and_notification_and_a_refusal_none(store: &Store) {
    let event = event(store, 1);
    let people = members(store, 2);
    let with_outbox = |user| {
        let mut r = request(user, &event, Some(2));
        let mut email = outgoing_email("racer@example.org");
        (email.user_id, email.booking_id, email.event_id) =
            (Some(user), Some(r.booking.id), Some(event.id));
        r.emails = vec![email, outgoing_email("copy@example.org")];
        r.notification = Some(NewNotification {
            user_id: user,
            kind: NotificationKind::Booking,
            title: "Booking Confirmed!".into(),
            message: "Booking confirmed for \"Football\"!".into(),
            action_url: Some("/bookings".into()),
            event_id: Some(event.id),
        });
        r
    };
    store.book(&with_outbox(people[0]), Utc::now()).unwrap();
    assert_eq!(
        store.book(&with_outbox(people[1]), Utc::now()),
        Err(BookError::Refused(BookingRefusal::EventFull))
    );
    let mut sent = store
        .claim_due(Utc::now(), Duration::minutes(1), 10)
        .unwrap();
    sent.sort_by(|a, b| a.to_email.cmp(&b.to_email));
    let to: Vec<_> = sent.iter().map(|e| e.to_email.as_str()).collect();
    assert_eq!(
        to,
        ["copy@example.org", "racer@example.org"],
        "one booking's two emails"
    );
    assert_eq!(sent[1].to_name.as_deref(), Some("Ana"));
    assert_eq!(sent[1].html_body, "<p>Hello</p>");
    let notes = |user| store.export(user).unwrap().notifications;
    let first = notes(people[0]);
    assert_eq!(first.len(), 1);
    assert_eq!(
        (first[0].0.as_str(), first[0].1.as_str()),
        ("Booking Confirmed!", "Booking confirmed for \"Football\"!")
    );
    assert!(notes(people[1]).is_empty());
}

/// The same order on both backends (PostgreSQL books in one statement).
fn already_booked_is_said_before_the_month_and_the_capacity(store: &Store) {
    let user = members(store, 1)[0];
    let full = event(store, 1);
    store.book(&request(user, &full, None), Utc::now()).unwrap();
    assert_eq!(
        store.book(&request(user, &full, Some(1)), Utc::now()),
        Err(BookError::Refused(BookingRefusal::AlreadyBooked)),
        "booked, full, and the month used up"
    );
    let other = event(store, 5);
    assert_eq!(
        store.book(&request(user, &other, Some(1)), Utc::now()),
        Err(BookError::Refused(BookingRefusal::MonthlyLimitReached))
    );
    let latecomer = members(store, 1)[0];
    assert_eq!(
        store.book(&request(latecomer, &full, Some(1)), Utc::now()),
        Err(BookError::Refused(BookingRefusal::EventFull)),
        "the month allows it, the event does not"
    );
}

fn one_person_booking_six_events_at_once_gets_their_two(store: &Store) {
    let user = members(store, 1)[0];
    let requests = (0..6)
        .map(|_| request(user, &event(store, 5), Some(2)))
        .collect();
    let results = rush(store, requests);
    assert_eq!(count(&results, &Ok(())), 2, "{results:?}");
    assert_eq!(
        count(
            &results,
            &Err(BookError::Refused(BookingRefusal::MonthlyLimitReached))
        ),
        4
    );
}

/// The PostgreSQL one-statement booking (ADR 0007) stores exactly what the step-by-step path
/// stores: the same request booked through each, in two databases set up alike, leaves the
/// same rows (the ids the store generates and the times aside).
#[test]
fn postgres_one_statement_booking_stores_what_the_step_by_step_path_stores() {
    let (Some(one), Some(steps)) = (common::postgres_store(), common::postgres_store()) else {
        return;
    };
    let member = playspace_ports::DemoMember {
        id: playspace_domain::UserId::new(),
        email: "same@example.org".into(),
        first_name: "Same".into(),
        last_name: "Person".into(),
        marketing_consent: false,
        created_at: Utc::now(),
    };
    let event = EventBuilder::new()
        .starts_at(Utc::now() + Duration::days(3))
        .places(0, 5)
        .build();
    for store in [&one, &steps] {
        store
            .insert_demo_data(&playspace_ports::DemoData {
                members: vec![member.clone()],
                ..Default::default()
            })
            .unwrap();
        store.insert(&event).unwrap();
    }
    let mut booking = request(member.id, &event, Some(2));
    booking.booking.accessibility_requirements = Some("Step-free access".into());
    booking.emails = vec![playspace_domain::OutgoingEmail {
        user_id: Some(member.id),
        booking_id: Some(booking.booking.id),
        event_id: Some(event.id),
        ..outgoing_email("same@example.org")
    }];
    booking.notification = Some(NewNotification {
        user_id: member.id,
        kind: NotificationKind::Booking,
        title: "Booking Confirmed!".into(),
        message: "See you there".into(),
        action_url: Some("/bookings".into()),
        event_id: Some(event.id),
    });
    let now = Utc::now();
    one.book(&booking, now).unwrap();
    steps.book_step_by_step_for_tests(&booking, now).unwrap();

    let generated = ["id", "created_at", "updated_at", "next_attempt_at"];
    let rows = |store: &common::TestStore, table: &str| -> Vec<serde_json::Value> {
        store
            .rows_as_json(table, "1")
            .iter()
            .map(|text| {
                let mut row: serde_json::Value = serde_json::from_str(text).unwrap();
                let fields = row.as_object_mut().unwrap();
                if table != "bookings" {
                    fields.retain(|key, _| !generated.contains(&key.as_str()));
                }
                fields.retain(|key, _| !key.ends_with("_at") || key == "hold_expires_at");
                row
            })
            .collect()
    };
    for table in ["bookings", "email_deliveries", "notifications", "events"] {
        let (a, b) = (rows(&one, table), rows(&steps, table));
        assert!(!a.is_empty(), "{table} has rows");
        assert_eq!(a, b, "{table}");
    }
}

fn live_event_ids_are_the_persons_live_bookings_of_events_still_to_come(store: &Store) {
    let people = members(store, 2);
    let (kept, cancelled, others) = (event(store, 5), event(store, 5), event(store, 5));
    store
        .book(&request(people[0], &kept, None), Utc::now())
        .unwrap();
    let to_cancel = request(people[0], &cancelled, None);
    store.book(&to_cancel, Utc::now()).unwrap();
    store
        .cancel(to_cancel.booking.id, None, &[], &[], Utc::now())
        .unwrap();
    store
        .book(&request(people[1], &others, None), Utc::now())
        .unwrap();
    assert_eq!(
        store.live_event_ids(people[0], Utc::now()).unwrap(),
        [kept.id]
    );
    // Once the event has started it is no longer asked about.
    let after_start = kept.starts_at + Duration::minutes(1);
    assert!(
        store
            .live_event_ids(people[0], after_start)
            .unwrap()
            .is_empty()
    );
    assert!(
        store
            .live_event_ids(members(store, 1)[0], Utc::now())
            .unwrap()
            .is_empty()
    );
}
