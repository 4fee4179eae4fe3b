use playspace_domain::{FieldErrors, Password, ValidationError, password, session::hash_token};
use playspace_ports::RepoError;

use super::AccountDeps;

pub struct ResetPasswordForm {
    pub token: String,
    pub password: String,
    pub confirm_password: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ResetPasswordError {
    #[error("invalid reset form: {0}")]
    Invalid(FieldErrors),
    /// The page switches to 'Invalid Reset Link' on 'invalid' or 'expired' in this text.
    #[error("This reset link is invalid or has expired. Please request a new one.")]
    InvalidToken,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Sets a new password with a reset link's token: once, within the hour, and signs the
/// account out everywhere.
#[tracing::instrument(skip_all)]
pub fn reset_password(
    deps: &AccountDeps,
    form: ResetPasswordForm,
) -> Result<(), ResetPasswordError> {
    let mut errors = FieldErrors::new();
    if form.token.trim().is_empty() {
        errors.add("token", ValidationError::new("Reset token is required"));
    }
    let password = errors.check("password", Password::new(&form.password));
    if form.confirm_password.chars().count() < password::MIN_CHARS {
        errors.add(
            "confirmPassword",
            ValidationError::new("Please confirm your password"),
        );
    } else if form.confirm_password != form.password {
        errors.add(
            "confirmPassword",
            ValidationError::new("Passwords don't match"),
        );
    }
    let Some(password) = password.filter(|_| errors.is_empty()) else {
        return Err(ResetPasswordError::Invalid(errors));
    };
    let hash = deps.hasher.hash(&password)?;
    match deps
        .users
        .reset_password(&hash_token(&form.token), &hash, deps.clock.now())
    {
        Ok(_) => Ok(()),
        Err(RepoError::NotFound) => Err(ResetPasswordError::InvalidToken),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;
    use playspace_domain::UserId;
    use playspace_ports::{
        MockOutbox, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    fn run(users: MockUserRepository, form: ResetPasswordForm) -> Result<(), ResetPasswordError> {
        let clock = FixedClock(test_now());
        let settings = settings();
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Ok("new-hash".into()));
        let (sessions, outbox, tokens) = (
            MockSessionRepository::new(),
            MockOutbox::new(),
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
        reset_password(&deps, form)
    }

    fn form(token: &str, password: &str, confirm: &str) -> ResetPasswordForm {
        ResetPasswordForm {
            token: token.into(),
            password: password.into(),
            confirm_password: confirm.into(),
        }
    }

    #[test]
    fn a_valid_token_sets_the_password_by_its_hash() {
        let mut users = MockUserRepository::new();
        let expected = hash_token("tok");
        users
            .expect_reset_password()
            .withf(move |h, p, now| h == expected && p == "new-hash" && *now == test_now())
            .times(1)
            .returning(|_, _, _| Ok(UserId::new()));
        run(users, form("tok", "fresh-kiwi-7", "fresh-kiwi-7")).unwrap();
    }

    #[test]
    fn used_or_expired_tokens_say_invalid_or_expired() {
        let mut users = MockUserRepository::new();
        users
            .expect_reset_password()
            .returning(|_, _, _| Err(RepoError::NotFound));
        let err = run(users, form("tok", "fresh-kiwi-7", "fresh-kiwi-7")).unwrap_err();
        assert!(matches!(err, ResetPasswordError::InvalidToken));
        let text = err.to_string();
        assert!(text.contains("invalid") && text.contains("expired"));
    }

    #[test]
    fn the_forms_messages() {
        let mut users = MockUserRepository::new();
        users.expect_reset_password().never();
        let err = run(users, form(" ", "abc", "")).unwrap_err();
        let ResetPasswordError::Invalid(f) = err else {
            panic!("expected field errors")
        };
        assert_eq!(f.get("token"), Some("Reset token is required"));
        assert_eq!(
            f.get("password"),
            Some("Password must be at least 6 characters")
        );
        assert_eq!(
            f.get("confirmPassword"),
            Some("Please confirm your password")
        );
        let mut users = MockUserRepository::new();
        users.expect_reset_password().never();
        let ResetPasswordError::Invalid(f) =
            run(users, form("t", "fresh-kiwi-7", "fresh-kiwi-8")).unwrap_err()
        else {
            panic!("expected field errors")
        };
        assert_eq!(f.get("confirmPassword"), Some("Passwords don't match"));
    }
}
