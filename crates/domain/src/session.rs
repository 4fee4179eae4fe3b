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
        }
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
    fn reset_links_last_an_hour() {
        assert_eq!(TokenPurpose::ResetPassword.lifetime(), Duration::hours(1));
    }
}
