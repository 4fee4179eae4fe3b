use playspace_domain::UserId;

use super::{NotificationDeps, NotificationError, parse_id};

/// Deletes one of the person's notifications. Returns their unread count after.
pub fn delete_notification(
    deps: &NotificationDeps,
    user: UserId,
    id: &str,
) -> Result<u64, NotificationError> {
    let id = parse_id(id)?;
    Ok(deps.notifications.delete(user, id)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_ports::{MockNotificationRepository, RepoError};

    #[test]
    fn a_malformed_id_is_not_found_without_asking_the_store() {
        let mut repo = MockNotificationRepository::new();
        repo.expect_delete().never();
        let deps = NotificationDeps {
            notifications: &repo,
        };
        let result = delete_notification(&deps, UserId::new(), "42");
        assert!(matches!(result, Err(NotificationError::NotFound)));
    }

    #[test]
    fn a_store_failure_stays_a_store_failure() {
        let mut repo = MockNotificationRepository::new();
        repo.expect_delete()
            .returning(|_, _| Err(RepoError::Unavailable("down".into())));
        let deps = NotificationDeps {
            notifications: &repo,
        };
        let id = playspace_domain::NotificationId::new().to_string();
        let result = delete_notification(&deps, UserId::new(), &id);
        assert!(matches!(result, Err(NotificationError::Store(_))));
    }
}
