//! The waitlist against both backends: freed places go to the queue in order, are held
//! while offered, and are never offered twice or beyond capacity.

use crate::common;

use playspace_domain::NotificationKind;
use std::sync::{Arc, Barrier};

use chrono::{Duration, Utc};
use playspace_domain::booking_rules::BookingRefusal;
use playspace_domain::waitlist::{JoinRefusal, WaitlistStatus};
use playspace_domain::{BookingStatus, Event, PaymentMethod, PaymentStatus, UserId};
use playspace_ports::{
    BookingRepository, ClaimError, EventRepository, JoinError, NewNotification, PaymentTransition,
    RepoError, WaitlistRepository,
};
use playspace_store::Store;
use playspace_test_support::outgoing_email;

use common::{event, members, request};

on_both_backends!(
    only_full_events_can_be_joined_once_in_order,
    a_freed_place_is_held_for_the_first_person_and_claimed,
    lapsed_and_declined_offers_pass_on_then_release,
    leaving_moves_the_queue_up_and_allows_joining_again,
    an_expired_card_hold_is_offered_too,
    an_offer_claimed_by_card_is_held_then_passed_on_when_unpaid,
    concurrent_cancellations_offer_each_place_to_a_different_person,
    a_claim_and_a_lapse_racing_have_one_winner,
    an_offer_is_announced_once,
);

fn participants(store: &Store, event: &Event) -> u32 {
    EventRepository::get(store, event.id)
        .unwrap()
        .current_participants
}

/// A full event: one place, booked by the first of the returned people.
fn full_event_and_people(store: &Store, people: usize) -> (Event, Vec<UserId>) {
    let event = event(store, 1);
    let people = members(store, people);
    store
        .book(&request(people[0], &event, None), Utc::now())
        .unwrap();
    (event, people)
}

fn status(store: &Store, event: &Event, user: UserId) -> WaitlistStatus {
    store.entry(event.id, user).unwrap().unwrap().status
}

fn cancel_the_booking_of(store: &Store, user: UserId) {
    let booking = store.list_for_user(user).unwrap()[0].booking.id;
    store.cancel(booking, None, &[], &[], Utc::now()).unwrap();
}

fn only_full_events_can_be_joined_once_in_order(store: &Store) {
    let open = event(store, 2);
    let someone = members(store, 1)[0];
    assert_eq!(
        store.join(open.id, someone, Utc::now()),
        Err(JoinError::Refused(JoinRefusal::NotFull))
    );
    assert_eq!(
        store.join(playspace_domain::EventId::new(), someone, Utc::now()),
        Err(JoinError::EventNotFound)
    );

    let (event, people) = full_event_and_people(store, 4);
    assert_eq!(
        store.join(event.id, people[0], Utc::now()),
        Err(JoinError::Refused(JoinRefusal::Event(
            BookingRefusal::AlreadyBooked
        )))
    );
    for (i, person) in people[1..].iter().enumerate() {
        let entry = store.join(event.id, *person, Utc::now()).unwrap();
        assert_eq!(entry.status, WaitlistStatus::Waiting);
        assert_eq!(entry.position, Some(u32::try_from(i).unwrap() + 1));
    }
    assert_eq!(
        store.join(event.id, people[1], Utc::now()),
        Err(JoinError::Refused(JoinRefusal::AlreadyWaiting))
    );
    assert_eq!(store.entry(event.id, someone).unwrap(), None);
    assert_eq!(participants(store, &event), 1);
}

fn a_freed_place_is_held_for_the_first_person_and_claimed(store: &Store) {
    let (event, people) = full_event_and_people(store, 4);
    let (first, second, outsider) = (people[1], people[2], people[3]);
    store.join(event.id, first, Utc::now()).unwrap();
    store.join(event.id, second, Utc::now()).unwrap();

    let now = Utc::now();
    cancel_the_booking_of(store, people[0]);
    // Held for the first person: the count stays, and nobody else can take it.
    assert_eq!(participants(store, &event), 1);
    let offer = store.entry(event.id, first).unwrap().unwrap();
    assert_eq!(offer.status, WaitlistStatus::Offered);
    assert_eq!(offer.position, None);
    let window = offer.offer_expires_at.unwrap() - now;
    assert!(window > Duration::hours(11) && window <= Duration::hours(12) + Duration::minutes(1));
    assert_eq!(
        store.entry(event.id, second).unwrap().unwrap().position,
        Some(1)
    );
    assert!(
        store
            .book(&request(outsider, &event, None), Utc::now())
            .is_err()
    );
    assert_eq!(
        store.claim(&request(second, &event, None), Utc::now()),
        Err(ClaimError::NoOffer)
    );

    let claim = request(first, &event, None);
    store.claim(&claim, Utc::now()).unwrap();
    assert_eq!(participants(store, &event), 1);
    assert_eq!(status(store, &event, first), WaitlistStatus::Claimed);
    let booked = BookingRepository::get(store, claim.booking.id).unwrap();
    assert_eq!(booked.booking.status, BookingStatus::Confirmed);
    assert_eq!(booked.booking.payment_status, PaymentStatus::Pending);
    assert_eq!(
        store.claim(&request(first, &event, None), Utc::now()),
        Err(ClaimError::Refused(BookingRefusal::AlreadyBooked))
    );
}

