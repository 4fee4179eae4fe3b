use chrono::{DateTime, Utc};
use playspace_domain::outbox::SIGNUP_ATTEMPT_NOTICES;
use playspace_domain::{
    Email, FieldErrors, NewNotification, OneTimeToken, Role, Session, SignUpForm, TokenPurpose,
    User, UserId, london,
};
use playspace_ports::{NewUserRecord, RepoError, TokenRecord};

use super::{AccountDeps, ClientInfo, SignedIn, emails};

/// The spec's one answer for every refused sign-up, so nobody can learn which addresses
/// have accounts.
pub const REGISTER_FAILED: &str =
    "We couldn't create your account. Please check your information and try again.";

pub struct RegisterInput {
    pub form: SignUpForm,
    pub client: ClientInfo,
}

#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    #[error("invalid sign-up: {0}")]
    Invalid(FieldErrors),
    /// Includes "that email is taken": the owner is emailed instead of the caller told.
    #[error("{REGISTER_FAILED}")]
    Failed,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Creates an account and signs it in: the user, their first session, an email verification
/// token, the welcome and verification emails and the welcome notification are stored in
/// one transaction.
#[tracing::instrument(skip_all)]
pub fn register(deps: &AccountDeps, input: RegisterInput) -> Result<SignedIn, RegisterError> {
    let now = deps.clock.now();
    let account = input
        .form
        .validate(london::day_of(now))
        .map_err(RegisterError::Invalid)?;
    // Hash before knowing whether the email is free, so both outcomes take as long.
    let password_hash = deps.hasher.hash(&account.password)?;
    let user = User {
        id: UserId::new(),
        email: account.email,
        role: Role::User,
        profile: account.profile,
        is_email_verified: false,
        profile_image_url: None,
        last_login: Some(now),
        created_at: now,
    };
    let session = Session::start(
        user.id,
        now,
        input.client.user_agent.as_deref(),
        input.client.ip.as_deref(),
    );
    let verify = OneTimeToken::generate(&mut rand::rng());
    let mails = [
        emails::welcome(deps.email, &user)?,
        emails::verify(deps.email, &user, verify.plain())?,
    ];
    let token = TokenRecord {
        user_id: user.id,
        purpose: TokenPurpose::VerifyEmail,
        expires_at: now + TokenPurpose::VerifyEmail.lifetime(),
        token: verify,
    };
    let welcome = NewNotification::welcome(user.id);
    let record = NewUserRecord {
        user,
        password_hash,
        registration_ip: input.client.ip,
    };
    match deps
        .users
        .create_account(&record, &session, &[token], &mails, &[welcome])
    {
        Ok(()) => {}
        Err(RepoError::Conflict) => {
            tell_the_owner(deps, &record.user.email, now)?;
            return Err(RegisterError::Failed);
        }
        Err(other) => return Err(other.into()),
    }
    let token = deps.tokens.issue(&session)?;
    Ok(SignedIn {
        user: record.user,
        session,
        token,
    })
}

