use chrono::{DateTime, Utc};
use playspace_domain::booking_rules::can_cancel;
use playspace_domain::{Booking, BookingId, PaymentMethod, PaymentStatus, User};
use playspace_ports::RepoError;

use super::refunds::refund_card_payment;
use super::{BookingDeps, emails, notices};

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
    let mail = emails::cancellation(deps.email, user, &found.booking, &found.event)?;
    let note = notices::booking_cancelled(user, &found.event);
    match deps.bookings.cancel(id, reason, &[mail], &[note], now) {
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
