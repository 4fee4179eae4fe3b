use playspace_domain::outbox::RESET_LINKS;
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
    // Past the cap the caller hears the same answer and the owner keeps the links already
    // sent, each good for its hour: nobody can flood an inbox or stop the owner resetting.
    let sent = deps
        .outbox
        .sent_since(user.id, RESET_LINKS.email_type, RESET_LINKS.since(now))?;
    if !RESET_LINKS.allows(sent) {
        return Ok(());
    }
    let token = OneTimeToken::generate(&mut rand::rng());
    let mail = emails::password_reset(deps.email, &user, token.plain())?;
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
        run_with_sent(users, email, 0)
    }

    /// With `sent` reset emails already queued for the person in the last hour.
    fn run_with_sent(
        users: MockUserRepository,
        email: &str,
        sent: u32,
    ) -> Result<(), ForgotPasswordError> {
        let clock = FixedClock(test_now());
        let settings = settings();
        let mut outbox = MockOutbox::new();
        outbox
            .expect_sent_since()
            .withf(|_, kind, since| {
                *kind == *"password_reset" && *since == test_now() - Duration::hours(1)
            })
            .returning(move |_, _, _| Ok(sent));
        let (sessions, hasher, tokens) = (
            MockSessionRepository::new(),
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
    fn past_three_links_an_hour_nothing_more_is_sent_and_the_answer_is_the_same() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_by_email()
            .returning(|_| Ok(Some((user(), "h".into()))));
        users.expect_add_token().times(1).returning(|_, _| Ok(()));
        run_with_sent(users, "ana@example.org", 2).unwrap();
        let mut users = MockUserRepository::new();
        users
            .expect_find_by_email()
            .returning(|_| Ok(Some((user(), "h".into()))));
        users.expect_add_token().never();
        run_with_sent(users, "ana@example.org", 3).unwrap();
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
