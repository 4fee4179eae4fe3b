use playspace_domain::UserId;
use playspace_ports::RepoError;

use super::NotificationDeps;

/// Deletes all the person's notifications.
pub fn clear_notifications(deps: &NotificationDeps, user: UserId) -> Result<(), RepoError> {
    deps.notifications.clear(user)
}