fn lapsed_and_declined_offers_pass_on_then_release(store: &Store) {
    let (event, people) = full_event_and_people(store, 3);
    let (first, second) = (people[1], people[2]);
    store.join(event.id, first, Utc::now()).unwrap();
    store.join(event.id, second, Utc::now()).unwrap();
    cancel_the_booking_of(store, people[0]);
    assert_eq!(store.expire_offers(Utc::now(), 10).unwrap(), 0);

    let later = Utc::now() + Duration::hours(13);
    assert_eq!(store.expire_offers(later, 10).unwrap(), 1);
    assert_eq!(status(store, &event, first), WaitlistStatus::Expired);
    assert_eq!(status(store, &event, second), WaitlistStatus::Offered);
    assert_eq!(participants(store, &event), 1);
    assert_eq!(
        store.claim(&request(first, &event, None), later),
        Err(ClaimError::NoOffer)
    );
    // Nobody is offered a place twice for one event.
    assert_eq!(
        store.join(event.id, first, later),
        Err(JoinError::Refused(JoinRefusal::AlreadyOffered))
    );

    // Declining with nobody left waiting gives the place back to the event.
    store.leave(event.id, second, later).unwrap();
    assert_eq!(status(store, &event, second), WaitlistStatus::Expired);
    assert_eq!(participants(store, &event), 0);
    assert_eq!(
        store.leave(event.id, second, later),
        Err(RepoError::NotFound)
    );
}

fn leaving_moves_the_queue_up_and_allows_joining_again(store: &Store) {
    let (event, people) = full_event_and_people(store, 4);
    for person in &people[1..] {
        store.join(event.id, *person, Utc::now()).unwrap();
    }
    store.leave(event.id, people[2], Utc::now()).unwrap();
    assert_eq!(status(store, &event, people[2]), WaitlistStatus::Left);
    assert_eq!(
        store.entry(event.id, people[3]).unwrap().unwrap().position,
        Some(2)
    );
    let back = store.join(event.id, people[2], Utc::now()).unwrap();
    assert_eq!(back.position, Some(3));
    assert_eq!(participants(store, &event), 1);
}

fn an_expired_card_hold_is_offered_too(store: &Store) {
    let event = event(store, 1);
    let people = members(store, 2);
    let mut hold = request(people[0], &event, None);
    hold.booking.status = BookingStatus::Pending;
    hold.booking.payment_method = PaymentMethod::Card;
    hold.hold_until = Some(Utc::now() + Duration::minutes(30));
    store.book(&hold, Utc::now()).unwrap();
    store
        .attach_checkout(hold.booking.id, "cs_test_waitlist")
        .unwrap();
    store.join(event.id, people[1], Utc::now()).unwrap();

    store
        .apply_payment(
            "cs_test_waitlist",
            Some("evt_expired".into()),
            &PaymentTransition::Released {
                payment_failed: false,
            },
            Utc::now(),
        )
        .unwrap();
    assert_eq!(status(store, &event, people[1]), WaitlistStatus::Offered);
    assert_eq!(participants(store, &event), 1);
}

