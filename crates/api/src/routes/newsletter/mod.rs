//! `/api/newsletter`: the blog's Subscribe box and the page its emailed link opens. No
//! sign-in: a subscriber is an address, and the confirmation link's signature is the proof.

pub mod confirm;
pub mod subscribe;

use playspace_app::newsletter::NewsletterError;

use crate::error::ApiError;

fn error(e: NewsletterError) -> ApiError {
    match e {
        NewsletterError::Invalid(fields) => ApiError::validation(fields),
        NewsletterError::InvalidLink => ApiError::bad_request("invalid_token", e.to_string()),
        NewsletterError::Store(e) => e.into(),
    }
}
