//! Card payments: hold a place, send the person to the hosted checkout, and apply what the
//! gateway reports (webhook, return page, or the sweep) exactly once.
use chrono::Duration;
use playspace_domain::booking_rules::{self, BookingRefusal, check_bookable, limit_month};
use playspace_domain::{
    Booking, BookingId, BookingReference, BookingStatus, EventId, PaymentMethod, PaymentStatus,
    User, booking, london,
};
use playspace_ports::{
    BookError, BookingRequest, BookingWithEvent, CheckoutMode, CheckoutPayment, CheckoutRequest,
    CheckoutSession, CheckoutStatus, GatewayError, GatewayEvent, GatewayEventKind,
    PaymentTransition, RefundRequest, RefundStatus, RepoError, TransitionOutcome,
};

use super::{BookingDeps, emails, notices};

/// How long a held place waits for payment (the checkout session expires with it).
pub const HOLD: Duration = Duration::minutes(30);

#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("Event not found")]
    EventNotFound,
    #[error("{0}")]
    Refused(BookingRefusal),
    #[error("This event is free: book it without paying.")]
    PaymentNotRequired,
    #[error("{0}")]
    Invalid(playspace_domain::ValidationError),
    #[error("Failed to setup payment. Please try again.")]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("No payment session found")]
    NotFound,
    #[error("Payment confirmation failed")]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Holds a place (booking pending, place counted) and opens a checkout session for it.
#[tracing::instrument(skip_all)]
pub fn start_card_checkout(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
    accessibility_requirements: Option<&str>,
) -> Result<CheckoutSession, CheckoutError> {
    let now = deps.clock.now();
    let event_id: EventId = event_id.parse().map_err(|_| CheckoutError::EventNotFound)?;
    let event = match deps.events.get(event_id) {
        Ok(event) => event,
        Err(RepoError::NotFound) => return Err(CheckoutError::EventNotFound),
        Err(e) => return Err(e.into()),
    };
    check_bookable(&event, now).map_err(CheckoutError::Refused)?;
    if event.price.is_free() {
        return Err(CheckoutError::PaymentNotRequired);
    }
    let accessibility = booking::accessibility_requirements(accessibility_requirements)
        .map_err(CheckoutError::Invalid)?;
    let plan = deps.memberships.current_plan(user.id, now)?;
    let hold_until = now + HOLD;
    let booking = Booking {
        id: BookingId::new(),
        reference: BookingReference::generate(&mut rand::rng()),
        user_id: user.id,
        event_id: event.id,
        status: BookingStatus::Pending,
        payment_status: PaymentStatus::Pending,
        payment_method: PaymentMethod::Card,
        amount: event.price,
        accessibility_requirements: accessibility,
        created_at: now,
    };
    let request = BookingRequest {
        hold_until: Some(hold_until),
        limit_month: limit_month(&event),
        monthly_limit: booking_rules::monthly_limit(plan),
        emails: vec![],
        notification: None,
        booking,
    };
    match deps.bookings.book(&request, now) {
        Ok(()) => {}
        Err(BookError::Refused(r)) => return Err(CheckoutError::Refused(r)),
        Err(BookError::EventNotFound) => return Err(CheckoutError::EventNotFound),
        Err(BookError::Store(e)) => return Err(e.into()),
    }
    let booking = &request.booking;
    let base = &deps.email.public_url;
    let checkout = CheckoutRequest {
        mode: CheckoutMode::Payment,
        reference_id: booking.id.to_string(),
        product_name: event.title.clone(),
        description: format!(
            "{} · {}",
            london::format_long(event.starts_at),
            event.location
        ),
        amount_pence: event.price.pence(),
        customer_email: user.email.as_str().to_owned(),
        success_url: format!("{base}/success?session_id={{CHECKOUT_SESSION_ID}}"),
        cancel_url: format!("{base}/cancel?booking_id={}", booking.id),
        expires_at: hold_until,
        idempotency_key: format!("checkout-{}", booking.id),
        metadata: vec![
            ("booking_id".into(), booking.id.to_string()),
            ("event_id".into(), event.id.to_string()),
        ],
    };
    let session = match deps.gateway.create_checkout(&checkout) {
        Ok(session) => session,
        Err(e) => {
            // No checkout, no hold: give the place back at once.
            deps.bookings.cancel(
                booking.id,
                Some("Checkout could not start".into()),
                &[],
                now,
            )?;
            return Err(CheckoutError::Gateway(e));
        }
    };
    deps.bookings.attach_checkout(booking.id, &session.id)?;
    Ok(session)
}

