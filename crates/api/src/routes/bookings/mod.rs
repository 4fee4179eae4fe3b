//! `/api/bookings*`: booking, the person's list, cancelling, calendar files.
use actix_web::http::StatusCode;
use playspace_domain::booking_rules::BookingRefusal;

use crate::error::ApiError;

pub mod calendar;
pub mod cancel;
pub mod create;
pub mod list;

fn refused(refusal: BookingRefusal) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, refusal.code(), refusal.to_string())
}

fn booking_not_found() -> ApiError {
    ApiError::not_found("booking_not_found", "Booking not found")
}
