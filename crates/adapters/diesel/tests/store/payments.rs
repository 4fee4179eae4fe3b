//! Card payment transitions against both backends: exactly once, never overselling.

use crate::common;

use playspace_domain::NotificationKind;
use std::sync::{Arc, Barrier};

use chrono::{Duration, Utc};
use playspace_domain::{
    Booking, BookingId, BookingReference, BookingStatus, Event, Money, PaymentMethod,
    PaymentStatus, UserId,
};
use playspace_ports::{
    BookingRepository, BookingRequest, DemoData, DemoMember, DemoSeedStore, EventRepository,
    NewNotification, PaymentTransition, TransitionOutcome, UserRepository,
};
use playspace_store::Store;
use playspace_test_support::{EventBuilder, outgoing_email};

on_both_backends!(
    five_concurrent_deliveries_confirm_once,
    expiry_releases_the_place_once,
    paid_after_expiry_takes_a_free_place_again,
    paid_after_expiry_when_full_needs_a_refund,
    paid_after_expiry_once_the_session_started_needs_a_refund,
    expired_holds_are_found_for_the_sweep,
);

fn member(store: &Store) -> UserId {
    let m = DemoMember {
        id: UserId::new(),
        email: format!("{}@example.org", UserId::new()),
        first_name: "A".into(),
        last_name: "B".into(),
        marketing_consent: false,
        created_at: Utc::now(),
    };
    store
        .insert_demo_data(&DemoData {
            members: vec![m.clone()],
            ..Default::default()
        })
        .unwrap();
    m.id
}

fn event(store: &Store, places: u32) -> Event {
    let e = EventBuilder::new()
        .starts_at(Utc::now() + Duration::days(2))
        .price_pence(800)
        .places(0, places)
        .build();
    store.insert(&e).unwrap();
    e
}

/// A held card booking with its session id.
fn hold(store: &Store, event: &Event, hold_for: Duration) -> (BookingId, String) {
    let booking = Booking {
        id: BookingId::new(),
        reference: BookingReference::generate(&mut rand::rng()),
        user_id: member(store),
        event_id: event.id,
        status: BookingStatus::Pending,
        payment_status: PaymentStatus::Pending,
        payment_method: PaymentMethod::Card,
        amount: Money::from_pence(800).unwrap(),
        accessibility_requirements: None,
        access_needs: vec![],
        needs_from_profile: false,
        companion: None,
        created_at: Utc::now(),
    };
    let request = BookingRequest {
        hold_until: Some(Utc::now() + hold_for),
        limit_month: playspace_domain::booking_rules::limit_month(event),
        monthly_limit: None,
        emails: vec![],
        notification: None,
        booking,
    };
    store.book(&request, Utc::now()).unwrap();
    let session = format!("cs_test_{}", request.booking.id.as_uuid().simple());
    store.attach_checkout(request.booking.id, &session).unwrap();
    (request.booking.id, session)
}

/// The payment of the booking held under `session`, with its email and notification.
fn paid(store: &Store, session: &str) -> PaymentTransition {
    let found = store.find_by_session(session).unwrap();
    PaymentTransition::Paid {
        payment_intent: Some("pi_1".into()),
        emails: vec![outgoing_email("a@example.org")],
        notification: NewNotification {
            user_id: found.booking.user_id,
            kind: NotificationKind::Booking,
            title: "Booking Confirmed!".into(),
            message: "Booking confirmed".into(),
            action_url: Some("/bookings".into()),
            event_id: Some(found.event.id),
        },
    }
}

/// How many notifications the person who made booking `id` has (from their data export).
fn notifications_of(store: &Store, id: BookingId) -> usize {
    let user = BookingRepository::get(store, id).unwrap().booking.user_id;
    store.export(user).unwrap().notifications.len()
}

fn participants(store: &Store, event: &Event) -> u32 {
    EventRepository::get(store, event.id)
        .unwrap()
        .current_participants
}

fn five_concurrent_deliveries_confirm_once(store: &Store) {
    let event = event(store, 5);
    let (id, session) = hold(store, &event, Duration::minutes(30));
    let barrier = Arc::new(Barrier::new(5));
    let handles: Vec<_> = (0..5)
        .map(|_| {
            let (store, barrier, session) = (store.clone(), Arc::clone(&barrier), session.clone());
            std::thread::spawn(move || {
                barrier.wait();
                store
                    .apply_payment(
                        &session,
                        Some("evt_1".into()),
                        &paid(&store, &session),
                        Utc::now(),
                    )
                    .unwrap()
            })
        })
        .collect();
    let outcomes: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        outcomes
            .iter()
            .filter(|o| **o == TransitionOutcome::Applied)
            .count(),
        1,
        "{outcomes:?}"
    );
    assert_eq!(
        outcomes
            .iter()
            .filter(|o| **o == TransitionOutcome::DuplicateEvent)
            .count(),
        4
    );
    let found = BookingRepository::get(store, id).unwrap();
    assert_eq!(
        (found.booking.status, found.booking.payment_status),
        (BookingStatus::Confirmed, PaymentStatus::Paid)
    );
    assert_eq!(participants(store, &event), 1);
    assert_eq!(notifications_of(store, id), 1, "one Booking Confirmed!");
    // The same payment reported under another event id changes nothing.
    assert_eq!(
        store
            .apply_payment(
                &session,
                Some("evt_2".into()),
                &paid(store, &session),
                Utc::now()
            )
            .unwrap(),
        TransitionOutcome::AlreadyDone
    );
}

