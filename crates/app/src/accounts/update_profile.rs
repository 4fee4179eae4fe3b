use playspace_domain::{FieldErrors, ProfileForm, User};
use playspace_ports::RepoError;

use super::AccountDeps;

#[derive(Debug, thiserror::Error)]
pub enum UpdateProfileError {
    #[error("invalid profile: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

pub fn update_profile(
    deps: &AccountDeps,
    user: &User,
    form: ProfileForm,
) -> Result<User, UpdateProfileError> {
    let profile = form
        .apply(&user.profile)
        .map_err(UpdateProfileError::Invalid)?;
    deps.users.update_profile(user.id, &profile)?;
    Ok(User {
        profile,
        ..user.clone()
    })
}
