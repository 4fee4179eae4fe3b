use playspace_domain::{FieldErrors, Password, Session, ValidationError};
use playspace_ports::RepoError;

use super::AccountDeps;

#[derive(Debug, thiserror::Error)]
pub enum ChangePasswordError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Changes the password after re-checking the current one, and signs out every other
/// session (a stolen session cannot outlive the change).
pub fn change_password(
    deps: &AccountDeps,
    session: &Session,
    current: &str,
    new: &str,
) -> Result<(), ChangePasswordError> {
    let mut errors = FieldErrors::new();
    let hash = deps.users.password_hash(session.user_id)?;
    if !deps.hasher.verify(current, &hash) {
        errors.add(
            "currentPassword",
            ValidationError::new("Your current password is not correct"),
        );
    }
    let new = errors.check("newPassword", Password::new(new));
    let Some(new) = new.filter(|_| errors.is_empty()) else {
        return Err(ChangePasswordError::Invalid(errors));
    };
    let new_hash = deps.hasher.hash(&new)?;
    deps.users
        .change_password(session.user_id, &new_hash, session.id, deps.clock.now())?;
    Ok(())
}
