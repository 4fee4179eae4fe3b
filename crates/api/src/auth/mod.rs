//! Signing in over HTTP: password hashing, signed session tokens, the session cookie, the
//! current-user extractor and the cross-site write guard.

mod admin;
mod cookie;
mod current_user;
mod jwt;
mod link_signer;
mod password_hasher;
mod secrets;

pub use admin::{Admin, AdminCaller, SessionLeader, StoryReviewer};
pub use cookie::{SESSION_COOKIE, clear_session_cookie, session_cookie};
pub use current_user::{Credentials, CurrentUser, bearer_or_cookie, client_info};
pub use jwt::JwtIssuer;
pub use link_signer::HmacLinkSigner;
pub use password_hasher::Argon2Hasher;
pub use secrets::load_or_create_secret;
