//! Card refunds: one way to give a payment back and record it, for cancellations, cancelled
//! sessions, erasure, and payments that arrived for a place no longer there.
use chrono::{DateTime, Utc};
use playspace_domain::BookingId;
use playspace_ports::{BookingRepository, PaymentGateway, RefundRequest, RefundStatus, RepoError};

use super::BookingDeps;

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
/// cancellation (a failed refund stays visible for an admin to retry).
pub(crate) fn refund_card_payment(
    bookings: &dyn BookingRepository,
    gateway: &dyn PaymentGateway,
    id: BookingId,
    amount_pence: i64,
    now: DateTime<Utc>,
) -> Result<(), RepoError> {
    match bookings.payment_intent(id)? {
        Some(intent) => refund_payment(bookings, gateway, id, amount_pence, &intent, now),
        None => bookings.record_refund(id, amount_pence, None, "failed", now),
    }
}

/// Gives `amount_pence` of a booking's card payment back and records the outcome. The
/// idempotency key makes a retry of the same refund safe; a refund the gateway refused is
/// recorded as failed so an admin sees it (the money is not lost, only not yet back).
pub(crate) fn refund_payment(
    bookings: &dyn BookingRepository,
    gateway: &dyn PaymentGateway,
    id: BookingId,
    amount_pence: i64,
    payment_intent: &str,
    now: DateTime<Utc>,
) -> Result<(), RepoError> {
    let request = RefundRequest {
        payment_intent: payment_intent.to_owned(),
        amount_pence,
        idempotency_key: format!("refund-{id}"),
    };
    let (refund_id, status) = match gateway.refund(&request) {
        Ok(refund) => (Some(refund.id), refund_status(refund.status)),
        Err(e) => {
            tracing::error!(error = %e, booking = %id, "refund failed");
            (None, "failed")
        }
    };
    bookings.record_refund(id, amount_pence, refund_id, status, now)
}

pub(crate) fn refund_status(status: RefundStatus) -> &'static str {
    match status {
        RefundStatus::Succeeded => "succeeded",
        RefundStatus::Pending => "pending",
        RefundStatus::Failed => "failed",
    }
}

#[cfg(test)]
mod tests {
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
            access: &playspace_ports::MockAccessNeedsRepository::new(),
            waitlist: &waitlist,
            gateway: &gateway,
            clock: &clock,
            email: &email,
        };
        assert_eq!(retry_unsent_refunds(&deps).unwrap(), 1);
    }
}
