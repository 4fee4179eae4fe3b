use playspace_domain::{Email, FieldErrors, Password, Profile, Role, User, UserId};
use playspace_ports::{NewUserRecord, RepoError};

use super::AccountDeps;

#[derive(Debug, thiserror::Error)]
pub enum CreateAdminError {
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Bootstraps an administrator: a new verified admin account, or an existing account
/// promoted with a new password (its sessions signed out).
pub fn create_admin(
    deps: &AccountDeps,
    email: &str,
    password: &str,
) -> Result<User, CreateAdminError> {
    let mut errors = FieldErrors::new();
    let email = errors.check("email", Email::parse(email));
    let password = errors.check("password", Password::new(password));
    let (Some(email), Some(password)) = (email, password) else {
        return Err(CreateAdminError::Invalid(errors));
    };
    let user = User {
        id: UserId::new(),
        email,
        role: Role::Admin,
        profile: Profile {
            first_name: "PlaySpace".into(),
            last_name: "Admin".into(),
            ..Default::default()
        },
        is_email_verified: true,
        profile_image_url: None,
        last_login: None,
        created_at: deps.clock.now(),
    };
    let password_hash = deps.hasher.hash(&password)?;
    deps.users.create_or_promote_admin(&NewUserRecord {
        user: user.clone(),
        password_hash,
        registration_ip: None,
        access_note: None,
    })?;
    Ok(user)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;
    use playspace_ports::{
        MockOutbox, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    #[test]
    fn creates_a_verified_admin_and_refuses_weak_passwords() {
        let mut users = MockUserRepository::new();
        users
            .expect_create_or_promote_admin()
            .withf(|r| {
                r.user.role == Role::Admin && r.user.is_email_verified && r.password_hash == "h"
            })
            .times(1)
            .returning(|_| Ok(()));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Ok("h".into()));
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
        assert!(create_admin(&deps, "admin@example.org", "long-admin-passphrase").is_ok());
        let err = create_admin(&deps, "admin@example.org", "123456").unwrap_err();
        assert!(matches!(err, CreateAdminError::Invalid(f) if f.get("password").is_some()));
    }
}
