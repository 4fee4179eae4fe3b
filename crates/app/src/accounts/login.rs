use playspace_domain::{Email, FieldErrors, Session, ValidationError, password};
use playspace_ports::RepoError;

use super::{AccountDeps, ClientInfo, SignedIn};

#[derive(Debug, thiserror::Error)]
pub enum LoginError {
    #[error("invalid login form: {0}")]
    Invalid(FieldErrors),
    /// Unknown email and wrong password are the same answer.
    #[error("We couldn't log you in. Please check your email and password and try again.")]
    WrongCredentials,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Signs in with email and password, starting a new session.
#[tracing::instrument(skip_all)]
pub fn login(
    deps: &AccountDeps,
    email: &str,
    password: &str,
    client: ClientInfo,
) -> Result<SignedIn, LoginError> {
    let mut errors = FieldErrors::new();
    let email = errors.check("email", Email::parse(email));
    if password.chars().count() < password::MIN_CHARS {
        errors.add("password", ValidationError::new(password::TOO_SHORT));
    }
    let Some(email) = email.filter(|_| errors.is_empty()) else {
        return Err(LoginError::Invalid(errors));
    };
    let user = match deps.users.find_by_email(&email)? {
        Some((user, hash)) if deps.hasher.verify(password, &hash) => user,
        Some(_) => return Err(LoginError::WrongCredentials),
        None => {
            deps.hasher.verify_dummy(password);
            return Err(LoginError::WrongCredentials);
        }
    };
    let now = deps.clock.now();
    let session = Session::start(
        user.id,
        now,
        client.user_agent.as_deref(),
        client.ip.as_deref(),
    );
    deps.sessions.start(&session)?;
    let token = deps.tokens.issue(&session)?;
    Ok(SignedIn {
        user,
        session,
        token,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use playspace_ports::{
        MockOutbox, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    fn run(
        users: MockUserRepository,
        hasher: MockPasswordHasher,
        sessions: MockSessionRepository,
        email: &str,
        password: &str,
    ) -> Result<SignedIn, LoginError> {
        let mut tokens = MockTokenIssuer::new();
        tokens.expect_issue().returning(|_| Ok("jwt".into()));
        let clock = FixedClock(test_now());
        let settings = settings();
        let outbox = MockOutbox::new();
        let deps = AccountDeps {
            users: &users,
            sessions: &sessions,
            outbox: &outbox,
            hasher: &hasher,
            tokens: &tokens,
            clock: &clock,
            email: &settings,
        };
        login(&deps, email, password, ClientInfo::default())
    }

    #[test]
    fn the_right_password_starts_a_session() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_by_email()
            .returning(|_| Ok(Some((user(), "hash".into()))));
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_verify()
            .withf(|p, h| p == "brisk-otter" && h == "hash")
            .returning(|_, _| true);
        let mut sessions = MockSessionRepository::new();
        sessions
            .expect_start()
            .withf(|s| s.created_at == test_now())
            .times(1)
            .returning(|_| Ok(()));
        let signed_in = run(users, hasher, sessions, "ana@example.org", "brisk-otter").unwrap();
        assert_eq!(signed_in.token, "jwt");
    }

    #[test]
    fn wrong_password_and_unknown_email_are_the_same_answer() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_by_email()
            .returning(|_| Ok(Some((user(), "hash".into()))));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_verify().returning(|_, _| false);
        let mut sessions = MockSessionRepository::new();
        sessions.expect_start().never();
        let wrong = run(users, hasher, sessions, "ana@example.org", "not-it-at-all").unwrap_err();

        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(None));
        let mut hasher = MockPasswordHasher::new();
        // Unknown emails still pay for a hash comparison.
        hasher.expect_verify_dummy().times(1).returning(|_| false);
        let unknown = run(
            users,
            hasher,
            MockSessionRepository::new(),
            "who@example.org",
            "not-it-at-all",
        )
        .unwrap_err();
        assert_eq!(wrong.to_string(), unknown.to_string());
        assert!(matches!(unknown, LoginError::WrongCredentials));
    }

    #[test]
    fn the_forms_rules_have_the_specs_messages() {
        let err = run(
            MockUserRepository::new(),
            MockPasswordHasher::new(),
            MockSessionRepository::new(),
            "nope",
            "123",
        )
        .unwrap_err();
        let LoginError::Invalid(fields) = err else {
            panic!("expected field errors")
        };
        assert_eq!(fields.get("email"), Some("Invalid email address"));
        assert_eq!(
            fields.get("password"),
            Some("Password must be at least 6 characters")
        );
    }
}
