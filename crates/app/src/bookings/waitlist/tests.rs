//! The waitlist use cases together: they share one set of mocks.
use super::*;
use crate::accounts::testing::{settings, user};
use crate::bookings::needs::access_default;
use crate::bookings::{BookingChoices, NeedsInput};
use chrono::Duration;
use playspace_domain::booking::PAYMENT_HOLD;
use playspace_domain::waitlist::{WaitlistEntry, WaitlistStatus};
use playspace_domain::{BookingStatus, PaymentMethod, PaymentStatus, WaitlistEntryId};
use playspace_ports::{
    CheckoutSession, ClaimError, GatewayError, JoinError, MockBookingRepository,
    MockEventRepository, MockMembershipRepository, MockPaymentGateway, MockUserRepository,
    MockWaitlistRepository, OfferNotice,
};
use playspace_test_support::{EventBuilder, FixedClock, test_now};

fn with_deps<T>(
    event: Event,
    waitlist: MockWaitlistRepository,
    f: impl FnOnce(&BookingDeps) -> T,
) -> T {
    with_payments(
        event,
        waitlist,
        MockBookingRepository::new(),
        MockPaymentGateway::new(),
        f,
    )
}

fn with_payments<T>(
    event: Event,
    waitlist: MockWaitlistRepository,
    bookings: MockBookingRepository,
    gateway: MockPaymentGateway,
    f: impl FnOnce(&BookingDeps) -> T,
) -> T {
    let mut events = MockEventRepository::new();
    events.expect_get().returning(move |_| Ok(event.clone()));
    let mut memberships = MockMembershipRepository::new();
    memberships.expect_current_plan().returning(|_, _| Ok(None));
    let mut users = MockUserRepository::new();
    users.expect_get().returning(|_| Ok(user()));
    let clock = FixedClock(test_now());
    let settings = settings();
    f(&BookingDeps {
        events: &events,
        bookings: &bookings,
        memberships: &memberships,
        users: &users,
        access: &access_default(),
        waitlist: &waitlist,
        gateway: &gateway,
        clock: &clock,
        email: &settings,
    })
}

fn full() -> Event {
    EventBuilder::new().places(12, 12).build()
}

fn needs(text: &str) -> BookingChoices {
    BookingChoices {
        needs: NeedsInput::text(Some(text)),
        ..BookingChoices::default()
    }
}

