//! The blog's newsletter, double opt-in: subscribing emails a link to confirm, the link
//! confirms, and every newsletter's unsubscribe link goes through `admin::unsubscribe`.
//! Addresses never confirmed are deleted after `PENDING_KEPT_DAYS`.

mod confirm;
pub(crate) mod emails;
mod purge;
mod subscribe;

pub use confirm::confirm_newsletter_subscription;
pub use purge::purge_unconfirmed_newsletter;
pub use subscribe::subscribe_to_newsletter;

use playspace_domain::FieldErrors;
use playspace_domain::newsletter::INVALID_CONFIRM_LINK;
use playspace_ports::RepoError;

#[derive(Debug, thiserror::Error)]
pub enum NewsletterError {
    #[error("invalid newsletter form: {0}")]
    Invalid(FieldErrors),
    /// Garbage, tampered with, made for something else, expired, or for an address that has
    /// unsubscribed since.
    #[error("{}", INVALID_CONFIRM_LINK)]
    InvalidLink,
    #[error(transparent)]
    Store(#[from] RepoError),
}
