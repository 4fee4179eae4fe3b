use playspace_domain::{FieldErrors, UserId, ValidationError};
use playspace_ports::RepoError;

use super::AccountDeps;

#[derive(Debug, thiserror::Error)]
pub enum DeleteAccountError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    /// The site must keep an admin: another must be made admin first.
    #[error(
        "You are the site's only admin. Make someone else an admin before deleting your account."
    )]
    LastAdmin,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Erases the person's data after they re-enter their password; anonymous booking counts
/// stay for the organisation's records.
pub fn delete_account(
    deps: &AccountDeps,
    user: UserId,
    password: &str,
) -> Result<(), DeleteAccountError> {
    let hash = deps.users.password_hash(user)?;
    if !deps.hasher.verify(password, &hash) {
        let mut errors = FieldErrors::new();
        errors.add(
            "password",
            ValidationError::new("Your password is not correct"),
        );
        return Err(DeleteAccountError::Invalid(errors));
    }
    match deps.users.erase(user, deps.clock.now()) {
        Err(RepoError::Conflict) => Err(DeleteAccountError::LastAdmin),
        other => Ok(other?),
    }
}
