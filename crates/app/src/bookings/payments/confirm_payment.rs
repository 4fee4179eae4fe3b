use playspace_domain::{BookingStatus, User};
use playspace_ports::{BookingWithEvent, CheckoutPayment, CheckoutStatus, RepoError};

use super::{PaymentError, Transition, apply};
use crate::bookings::BookingDeps;

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
            Transition::Paid {
                payment_intent: state.payment_intent,
                subscription: state.subscription,
            },
        )?;
    }
    deps.bookings
        .find_by_session(session_id)
        .map_err(Into::into)
}