/// A card claim: the offer becomes a pending booking on the held place; when its payment
/// window ends unpaid, the sweep's release passes the place to the next in line.
fn an_offer_claimed_by_card_is_held_then_passed_on_when_unpaid(store: &Store) {
    let (event, people) = full_event_and_people(store, 3);
    let (first, second) = (people[1], people[2]);
    store.join(event.id, first, Utc::now()).unwrap();
    store.join(event.id, second, Utc::now()).unwrap();
    cancel_the_booking_of(store, people[0]);

    let now = Utc::now();
    let mut claim = request(first, &event, None);
    claim.booking.status = BookingStatus::Pending;
    claim.booking.payment_method = PaymentMethod::Card;
    claim.hold_until = Some(now + Duration::minutes(30));
    store.claim(&claim, now).unwrap();
    store
        .attach_checkout(claim.booking.id, "cs_test_claim")
        .unwrap();
    assert_eq!(status(store, &event, first), WaitlistStatus::Claimed);
    assert_eq!(status(store, &event, second), WaitlistStatus::Waiting);
    assert_eq!(
        participants(store, &event),
        1,
        "the offered place, not another"
    );
    let held = BookingRepository::get(store, claim.booking.id).unwrap();
    assert_eq!(held.booking.status, BookingStatus::Pending);
    assert_eq!(held.booking.payment_method, PaymentMethod::Card);
    assert!(store.expired_holds(now, 10).unwrap().is_empty());

    let later = now + Duration::minutes(31);
    assert_eq!(
        store.expired_holds(later, 10).unwrap(),
        vec![(claim.booking.id, Some("cs_test_claim".to_owned()))]
    );
    store
        .apply_payment(
            "cs_test_claim",
            None,
            &PaymentTransition::Released {
                payment_failed: false,
            },
            later,
        )
        .unwrap();
    assert_eq!(status(store, &event, second), WaitlistStatus::Offered);
    assert_eq!(participants(store, &event), 1);
    assert_eq!(
        store.join(event.id, first, later),
        Err(JoinError::Refused(JoinRefusal::AlreadyOffered))
    );
}

fn concurrent_cancellations_offer_each_place_to_a_different_person(store: &Store) {
    let event = event(store, 10);
    let people = members(store, 25);
    let (holders, waiting) = people.split_at(10);
    for person in holders {
        store
            .book(&request(*person, &event, None), Utc::now())
            .unwrap();
    }
    for person in waiting {
        store.join(event.id, *person, Utc::now()).unwrap();
    }
    let barrier = Arc::new(Barrier::new(holders.len()));
    let handles: Vec<_> = holders
        .iter()
        .map(|person| {
            let (store, barrier, person) = (store.clone(), Arc::clone(&barrier), *person);
            std::thread::spawn(move || {
                barrier.wait();
                cancel_the_booking_of(&store, person);
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
    assert_eq!(participants(store, &event), 10);
    // The first ten in the queue, each once; the rest still wait, in order.
    for person in &waiting[..10] {
        assert_eq!(status(store, &event, *person), WaitlistStatus::Offered);
    }
    for (i, person) in waiting[10..].iter().enumerate() {
        let entry = store.entry(event.id, *person).unwrap().unwrap();
        assert_eq!(entry.position, Some(u32::try_from(i).unwrap() + 1));
    }
    assert_eq!(store.unannounced_offers(100).unwrap().len(), 10);
}

fn a_claim_and_a_lapse_racing_have_one_winner(store: &Store) {
    for _ in 0..4 {
        let (event, people) = full_event_and_people(store, 2);
        store.join(event.id, people[1], Utc::now()).unwrap();
        cancel_the_booking_of(store, people[0]);
        let expiry = store
            .entry(event.id, people[1])
            .unwrap()
            .unwrap()
            .offer_expires_at
            .unwrap();
        let barrier = Arc::new(Barrier::new(2));
        let claim = {
            let (store, barrier) = (store.clone(), Arc::clone(&barrier));
            let claim = request(people[1], &event, None);
            std::thread::spawn(move || {
                barrier.wait();
                store.claim(&claim, expiry - Duration::seconds(1)).is_ok()
            })
        };
        let lapse = {
            let (store, barrier) = (store.clone(), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                store.expire_offers(expiry, 10).unwrap() == 1
            })
        };
        let (claimed, lapsed) = (claim.join().unwrap(), lapse.join().unwrap());
        assert!(claimed != lapsed, "exactly one of claim and lapse wins");
        assert_eq!(participants(store, &event), u32::from(claimed));
    }
}

fn an_offer_is_announced_once(store: &Store) {
    let (event, people) = full_event_and_people(store, 2);
    store.join(event.id, people[1], Utc::now()).unwrap();
    cancel_the_booking_of(store, people[0]);
    let offers = store.unannounced_offers(10).unwrap();
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].user_id, people[1]);
    let note = NewNotification {
        user_id: people[1],
        kind: NotificationKind::Booking,
        title: "A place is free".into(),
        message: "Claim it".into(),
        action_url: None,
        event_id: Some(event.id),
    };
    let mail = [outgoing_email("waiting@example.org")];
    let results: Vec<bool> = (0..4)
        .map(|_| {
            let (store, note, mail, id) = (
                store.clone(),
                note.clone(),
                mail.clone(),
                offers[0].entry_id,
            );
            std::thread::spawn(move || store.announce_offer(id, &mail, &note, Utc::now()).unwrap())
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|h| h.join().unwrap())
        .collect();
    assert_eq!(results.iter().filter(|sent| **sent).count(), 1);
    assert!(store.unannounced_offers(10).unwrap().is_empty());
}
