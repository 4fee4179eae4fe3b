use playspace_domain::audit::actions;
use playspace_domain::{AuditEntry, FieldErrors, Role, User, ValidationError};
use playspace_ports::RepoError;

use super::{AccountDeps, ClientInfo};

#[derive(Debug, thiserror::Error)]
pub enum DeleteAccountError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    /// The site must keep an admin: another must be made admin first.
    #[error(
        "You are the site's only admin. Make someone else an admin before deleting your account."
    )]
    LastAdmin,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Erases the person's data after they re-enter their password; anonymous booking counts
/// stay for the organisation's records. An admin or moderator erasing their own account
/// is audited (`user.delete` with `self` and the role they held), in the same transaction:
/// the trail then says who left the team's side and when.
pub fn delete_account(
    deps: &AccountDeps,
    user: &User,
    password: &str,
    client: ClientInfo,
) -> Result<(), DeleteAccountError> {
    let hash = deps.users.password_hash(user.id)?;
    if !deps.hasher.verify(password, &hash) {
        let mut errors = FieldErrors::new();
        errors.add(
            "password",
            ValidationError::new("Your password is not correct"),
        );
        return Err(DeleteAccountError::Invalid(errors));
    }
    let now = deps.clock.now();
    let audit = (user.role != Role::User).then(|| {
        AuditEntry::new(
            user.id,
            actions::USER_DELETE,
            "user",
            Some(user.id.to_string()),
            now,
        )
        .detail("self", "true")
        .detail("role", user.role.as_str())
        .from_client(client.ip, client.user_agent)
    });
    match deps.users.erase_audited(user.id, now, audit.as_ref()) {
        Err(RepoError::Conflict) => Err(DeleteAccountError::LastAdmin),
        other => Ok(other?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use playspace_ports::{
        MockOutbox, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    fn client() -> ClientInfo {
        ClientInfo {
            ip: Some("10.0.0.9".into()),
            user_agent: Some("Firefox".into()),
        }
    }

    /// Runs the use case for `person` with the password right or wrong, `users` set up by
    /// the test.
    fn run(
        users: MockUserRepository,
        person: &User,
        right: bool,
    ) -> Result<(), DeleteAccountError> {
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_verify().return_const(right);
        let (sessions, outbox, tokens) = (
            MockSessionRepository::new(),
            MockOutbox::new(),
            MockTokenIssuer::new(),
        );
        let clock = FixedClock(test_now());
        let settings = settings();
        let deps = AccountDeps {
            users: &users,
            sessions: &sessions,
            outbox: &outbox,
            hasher: &hasher,
            tokens: &tokens,
            clock: &clock,
            email: &settings,
        };
        delete_account(&deps, person, "brisk-otter-42", client())
    }

    fn users_erasing(person: &User, audited: Option<(&'static str, String)>) -> MockUserRepository {
        let mut users = MockUserRepository::new();
        users
            .expect_password_hash()
            .returning(|_| Ok("hash".into()));
        let id = person.id;
        users
            .expect_erase_audited()
            .withf(move |who, at, audit| {
                *who == id
                    && *at == test_now()
                    && match (&audited, audit) {
                        (None, None) => true,
                        (Some((action, role)), Some(a)) => {
                            a.action == *action
                                && a.actor == Some(id)
                                && a.resource_id == Some(id.to_string())
                                && a.details
                                    == [("self", "true".to_owned()), ("role", role.clone())]
                                && a.ip_address.as_deref() == Some("10.0.0.9")
                        }
                        _ => false,
                    }
            })
            .times(1)
            .returning(|_, _, _| Ok(()));
        users
    }

    #[test]
    fn a_member_is_erased_without_an_audit_entry() {
        let person = user();
        run(users_erasing(&person, None), &person, true).unwrap();
    }

    #[test]
    fn an_admin_or_moderator_erasing_themselves_is_audited_with_their_role() {
        for role in [Role::Admin, Role::Moderator] {
            let person = User { role, ..user() };
            let users = users_erasing(&person, Some(("user.delete", role.as_str().to_owned())));
            run(users, &person, true).unwrap();
        }
    }

    #[test]
    fn a_wrong_password_erases_nothing_and_the_last_admin_is_refused() {
        let person = User {
            role: Role::Admin,
            ..user()
        };
        let mut users = MockUserRepository::new();
        users
            .expect_password_hash()
            .returning(|_| Ok("hash".into()));
        users.expect_erase_audited().never();
        assert!(matches!(
            run(users, &person, false),
            Err(DeleteAccountError::Invalid(f)) if f.get("password") == Some("Your password is not correct")
        ));
        let mut users = MockUserRepository::new();
        users
            .expect_password_hash()
            .returning(|_| Ok("hash".into()));
        users
            .expect_erase_audited()
            .returning(|_, _, _| Err(RepoError::Conflict));
        assert!(matches!(
            run(users, &person, true),
            Err(DeleteAccountError::LastAdmin)
        ));
    }
}
