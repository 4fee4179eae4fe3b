//! Accounts: sign-up and finishing it from the emailed link, sign-in, sessions, password
//! reset, email verification, preferences, profile and data rights. Every use case takes
//! [`AccountDeps`].

mod access_needs;
mod authenticate;
mod change_password;
mod confirm_sign_up;
mod create_admin;
mod delete_account;
pub(crate) mod emails;
mod export_account;
mod login;
mod logout;
mod preferences;
mod register;
mod request_password_reset;
mod reset_password;
mod update_profile;
mod verify_email;

use playspace_domain::{Session, User};
use playspace_ports::{
    Clock, Outbox, PasswordHasher, SessionRepository, TokenIssuer, UserRepository,
};

pub use access_needs::{AccessNeedsError, my_access_needs, update_access_needs};
pub use authenticate::{AuthenticateError, authenticate};
pub use change_password::{ChangePasswordError, change_password};
pub use confirm_sign_up::{ConfirmSignUpError, confirm_sign_up, purge_expired_sign_ups};
pub use create_admin::{CreateAdminError, create_admin};
pub use delete_account::{DeleteAccountError, delete_account};
pub use emails::EmailSettings;
pub use export_account::export_account;
pub use login::{LoginError, login};
pub use logout::logout;
pub use preferences::{PreferencesError, get_preferences, set_language, update_preferences};
pub use register::{RegisterError, RegisterInput, register};
pub use request_password_reset::{ForgotPasswordError, request_password_reset};
pub use reset_password::{ResetPasswordError, ResetPasswordForm, reset_password};
pub use update_profile::{UpdateProfileError, update_profile};
pub use verify_email::{VerifyEmailError, resend_verification, verify_email};

/// The ports the account use cases need.
pub struct AccountDeps<'a> {
    pub users: &'a dyn UserRepository,
    pub sessions: &'a dyn SessionRepository,
    pub outbox: &'a dyn Outbox,
    pub hasher: &'a dyn PasswordHasher,
    pub tokens: &'a dyn TokenIssuer,
    pub clock: &'a dyn Clock,
    pub email: &'a EmailSettings,
}

/// A signed-in person: who, through which session, and the bearer token for it.
#[derive(Clone, Debug)]
pub struct SignedIn {
    pub user: User,
    pub session: Session,
    pub token: String,
}

/// Where a request came from, kept on sessions so people can recognise their devices.
#[derive(Clone, Debug, Default)]
pub struct ClientInfo {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

#[cfg(test)]
pub(crate) mod testing;
