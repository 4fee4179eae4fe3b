use playspace_domain::UserId;
use playspace_ports::{AccountExport, RepoError};

use super::AccountDeps;

/// Everything held about the signed-in person (their right of access).
pub fn export_account(deps: &AccountDeps, user: UserId) -> Result<AccountExport, RepoError> {
    deps.users.export(user)
}
