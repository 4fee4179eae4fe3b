use playspace_domain::{Session, User};
use playspace_ports::RepoError;

use super::{AccountDeps, ClientInfo};

#[derive(Debug, thiserror::Error)]
pub enum AuthenticateError {
    /// Bad signature, wrong algorithm or audience, expired, revoked, or the account erased.
    #[error("not signed in")]
    Unauthenticated,
    #[error(transparent)]
    Store(RepoError),
}

/// Who a bearer token belongs to. The session is checked in the store on every call, so
/// logout, password reset and account deletion take effect at once; its last-seen details are
/// written only every few minutes.
pub fn authenticate(
    deps: &AccountDeps,
    token: &str,
    client: ClientInfo,
) -> Result<(User, Session), AuthenticateError> {
    let now = deps.clock.now();
    let session_id = deps
        .tokens
        .verify(token, now)
        .ok_or(AuthenticateError::Unauthenticated)?;
    let (session, user) = match deps.sessions.get(session_id) {
        Ok((session, user)) if session.is_active(now) => (session, user),
        Ok(_) | Err(RepoError::NotFound) => return Err(AuthenticateError::Unauthenticated),
        Err(e) => return Err(AuthenticateError::Store(e)),
    };
    if session.needs_touch(now, client.user_agent.as_deref(), client.ip.as_deref()) {
        // Losing a last-seen update is harmless; failing the request for it is not.
        if let Err(e) = deps
            .sessions
            .touch(session.id, now, client.user_agent, client.ip)
        {
            tracing::warn!(error = %e, "could not record session activity");
        }
    }
    Ok((user, session))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use chrono::Duration;
    use playspace_domain::SessionId;
    use playspace_ports::{
        MockOutbox, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    fn run(
        tokens: MockTokenIssuer,
        sessions: MockSessionRepository,
        users: MockUserRepository,
        client: ClientInfo,
    ) -> Result<(User, Session), AuthenticateError> {
        let clock = FixedClock(test_now());
        let settings = settings();
        let (outbox, hasher) = (MockOutbox::new(), MockPasswordHasher::new());
        let deps = AccountDeps {
            users: &users,
            sessions: &sessions,
            outbox: &outbox,
            hasher: &hasher,
            tokens: &tokens,
            clock: &clock,
            email: &settings,
        };
        authenticate(&deps, "token", client)
    }

    fn session_for(user: &User, started: chrono::DateTime<chrono::Utc>) -> Session {
        Session::start(user.id, started, Some("Firefox"), Some("10.0.0.1"))
    }

    fn client() -> ClientInfo {
        ClientInfo {
            ip: Some("10.0.0.1".into()),
            user_agent: Some("Firefox".into()),
        }
    }

    #[test]
    fn a_live_session_authenticates_without_a_write() {
        let u = user();
        let s = session_for(&u, test_now() - Duration::minutes(1));
        let mut tokens = MockTokenIssuer::new();
        let id = s.id;
        tokens.expect_verify().returning(move |_, _| Some(id));
        let mut sessions = MockSessionRepository::new();
        let found = u.clone();
        sessions
            .expect_get()
            .returning(move |_| Ok((s.clone(), found.clone())));
        sessions.expect_touch().never();
        let users = MockUserRepository::new();
        assert_eq!(run(tokens, sessions, users, client()).unwrap().0, u);
    }

    #[test]
    fn an_old_last_seen_is_refreshed() {
        let u = user();
        let s = session_for(&u, test_now() - Duration::hours(1));
        let id = s.id;
        let mut tokens = MockTokenIssuer::new();
        tokens.expect_verify().returning(move |_, _| Some(id));
        let mut sessions = MockSessionRepository::new();
        let found = u.clone();
        sessions
            .expect_get()
            .returning(move |_| Ok((s.clone(), found.clone())));
        sessions
            .expect_touch()
            .withf(move |sid, now, _, _| *sid == id && *now == test_now())
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        assert!(run(tokens, sessions, MockUserRepository::new(), client()).is_ok());
    }

    #[test]
    fn bad_tokens_and_revoked_sessions_are_refused() {
        let mut tokens = MockTokenIssuer::new();
        tokens.expect_verify().returning(|_, _| None);
        assert!(matches!(
            run(
                tokens,
                MockSessionRepository::new(),
                MockUserRepository::new(),
                client()
            ),
            Err(AuthenticateError::Unauthenticated)
        ));

        let u = user();
        let mut s = session_for(&u, test_now());
        s.revoked_at = Some(test_now());
        let mut tokens = MockTokenIssuer::new();
        tokens
            .expect_verify()
            .returning(|_, _| Some(SessionId::new()));
        let mut sessions = MockSessionRepository::new();
        sessions
            .expect_get()
            .returning(move |_| Ok((s.clone(), u.clone())));
        assert!(matches!(
            run(tokens, sessions, MockUserRepository::new(), client()),
            Err(AuthenticateError::Unauthenticated)
        ));
    }
}
