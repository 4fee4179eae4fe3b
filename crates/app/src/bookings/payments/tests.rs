//! The card payment use cases together: they share one set of mocks.
use super::*;
use crate::accounts::testing::{settings, user};
use crate::bookings::BookingChoices;
use crate::bookings::needs::access_default;
use playspace_domain::booking::PAYMENT_HOLD;
use playspace_domain::{
    Booking, BookingId, BookingReference, BookingStatus, Event, EventId, Money, PaymentMethod,
    PaymentStatus,
};
use playspace_ports::{
    BookingWithEvent, CheckoutMode, CheckoutPayment, CheckoutSession, CheckoutStatus, GatewayEvent,
    GatewayEventKind, MockBookingRepository, MockEventRepository, MockMembershipRepository,
    MockPaymentGateway, MockUserRepository, RefundStatus,
};
use playspace_test_support::{EventBuilder, FixedClock, test_now};

struct Mocks {
    events: MockEventRepository,
    bookings: MockBookingRepository,
    memberships: MockMembershipRepository,
    users: MockUserRepository,
    gateway: MockPaymentGateway,
}

fn mocks(event: Event) -> Mocks {
    let mut events = MockEventRepository::new();
    events.expect_get().returning(move |_| Ok(event.clone()));
    let mut memberships = MockMembershipRepository::new();
    memberships.expect_current_plan().returning(|_, _| Ok(None));
    Mocks {
        events,
        bookings: MockBookingRepository::new(),
        memberships,
        users: MockUserRepository::new(),
        gateway: MockPaymentGateway::new(),
    }
}

fn with_deps<T>(m: &Mocks, f: impl FnOnce(&BookingDeps) -> T) -> T {
    let clock = FixedClock(test_now());
    let settings = settings();
    let deps = BookingDeps {
        events: &m.events,
        bookings: &m.bookings,
        memberships: &m.memberships,
        users: &m.users,
        access: &access_default(),
        waitlist: &playspace_ports::MockWaitlistRepository::new(),
        gateway: &m.gateway,
        clock: &clock,
        email: &settings,
    };
    f(&deps)
}

fn found(event: &Event) -> BookingWithEvent {
    BookingWithEvent {
        booking: Booking {
            id: BookingId::new(),
            reference: BookingReference::generate(&mut rand::rng()),
            user_id: user().id,
            event_id: event.id,
            status: BookingStatus::Pending,
            payment_status: PaymentStatus::Pending,
            payment_method: PaymentMethod::Card,
            amount: Money::from_pence(800).unwrap(),
            accessibility_requirements: None,
            access_needs: vec![],
            needs_from_profile: false,
            companion: None,
            created_at: test_now(),
        },
        event: event.clone(),
        session_id: Some("cs_1".into()),
    }
}

#[test]
fn checkout_holds_for_thirty_minutes_and_asks_the_gateway_for_a_gbp_payment() {
    let event = EventBuilder::new().price_pence(800).build();
    let mut m = mocks(event);
    m.bookings
        .expect_book()
        .withf(|r, _| {
            r.booking.status == BookingStatus::Pending
                && r.hold_until == Some(test_now() + PAYMENT_HOLD)
        })
        .times(1)
        .returning(|_, _| Ok(()));
    m.gateway
        .expect_create_checkout()
        .withf(|c| {
            c.mode == CheckoutMode::Payment
                && c.amount_pence == 800
                && c.success_url
                    .ends_with("/success?session_id={CHECKOUT_SESSION_ID}")
                && c.cancel_url.contains("/cancel?booking_id=")
                && c.expires_at == test_now() + PAYMENT_HOLD
                && c.idempotency_key.starts_with("checkout-")
        })
        .returning(|_| {
            Ok(CheckoutSession {
                id: "cs_1".into(),
                url: "https://pay/cs_1".into(),
            })
        });
    m.bookings
        .expect_attach_checkout()
        .withf(|_, s| s == "cs_1")
        .times(1)
        .returning(|_, _| Ok(()));
    let session = with_deps(&m, |d| {
        start_card_checkout(
            d,
            &user(),
            &EventId::new().to_string(),
            &BookingChoices::default(),
        )
    })
    .unwrap();
    assert_eq!(session.url, "https://pay/cs_1");
}

