use chrono::{DateTime, Utc};
use playspace_domain::{Password, Session, SessionId};

use crate::RepoError;

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait PasswordHasher: Send + Sync {
    /// A salted slow hash (PHC string). Errors: `Unavailable` if hashing itself fails.
    fn hash(&self, password: &Password) -> Result<String, RepoError>;
    /// Whether `password` matches `hash`. Unparseable hashes never match.
    fn verify(&self, password: &str, hash: &str) -> bool;
    /// Spends as long as a real `verify` and always fails, so a login for an unknown email
    /// takes as long as one with a wrong password.
    fn verify_dummy(&self, password: &str) -> bool;
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait TokenIssuer: Send + Sync {
    /// A signed bearer token naming the session, valid until the session expires.
    fn issue(&self, session: &Session) -> Result<String, RepoError>;
    /// The session a token names, if its signature, algorithm, audience and expiry hold at
    /// `now`. The session itself must still be checked against the store.
    fn verify(&self, token: &str, now: DateTime<Utc>) -> Option<SessionId>;
}
