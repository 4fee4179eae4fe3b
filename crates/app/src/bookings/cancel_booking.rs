use chrono::{DateTime, Utc};
use playspace_domain::booking_rules::can_cancel;
use playspace_domain::{Booking, BookingId, PaymentMethod, PaymentStatus, User};
use playspace_ports::{BookingRepository, PaymentGateway, RefundRequest, RepoError};

use super::{BookingDeps, emails};

#[derive(Debug, thiserror::Error)]
pub enum CancelBookingError {
    /// Unknown, someone else's, or already cancelled: all look the same to the caller.
    #[error("Booking not found")]
    NotFound,
    #[error("Bookings can be cancelled until 2 hours before the start.")]
    TooLate,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Cancels the person's own booking up to 2 hours before the start, releasing the place.
pub fn cancel_booking(
    deps: &BookingDeps,
    user: &User,
    id: &str,
    reason: Option<String>,
) -> Result<(), CancelBookingError> {
    let id: BookingId = id.parse().map_err(|_| CancelBookingError::NotFound)?;
    let found = match deps.bookings.get(id) {
        Ok(found) if found.booking.user_id == user.id && found.booking.is_live() => found,
        Ok(_) | Err(RepoError::NotFound) => return Err(CancelBookingError::NotFound),
        Err(e) => return Err(e.into()),
    };
    let now = deps.clock.now();
    if !can_cancel(&found.event, now) {
        return Err(CancelBookingError::TooLate);
    }
    let reason = reason.map(|r| r.chars().take(500).collect::<String>());
    let mail = emails::cancellation(deps.email, user, &found.booking, &found.event);
    match deps.bookings.cancel(id, reason, &[mail], now) {
        Ok(()) => {}
        Err(RepoError::NotFound) => return Err(CancelBookingError::NotFound),
        Err(e) => return Err(e.into()),
    }
    refund_if_paid_by_card(deps, &found.booking, now)?;
    Ok(())
}

/// Card-paid bookings get their money back through the gateway.
fn refund_if_paid_by_card(
    deps: &BookingDeps,
    booking: &Booking,
    now: DateTime<Utc>,
) -> Result<(), RepoError> {
    if booking.payment_method != PaymentMethod::Card
        || booking.payment_status != PaymentStatus::Paid
    {
        return Ok(());
    }
    refund_card_payment(
        deps.bookings,
        deps.gateway,
        booking.id,
        booking.amount.pence(),
        now,
    )
}

/// Sends refunds that were owed but never reached the gateway (the server stopped between
/// cancelling and refunding), a minute after they were owed. The idempotency key keeps a
/// refund that did reach it from being made twice.
pub fn retry_unsent_refunds(deps: &BookingDeps) -> Result<usize, RepoError> {
    let now = deps.clock.now();
    let owed = deps
        .bookings
        .unrefunded(now - chrono::Duration::minutes(1), 50)?;
    for (booking, pence) in &owed {
        refund_card_payment(deps.bookings, deps.gateway, *booking, *pence, now)?;
    }
    Ok(owed.len())
}

/// Refunds a cancelled booking's card payment in full and records the outcome on its
/// cancellation (a failed refund stays visible for an admin to retry). The idempotency key
/// makes a retry of the same refund safe.
pub(crate) fn refund_card_payment(
    bookings: &dyn BookingRepository,
    gateway: &dyn PaymentGateway,
    id: BookingId,
    amount_pence: i64,
    now: DateTime<Utc>,
) -> Result<(), RepoError> {
    let Some(intent) = bookings.payment_intent(id)? else {
        return bookings.record_refund(id, amount_pence, None, "failed", now);
    };
    let request = RefundRequest {
        payment_intent: intent,
        amount_pence,
        idempotency_key: format!("refund-{id}"),
    };
    let (refund_id, status) = match gateway.refund(&request) {
        Ok(refund) => (
            Some(refund.id),
            super::payments::refund_status(refund.status),
        ),
        Err(e) => {
            tracing::error!(error = %e, booking = %id, "refund failed");
            (None, "failed")
        }
    };
    bookings.record_refund(id, amount_pence, refund_id, status, now)
}

#[cfg(test)]
mod refund_sweep_tests {
    use super::*;
    use crate::accounts::testing::settings;
    use playspace_ports::{
        MockBookingRepository, MockEventRepository, MockMembershipRepository, MockPaymentGateway,
        MockUserRepository, MockWaitlistRepository, Refund, RefundStatus,
    };
    use playspace_test_support::{FixedClock, test_now};

    #[test]
    fn owed_refunds_are_sent_a_minute_later_with_their_idempotency_key() {
        let owed = BookingId::new();
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_unrefunded()
            .withf(|before, _| *before == test_now() - chrono::Duration::minutes(1))
            .returning(move |_, _| Ok(vec![(owed, 1500)]));
        bookings
            .expect_payment_intent()
            .returning(|_| Ok(Some("pi_9".into())));
        bookings
            .expect_record_refund()
            .withf(move |id, pence, _, status, _| {
                *id == owed && *pence == 1500 && status == "succeeded"
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(()));
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_refund()
            .withf(move |r| r.idempotency_key == format!("refund-{owed}"))
            .times(1)
            .returning(|_| {
                Ok(Refund {
                    id: "re_9".into(),
                    status: RefundStatus::Succeeded,
                })
            });
        let (events, memberships, users, waitlist) = (
            MockEventRepository::new(),
            MockMembershipRepository::new(),
            MockUserRepository::new(),
            MockWaitlistRepository::new(),
        );
        let clock = FixedClock(test_now());
        let email = settings();
        let deps = BookingDeps {
            events: &events,
            bookings: &bookings,
            memberships: &memberships,
            users: &users,
            waitlist: &waitlist,
            gateway: &gateway,
            clock: &clock,
            email: &email,
        };
        assert_eq!(retry_unsent_refunds(&deps).unwrap(), 1);
    }
}
