use playspace_domain::admin::{RoleChangeRefusal, check_role_change};
use playspace_domain::admin_users::{EditRefusal, UserEdit, UserEditForm};
use playspace_domain::audit::actions;
use playspace_domain::{FieldErrors, OneTimeToken, TokenPurpose, User, UserId};
use playspace_ports::{AdminUserError, AdminUserRecord, RepoError, TokenRecord, UserChange};

use super::{Actor, AdminDeps};
use crate::accounts::emails;

#[derive(Debug, thiserror::Error)]
pub enum UpdateUserError {
    /// None, or several, of the editable fields.
    #[error("{}", playspace_domain::admin_users::ONE_FIELD)]
    NotOneField,
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    #[error("not found")]
    NotFound,
    #[error("email taken")]
    EmailTaken,
    #[error("{0}")]
    Refused(RoleChangeRefusal),
    #[error(transparent)]
    Store(#[from] RepoError),
}

impl From<AdminUserError> for UpdateUserError {
    fn from(e: AdminUserError) -> Self {
        match e {
            AdminUserError::NotFound => Self::NotFound,
            AdminUserError::EmailTaken => Self::EmailTaken,
            AdminUserError::Refused(r) => Self::Refused(r),
            AdminUserError::Store(e) => Self::Store(e),
        }
    }
}

/// Changes one field of a live account. A role change closes the person's admin sessions
/// and may not remove the caller's own admin role or the last admin; a new email address
/// is unverified until its owner follows the link sent to it. The audit entry names the
/// field; of a role change it also keeps the role given (`to`; the store adds the role it
/// replaced, `from`), never a name or address.
#[tracing::instrument(skip_all)]
pub fn update_user(
    deps: &AdminDeps,
    by: &Actor,
    id: UserId,
    form: UserEditForm,
) -> Result<AdminUserRecord, UpdateUserError> {
    let edit = form.validate().map_err(|e| match e {
        EditRefusal::NotOneField => UpdateUserError::NotOneField,
        EditRefusal::Invalid(fields) => UpdateUserError::Invalid(fields),
    })?;
    let now = deps.clock.now();
    let mut audit = by
        .entry(actions::USER_UPDATE, "user", Some(id.to_string()), now)
        .detail("field", edit.field());
    let change = match edit {
        UserEdit::FirstName(name) => UserChange::FirstName(name),
        UserEdit::LastName(name) => UserChange::LastName(name),
        UserEdit::Role(role) => {
            check_role_change(by.id, id, role).map_err(UpdateUserError::Refused)?;
            audit = audit.detail("to", role.as_str());
            UserChange::Role(role)
        }
        UserEdit::Email(email) => {
            let current = deps.users.get(id).map_err(|e| match e {
                RepoError::NotFound => UpdateUserError::NotFound,
                other => UpdateUserError::Store(other),
            })?;
            let moved = User { email, ..current };
            let verify = OneTimeToken::generate(&mut rand::rng());
            let mail = emails::verify(deps.email, &moved, verify.plain())?;
            UserChange::Email {
                email: moved.email,
                token: TokenRecord {
                    user_id: id,
                    purpose: TokenPurpose::VerifyEmail,
                    expires_at: now + TokenPurpose::VerifyEmail.lifetime(),
                    token: verify,
                },
                emails: vec![mail],
            }
        }
    };
    Ok(deps.admin_users.update_user(id, &change, &audit)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::user;
    use crate::admin::testing::{Mocks, actor};
    use playspace_domain::Role;
    use playspace_test_support::test_now;

    fn record(id: UserId) -> AdminUserRecord {
        AdminUserRecord {
            id,
            first_name: "Ana".into(),
            last_name: "Silva".into(),
            email: "ana@example.org".into(),
            role: Role::User,
            is_email_verified: true,
            last_login: None,
            created_at: test_now(),
        }
    }

    fn edit(field: &str, value: &str) -> UserEditForm {
        let value = Some(value.to_owned());
        match field {
            "firstName" => UserEditForm {
                first_name: value,
                ..UserEditForm::default()
            },
            "email" => UserEditForm {
                email: value,
                ..UserEditForm::default()
            },
            _ => UserEditForm {
                role: value,
                ..UserEditForm::default()
            },
        }
    }

    #[test]
    fn a_name_change_is_audited_by_field_name_only() {
        let mut m = Mocks::new();
        let id = UserId::new();
        m.admin_users
            .expect_update_user()
            .withf(move |target, change, audit| {
                *target == id
                    && matches!(change, UserChange::FirstName(n) if n == "Joanna")
                    && audit.action == "user.update"
                    && audit.details == [("field", "firstName".to_owned())]
                    && audit.resource_id == Some(id.to_string())
            })
            .times(1)
            .returning(|id, _, _| Ok(record(id)));
        update_user(&m.deps(), &actor(), id, edit("firstName", "Joanna")).unwrap();
    }

    #[test]
    fn an_email_change_sends_a_verification_link_to_the_new_address() {
        let mut m = Mocks::new();
        let person = user();
        let id = person.id;
        m.users.expect_get().returning(move |_| Ok(person.clone()));
        m.admin_users
            .expect_update_user()
            .withf(|_, change, audit| match change {
                UserChange::Email {
                    email,
                    token,
                    emails,
                } => {
                    email.as_str() == "new@example.org"
                        && token.purpose == TokenPurpose::VerifyEmail
                        && emails.len() == 1
                        && emails[0].to_email == "new@example.org"
                        && emails[0].text_body.contains(token.token.plain())
                        && audit.details == [("field", "email".to_owned())]
                }
                _ => false,
            })
            .times(1)
            .returning(|id, _, _| Ok(record(id)));
        update_user(&m.deps(), &actor(), id, edit("email", "new@example.org")).unwrap();
    }

    #[test]
    fn a_role_change_is_audited_with_the_role_given() {
        let mut m = Mocks::new();
        let id = UserId::new();
        m.admin_users
            .expect_update_user()
            .withf(move |target, change, audit| {
                *target == id
                    && matches!(change, UserChange::Role(Role::Admin))
                    && audit.details == [("field", "role".to_owned()), ("to", "admin".to_owned())]
            })
            .times(1)
            .returning(|id, _, _| Ok(record(id)));
        update_user(&m.deps(), &actor(), id, edit("role", "admin")).unwrap();
    }

    #[test]
    fn nobody_removes_their_own_admin_role() {
        let mut m = Mocks::new();
        m.admin_users.expect_update_user().never();
        let me = actor();
        let err = update_user(&m.deps(), &me, me.id, edit("role", "user")).unwrap_err();
        assert!(matches!(
            err,
            UpdateUserError::Refused(RoleChangeRefusal::OwnAdminRole)
        ));
    }

    #[test]
    fn the_stores_refusals_come_through() {
        let mut m = Mocks::new();
        let mut answers = vec![
            AdminUserError::Refused(RoleChangeRefusal::LastAdmin),
            AdminUserError::NotFound,
        ];
        m.admin_users
            .expect_update_user()
            .returning(move |_, _, _| Err(answers.remove(0)));
        let run = || update_user(&m.deps(), &actor(), UserId::new(), edit("role", "user"));
        assert!(matches!(
            run(),
            Err(UpdateUserError::Refused(RoleChangeRefusal::LastAdmin))
        ));
        assert!(matches!(run(), Err(UpdateUserError::NotFound)));
    }

    #[test]
    fn one_field_at_a_time_with_valid_values() {
        let m = Mocks::new();
        let two = UserEditForm {
            first_name: Some("A".into()),
            last_name: Some("B".into()),
            ..UserEditForm::default()
        };
        assert!(matches!(
            update_user(&m.deps(), &actor(), UserId::new(), two),
            Err(UpdateUserError::NotOneField)
        ));
        assert!(matches!(
            update_user(&m.deps(), &actor(), UserId::new(), edit("email", "nope")),
            Err(UpdateUserError::Invalid(f)) if f.get("email") == Some("Please enter a valid email address")
        ));
    }
}
