use chrono::{DateTime, Duration, Utc};
use playspace_domain::{DeliveryId, OutgoingEmail, UserId};

use crate::RepoError;

/// An email a worker has claimed for sending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimedEmail {
    pub id: DeliveryId,
    pub from_email: String,
    pub to_email: String,
    pub to_name: Option<String>,
    pub subject: String,
    pub html_body: String,
    pub text_body: String,
    /// Including the attempt this claim starts.
    pub attempt_count: u32,
    pub max_attempts: u32,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait Outbox: Send + Sync {
    /// Queues emails on their own (when no other record changes with them).
    fn enqueue(&self, emails: &[OutgoingEmail]) -> Result<(), RepoError>;

    /// How many emails of `email_type` were queued for `user` at or after `since`
    /// (a `SendCap` counts these).
    fn sent_since(
        &self,
        user: UserId,
        email_type: &str,
        since: DateTime<Utc>,
    ) -> Result<u32, RepoError>;

    /// Claims up to `limit` emails due at `now` (pending and due, or claimed by a worker
    /// whose lease ran out), counting an attempt for each and leasing them for `lease`.
    /// Two workers never claim the same email at once (PostgreSQL: SKIP LOCKED). Returned
    /// in order, due first, then as written: a worker sending them in turn sends each
    /// person's emails in the order their causes happened.
    fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease: Duration,
        limit: u32,
    ) -> Result<Vec<ClaimedEmail>, RepoError>;

    fn mark_delivered(
        &self,
        id: DeliveryId,
        provider_message_id: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// Records a failed attempt: back to pending until `retry_at`, or failed for good when
    /// `retry_at` is `None`.
    fn mark_failed_attempt(
        &self,
        id: DeliveryId,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;
}
