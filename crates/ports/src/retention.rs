use chrono::{DateTime, Utc};

use crate::RepoError;

/// Removes records kept only for a while (domain::retention). Each call is one statement,
/// safe to run on several servers at once: a row another server removed first is simply
/// not counted. Each returns how many rows it removed or changed.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait RetentionStore: Send + Sync {
    /// Deletes sign-ins that expired, or were signed out or revoked, at or before `before`.
    /// A sign-in still live is never touched, however old.
    fn delete_ended_sessions(&self, before: DateTime<Utc>) -> Result<u64, RepoError>;

    /// Deletes one-time links (password reset, email verification) used or expired at or
    /// before `before`. A link still usable is never touched.
    fn delete_spent_tokens(&self, before: DateTime<Utc>) -> Result<u64, RepoError>;

    /// Empties the HTML and text bodies of emails delivered or given up on whose last change
    /// was at or before `before`; the row (addressee, subject, status, times) stays. An
    /// email waiting or being sent is never touched. A body already empty is not counted.
    fn clear_sent_email_bodies(&self, before: DateTime<Utc>) -> Result<u64, RepoError>;

    /// Deletes notifications written at or before `before`, except standing ones (with a
    /// topic), which go when what they stand for does.
    fn delete_old_notifications(&self, before: DateTime<Utc>) -> Result<u64, RepoError>;

    /// Deletes audit entries written at or before `before`.
    fn delete_old_audit_entries(&self, before: DateTime<Utc>) -> Result<u64, RepoError>;
}
