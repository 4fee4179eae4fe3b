use playspace_domain::outbox::{SIGNUP_ATTEMPT_NOTICES, SIGNUP_LINKS};
use playspace_domain::signup::PendingSignUp;
use playspace_domain::{FieldErrors, OneTimeToken, SignUpForm, london};
use playspace_ports::{RepoError, SignUpRequest};

use super::{AccountDeps, ClientInfo, emails};

pub struct RegisterInput {
    pub form: SignUpForm,
    pub client: ClientInfo,
}

#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    #[error("invalid sign-up: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Takes a valid sign-up without saying whether its address has an account (ADR 0018): a
/// free address gets a pending sign-up and a link to finish it, a taken one's owner an email
/// saying someone tried, in one transaction the store chooses in. Both hash the password and
/// write alike, and the caller answers the same, so nothing tells the two apart.
#[tracing::instrument(skip_all)]
pub fn register(deps: &AccountDeps, input: RegisterInput) -> Result<(), RegisterError> {
    let now = deps.clock.now();
    let account = input
        .form
        .validate(london::day_of(now))
        .map_err(RegisterError::Invalid)?;
    // Hashed whether or not the address is free: the slowest step, so both take as long.
    let password_hash = deps.hasher.hash(&account.password)?;
    let token = OneTimeToken::generate(&mut rand::rng());
    let sign_up = PendingSignUp::start(account.email, account.profile, input.client.ip, now)
        .with_access_note(account.access_note);
    let request = SignUpRequest {
        link: emails::finish_sign_up(deps.email, &sign_up.email, token.plain())?,
        link_cap: SIGNUP_LINKS,
        notice: emails::signup_attempt(deps.email, &sign_up.email)?,
        notice_cap: SIGNUP_ATTEMPT_NOTICES,
        sign_up,
        password_hash,
        token,
    };
    deps.users.request_sign_up(&request, now)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;
    use playspace_ports::{
        MockOutbox, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
        SignUpRecorded,
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
            medical_conditions: Some("Asthma".into()),
            ..Default::default()
        }
    }

    fn hasher() -> MockPasswordHasher {
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_hash()
            .times(1)
            .returning(|_| Ok("$argon2id$hash".into()));
        hasher
    }

    fn run(
        users: &MockUserRepository,
        hasher: &MockPasswordHasher,
        form: SignUpForm,
    ) -> Result<(), RegisterError> {
        let clock = FixedClock(test_now());
        let settings = settings();
        let (sessions, outbox, tokens) = (
            MockSessionRepository::new(),
            MockOutbox::new(),
            MockTokenIssuer::new(),
        );
        let deps = AccountDeps {
            users,
            sessions: &sessions,
            outbox: &outbox,
            hasher,
            tokens: &tokens,
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

    /// The store's reply to a request, whatever it was given: what the address would make
    /// it do.
    fn store_that(recorded: SignUpRecorded) -> MockUserRepository {
        let mut users = MockUserRepository::new();
        users
            .expect_request_sign_up()
            .times(1)
            .returning(move |_, _| Ok(recorded));
        users
    }

    #[test]
    fn a_valid_sign_up_is_recorded_once_with_the_form_the_hash_and_both_emails() {
        let mut users = MockUserRepository::new();
        users
            .expect_request_sign_up()
            .withf(|r, now| {
                let link = r.link.text_body.contains(&format!(
                    "https://playspace.test/signup/confirm?token={}",
                    r.token.plain()
                ));
                *now == test_now()
                    && r.sign_up.email.as_str() == "ana@example.org"
                    && r.sign_up.profile.medical_conditions.as_deref() == Some("Asthma")
                    && r.sign_up.registration_ip.as_deref() == Some("10.0.0.9")
                    && r.sign_up.created_at == test_now()
                    && r.sign_up.expires_at == test_now() + chrono::Duration::hours(24)
                    && r.password_hash == "$argon2id$hash"
                    && link
                    && r.link.to_email == "ana@example.org"
                    && r.link.email_type == r.link_cap.email_type
                    && r.notice.to_email == "ana@example.org"
                    && r.notice.email_type == r.notice_cap.email_type
                    && r.notice.user_id.is_none()
                    && r.link_cap == SIGNUP_LINKS
                    && r.notice_cap == SIGNUP_ATTEMPT_NOTICES
            })
            .times(1)
            .returning(|_, _| Ok(SignUpRecorded::LinkSent));
        run(&users, &hasher(), form()).unwrap();
    }

    #[test]
    fn a_free_a_taken_and_a_capped_address_get_the_same_answer_after_the_same_work() {
        // `hasher()` expects one hash, `store_that` one request: the same work each time.
        for recorded in [
            SignUpRecorded::LinkSent,
            SignUpRecorded::OwnerTold,
            SignUpRecorded::Capped,
        ] {
            let answer = run(&store_that(recorded), &hasher(), form());
            assert!(matches!(answer, Ok(())), "{recorded:?}");
        }
    }

    #[test]
    fn each_sign_up_gets_a_link_of_its_own() {
        let tokens = std::sync::Mutex::new(Vec::new());
        let mut users = MockUserRepository::new();
        users.expect_request_sign_up().returning(move |r, _| {
            let mut seen = tokens.lock().unwrap();
            assert!(!seen.contains(&r.token.hash().to_owned()));
            seen.push(r.token.hash().to_owned());
            Ok(SignUpRecorded::LinkSent)
        });
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Ok("h".into()));
        run(&users, &hasher, form()).unwrap();
        run(&users, &hasher, form()).unwrap();
    }

    #[test]
    fn invalid_forms_are_not_hashed_or_recorded() {
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().never();
        let mut users = MockUserRepository::new();
        users.expect_request_sign_up().never();
        let err = run(
            &users,
            &hasher,
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

    #[test]
    fn a_store_failure_is_reported() {
        let mut users = MockUserRepository::new();
        users
            .expect_request_sign_up()
            .returning(|_, _| Err(RepoError::Unavailable("down".into())));
        assert!(matches!(
            run(&users, &hasher(), form()),
            Err(RegisterError::Store(_))
        ));
    }
}
