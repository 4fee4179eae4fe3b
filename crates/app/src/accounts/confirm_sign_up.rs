use playspace_domain::session::hash_token;
use playspace_domain::signup::{
    ALREADY_SIGNED_UP, INVALID_LINK, PASSWORD_REQUIRED, WRONG_PASSWORD,
};
use playspace_domain::{FieldErrors, NewNotification, Session, ValidationError};
use playspace_ports::{Clock, NewUserRecord, RepoError, UserRepository};

use super::{AccountDeps, ClientInfo, SignedIn, emails};

#[derive(Debug, thiserror::Error)]
pub enum ConfirmSignUpError {
    /// No password, or not the one chosen on the form.
    #[error("invalid sign-up confirmation: {0}")]
    Invalid(FieldErrors),
    /// Unknown, expired, used, or replaced by a newer sign-up.
    #[error("{INVALID_LINK}")]
    InvalidLink,
    /// The address got an account while the link waited.
    #[error("{ALREADY_SIGNED_UP}")]
    AlreadySignedUp,
    #[error(transparent)]
    Store(#[from] RepoError),
}

fn password_error(message: &str) -> ConfirmSignUpError {
    let mut errors = FieldErrors::new();
    errors.add("password", ValidationError::new(message));
    ConfirmSignUpError::Invalid(errors)
}

/// Finishes a sign-up from its emailed link (ADR 0018): with the password chosen on the
/// form, so an account is made only by someone who holds both the inbox and that password
/// (nobody can sign an address up with a password of their own and wait for its owner to
/// open the link). Makes the account (its address verified), its first session, the
/// welcome email and notification in one transaction that also spends the link, and signs in.
#[tracing::instrument(skip_all)]
pub fn confirm_sign_up(
    deps: &AccountDeps,
    token: &str,
    password: &str,
    client: ClientInfo,
) -> Result<SignedIn, ConfirmSignUpError> {
    let token = token.trim();
    if token.is_empty() {
        return Err(ConfirmSignUpError::InvalidLink);
    }
    let token_hash = hash_token(token);
    let now = deps.clock.now();
    let (pending, password_hash) = match deps.users.pending_sign_up(&token_hash) {
        Ok(found) if found.0.is_live(now) => found,
        Ok(_) | Err(RepoError::NotFound) => return Err(ConfirmSignUpError::InvalidLink),
        Err(other) => return Err(other.into()),
    };
    if password.is_empty() {
        return Err(password_error(PASSWORD_REQUIRED));
    }
    if !deps.hasher.verify(password, &password_hash) {
        return Err(password_error(WRONG_PASSWORD));
    }
    let registration_ip = pending.registration_ip.clone();
    let access_note = pending.access_note.clone();
    let user = pending.into_user(now);
    let session = Session::start(
        user.id,
        now,
        client.user_agent.as_deref(),
        client.ip.as_deref(),
    );
    let mails = [emails::welcome(deps.email, &user)?];
    let welcome = NewNotification::welcome(user.id);
    let record = NewUserRecord {
        user,
        password_hash,
        registration_ip,
        access_note,
    };
    match deps
        .users
        .complete_sign_up(&token_hash, &record, &session, &mails, &[welcome])
    {
        Ok(()) => {}
        Err(RepoError::NotFound) => return Err(ConfirmSignUpError::InvalidLink),
        Err(RepoError::Conflict) => return Err(ConfirmSignUpError::AlreadySignedUp),
        Err(other) => return Err(other.into()),
    }
    let token = deps.tokens.issue(&session)?;
    Ok(SignedIn {
        user: record.user,
        session,
        token,
    })
}

/// Deletes sign-ups whose link expired unused: they can hold medical and accessibility
/// details, kept no longer than the privacy page says. Returns how many went.
#[tracing::instrument(skip_all)]
pub fn purge_expired_sign_ups(
    users: &dyn UserRepository,
    clock: &dyn Clock,
) -> Result<usize, RepoError> {
    let purged = users.purge_expired_sign_ups(clock.now())?;
    Ok(usize::try_from(purged).unwrap_or(usize::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;
    use chrono::Duration;
    use playspace_domain::signup::PendingSignUp;
    use playspace_domain::{Email, Profile, Role};
    use playspace_ports::{
        MockOutbox, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    const TOKEN: &str = "the-emailed-token";

    fn pending(made: chrono::DateTime<chrono::Utc>) -> PendingSignUp {
        PendingSignUp::start(
            Email::parse("ana@example.org").unwrap(),
            Profile {
                first_name: "Ana".into(),
                last_name: "Silva".into(),
                ..Default::default()
            },
            Some("10.0.0.9".into()),
            made,
        )
        .with_access_note(Some("Step-free access".into()))
    }

    /// A store holding one pending sign-up made `hours_ago`, for `TOKEN`.
    fn store(hours_ago: i64) -> MockUserRepository {
        let mut users = MockUserRepository::new();
        users
            .expect_pending_sign_up()
            .withf(|hash| hash == hash_token(TOKEN))
            .returning(move |_| {
                Ok((
                    pending(test_now() - Duration::hours(hours_ago)),
                    "$argon2id$stored".into(),
                ))
            });
        users
    }

    /// A hasher that knows one password: "brisk-otter-42".
    fn hasher() -> MockPasswordHasher {
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_verify()
            .returning(|password, hash| password == "brisk-otter-42" && hash == "$argon2id$stored");
        hasher
    }

    fn run(
        users: &MockUserRepository,
        token: &str,
        password: &str,
    ) -> Result<SignedIn, ConfirmSignUpError> {
        let clock = FixedClock(test_now());
        let settings = settings();
        let mut tokens = MockTokenIssuer::new();
        tokens.expect_issue().returning(|_| Ok("jwt".into()));
        let (sessions, outbox, hasher) =
            (MockSessionRepository::new(), MockOutbox::new(), hasher());
        let deps = AccountDeps {
            users,
            sessions: &sessions,
            outbox: &outbox,
            hasher: &hasher,
            tokens: &tokens,
            clock: &clock,
            email: &settings,
        };
        let client = ClientInfo {
            ip: Some("10.0.0.10".into()),
            user_agent: Some("Firefox".into()),
        };
        confirm_sign_up(&deps, token, password, client)
    }

    #[test]
    fn the_link_and_the_password_make_a_verified_account_and_sign_in() {
        let mut users = store(23);
        users
            .expect_complete_sign_up()
            .withf(|hash, record, session, emails, notes| {
                hash == hash_token(TOKEN)
                    && record.user.email.as_str() == "ana@example.org"
                    && record.user.role == Role::User
                    && record.user.is_email_verified
                    && record.user.created_at == test_now()
                    && record.access_note.as_deref() == Some("Step-free access")
                    && record.password_hash == "$argon2id$stored"
                    && record.registration_ip.as_deref() == Some("10.0.0.9")
                    && session.user_id == record.user.id
                    && session.ip.as_deref() == Some("10.0.0.10")
                    && emails.iter().map(|e| e.email_type).collect::<Vec<_>>() == ["welcome"]
                    && notes == [NewNotification::welcome(record.user.id)]
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(()));
        let signed_in = run(&users, &format!(" {TOKEN} "), "brisk-otter-42").unwrap();
        assert_eq!(signed_in.token, "jwt");
        assert!(signed_in.user.is_email_verified);
        assert_eq!(signed_in.session.user_id, signed_in.user.id);
    }

    #[test]
    fn a_wrong_or_missing_password_makes_nothing() {
        let mut users = store(1);
        users.expect_complete_sign_up().never();
        for (password, message) in [("brisk-otter-43", WRONG_PASSWORD), ("", PASSWORD_REQUIRED)] {
            let err = run(&users, TOKEN, password).unwrap_err();
            assert!(
                matches!(&err, ConfirmSignUpError::Invalid(f) if f.get("password") == Some(message)),
                "{password}: {err:?}"
            );
        }
    }

    #[test]
    fn an_expired_link_is_invalid_even_before_the_sweep() {
        let mut users = store(24);
        users.expect_complete_sign_up().never();
        assert!(matches!(
            run(&users, TOKEN, "brisk-otter-42"),
            Err(ConfirmSignUpError::InvalidLink)
        ));
    }

    #[test]
    fn unknown_and_empty_links_are_invalid() {
        let mut users = MockUserRepository::new();
        users
            .expect_pending_sign_up()
            .returning(|_| Err(RepoError::NotFound));
        for token in ["unknown", "  "] {
            assert!(matches!(
                run(&users, token, "brisk-otter-42"),
                Err(ConfirmSignUpError::InvalidLink)
            ));
        }
    }

    #[test]
    fn a_link_used_meanwhile_or_an_address_taken_meanwhile_is_told_plainly() {
        // The store says the link is gone (used meanwhile) or the address taken meanwhile.
        for (taken, expected) in [(false, INVALID_LINK), (true, ALREADY_SIGNED_UP)] {
            let mut users = store(1);
            users
                .expect_complete_sign_up()
                .times(1)
                .returning(move |_, _, _, _, _| {
                    Err(if taken {
                        RepoError::Conflict
                    } else {
                        RepoError::NotFound
                    })
                });
            let err = run(&users, TOKEN, "brisk-otter-42").unwrap_err();
            assert_eq!(err.to_string(), expected);
        }
    }

    #[test]
    fn expired_sign_ups_are_swept_as_of_now() {
        let mut users = MockUserRepository::new();
        users
            .expect_purge_expired_sign_ups()
            .withf(|now| *now == test_now())
            .times(1)
            .returning(|_| Ok(3));
        assert_eq!(
            purge_expired_sign_ups(&users, &FixedClock(test_now())).unwrap(),
            3
        );
    }
}
