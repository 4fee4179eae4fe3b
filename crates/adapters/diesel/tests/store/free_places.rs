//! Companion and solidarity places against both backends (ADR 0022): a companion's place
//! comes with the member's or not at all, solidarity places never run past the number set,
//! and a cancellation gives back exactly what the booking took, under real concurrency.

use crate::common;

use std::sync::{Arc, Barrier};

use chrono::{Duration, Utc};
use playspace_domain::booking_rules::BookingRefusal;
use playspace_domain::{Companion, Event, Money, PaymentMethod, PlaceRequest, UserId};
use playspace_ports::{
    BookError, BookingRepository, BookingRequest, EventRepository, MembershipRepository,
};
use playspace_store::Store;
use playspace_test_support::EventBuilder;

use common::{TestStore, members, request};

on_both_backends!(
    a_rush_of_companions_takes_both_places_or_neither,
    companions_and_members_alone_racing_never_oversell,
    without_the_guard_companions_oversell,
    a_rush_for_solidarity_places_takes_no_more_than_set,
    without_the_guard_solidarity_places_run_over,
    a_companion_counts_once_toward_the_month_and_cancelling_frees_both,
    the_guard_refuses_a_companion_where_none_is_allowed,
    cancelling_a_solidarity_place_gives_it_back,
    solidarity_places_used_count_live_bookings_of_the_months_sessions,
    supporters_are_the_people_whose_supporter_plan_is_in_force,
);

/// An event in three days with `places` places, companions allowed and `solidarity`
/// solidarity places, at £5.
fn free_places_event(store: &Store, places: u32, solidarity: u32) -> Event {
    let event = EventBuilder::new()
        .starts_at(Utc::now() + Duration::days(3))
        .places(0, places)
        .price_pence(500)
        .companions()
        .solidarity(solidarity, 0)
        .build();
    store.insert(&event).unwrap();
    event
}

fn with_companion(user: UserId, event: &Event, name: Option<&str>) -> BookingRequest {
    let mut r = request(user, event, None);
    r.booking.companion = Some(Companion {
        first_name: name.map(str::to_owned),
    });
    r
}

fn solidarity(user: UserId, event: &Event) -> BookingRequest {
    let mut r = request(user, event, None);
    r.booking.payment_method = PaymentMethod::Solidarity;
    r.booking.amount = Money::ZERO;
    r
}

/// Everyone books at once (released by a barrier); returns each request with its outcome.
fn rush(
    store: &Store,
    requests: Vec<BookingRequest>,
) -> Vec<(BookingRequest, Result<(), BookError>)> {
    let barrier = Arc::new(Barrier::new(requests.len()));
    let handles: Vec<_> = requests
        .into_iter()
        .map(|r| {
            let (store, barrier) = (store.clone(), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                let outcome = store.book(&r, Utc::now());
                (r, outcome)
            })
        })
        .collect();
    handles.into_iter().map(|h| h.join().unwrap()).collect()
}

fn counts(store: &Store, event: &Event) -> (u32, u32) {
    let e = EventRepository::get(store, event.id).unwrap();
    (e.current_participants, e.free_places.solidarity_used)
}

/// Races `unguarded_take_for_tests` (read, then write, no guard) until two callers both
/// believe they got what `request` asks for; whether they ever did.
fn unguarded_race_oversells(
    store: &Store,
    make: impl Fn(&Store) -> Event,
    request: PlaceRequest,
) -> bool {
    for _ in 0..10 {
        let event = make(store);
        let barrier = Arc::new(Barrier::new(20));
        let handles: Vec<_> = (0..20)
            .map(|_| {
                let (store, barrier, id) = (store.clone(), Arc::clone(&barrier), event.id);
                std::thread::spawn(move || {
                    barrier.wait();
                    store.unguarded_take_for_tests(id, request)
                })
            })
            .collect();
        let taken = handles
            .into_iter()
            .map(|h| h.join().unwrap())
            .filter(|t| *t)
            .count();
        if taken > 1 {
            return true;
        }
    }
    false
}

fn a_rush_of_companions_takes_both_places_or_neither(store: &Store) {
    let event = free_places_event(store, 5, 0);
    let requests = members(store, 12)
        .into_iter()
        .map(|u| with_companion(u, &event, Some("Sam")))
        .collect();
    let results = rush(store, requests);
    let booked = results.iter().filter(|(_, r)| r.is_ok()).count();
    assert_eq!(booked, 2, "{results:?}");
    for (_, outcome) in results.iter().filter(|(_, r)| r.is_err()) {
        assert!(
            matches!(
                outcome,
                Err(BookError::Refused(
                    BookingRefusal::NoRoomForCompanion | BookingRefusal::EventFull
                ))
            ),
            "{outcome:?}"
        );
    }
    // Two bookings of two places each; the fifth place stays free, never half a booking.
    assert_eq!(counts(store, &event).0, 4);
    for (r, outcome) in &results {
        let stored = BookingRepository::list_for_user(store, r.booking.user_id).unwrap();
        if outcome.is_ok() {
            assert_eq!(stored.len(), 1);
            assert_eq!(
                stored[0]
                    .booking
                    .companion
                    .as_ref()
                    .and_then(|c| c.first_name.as_deref()),
                Some("Sam")
            );
        } else {
            assert!(stored.is_empty(), "a refused booking leaves no row");
        }
    }
}

