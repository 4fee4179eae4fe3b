//! `/api/bookings*`: booking, the person's list, cancelling, calendar files.

use crate::error::ApiError;

pub mod calendar;
pub mod cancel;
pub mod create;
pub mod list;

fn booking_not_found() -> ApiError {
    ApiError::not_found("booking_not_found", "Booking not found")
}
