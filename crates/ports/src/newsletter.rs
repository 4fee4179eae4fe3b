use chrono::{DateTime, Utc};
use playspace_domain::newsletter::Subscriber;
use playspace_domain::{Email, OutgoingEmail, SubscriberId};

use crate::RepoError;

/// The blog's newsletter list: addresses, one row each, whether or not they have accounts.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait NewsletterStore: Send + Sync {
    /// The row for a canonical address, if it has ever subscribed.
    fn newsletter_subscriber(&self, email: &Email) -> Result<Option<Subscriber>, RepoError>;

    /// Marks `email` as pending under `id` (a new row, or the address's existing row, which
    /// must have that id) with its link sent `now`, and queues `confirmation` in the same
    /// transaction. Errors: `Conflict` when the address is confirmed or its row has another
    /// id (a concurrent request got there first), and then nothing is written.
    fn request_newsletter_confirmation(
        &self,
        id: SubscriberId,
        email: &Email,
        confirmation: &OutgoingEmail,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// Confirms a pending subscriber; confirming again is not an error.
    /// Errors: `NotFound` when there is no such subscriber or it has unsubscribed since.
    fn confirm_newsletter(&self, id: SubscriberId, now: DateTime<Utc>) -> Result<(), RepoError>;

    /// A subscriber's address (for the unsubscribe page). Errors: `NotFound`.
    fn newsletter_address(&self, id: SubscriberId) -> Result<String, RepoError>;

    /// Takes a subscriber off the list; doing it twice is not an error (and keeps the first
    /// time). Errors: `NotFound`.
    fn unsubscribe_newsletter(&self, id: SubscriberId, now: DateTime<Utc>)
    -> Result<(), RepoError>;

    /// Deletes pending (never confirmed) subscribers whose latest confirmation link was sent
    /// before `before`; confirmed and unsubscribed rows are never touched. Returns how many.
    fn purge_pending_newsletter(&self, before: DateTime<Utc>) -> Result<u32, RepoError>;
}