fn companions_and_members_alone_racing_never_oversell(store: &Store) {
    for _ in 0..5 {
        let event = free_places_event(store, 3, 0);
        let people = members(store, 12);
        let requests = people
            .iter()
            .enumerate()
            .map(|(i, u)| {
                if i % 2 == 0 {
                    with_companion(*u, &event, None)
                } else {
                    request(*u, &event, None)
                }
            })
            .collect();
        let results = rush(store, requests);
        let seats: u32 = results
            .iter()
            .filter(|(_, r)| r.is_ok())
            .map(|(r, _)| r.booking.place_request().seats())
            .sum();
        let (taken, _) = counts(store, &event);
        assert_eq!(taken, seats, "the count is the places the bookings hold");
        assert!(taken <= 3, "never oversold: {taken} of 3");
        // Whatever won, a single place can still be filled only when one is left.
        assert!(taken >= 2, "the race fills the session: {taken}");
    }
}

/// The control for the companion rush: the same race through a naive read-then-write of
/// two places at once oversells.
fn without_the_guard_companions_oversell(store: &Store) {
    assert!(
        unguarded_race_oversells(
            store,
            |s| free_places_event(s, 3, 0),
            PlaceRequest {
                companion: true,
                solidarity: false
            }
        ),
        "a naive check-then-write of two places should oversell under concurrency"
    );
}

fn a_rush_for_solidarity_places_takes_no_more_than_set(store: &Store) {
    let event = free_places_event(store, 20, 3);
    let requests = members(store, 12)
        .into_iter()
        .map(|u| solidarity(u, &event))
        .collect();
    let results = rush(store, requests);
    assert_eq!(results.iter().filter(|(_, r)| r.is_ok()).count(), 3);
    assert_eq!(
        results
            .iter()
            .filter(|(_, r)| *r == Err(BookError::Refused(BookingRefusal::NoSolidarityPlaces)))
            .count(),
        9,
        "{results:?}"
    );
    assert_eq!(counts(store, &event), (3, 3));
    // The session's other places are still there to book, and paid for.
    let late = members(store, 1)[0];
    store
        .book(&request(late, &event, None), Utc::now())
        .unwrap();
    assert_eq!(counts(store, &event), (4, 3));
}

/// The control for the solidarity rush.
fn without_the_guard_solidarity_places_run_over(store: &Store) {
    assert!(
        unguarded_race_oversells(
            store,
            |s| free_places_event(s, 20, 1),
            PlaceRequest {
                companion: false,
                solidarity: true
            }
        ),
        "a naive check-then-write of a solidarity place should run over under concurrency"
    );
}

fn a_companion_counts_once_toward_the_month_and_cancelling_frees_both(store: &Store) {
    let user = members(store, 1)[0];
    let day = Utc::now() + Duration::days(40);
    let events: Vec<Event> = (0..3)
        .map(|i| {
            let e = EventBuilder::new()
                .starts_at(day + Duration::hours(i))
                .places(0, 5)
                .companions()
                .build();
            store.insert(&e).unwrap();
            e
        })
        .collect();
    let limited = |e: &Event| {
        let mut r = with_companion(user, e, None);
        r.monthly_limit = Some(2);
        r
    };
    let first = limited(&events[0]);
    store.book(&first, Utc::now()).unwrap();
    store.book(&limited(&events[1]), Utc::now()).unwrap();
    assert_eq!(counts(store, &events[0]).0, 2);
    assert_eq!(counts(store, &events[1]).0, 2);
    // Two bookings of two places each are two of the month's two bookings, not four.
    assert_eq!(
        store.book(&limited(&events[2]), Utc::now()),
        Err(BookError::Refused(BookingRefusal::MonthlyLimitReached))
    );
    assert_eq!(counts(store, &events[2]).0, 0);

    store
        .cancel(first.booking.id, None, &[], &[], Utc::now())
        .unwrap();
    assert_eq!(counts(store, &events[0]).0, 0, "both places are freed");
    // Once only: a second cancel finds no live booking and frees nothing more.
    assert!(
        store
            .cancel(first.booking.id, None, &[], &[], Utc::now())
            .is_err()
    );
    assert_eq!(counts(store, &events[0]).0, 0);
    store.book(&limited(&events[2]), Utc::now()).unwrap();
}

