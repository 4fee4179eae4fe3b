use playspace_domain::admin::{
    AdminArea, INVALID_ADMIN_PASSWORD, NO_PERMISSION, PASSWORD_REQUIRED, admin_area,
};
use playspace_domain::audit::actions;
use playspace_domain::session::ADMIN_IDLE_TIMEOUT;
use playspace_domain::{AuditEntry, FieldErrors, Role, Session, User, ValidationError};
use playspace_ports::RepoError;

use super::AdminDeps;
use crate::accounts::ClientInfo;

#[derive(Debug, thiserror::Error)]
pub enum AdminLoginError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    #[error("{}", NO_PERMISSION)]
    Forbidden,
    #[error("{}", INVALID_ADMIN_PASSWORD)]
    WrongPassword,
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum AdminAccessError {
    /// A member: no part of the admin area is theirs.
    #[error("{}", NO_PERMISSION)]
    Forbidden,
    /// Allowed in, but no open admin session: log in to the admin area first.
    #[error("Please log in to the admin area.")]
    SessionRequired,
}

fn entry(user: &User, action: &'static str, session: &Session, client: ClientInfo) -> AuditEntry {
    AuditEntry::new(
        user.id,
        action,
        "session",
        Some(session.id.to_string()),
        session.last_seen_at,
    )
    .from_client(client.ip, client.user_agent)
}

/// Opens the admin area on this sign-in when the person re-enters their own password.
/// Failed attempts are audited (a stolen session guessing the password leaves a trail).
#[tracing::instrument(skip_all)]
pub fn admin_login(
    deps: &AdminDeps,
    user: &User,
    session: &Session,
    password: &str,
    client: ClientInfo,
) -> Result<Role, AdminLoginError> {
    if admin_area(user.role).is_none() {
        return Err(AdminLoginError::Forbidden);
    }
    if password.is_empty() {
        let mut errors = FieldErrors::new();
        errors.add("password", ValidationError::new(PASSWORD_REQUIRED));
        return Err(AdminLoginError::Invalid(errors));
    }
    let now = deps.clock.now();
    let hash = deps.users.password_hash(user.id)?;
    let mut audit = entry(user, actions::ADMIN_LOGIN, session, client);
    audit.at = now;
    if !deps.hasher.verify(password, &hash) {
        audit.action = actions::ADMIN_LOGIN_FAILED;
        deps.audit.record(&audit)?;
        return Err(AdminLoginError::WrongPassword);
    }
    deps.sessions
        .open_admin(session.id, now + ADMIN_IDLE_TIMEOUT, &audit)?;
    Ok(user.role)
}

/// Which part of the admin area this request may use. The role comes from the store on
/// every request (a removed role takes effect at once); an open admin session is pushed
/// back on use (30 idle minutes), written at most once a minute.
pub fn authorize_admin(
    deps: &AdminDeps,
    user: &User,
    session: &Session,
) -> Result<AdminArea, AdminAccessError> {
    let area = admin_area(user.role).ok_or(AdminAccessError::Forbidden)?;
    let now = deps.clock.now();
    if !session.has_admin(now) {
        return Err(AdminAccessError::SessionRequired);
    }
    if let Some(until) = session.admin_extension(now) {
        // Losing an extension costs at most a minute of idle time; failing the request
        // for it would cost more.
        if let Err(e) = deps.sessions.extend_admin(session.id, until) {
            tracing::warn!(error = %e, "could not extend the admin session");
        }
    }
    Ok(area)
}

