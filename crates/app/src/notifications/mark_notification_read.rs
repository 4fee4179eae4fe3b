use playspace_domain::UserId;

use super::{NotificationDeps, NotificationError, parse_id};

/// Marks one of the person's notifications read. Returns their unread count after.
pub fn mark_notification_read(
    deps: &NotificationDeps,
    user: UserId,
    id: &str,
) -> Result<u64, NotificationError> {
    let id = parse_id(id)?;
    Ok(deps.notifications.mark_read(user, id)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_domain::NotificationId;
    use playspace_ports::{MockNotificationRepository, RepoError};

    #[test]
    fn a_malformed_id_is_not_found_without_asking_the_store() {
        let mut repo = MockNotificationRepository::new();
        repo.expect_mark_read().never();
        let deps = NotificationDeps {
            notifications: &repo,
        };
        let result = mark_notification_read(&deps, UserId::new(), "not-an-id");
        assert!(matches!(result, Err(NotificationError::NotFound)));
    }

    #[test]
    fn asks_for_the_owner_and_the_id_and_maps_not_found() {
        let user = UserId::new();
        let id = NotificationId::new();
        let mut repo = MockNotificationRepository::new();
        repo.expect_mark_read()
            .withf(move |u, n| *u == user && *n == id)
            .times(1)
            .returning(|_, _| Err(RepoError::NotFound));
        let deps = NotificationDeps {
            notifications: &repo,
        };
        let result = mark_notification_read(&deps, user, &id.to_string());
        assert!(matches!(result, Err(NotificationError::NotFound)));
    }
}
