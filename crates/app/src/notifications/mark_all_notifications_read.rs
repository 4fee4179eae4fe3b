use playspace_domain::UserId;
use playspace_ports::RepoError;

use super::NotificationDeps;

/// Marks all the person's notifications read. Returns their unread count after.
pub fn mark_all_notifications_read(
    deps: &NotificationDeps,
    user: UserId,
) -> Result<u64, RepoError> {
    deps.notifications.mark_all_read(user)
}
