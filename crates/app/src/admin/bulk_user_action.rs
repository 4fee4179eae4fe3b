use playspace_domain::admin::{RoleChangeRefusal, check_deletion, check_role_change};
use playspace_domain::admin_users::{BulkAction, BulkRefusal, bulk_action};
use playspace_domain::audit::actions;
use playspace_ports::{AdminUserError, RepoError};

use super::{Actor, AdminDeps};

/// A bulk action as received.
#[derive(Clone, Debug, Default)]
pub struct BulkActionInput {
    pub action: String,
    pub user_ids: Vec<String>,
    /// `data.role`, for `updateRole`.
    pub role: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum BulkActionError {
    #[error("{0}")]
    Refused(BulkRefusal),
    /// Someone named is unknown or erased: nothing was done.
    #[error("not found")]
    NotFound,
    #[error("{0}")]
    RoleChange(RoleChangeRefusal),
    #[error(transparent)]
    Store(#[from] RepoError),
}

impl From<AdminUserError> for BulkActionError {
    fn from(e: AdminUserError) -> Self {
        match e {
            AdminUserError::NotFound => Self::NotFound,
            AdminUserError::Refused(r) => Self::RoleChange(r),
            AdminUserError::EmailTaken => Self::Store(RepoError::Conflict),
            AdminUserError::Store(e) => Self::Store(e),
        }
    }
}

/// Deletes (erases, as people can themselves) or changes the role of up to 500 people,
/// all or nothing: never the caller's own account or admin role, never the last admin.
/// Returns how many people it changed.
#[tracing::instrument(skip_all)]
pub fn bulk_user_action(
    deps: &AdminDeps,
    by: &Actor,
    input: BulkActionInput,
) -> Result<u32, BulkActionError> {
    let (action, ids) = bulk_action(&input.action, &input.user_ids, input.role.as_deref())
        .map_err(|r| match r {
            BulkRefusal::UnknownPerson => BulkActionError::NotFound,
            other => BulkActionError::Refused(other),
        })?;
    let now = deps.clock.now();
    match action {
        BulkAction::Delete => {
            for id in &ids {
                check_deletion(by.id, *id).map_err(BulkActionError::RoleChange)?;
            }
            let audits: Vec<_> = ids
                .iter()
                .map(|id| {
                    by.entry(actions::USER_DELETE, "user", Some(id.to_string()), now)
                        .detail("bulk", "true")
                })
                .collect();
            Ok(deps.admin_users.erase_users(&ids, &audits, now)?)
        }
        BulkAction::UpdateRole(role) => {
            for id in &ids {
                check_role_change(by.id, *id, role).map_err(BulkActionError::RoleChange)?;
            }
            let audits: Vec<_> = ids
                .iter()
                .map(|id| {
                    by.entry(actions::USER_UPDATE, "user", Some(id.to_string()), now)
                        .detail("field", "role")
                        .detail("to", role.as_str())
                        .detail("bulk", "true")
                })
                .collect();
            Ok(deps.admin_users.set_roles(&ids, role, &audits)?)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::{Mocks, actor};
    use playspace_domain::{Role, UserId};
    use playspace_test_support::test_now;

    fn input(action: &str, ids: &[UserId], role: Option<&str>) -> BulkActionInput {
        BulkActionInput {
            action: action.into(),
            user_ids: ids.iter().map(UserId::to_string).collect(),
            role: role.map(Into::into),
        }
    }

    #[test]
    fn delete_erases_everyone_named_with_an_entry_each() {
        let mut m = Mocks::new();
        let ids = [UserId::new(), UserId::new()];
        let expected = ids.to_vec();
        m.admin_users
            .expect_erase_users()
            .withf(move |named, audits, now| {
                named == expected.as_slice()
                    && *now == test_now()
                    && audits.len() == 2
                    && audits.iter().all(|a| a.action == "user.delete")
                    && audits[1].resource_id == Some(expected[1].to_string())
            })
            .times(1)
            .returning(|ids, _, _| Ok(ids.len() as u32));
        let affected = bulk_user_action(&m.deps(), &actor(), input("delete", &ids, None));
        assert_eq!(affected.unwrap(), 2);
    }

    #[test]
    fn update_role_names_the_field_and_the_new_role_in_each_entry() {
        let mut m = Mocks::new();
        let id = UserId::new();
        m.admin_users
            .expect_set_roles()
            .withf(move |named, role, audits| {
                named == [id]
                    && *role == Role::Moderator
                    && audits[0].details
                        == [
                            ("field", "role".to_owned()),
                            ("to", "moderator".to_owned()),
                            ("bulk", "true".to_owned()),
                        ]
            })
            .times(1)
            .returning(|_, _, _| Ok(1));
        let done = bulk_user_action(
            &m.deps(),
            &actor(),
            input("updateRole", &[id], Some("moderator")),
        );
        assert_eq!(done.unwrap(), 1);
    }

    #[test]
    fn the_caller_is_never_deleted_or_demoted_by_a_bulk_action() {
        let mut m = Mocks::new();
        m.admin_users.expect_erase_users().never();
        m.admin_users.expect_set_roles().never();
        let me = actor();
        let others = [UserId::new(), me.id];
        assert!(matches!(
            bulk_user_action(&m.deps(), &me, input("delete", &others, None)),
            Err(BulkActionError::RoleChange(RoleChangeRefusal::OwnAccount))
        ));
        assert!(matches!(
            bulk_user_action(&m.deps(), &me, input("updateRole", &others, Some("user"))),
            Err(BulkActionError::RoleChange(RoleChangeRefusal::OwnAdminRole))
        ));
    }

    #[test]
    fn empty_unknown_and_last_admin() {
        let mut m = Mocks::new();
        m.admin_users
            .expect_set_roles()
            .returning(|_, _, _| Err(AdminUserError::Refused(RoleChangeRefusal::LastAdmin)));
        let me = actor();
        assert!(matches!(
            bulk_user_action(&m.deps(), &me, input("delete", &[], None)),
            Err(BulkActionError::Refused(BulkRefusal::NoItemsSelected))
        ));
        let mut bad = input("delete", &[], None);
        bad.user_ids = vec!["not-an-id".into()];
        assert!(matches!(
            bulk_user_action(&m.deps(), &me, bad),
            Err(BulkActionError::NotFound)
        ));
        assert!(matches!(
            bulk_user_action(
                &m.deps(),
                &me,
                input("updateRole", &[UserId::new()], Some("user"))
            ),
            Err(BulkActionError::RoleChange(RoleChangeRefusal::LastAdmin))
        ));
    }
}
