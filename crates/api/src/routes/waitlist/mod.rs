//! `/api/events/{id}/waitlist*`: the signed-in person's place in a full event's queue.
use actix_web::http::StatusCode;
use playspace_app::bookings::WaitlistError;

use crate::error::ApiError;

pub mod claim;
pub mod join;
pub mod leave;
pub mod show;

const LOGIN_REQUIRED: &str = "You must be logged in to join the waitlist";

fn waitlist_error(error: WaitlistError) -> ApiError {
    match error {
        WaitlistError::EventNotFound => ApiError::not_found("event_not_found", "Event not found"),
        WaitlistError::NotOnWaitlist => ApiError::not_found("not_on_waitlist", error.to_string()),
        WaitlistError::NoOffer => {
            ApiError::new(StatusCode::CONFLICT, "no_open_offer", error.to_string())
        }
        WaitlistError::Refused(refusal) => {
            ApiError::new(StatusCode::CONFLICT, refusal.code(), refusal.to_string())
        }
        WaitlistError::BookingRefused(refusal) => refusal.into(),
        WaitlistError::Invalid(fields) => ApiError::validation(fields),
        WaitlistError::PaymentNotRequired => ApiError::bad_request(
            crate::use_case_errors::code::PAYMENT_NOT_REQUIRED,
            error.to_string(),
        ),
        WaitlistError::Gateway(cause) => {
            tracing::warn!(error = %cause, "checkout for a waitlist claim could not start");
            ApiError::new(
                StatusCode::BAD_GATEWAY,
                crate::use_case_errors::code::PAYMENT_SETUP_FAILED,
                "Failed to setup payment. Please try again.",
            )
        }
        WaitlistError::Store(e) => e.into(),
    }
}
