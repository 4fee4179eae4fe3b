use playspace_domain::{Email, FieldErrors, OneTimeToken, TokenPurpose};
use playspace_ports::{RepoError, TokenRecord};

use super::{AccountDeps, emails};

#[derive(Debug, thiserror::Error)]
pub enum ForgotPasswordError {
    #[error("invalid email: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Emails a one-hour, single-use reset link if the address has an account. The caller
/// answers the same either way, so nobody learns which addresses have accounts.
#[tracing::instrument(skip_all)]
pub fn request_password_reset(deps: &AccountDeps, email: &str) -> Result<(), ForgotPasswordError> {
    let mut errors = FieldErrors::new();
    let Some(email) = errors.check("email", Email::parse(email)) else {
        return Err(ForgotPasswordError::Invalid(errors));
    };
    let Some((user, _)) = deps.users.find_by_email(&email)? else {
        return Ok(());
    };
    let now = deps.clock.now();
    let token = OneTimeToken::generate(&mut rand::rng());
    let mail = emails::password_reset(deps.email, &user, token.plain());
    let record = TokenRecord {
        user_id: user.id,
        purpose: TokenPurpose::ResetPassword,
        expires_at: now + TokenPurpose::ResetPassword.lifetime(),
        token,
    };
    deps.users.add_token(&record, &[mail])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use chrono::Duration;
    use playspace_ports::{
        MockOutbox, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    fn run(users: MockUserRepository, email: &str) -> Result<(), ForgotPasswordError> {
        let clock = FixedClock(test_now());
        let settings = settings();
        let (sessions, outbox, hasher, tokens) = (
            MockSessionRepository::new(),
            MockOutbox::new(),
            MockPasswordHasher::new(),
            MockTokenIssuer::new(),
        );
        let deps = AccountDeps {
            users: &users,
            sessions: &sessions,
            outbox: &outbox,
            hasher: &hasher,
            tokens: &tokens,
            clock: &clock,
            email: &settings,
        };
        request_password_reset(&deps, email)
    }

    #[test]
    fn a_known_address_gets_a_one_hour_link() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_by_email()
            .returning(|_| Ok(Some((user(), "h".into()))));
        users
            .expect_add_token()
            .withf(|t, mails| {
                t.purpose == TokenPurpose::ResetPassword
                    && t.expires_at == test_now() + Duration::hours(1)
                    && mails[0].text_body.contains(t.token.plain())
            })
            .times(1)
            .returning(|_, _| Ok(()));
        run(users, "ana@example.org").unwrap();
    }

    #[test]
    fn an_unknown_address_succeeds_silently() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(None));
        users.expect_add_token().never();
        run(users, "nobody@example.org").unwrap();
    }

    #[test]
    fn a_malformed_address_is_a_field_error() {
        let err = run(MockUserRepository::new(), "nope").unwrap_err();
        assert!(
            matches!(err, ForgotPasswordError::Invalid(f) if f.get("email") == Some("Invalid email address"))
        );
    }
}
