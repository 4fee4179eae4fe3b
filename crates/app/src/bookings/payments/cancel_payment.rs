use playspace_domain::{BookingId, BookingStatus, User};
use playspace_ports::RepoError;

use super::{PaymentError, Transition, apply};
use crate::bookings::BookingDeps;

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
        )
        .map(|_| ()),
        None => deps
            .bookings
            .cancel(
                id,
                Some("Payment cancelled".into()),
                &[],
                &[],
                deps.clock.now(),
            )
            .map_err(Into::into),
    }
}