/// Applies a verified gateway notification. Unknown sessions (not ours, or for other
/// products) are acknowledged and ignored.
#[tracing::instrument(skip_all, fields(event = %event.id))]
pub fn handle_gateway_event(
    deps: &BookingDeps,
    event: &GatewayEvent,
) -> Result<TransitionOutcome, PaymentError> {
    let transition = match (event.kind, event.session.payment) {
        (GatewayEventKind::Completed, CheckoutPayment::Unpaid) | (GatewayEventKind::Other, _) => {
            // Completed but paid later (bank transfer etc.): wait for async_payment_*.
            return Ok(TransitionOutcome::AlreadyDone);
        }
        (GatewayEventKind::Completed | GatewayEventKind::AsyncPaymentSucceeded, _) => {
            Transition::Paid
        }
        (GatewayEventKind::AsyncPaymentFailed, _) => Transition::Released {
            payment_failed: true,
        },
        (GatewayEventKind::Expired, _) => Transition::Released {
            payment_failed: false,
        },
    };
    apply(
        deps,
        &event.session.id,
        Some(event.id.clone()),
        transition,
        event.session.payment_intent.clone(),
    )
}

enum Transition {
    Paid,
    Released { payment_failed: bool },
}

fn apply(
    deps: &BookingDeps,
    session_id: &str,
    event_id: Option<String>,
    transition: Transition,
    payment_intent: Option<String>,
) -> Result<TransitionOutcome, PaymentError> {
    let now = deps.clock.now();
    let found = match deps.bookings.find_by_session(session_id) {
        Ok(found) => found,
        Err(RepoError::NotFound) => {
            // Not a booking: perhaps a membership subscription.
            if matches!(transition, Transition::Paid)
                && deps.memberships.activate_paid(session_id, None, now)?
            {
                return Ok(TransitionOutcome::Applied);
            }
            return Ok(TransitionOutcome::AlreadyDone);
        }
        Err(e) => return Err(e.into()),
    };
    let transition = match transition {
        Transition::Paid => {
            let user = deps.users.get(found.booking.user_id)?;
            let mut paid = found.booking.clone();
            paid.status = BookingStatus::Confirmed;
            paid.payment_status = PaymentStatus::Paid;
            PaymentTransition::Paid {
                payment_intent: payment_intent.clone(),
                emails: vec![
                    emails::confirmation(deps.email, &user, &paid, &found.event),
                    emails::payment_received(deps.email, &user, &paid, &found.event),
                ],
                notification: notices::booking_confirmed(&user, &found.event),
            }
        }
        Transition::Released { payment_failed } => PaymentTransition::Released { payment_failed },
    };
    let outcome = deps
        .bookings
        .apply_payment(session_id, event_id, &transition, now)?;
    if let TransitionOutcome::PaidButNoPlace {
        payment_intent: Some(intent),
    } = &outcome
    {
        refund(deps, &found, intent)?;
    }
    Ok(outcome)
}

/// Gives the money back for a booking that holds no place, and records it.
fn refund(
    deps: &BookingDeps,
    found: &BookingWithEvent,
    payment_intent: &str,
) -> Result<(), PaymentError> {
    let now = deps.clock.now();
    let request = RefundRequest {
        payment_intent: payment_intent.to_owned(),
        amount_pence: found.booking.amount.pence(),
        idempotency_key: format!("refund-{}", found.booking.id),
    };
    let (id, status) = match deps.gateway.refund(&request) {
        Ok(refund) => (Some(refund.id), refund_status(refund.status)),
        Err(e) => {
            // Recorded as failed so an admin sees it; the money is not lost, only not yet back.
            tracing::error!(error = %e, booking = %found.booking.id, "refund failed");
            (None, "failed")
        }
    };
    deps.bookings
        .record_refund(found.booking.id, request.amount_pence, id, status, now)?;
    Ok(())
}

pub(crate) fn refund_status(status: RefundStatus) -> &'static str {
    match status {
        RefundStatus::Succeeded => "succeeded",
        RefundStatus::Pending => "pending",
        RefundStatus::Failed => "failed",
    }
}