fn expiry_releases_the_place_once(store: &Store) {
    let event = event(store, 1);
    let (_, session) = hold(store, &event, Duration::minutes(30));
    assert_eq!(participants(store, &event), 1);
    let released = PaymentTransition::Released {
        payment_failed: false,
    };
    assert_eq!(
        store
            .apply_payment(&session, Some("evt_exp".into()), &released, Utc::now())
            .unwrap(),
        TransitionOutcome::Applied
    );
    assert_eq!(
        store
            .apply_payment(&session, None, &released, Utc::now())
            .unwrap(),
        TransitionOutcome::AlreadyDone
    );
    assert_eq!(participants(store, &event), 0);
}

fn paid_after_expiry_takes_a_free_place_again(store: &Store) {
    let event = event(store, 1);
    let (id, session) = hold(store, &event, Duration::minutes(30));
    store
        .apply_payment(
            &session,
            None,
            &PaymentTransition::Released {
                payment_failed: false,
            },
            Utc::now(),
        )
        .unwrap();
    assert_eq!(
        store
            .apply_payment(
                &session,
                Some("evt_late".into()),
                &paid(store, &session),
                Utc::now()
            )
            .unwrap(),
        TransitionOutcome::Applied
    );
    assert_eq!(participants(store, &event), 1);
    assert_eq!(
        BookingRepository::get(store, id).unwrap().booking.status,
        BookingStatus::Confirmed
    );
    assert_eq!(notifications_of(store, id), 1);
}

fn paid_after_expiry_once_the_session_started_needs_a_refund(store: &Store) {
    let event = event(store, 5);
    let (id, session) = hold(store, &event, Duration::minutes(30));
    store
        .apply_payment(
            &session,
            None,
            &PaymentTransition::Released {
                payment_failed: false,
            },
            Utc::now(),
        )
        .unwrap();
    // The payment lands after the session began: a free place is no longer a place to take.
    let late = event.starts_at + Duration::minutes(1);
    let outcome = store
        .apply_payment(
            &session,
            Some("evt_late".into()),
            &paid(store, &session),
            late,
        )
        .unwrap();
    assert!(
        matches!(outcome, TransitionOutcome::PaidButNoPlace { .. }),
        "{outcome:?}"
    );
    assert_eq!(participants(store, &event), 0);
    assert_eq!(notifications_of(store, id), 0);
}

fn paid_after_expiry_when_full_needs_a_refund(store: &Store) {
    let event = event(store, 1);
    let (id, session) = hold(store, &event, Duration::minutes(30));
    store
        .apply_payment(
            &session,
            None,
            &PaymentTransition::Released {
                payment_failed: false,
            },
            Utc::now(),
        )
        .unwrap();
    hold(store, &event, Duration::minutes(30)); // someone else takes the released place
    let outcome = store
        .apply_payment(
            &session,
            Some("evt_late".into()),
            &paid(store, &session),
            Utc::now(),
        )
        .unwrap();
    assert_eq!(
        outcome,
        TransitionOutcome::PaidButNoPlace {
            payment_intent: Some("pi_1".into())
        }
    );
    assert_eq!(participants(store, &event), 1, "never oversold");
    assert_eq!(notifications_of(store, id), 0, "nothing confirmed");
    assert_eq!(
        BookingRepository::get(store, id).unwrap().booking.status,
        BookingStatus::Cancelled
    );
    store
        .record_refund(id, 800, Some("re_1".into()), "succeeded", Utc::now())
        .unwrap();
    assert_eq!(
        BookingRepository::get(store, id)
            .unwrap()
            .booking
            .payment_status,
        PaymentStatus::Refunded
    );
}

fn expired_holds_are_found_for_the_sweep(store: &Store) {
    let event = event(store, 5);
    let (expired, session) = hold(store, &event, Duration::minutes(-1));
    hold(store, &event, Duration::minutes(30));
    let found = store.expired_holds(Utc::now(), 10).unwrap();
    assert_eq!(found, vec![(expired, Some(session))]);
}