#[test]
fn a_companion_is_held_with_the_card_booking_and_charged_nothing() {
    let event = EventBuilder::new().price_pence(800).companions().build();
    let mut m = mocks(event);
    m.bookings
        .expect_book()
        .withf(|r, _| {
            r.booking.place_request().seats() == 2
                && r.booking.amount.pence() == 800
                && r.booking.payment_method == PaymentMethod::Card
        })
        .times(1)
        .returning(|_, _| Ok(()));
    m.gateway
        .expect_create_checkout()
        .withf(|c| c.amount_pence == 800)
        .returning(|_| {
            Ok(CheckoutSession {
                id: "cs_2".into(),
                url: "https://pay/cs_2".into(),
            })
        });
    m.bookings.expect_attach_checkout().returning(|_, _| Ok(()));
    let choices = BookingChoices {
        companion: true,
        ..BookingChoices::default()
    };
    with_deps(&m, |d| {
        start_card_checkout(d, &user(), &EventId::new().to_string(), &choices)
    })
    .unwrap();
}

#[test]
fn a_card_booking_with_a_companion_where_none_is_allowed_is_refused() {
    let mut m = mocks(EventBuilder::new().price_pence(800).build());
    m.bookings.expect_book().never();
    let choices = BookingChoices {
        companion: true,
        ..BookingChoices::default()
    };
    let err = with_deps(&m, |d| {
        start_card_checkout(d, &user(), &EventId::new().to_string(), &choices)
    })
    .unwrap_err();
    assert!(matches!(
        err,
        CheckoutError::Refused(
            playspace_domain::booking_rules::BookingRefusal::CompanionNotAllowed
        )
    ));
}

#[test]
fn a_gateway_failure_gives_the_held_place_back() {
    let event = EventBuilder::new().price_pence(800).build();
    let mut m = mocks(event);
    m.bookings.expect_book().returning(|_, _| Ok(()));
    m.gateway
        .expect_create_checkout()
        .returning(|_| Err(GatewayError::Retryable("503".into())));
    m.bookings
        .expect_cancel()
        .times(1)
        .returning(|_, _, _, _, _| Ok(()));
    m.bookings.expect_attach_checkout().never();
    let err = with_deps(&m, |d| {
        start_card_checkout(
            d,
            &user(),
            &EventId::new().to_string(),
            &BookingChoices::default(),
        )
    })
    .unwrap_err();
    assert!(matches!(err, CheckoutError::Gateway(_)));
}

#[test]
fn free_events_need_no_checkout() {
    let mut m = mocks(EventBuilder::new().build());
    m.bookings.expect_book().never();
    let err = with_deps(&m, |d| {
        start_card_checkout(
            d,
            &user(),
            &EventId::new().to_string(),
            &BookingChoices::default(),
        )
    })
    .unwrap_err();
    assert!(matches!(err, CheckoutError::PaymentNotRequired));
}

fn gateway_event(kind: GatewayEventKind, payment: CheckoutPayment) -> GatewayEvent {
    GatewayEvent {
        id: "evt_1".into(),
        kind,
        session: playspace_ports::CheckoutState {
            id: "cs_1".into(),
            status: CheckoutStatus::Complete,
            payment,
            reference_id: None,
            payment_intent: Some("pi_1".into()),
            subscription: None,
        },
    }
}

#[test]
fn completed_and_paid_confirms_with_two_emails_under_the_event_id() {
    let event = EventBuilder::new().price_pence(800).build();
    let mut m = mocks(event.clone());
    let pending = found(&event);
    m.bookings
        .expect_find_by_session()
        .returning(move |_| Ok(pending.clone()));
    m.users.expect_get().returning(|_| Ok(user()));
    m.bookings
        .expect_apply_payment()
        .withf(|s, id, t, _| {
            s == "cs_1"
                && id.as_deref() == Some("evt_1")
                && matches!(t, PaymentTransition::Paid { payment_intent: Some(pi), emails, notification } if pi == "pi_1" && emails.len() == 2 && notification.title == "Booking Confirmed!")
        })
        .times(1)
        .returning(|_, _, _, _| Ok(TransitionOutcome::Applied));
    let outcome = with_deps(&m, |d| {
        handle_gateway_event(
            d,
            &gateway_event(GatewayEventKind::Completed, CheckoutPayment::Paid),
        )
    });
    assert_eq!(outcome.unwrap(), TransitionOutcome::Applied);
}