/// The return page's check: the person's own booking for the session, confirmed here if
/// the gateway already says it is paid (the webhook may still be on its way).
pub fn confirm_payment(
    deps: &BookingDeps,
    user: &User,
    session_id: &str,
) -> Result<BookingWithEvent, PaymentError> {
    let found = match deps.bookings.find_by_session(session_id) {
        Ok(found) if found.booking.user_id == user.id => found,
        Ok(_) | Err(RepoError::NotFound) => return Err(PaymentError::NotFound),
        Err(e) => return Err(e.into()),
    };
    if found.booking.status != BookingStatus::Pending {
        return Ok(found);
    }
    let state = deps
        .gateway
        .retrieve_checkout(session_id)
        .map_err(PaymentError::Gateway)?;
    if state.status == CheckoutStatus::Complete && state.payment != CheckoutPayment::Unpaid {
        apply(
            deps,
            session_id,
            None,
            Transition::Paid,
            state.payment_intent,
        )?;
    }
    deps.bookings
        .find_by_session(session_id)
        .map_err(Into::into)
}

/// The person left the checkout: their held place is released at once.
pub fn cancel_payment(
    deps: &BookingDeps,
    user: &User,
    booking_id: &str,
) -> Result<(), PaymentError> {
    let id: BookingId = booking_id.parse().map_err(|_| PaymentError::NotFound)?;
    let found = match deps.bookings.get(id) {
        Ok(found) if found.booking.user_id == user.id => found,
        Ok(_) | Err(RepoError::NotFound) => return Err(PaymentError::NotFound),
        Err(e) => return Err(e.into()),
    };
    if found.booking.status != BookingStatus::Pending {
        return Ok(());
    }
    match &found.session_id {
        Some(session) => apply(
            deps,
            session,
            None,
            Transition::Released {
                payment_failed: false,
            },
            None,
        )
        .map(|_| ()),
        None => deps
            .bookings
            .cancel(id, Some("Payment cancelled".into()), &[], deps.clock.now())
            .map_err(Into::into),
    }
}

/// Releases places whose payment window ended without word from the gateway (a missed
/// webhook must never keep a place held). Paid sessions found here are confirmed instead.
pub fn release_expired_holds(deps: &BookingDeps) -> Result<usize, PaymentError> {
    let now = deps.clock.now();
    let mut released = 0;
    for (id, session) in deps.bookings.expired_holds(now, 100)? {
        let Some(session) = session else {
            deps.bookings
                .cancel(id, Some("Payment window ended".into()), &[], now)?;
            released += 1;
            continue;
        };
        let paid_with = match deps.gateway.retrieve_checkout(&session) {
            Ok(state)
                if state.status == CheckoutStatus::Complete
                    && state.payment != CheckoutPayment::Unpaid =>
            {
                Some(state.payment_intent)
            }
            _ => None,
        };
        let paid = paid_with.is_some();
        let transition = if paid {
            Transition::Paid
        } else {
            Transition::Released {
                payment_failed: false,
            }
        };
        if apply(deps, &session, None, transition, paid_with.flatten())?
            == TransitionOutcome::Applied
            && !paid
        {
            released += 1;
        }
    }
    Ok(released)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use playspace_domain::{Event, Money};
    use playspace_ports::{
        MockBookingRepository, MockEventRepository, MockMembershipRepository, MockPaymentGateway,
        MockUserRepository,
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
                    && r.hold_until == Some(test_now() + HOLD)
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
                    && c.expires_at == test_now() + HOLD
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
            start_card_checkout(d, &user(), &EventId::new().to_string(), None)
        })
        .unwrap();
        assert_eq!(session.url, "https://pay/cs_1");
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
            .returning(|_, _, _, _| Ok(()));
        m.bookings.expect_attach_checkout().never();
        let err = with_deps(&m, |d| {
            start_card_checkout(d, &user(), &EventId::new().to_string(), None)
        })
        .unwrap_err();
        assert!(matches!(err, CheckoutError::Gateway(_)));
    }

    #[test]
    fn free_events_need_no_checkout() {
        let mut m = mocks(EventBuilder::new().build());
        m.bookings.expect_book().never();
        let err = with_deps(&m, |d| {
            start_card_checkout(d, &user(), &EventId::new().to_string(), None)
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
}