#[test]
fn an_offer_claimed_with_a_solidarity_place_and_a_companion_asks_the_store_for_both() {
    let event = EventBuilder::new()
        .price_pence(500)
        .places(11, 12)
        .companions()
        .solidarity(1, 0)
        .build();
    let mut waitlist = MockWaitlistRepository::new();
    waitlist
        .expect_claim()
        .withf(|r, _| {
            r.booking.payment_method == PaymentMethod::Solidarity
                && r.booking.amount.is_free()
                && r.booking.place_request().seats() == 2
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let choices = BookingChoices {
        companion: true,
        ..BookingChoices::default()
    };
    with_deps(event, waitlist, |d| {
        claim_offered_place(d, &user(), &EventId::new().to_string(), &choices, true)
    })
    .unwrap();
}

#[test]
fn an_offer_cannot_bring_a_companion_into_a_full_session() {
    let mut waitlist = MockWaitlistRepository::new();
    waitlist.expect_claim().never();
    let event = EventBuilder::new().places(12, 12).companions().build();
    let choices = BookingChoices {
        companion: true,
        ..BookingChoices::default()
    };
    let result = with_deps(event, waitlist, |d| {
        claim_offered_place(d, &user(), &EventId::new().to_string(), &choices, false)
    });
    assert!(matches!(
        result,
        Err(WaitlistError::BookingRefused(
            BookingRefusal::NoRoomForCompanion
        ))
    ));
}

#[test]
fn joining_passes_the_stores_refusal_on() {
    let mut waitlist = MockWaitlistRepository::new();
    waitlist
        .expect_join()
        .returning(|_, _, _| Err(JoinError::Refused(JoinRefusal::NotFull)));
    let result = with_deps(full(), waitlist, |d| {
        join_waitlist(d, &user(), &EventId::new().to_string())
    });
    assert!(matches!(
        result,
        Err(WaitlistError::Refused(JoinRefusal::NotFull))
    ));
}

#[test]
fn an_unknown_event_id_is_not_found_before_the_store() {
    let result = with_deps(full(), MockWaitlistRepository::new(), |d| {
        join_waitlist(d, &user(), "not-an-id")
    });
    assert!(matches!(result, Err(WaitlistError::EventNotFound)));
}

#[test]
fn claiming_books_in_cash_under_the_plan_limit() {
    let mut waitlist = MockWaitlistRepository::new();
    waitlist
        .expect_claim()
        .withf(|r, now| {
            r.booking.status == BookingStatus::Confirmed
                && r.booking.payment_method == PaymentMethod::Cash
                && r.monthly_limit == Some(2)
                && r.emails[0].email_type == "booking_confirmation"
                && *now == test_now()
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let (booking, _) = with_deps(full(), waitlist, |d| {
        claim_offered_place(
            d,
            &user(),
            &EventId::new().to_string(),
            &needs("Step-free"),
            false,
        )
    })
    .unwrap();
    assert_eq!(
        booking.accessibility_requirements.as_deref(),
        Some("Step-free")
    );
}

#[test]
fn a_started_event_cannot_be_claimed() {
    let mut waitlist = MockWaitlistRepository::new();
    waitlist.expect_claim().never();
    let started = EventBuilder::new()
        .places(12, 12)
        .starts_at(test_now())
        .build();
    let result = with_deps(started, waitlist, |d| {
        claim_offered_place(
            d,
            &user(),
            &EventId::new().to_string(),
            &BookingChoices::default(),
            false,
        )
    });
    assert!(matches!(
        result,
        Err(WaitlistError::BookingRefused(BookingRefusal::EventStarted))
    ));
}

#[test]
fn without_an_open_offer_claiming_says_so() {
    let mut waitlist = MockWaitlistRepository::new();
    waitlist
        .expect_claim()
        .returning(|_, _| Err(ClaimError::NoOffer));
    let result = with_deps(full(), waitlist, |d| {
        claim_offered_place(
            d,
            &user(),
            &EventId::new().to_string(),
            &BookingChoices::default(),
            false,
        )
    });
    assert!(matches!(result, Err(WaitlistError::NoOffer)));
}

fn priced_full() -> Event {
    EventBuilder::new().places(12, 12).price_pence(800).build()
}

/// A waitlist whose entry for the person is `status`, the offer open for another hour.
fn entry_is(status: WaitlistStatus) -> MockWaitlistRepository {
    let mut waitlist = MockWaitlistRepository::new();
    waitlist.expect_entry().returning(move |event_id, user_id| {
        Ok(Some(WaitlistEntry {
            id: WaitlistEntryId::new(),
            event_id,
            user_id,
            status,
            position: None,
            offer_expires_at: Some(test_now() + Duration::hours(1)),
            created_at: test_now(),
        }))
    });
    waitlist
}

fn checkout_session() -> CheckoutSession {
    CheckoutSession {
        id: "cs_claim".into(),
        url: "https://pay.example/cs_claim".into(),
    }
}

#[test]
fn claiming_by_card_turns_the_offer_into_a_held_pending_booking_with_a_checkout() {
    let mut waitlist = entry_is(WaitlistStatus::Offered);
    waitlist
        .expect_claim()
        .withf(|r, now| {
            r.booking.status == BookingStatus::Pending
                && r.booking.payment_status == PaymentStatus::Pending
                && r.booking.payment_method == PaymentMethod::Card
                && r.booking.amount.pence() == 800
                && r.hold_until == Some(test_now() + PAYMENT_HOLD)
                && r.monthly_limit == Some(2)
                // Confirmation waits for the payment.
                && r.emails.is_empty()
                && r.notification.is_none()
                && *now == test_now()
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let mut gateway = MockPaymentGateway::new();
    gateway
        .expect_create_checkout()
        .withf(|c| {
            c.amount_pence == 800
                && c.expires_at == test_now() + PAYMENT_HOLD
                && c.success_url.contains("/success?session_id=")
        })
        .times(1)
        .returning(|_| Ok(checkout_session()));
    let mut bookings = MockBookingRepository::new();
    bookings
        .expect_attach_checkout()
        .withf(|_, session| session == "cs_claim")
        .times(1)
        .returning(|_, _| Ok(()));
    // Never booked the ordinary way: the place is the one held by the offer.
    bookings.expect_book().never();
    let session = with_payments(priced_full(), waitlist, bookings, gateway, |d| {
        claim_offered_place_by_card(d, &user(), &EventId::new().to_string(), &needs("Step-free"))
    })
    .unwrap();
    assert_eq!(session, checkout_session());
}

#[test]
fn a_free_event_cannot_be_claimed_by_card() {
    let mut waitlist = entry_is(WaitlistStatus::Offered);
    waitlist.expect_claim().never();
    let mut gateway = MockPaymentGateway::new();
    gateway.expect_create_checkout().never();
    let result = with_payments(
        full(),
        waitlist,
        MockBookingRepository::new(),
        gateway,
        |d| {
            claim_offered_place_by_card(
                d,
                &user(),
                &EventId::new().to_string(),
                &BookingChoices::default(),
            )
        },
    );
    let error = result.unwrap_err();
    assert!(matches!(error, WaitlistError::PaymentNotRequired));
    assert!(error.to_string().contains("free"));
}

#[test]
fn claiming_by_card_without_an_open_offer_opens_no_checkout() {
    let mut waitlist = entry_is(WaitlistStatus::Waiting);
    waitlist.expect_claim().never();
    let mut gateway = MockPaymentGateway::new();
    gateway.expect_create_checkout().never();
    let result = with_payments(
        priced_full(),
        waitlist,
        MockBookingRepository::new(),
        gateway,
        |d| {
            claim_offered_place_by_card(
                d,
                &user(),
                &EventId::new().to_string(),
                &BookingChoices::default(),
            )
        },
    );
    assert!(matches!(result, Err(WaitlistError::NoOffer)));
}

#[test]
fn a_checkout_that_cannot_start_leaves_the_offer_unclaimed() {
    let mut waitlist = entry_is(WaitlistStatus::Offered);
    waitlist.expect_claim().never();
    let mut gateway = MockPaymentGateway::new();
    gateway
        .expect_create_checkout()
        .returning(|_| Err(GatewayError::Retryable("down".into())));
    let result = with_payments(
        priced_full(),
        waitlist,
        MockBookingRepository::new(),
        gateway,
        |d| {
            claim_offered_place_by_card(
                d,
                &user(),
                &EventId::new().to_string(),
                &BookingChoices::default(),
            )
        },
    );
    assert!(matches!(result, Err(WaitlistError::Gateway(_))));
}

#[test]
fn a_card_claim_that_loses_the_race_for_the_offer_says_so() {
    let mut waitlist = entry_is(WaitlistStatus::Offered);
    waitlist
        .expect_claim()
        .returning(|_, _| Err(ClaimError::NoOffer));
    let mut gateway = MockPaymentGateway::new();
    gateway
        .expect_create_checkout()
        .returning(|_| Ok(checkout_session()));
    let mut bookings = MockBookingRepository::new();
    bookings.expect_attach_checkout().never();
    let result = with_payments(priced_full(), waitlist, bookings, gateway, |d| {
        claim_offered_place_by_card(
            d,
            &user(),
            &EventId::new().to_string(),
            &BookingChoices::default(),
        )
    });
    assert!(matches!(result, Err(WaitlistError::NoOffer)));
}

#[test]
fn offers_are_announced_with_an_email_naming_the_deadline() {
    let event = full();
    let event_id = event.id;
    let held_until = test_now() + Duration::hours(12);
    let mut waitlist = MockWaitlistRepository::new();
    waitlist.expect_unannounced_offers().returning(move |_| {
        Ok(vec![OfferNotice {
            entry_id: WaitlistEntryId::new(),
            user_id: user().id,
            event_id,
            offer_expires_at: held_until,
        }])
    });
    waitlist
        .expect_announce_offer()
        .withf(move |_, mails, note, _| {
            mails.len() == 1
                && mails[0].email_type == "waitlist_offer"
                && mails[0].text_body.contains(&format!("/events/{event_id}"))
                && mails[0]
                    .text_body
                    .contains(&playspace_domain::london::format_long(held_until))
                && note.action_url == Some(format!("/events/{event_id}"))
        })
        .times(1)
        .returning(|_, _, _, _| Ok(true));
    assert_eq!(
        with_deps(event, waitlist, announce_waitlist_offers).unwrap(),
        1
    );
}

#[test]
fn leaving_without_an_entry_says_so() {
    let mut waitlist = MockWaitlistRepository::new();
    waitlist
        .expect_leave()
        .returning(|_, _, _| Err(RepoError::NotFound));
    let result = with_deps(full(), waitlist, |d| {
        leave_waitlist(d, &user(), &EventId::new().to_string())
    });
    assert!(matches!(result, Err(WaitlistError::NotOnWaitlist)));
}
