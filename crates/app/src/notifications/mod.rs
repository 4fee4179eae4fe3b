//! A person's own in-app notifications: the list with its unread count, marking read,
//! deleting. The notifications themselves are written by the changes that cause them.
mod clear_notifications;
mod delete_notification;
mod list_notifications;
mod mark_all_notifications_read;
mod mark_notification_read;

use playspace_domain::NotificationId;
use playspace_ports::{NotificationRepository, RepoError};

pub use clear_notifications::clear_notifications;
pub use delete_notification::delete_notification;
pub use list_notifications::list_notifications;
pub use mark_all_notifications_read::mark_all_notifications_read;
pub use mark_notification_read::mark_notification_read;

/// The ports the notification use cases need.
pub struct NotificationDeps<'a> {
    pub notifications: &'a dyn NotificationRepository,
}

#[derive(Debug, thiserror::Error)]
pub enum NotificationError {
    /// Unknown, malformed or someone else's: all look the same to the caller.
    #[error("Notification not found")]
    NotFound,
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for NotificationError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => Self::NotFound,
            other => Self::Store(other),
        }
    }
}

fn parse_id(id: &str) -> Result<NotificationId, NotificationError> {
    id.parse().map_err(|_| NotificationError::NotFound)
}
