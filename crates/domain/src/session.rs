//! Sessions and one-time tokens: the rules that make sign-out, password reset and email
//! links safe.
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use sha2::{Digest, Sha256};

use crate::ids::{SessionId, UserId};

/// How long a sign-in lasts without use... and at most.
pub const SESSION_LIFETIME: Duration = Duration::days(30);
/// `last_seen_at` is written at most this often, not on every request.
pub const TOUCH_INTERVAL: Duration = Duration::minutes(5);
pub const RESET_TOKEN_LIFETIME: Duration = Duration::hours(1);
pub const VERIFY_TOKEN_LIFETIME: Duration = Duration::hours(48);
/// An admin session (opened by re-entering the password) ends after this long without an
/// admin request.
pub const ADMIN_IDLE_TIMEOUT: Duration = Duration::minutes(30);
/// The admin session's end is pushed back at most this often, not on every admin request.
const ADMIN_TOUCH_INTERVAL: Duration = Duration::minutes(1);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub id: SessionId,
    pub user_id: UserId,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub user_agent: Option<String>,
    pub ip: Option<String>,
    /// Until when this sign-in may use the admin area; `None` unless opened by an admin
    /// login, and cleared at logout, password change and role change.
    pub admin_until: Option<DateTime<Utc>>,
}

impl Session {
    pub fn start(
        user_id: UserId,
        now: DateTime<Utc>,
        user_agent: Option<&str>,
        ip: Option<&str>,
    ) -> Self {
        Self {
            id: SessionId::new(),
            user_id,
            created_at: now,
            last_seen_at: now,
            expires_at: now + SESSION_LIFETIME,
            revoked_at: None,
            user_agent: user_agent.map(clip_user_agent),
            ip: ip.map(str::to_owned),
            admin_until: None,
        }
    }

    /// Whether the admin area is open to this sign-in at `now`.
    pub fn has_admin(&self, now: DateTime<Utc>) -> bool {
        self.is_active(now) && self.admin_until.is_some_and(|until| now < until)
    }

    /// The new end of the admin session after an admin request at `now`, when it is worth
    /// writing (idle timeout measured from the last request, written at most once a minute).
    pub fn admin_extension(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let until = self.admin_until?;
        let extended = now + ADMIN_IDLE_TIMEOUT;
        (now < until && extended - until >= ADMIN_TOUCH_INTERVAL).then_some(extended)
    }

    pub fn is_active(&self, now: DateTime<Utc>) -> bool {
        self.revoked_at.is_none() && now < self.expires_at
    }

    /// Whether this request should record itself (rarely, to avoid a write per request),
    /// or whether the client moved (new address or browser) since last recorded.
    pub fn needs_touch(
        &self,
        now: DateTime<Utc>,
        user_agent: Option<&str>,
        ip: Option<&str>,
    ) -> bool {
        now - self.last_seen_at >= TOUCH_INTERVAL
            || ip != self.ip.as_deref()
            || user_agent.map(clip_user_agent).as_deref() != self.user_agent.as_deref()
    }
}

/// User agents are kept to show people their signed-in devices; long ones are clipped.
pub fn clip_user_agent(user_agent: &str) -> String {
    user_agent.chars().take(300).collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenPurpose {
    VerifyEmail,
    ResetPassword,
}

impl TokenPurpose {
    /// Every value, as the database's CHECK list has them (a store test holds the two together).
    pub const ALL: [Self; 2] = [Self::VerifyEmail, Self::ResetPassword];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::VerifyEmail => "verify_email",
            Self::ResetPassword => "reset_password",
        }
    }

    pub fn lifetime(self) -> Duration {
        match self {
            Self::VerifyEmail => VERIFY_TOKEN_LIFETIME,
            Self::ResetPassword => RESET_TOKEN_LIFETIME,
        }
    }
}

/// A random one-time secret for an email link. Only its hash is stored, so a leaked
/// database cannot be used to reset anyone's password.
#[derive(Clone, PartialEq, Eq)]
pub struct OneTimeToken {
    plain: String,
    hash: String,
}

