use playspace_domain::{AuditEntry, Community};

use crate::RepoError;

/// The messaging community's settings: one live row, edited by admins.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait CommunityStore: Send + Sync {
    /// The live settings; `None` before anyone has set them. Errors: `Unavailable`.
    fn community(&self) -> Result<Option<Community>, RepoError>;

    /// Replaces the live settings (made by `audit.actor` at `audit.at`) and records `audit`,
    /// in one transaction. Errors: `Unavailable`.
    fn save_community(&self, community: &Community, audit: &AuditEntry) -> Result<(), RepoError>;
}