/// Closes the admin area on this sign-in; the person stays signed in.
pub fn admin_logout(
    deps: &AdminDeps,
    user: &User,
    session: &Session,
    client: ClientInfo,
) -> Result<(), RepoError> {
    let mut audit = entry(user, actions::ADMIN_LOGOUT, session, client);
    audit.at = deps.clock.now();
    deps.sessions.close_admin(session.id, &audit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::user;
    use crate::admin::testing::Mocks;
    use chrono::Duration;
    use playspace_test_support::test_now;

    fn admin() -> User {
        User {
            role: Role::Admin,
            ..user()
        }
    }

    fn session(u: &User) -> Session {
        Session::start(u.id, test_now() - Duration::hours(1), None, None)
    }

    #[test]
    fn the_right_password_opens_thirty_minutes_of_admin() {
        let mut m = Mocks::new();
        let (u, s) = (admin(), session(&admin()));
        m.users
            .expect_password_hash()
            .returning(|_| Ok("hash".into()));
        m.hasher
            .expect_verify()
            .withf(|p, h| p == "brisk-otter" && h == "hash")
            .returning(|_, _| true);
        let sid = s.id;
        m.sessions
            .expect_open_admin()
            .withf(move |id, until, audit| {
                *id == sid
                    && *until == test_now() + Duration::minutes(30)
                    && audit.action == "admin.login"
                    && audit.ip_address.as_deref() == Some("10.0.0.9")
            })
            .times(1)
            .returning(|_, _, _| Ok(()));
        let client = ClientInfo {
            ip: Some("10.0.0.9".into()),
            user_agent: None,
        };
        assert_eq!(
            admin_login(&m.deps(), &u, &s, "brisk-otter", client).unwrap(),
            Role::Admin
        );
    }

    #[test]
    fn a_wrong_password_is_refused_and_audited() {
        let mut m = Mocks::new();
        let u = admin();
        m.users
            .expect_password_hash()
            .returning(|_| Ok("hash".into()));
        m.hasher.expect_verify().returning(|_, _| false);
        m.audit
            .expect_record()
            .withf(|a| a.action == "admin.login_failed")
            .times(1)
            .returning(|_| Ok(()));
        m.sessions.expect_open_admin().never();
        let err = admin_login(&m.deps(), &u, &session(&u), "guess", ClientInfo::default());
        assert!(matches!(err, Err(AdminLoginError::WrongPassword)));
        assert_eq!(
            AdminLoginError::WrongPassword.to_string(),
            "Invalid admin password. Please try again."
        );
    }

    #[test]
    fn an_empty_password_and_a_member_are_refused_before_any_check() {
        let m = Mocks::new();
        let u = admin();
        let Err(AdminLoginError::Invalid(fields)) =
            admin_login(&m.deps(), &u, &session(&u), "", ClientInfo::default())
        else {
            panic!("expected field errors")
        };
        assert_eq!(fields.get("password"), Some("Password Required"));
        let member = user();
        assert!(matches!(
            admin_login(
                &m.deps(),
                &member,
                &session(&member),
                "x",
                ClientInfo::default()
            ),
            Err(AdminLoginError::Forbidden)
        ));
    }

    #[test]
    fn access_needs_the_role_and_an_open_admin_session() {
        let mut m = Mocks::new();
        let u = admin();
        let mut s = session(&u);
        assert!(matches!(
            authorize_admin(&m.deps(), &u, &s),
            Err(AdminAccessError::SessionRequired)
        ));
        assert!(matches!(
            authorize_admin(&m.deps(), &user(), &s),
            Err(AdminAccessError::Forbidden)
        ));
        // Opened 10 minutes ago: pushed back to 30 minutes from now.
        s.admin_until = Some(test_now() + Duration::minutes(20));
        let sid = s.id;
        m.sessions
            .expect_extend_admin()
            .withf(move |id, until| *id == sid && *until == test_now() + Duration::minutes(30))
            .times(2)
            .returning(|_, _| Ok(()));
        assert_eq!(
            authorize_admin(&m.deps(), &u, &s).unwrap(),
            AdminArea::Everything
        );
        let moderator = User {
            role: Role::Moderator,
            ..user()
        };
        assert_eq!(
            authorize_admin(&m.deps(), &moderator, &s).unwrap(),
            AdminArea::OwnRegisters
        );
    }
}
