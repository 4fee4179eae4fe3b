use chrono::{DateTime, Utc};
use playspace_domain::{NewNotification, Notification, NotificationId, UserId};

use crate::RepoError;

/// A person's notifications, newest first, with how many they have not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotificationList {
    pub items: Vec<Notification>,
    pub unread: u64,
}

/// A person's in-app notifications. Every call names the owner, and a notification of
/// anyone else is treated as absent (`NotFound`), never touched.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait NotificationRepository: Send + Sync {
    /// Stores one, dropping the owner's oldest beyond `NOTIFICATIONS_KEPT` in the same
    /// transaction. (Changes that notify write theirs through their own port, with them.)
    fn add(&self, notification: &NewNotification, now: DateTime<Utc>) -> Result<(), RepoError>;

    /// The owner's notifications, newest first, and the unread count.
    fn notifications_of(&self, user: UserId) -> Result<NotificationList, RepoError>;

    /// Marks one read (again is fine). Returns the unread count after.
    /// Errors: `NotFound` when the owner has no such notification.
    fn mark_read(&self, user: UserId, id: NotificationId) -> Result<u64, RepoError>;

    /// Marks all the owner's notifications read. Returns the unread count after (0).
    fn mark_all_read(&self, user: UserId) -> Result<u64, RepoError>;

    /// Deletes one. Returns the unread count after.
    /// Errors: `NotFound` when the owner has no such notification.
    fn delete(&self, user: UserId, id: NotificationId) -> Result<u64, RepoError>;

    /// Deletes all the owner's notifications.
    fn clear(&self, user: UserId) -> Result<(), RepoError>;
}
