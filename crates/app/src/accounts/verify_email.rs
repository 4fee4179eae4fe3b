use playspace_domain::{OneTimeToken, TokenPurpose, User, session::hash_token};
use playspace_ports::{RepoError, TokenRecord};

use super::{AccountDeps, emails};

#[derive(Debug, thiserror::Error)]
pub enum VerifyEmailError {
    #[error("This verification link is invalid or has expired.")]
    InvalidToken,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Confirms an email address with the link's token (single use, 48 hours).
pub fn verify_email(deps: &AccountDeps, token: &str) -> Result<(), VerifyEmailError> {
    if token.trim().is_empty() {
        return Err(VerifyEmailError::InvalidToken);
    }
    match deps
        .users
        .verify_email(&hash_token(token), deps.clock.now())
    {
        Ok(_) => Ok(()),
        Err(RepoError::NotFound) => Err(VerifyEmailError::InvalidToken),
        Err(e) => Err(e.into()),
    }
}

/// Sends a fresh verification link to a signed-in person whose address is unconfirmed.
pub fn resend_verification(deps: &AccountDeps, user: &User) -> Result<(), RepoError> {
    if user.is_email_verified {
        return Ok(());
    }
    let now = deps.clock.now();
    let token = OneTimeToken::generate(&mut rand::rng());
    let mail = emails::verify(deps.email, user, token.plain())?;
    let record = TokenRecord {
        user_id: user.id,
        purpose: TokenPurpose::VerifyEmail,
        expires_at: now + TokenPurpose::VerifyEmail.lifetime(),
        token,
    };
    deps.users.add_token(&record, &[mail])
}