/// Tells the owner of a taken address that someone tried to sign up with it, at most once a
/// day, so sign-up attempts cannot be used to flood their inbox.
fn tell_the_owner(deps: &AccountDeps, email: &Email, now: DateTime<Utc>) -> Result<(), RepoError> {
    let Some((owner, _)) = deps.users.find_by_email(email)? else {
        return Ok(());
    };
    let cap = SIGNUP_ATTEMPT_NOTICES;
    if cap.allows(
        deps.outbox
            .sent_since(owner.id, cap.email_type, cap.since(now))?,
    ) {
        deps.outbox
            .enqueue(&[emails::signup_attempt(deps.email, &owner)?])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;
    use playspace_ports::{
        MockOutbox, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    fn form() -> SignUpForm {
        SignUpForm {
            first_name: "Ana".into(),
            last_name: "Silva".into(),
            email: "Ana@Example.org".into(),
            phone: "07700 900123".into(),
            password: "brisk-otter-42".into(),
            gender: "female".into(),
            address: "1 Mare Street".into(),
            city: "London".into(),
            postcode: "E8 4RP".into(),
            fitness_level: "beginner".into(),
            how_did_you_hear: "friend".into(),
            ..Default::default()
        }
    }

    struct Mocks {
        users: MockUserRepository,
        sessions: MockSessionRepository,
        outbox: MockOutbox,
        hasher: MockPasswordHasher,
        tokens: MockTokenIssuer,
    }

    fn mocks() -> Mocks {
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_hash()
            .returning(|_| Ok("$argon2id$hash".into()));
        let mut tokens = MockTokenIssuer::new();
        tokens.expect_issue().returning(|_| Ok("jwt".into()));
        Mocks {
            users: MockUserRepository::new(),
            sessions: MockSessionRepository::new(),
            outbox: MockOutbox::new(),
            hasher,
            tokens,
        }
    }

    fn run(m: &Mocks, form: SignUpForm) -> Result<SignedIn, RegisterError> {
        let clock = FixedClock(test_now());
        let settings = settings();
        let deps = AccountDeps {
            users: &m.users,
            sessions: &m.sessions,
            outbox: &m.outbox,
            hasher: &m.hasher,
            tokens: &m.tokens,
            clock: &clock,
            email: &settings,
        };
        register(
            &deps,
            RegisterInput {
                form,
                client: ClientInfo {
                    ip: Some("10.0.0.9".into()),
                    user_agent: None,
                },
            },
        )
    }

    #[test]
    fn creates_user_session_token_and_both_emails_together() {
        let mut m = mocks();
        m.users
            .expect_create_account()
            .withf(|record, session, tokens, emails, notes| {
                record.password_hash == "$argon2id$hash"
                    && record.registration_ip.as_deref() == Some("10.0.0.9")
                    && session.user_id == record.user.id
                    && tokens.len() == 1
                    && tokens[0].purpose == TokenPurpose::VerifyEmail
                    && emails.iter().map(|e| e.email_type).collect::<Vec<_>>()
                        == ["welcome", "verify_email"]
                    && emails[1].text_body.contains(tokens[0].token.plain())
                    && notes == [NewNotification::welcome(record.user.id)]
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(()));
        let signed_in = run(&m, form()).unwrap();
        assert_eq!(signed_in.token, "jwt");
        assert_eq!(signed_in.user.email.as_str(), "ana@example.org");
        assert!(!signed_in.user.is_email_verified);
    }

    /// A sign-up with a taken address, the owner having had `notices` such emails today.
    fn taken(notices: u32) -> (Mocks, User) {
        let mut m = mocks();
        let owner = crate::accounts::testing::user();
        let found = owner.clone();
        m.users
            .expect_create_account()
            .returning(|_, _, _, _, _| Err(RepoError::Conflict));
        m.users
            .expect_find_by_email()
            .returning(move |_| Ok(Some((found.clone(), "h".into()))));
        let id = owner.id;
        m.outbox
            .expect_sent_since()
            .withf(move |user, kind, since| {
                *user == id
                    && kind == "signup_attempt"
                    && *since == test_now() - chrono::Duration::days(1)
            })
            .returning(move |_, _, _| Ok(notices));
        (m, owner)
    }

    #[test]
    fn a_taken_email_gets_the_generic_failure_and_the_owner_an_email() {
        let (mut m, owner) = taken(0);
        m.outbox
            .expect_enqueue()
            .withf(move |emails| {
                emails.len() == 1
                    && emails[0].email_type == "signup_attempt"
                    && emails[0].to_email == owner.email.as_str()
                    && emails[0].user_id == Some(owner.id)
            })
            .times(1)
            .returning(|_| Ok(()));
        let err = run(&m, form()).unwrap_err();
        assert!(matches!(err, RegisterError::Failed));
        assert_eq!(err.to_string(), REGISTER_FAILED);
    }

    #[test]
    fn the_owner_hears_of_attempts_at_most_once_a_day() {
        let (mut m, _) = taken(1);
        m.outbox.expect_enqueue().never();
        assert!(matches!(
            run(&m, form()).unwrap_err(),
            RegisterError::Failed
        ));
    }

    #[test]
    fn invalid_forms_are_not_stored_or_hashed() {
        let mut m = mocks();
        m.hasher = MockPasswordHasher::new();
        m.hasher.expect_hash().never();
        m.users.expect_create_account().never();
        let err = run(
            &m,
            SignUpForm {
                email: "nope".into(),
                ..form()
            },
        )
        .unwrap_err();
        assert!(
            matches!(err, RegisterError::Invalid(f) if f.get("email") == Some("Please enter a valid email address"))
        );
    }
}
