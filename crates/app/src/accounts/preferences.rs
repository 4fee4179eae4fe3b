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

/// Replaces a member's preferences after checking every choice and limit. The language is
/// set by the site's switch ([`set_language`]): preferences sent without one keep it.
pub fn update_preferences(
    deps: &AccountDeps,
    user: UserId,
    preferences: Preferences,
) -> Result<Preferences, PreferencesError> {
    preferences.validate().map_err(PreferencesError::Invalid)?;
    let preferences = if preferences.language.is_none() {
        preferences.keeping_language_of(&deps.users.preferences(user)?)
    } else {
        preferences
    };
    deps.users.set_preferences(user, &preferences)?;
    Ok(preferences)
}

/// Saves the language a member chose with the site's switch (a `Language` tag), keeping the
/// rest of their preferences.
pub fn set_language(
    deps: &AccountDeps,
    user: UserId,
    language: &str,
) -> Result<Preferences, PreferencesError> {
    let mut preferences = deps.users.preferences(user)?;
    preferences.language = Some(language.to_owned());
    preferences.validate().map_err(PreferencesError::Invalid)?;
    deps.users.set_preferences(user, &preferences)?;
    Ok(preferences)
}
