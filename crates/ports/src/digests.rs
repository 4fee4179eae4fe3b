use chrono::{DateTime, Utc};
use playspace_domain::digest::DigestFrequency;
use playspace_domain::{Event, OutgoingEmail, Preferences, UserId};

use crate::{NewNotification, RepoError};

/// A live account that may be due a session-alert digest, with what the digest needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestRecipient {
    pub user_id: UserId,
    pub email: String,
    pub greeting_name: String,
    pub preferences: Preferences,
    pub joined_at: DateTime<Utc>,
    pub last_sent_at: Option<DateTime<Utc>>,
}

/// Session-alert digests: newly published sessions, the people who may be due one, and
/// sending each person at most one per period.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait DigestRepository: Send + Sync {
    /// Active sessions published (created) after `since` that have not started at `now`
    /// and are not full, soonest first.
    fn new_sessions(
        &self,
        since: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, RepoError>;

    /// Live accounts never sent a digest or last sent one no later than `sent_by`, ordered
    /// by id, after `after`, at most `limit`. The caller applies the person's preferences.
    fn digest_recipients(
        &self,
        sent_by: DateTime<Utc>,
        after: Option<UserId>,
        limit: u32,
    ) -> Result<Vec<DigestRecipient>, RepoError>;

    /// Records the person's digest as sent at `now` and stores its notification and emails
    /// in one transaction, once per period: returns false and writes nothing when one went
    /// less than `frequency`'s period ago (from an earlier run or another process) or the
    /// account is gone.
    fn send_digest(
        &self,
        user: UserId,
        frequency: DigestFrequency,
        emails: &[OutgoingEmail],
        notification: &NewNotification,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError>;
}
