use playspace_domain::UserId;
use playspace_ports::{NotificationList, RepoError};

use super::NotificationDeps;

/// The person's notifications, newest first, with how many are unread.
pub fn list_notifications(
    deps: &NotificationDeps,
    user: UserId,
) -> Result<NotificationList, RepoError> {
    deps.notifications.notifications_of(user)
}
