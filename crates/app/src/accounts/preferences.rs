use playspace_domain::{FieldErrors, Preferences, UserId};
use playspace_ports::RepoError;

use super::AccountDeps;

#[derive(Debug, thiserror::Error)]
pub enum PreferencesError {
    #[error("invalid preferences: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

pub fn get_preferences(deps: &AccountDeps, user: UserId) -> Result<Preferences, RepoError> {
    deps.users.preferences(user)
}

/// Replaces a member's preferences after checking every choice and limit.
pub fn update_preferences(
    deps: &AccountDeps,
    user: UserId,
    preferences: Preferences,
) -> Result<Preferences, PreferencesError> {
    preferences.validate().map_err(PreferencesError::Invalid)?;
    deps.users.set_preferences(user, &preferences)?;
    Ok(preferences)
}