impl std::fmt::Debug for OneTimeToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OneTimeToken(***)")
    }
}

impl OneTimeToken {
    pub fn generate(rng: &mut impl Rng) -> Self {
        let mut bytes = [0u8; 32];
        rng.fill(&mut bytes);
        let plain = URL_SAFE_NO_PAD.encode(bytes);
        let hash = hash_token(&plain);
        Self { plain, hash }
    }

    /// The secret for the email link; never stored.
    pub fn plain(&self) -> &str {
        &self.plain
    }

    pub fn hash(&self) -> &str {
        &self.hash
    }
}

/// SHA-256, hex: tokens carry 256 random bits, so a fast hash is enough (no salt needed).
pub fn hash_token(plain: &str) -> String {
    let digest = Sha256::digest(plain.trim().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use crate::testing::now;

    #[test]
    fn sessions_end_when_revoked_or_expired() {
        let mut s = Session::start(UserId::new(), now(), Some("Firefox"), Some("10.0.0.1"));
        assert!(s.is_active(now()));
        assert!(s.is_active(now() + SESSION_LIFETIME - Duration::seconds(1)));
        assert!(!s.is_active(now() + SESSION_LIFETIME));
        s.revoked_at = Some(now());
        assert!(!s.is_active(now()));
    }

    #[test]
    fn touch_only_every_few_minutes_unless_the_client_moved() {
        let s = Session::start(UserId::new(), now(), Some("Firefox"), Some("10.0.0.1"));
        assert!(!s.needs_touch(
            now() + Duration::minutes(4),
            Some("Firefox"),
            Some("10.0.0.1")
        ));
        assert!(s.needs_touch(now() + TOUCH_INTERVAL, Some("Firefox"), Some("10.0.0.1")));
        assert!(s.needs_touch(now(), Some("Firefox"), Some("10.0.0.2")));
        assert!(s.needs_touch(now(), Some("Chrome"), Some("10.0.0.1")));
    }

    #[test]
    fn tokens_are_random_and_stored_only_as_hashes() {
        let mut rng = StdRng::seed_from_u64(3);
        let a = OneTimeToken::generate(&mut rng);
        let b = OneTimeToken::generate(&mut rng);
        assert_ne!(a.plain(), b.plain());
        assert_eq!(a.plain().len(), 43);
        assert_eq!(a.hash(), hash_token(a.plain()));
        assert_eq!(a.hash().len(), 64);
        assert_ne!(a.hash(), a.plain());
        assert_eq!(format!("{a:?}"), "OneTimeToken(***)");
    }

    #[test]
    fn an_admin_session_ends_after_thirty_idle_minutes() {
        let mut s = Session::start(UserId::new(), now(), None, None);
        assert!(!s.has_admin(now()), "closed until an admin login opens it");
        s.admin_until = Some(now() + ADMIN_IDLE_TIMEOUT);
        assert!(s.has_admin(now() + Duration::minutes(29)));
        assert!(!s.has_admin(now() + ADMIN_IDLE_TIMEOUT));
        s.revoked_at = Some(now());
        assert!(!s.has_admin(now()), "ends with the sign-in");
    }

    #[test]
    fn admin_requests_push_the_end_back_at_most_once_a_minute() {
        let mut s = Session::start(UserId::new(), now(), None, None);
        assert_eq!(s.admin_extension(now()), None, "nothing to extend");
        s.admin_until = Some(now() + ADMIN_IDLE_TIMEOUT);
        assert_eq!(s.admin_extension(now() + Duration::seconds(59)), None);
        let later = now() + Duration::minutes(10);
        assert_eq!(s.admin_extension(later), Some(later + ADMIN_IDLE_TIMEOUT));
        assert_eq!(
            s.admin_extension(now() + ADMIN_IDLE_TIMEOUT),
            None,
            "an ended admin session is not revived"
        );
    }

    #[test]
    fn reset_links_last_an_hour() {
        assert_eq!(TokenPurpose::ResetPassword.lifetime(), Duration::hours(1));
    }
}