fn the_guard_refuses_a_companion_where_none_is_allowed(store: &Store) {
    let event = EventBuilder::new()
        .starts_at(Utc::now() + Duration::days(3))
        .places(0, 5)
        .build();
    store.insert(&event).unwrap();
    let user = members(store, 1)[0];
    assert_eq!(
        store.book(&with_companion(user, &event, None), Utc::now()),
        Err(BookError::Refused(BookingRefusal::CompanionNotAllowed))
    );
    assert_eq!(counts(store, &event).0, 0);
    assert!(
        BookingRepository::list_for_user(store, user)
            .unwrap()
            .is_empty()
    );
}

fn cancelling_a_solidarity_place_gives_it_back(store: &Store) {
    let event = free_places_event(store, 5, 1);
    let people = members(store, 2);
    let first = solidarity(people[0], &event);
    store.book(&first, Utc::now()).unwrap();
    assert_eq!(counts(store, &event), (1, 1));
    assert_eq!(
        store.book(&solidarity(people[1], &event), Utc::now()),
        Err(BookError::Refused(BookingRefusal::NoSolidarityPlaces))
    );
    store
        .cancel(first.booking.id, None, &[], &[], Utc::now())
        .unwrap();
    assert_eq!(counts(store, &event), (0, 0));
    store
        .book(&solidarity(people[1], &event), Utc::now())
        .unwrap();
    assert_eq!(counts(store, &event), (1, 1));
}

fn solidarity_places_used_count_live_bookings_of_the_months_sessions(store: &Store) {
    // A window of its own, far ahead, so other tests' sessions do not fall in it.
    let from = Utc::now() + Duration::days(400);
    let to = from + Duration::days(30);
    let inside = EventBuilder::new()
        .starts_at(from + Duration::days(2))
        .places(0, 10)
        .price_pence(500)
        .solidarity(3, 0)
        .build();
    let outside = EventBuilder::new()
        .starts_at(to + Duration::days(2))
        .places(0, 10)
        .price_pence(500)
        .solidarity(3, 0)
        .build();
    store.insert(&inside).unwrap();
    store.insert(&outside).unwrap();
    let people = members(store, 4);
    let cancelled = solidarity(people[0], &inside);
    store.book(&cancelled, Utc::now()).unwrap();
    store
        .book(&solidarity(people[1], &inside), Utc::now())
        .unwrap();
    store
        .book(&solidarity(people[2], &inside), Utc::now())
        .unwrap();
    store
        .book(&request(people[3], &inside, None), Utc::now())
        .unwrap();
    store
        .book(&solidarity(people[3], &outside), Utc::now())
        .unwrap();
    store
        .cancel(cancelled.booking.id, None, &[], &[], Utc::now())
        .unwrap();
    assert_eq!(store.solidarity_places_used(from, to).unwrap(), 2);
}

fn supporters_are_the_people_whose_supporter_plan_is_in_force(store: &TestStore) {
    let people = members(store, 6);
    let insert = |id: &str,
                  user: UserId,
                  plan: &str,
                  status: &str,
                  start: &str,
                  end: Option<&str>| {
        let end = end.map_or("NULL".to_owned(), |e| format!("'{e}'"));
        store.execute(&format!(
            "INSERT INTO memberships (id, user_id, plan, status, start_date, end_date, price_pence, \
             created_at, updated_at) VALUES ('{id}', '{user}', '{plan}', '{status}', '{start}', {end}, \
             3000, '{start}', '{start}')"
        ));
    };
    let now = chrono::DateTime::parse_from_rfc3339("2026-11-20T12:00:00Z")
        .unwrap()
        .with_timezone(&Utc);
    // In force: counted once however many rows.
    insert(
        "s-1",
        people[0],
        "champion",
        "active",
        "2026-11-01 10:00:00",
        None,
    );
    insert(
        "s-2",
        people[1],
        "champion",
        "active",
        "2026-10-01 10:00:00",
        Some("2026-12-01 10:00:00"),
    );
    insert(
        "s-3",
        people[1],
        "champion",
        "active",
        "2026-09-01 10:00:00",
        Some("2026-12-01 10:00:00"),
    );
    // Not: ended, another plan, still paying, not started.
    insert(
        "s-4",
        people[2],
        "champion",
        "active",
        "2026-10-01 10:00:00",
        Some("2026-11-02 10:00:00"),
    );
    insert(
        "s-5",
        people[3],
        "active",
        "active",
        "2026-11-01 10:00:00",
        None,
    );
    insert(
        "s-6",
        people[4],
        "champion",
        "pending",
        "2026-11-01 10:00:00",
        None,
    );
    insert(
        "s-7",
        people[5],
        "champion",
        "active",
        "2026-12-01 10:00:00",
        None,
    );
    assert_eq!(store.supporters(now).unwrap(), 2);
}