#[test]
fn a_paid_plan_keeps_its_subscription_and_stops_the_one_it_replaces() {
    let mut m = mocks(EventBuilder::new().build());
    m.bookings
        .expect_find_by_session()
        .returning(|_| Err(RepoError::NotFound));
    m.memberships
        .expect_activate_paid()
        .withf(|session, subscription, _| {
            session == "cs_1" && subscription.as_deref() == Some("sub_new")
        })
        .times(1)
        .returning(|_, _, _| Ok(Some(vec!["sub_old".into()])));
    m.gateway
        .expect_cancel_at_period_end()
        .withf(|id| id == "sub_old")
        .times(1)
        .returning(|_| Ok(None));
    m.memberships
        .expect_renewal_stopped()
        .withf(|id, _| id == "sub_old")
        .times(1)
        .returning(|_, _| Ok(()));
    let mut event = gateway_event(GatewayEventKind::Completed, CheckoutPayment::Paid);
    event.session.subscription = Some("sub_new".into());
    let outcome = with_deps(&m, |d| handle_gateway_event(d, &event));
    assert_eq!(outcome.unwrap(), TransitionOutcome::Applied);
}

#[test]
fn a_plan_already_activated_stops_nothing() {
    let mut m = mocks(EventBuilder::new().build());
    m.bookings
        .expect_find_by_session()
        .returning(|_| Err(RepoError::NotFound));
    m.memberships
        .expect_activate_paid()
        .returning(|_, _, _| Ok(None));
    m.gateway.expect_cancel_at_period_end().never();
    let outcome = with_deps(&m, |d| {
        handle_gateway_event(
            d,
            &gateway_event(GatewayEventKind::Completed, CheckoutPayment::Paid),
        )
    });
    assert_eq!(outcome.unwrap(), TransitionOutcome::AlreadyDone);
}

#[test]
fn completed_but_unpaid_waits_and_failures_release() {
    let event = EventBuilder::new().price_pence(800).build();
    let mut m = mocks(event.clone());
    m.bookings.expect_apply_payment().never();
    let outcome = with_deps(&m, |d| {
        handle_gateway_event(
            d,
            &gateway_event(GatewayEventKind::Completed, CheckoutPayment::Unpaid),
        )
    });
    assert_eq!(outcome.unwrap(), TransitionOutcome::AlreadyDone);

    let mut m = mocks(event.clone());
    let pending = found(&event);
    m.bookings
        .expect_find_by_session()
        .returning(move |_| Ok(pending.clone()));
    m.bookings
        .expect_apply_payment()
        .withf(|_, _, t, _| {
            *t == PaymentTransition::Released {
                payment_failed: true,
            }
        })
        .times(1)
        .returning(|_, _, _, _| Ok(TransitionOutcome::Applied));
    with_deps(&m, |d| {
        handle_gateway_event(
            d,
            &gateway_event(
                GatewayEventKind::AsyncPaymentFailed,
                CheckoutPayment::Unpaid,
            ),
        )
    })
    .unwrap();
}

#[test]
fn paid_without_a_place_is_refunded_and_recorded() {
    let event = EventBuilder::new().price_pence(800).build();
    let mut m = mocks(event.clone());
    let pending = found(&event);
    m.bookings
        .expect_find_by_session()
        .returning(move |_| Ok(pending.clone()));
    m.users.expect_get().returning(|_| Ok(user()));
    m.bookings.expect_apply_payment().returning(|_, _, _, _| {
        Ok(TransitionOutcome::PaidButNoPlace {
            payment_intent: Some("pi_1".into()),
        })
    });
    m.gateway
        .expect_refund()
        .withf(|r| {
            r.payment_intent == "pi_1"
                && r.amount_pence == 800
                && r.idempotency_key.starts_with("refund-")
        })
        .times(1)
        .returning(|_| {
            Ok(playspace_ports::Refund {
                id: "re_1".into(),
                status: RefundStatus::Succeeded,
            })
        });
    m.bookings
        .expect_record_refund()
        .withf(|_, amount, id, status, _| {
            *amount == 800 && id.as_deref() == Some("re_1") && status == "succeeded"
        })
        .times(1)
        .returning(|_, _, _, _, _| Ok(()));
    with_deps(&m, |d| {
        handle_gateway_event(
            d,
            &gateway_event(GatewayEventKind::Completed, CheckoutPayment::Paid),
        )
    })
    .unwrap();
}
