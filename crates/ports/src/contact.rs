use playspace_domain::ContactMessage;

use crate::RepoError;

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait ContactRepository: Send + Sync {
    /// Keeps a contact-page message for the team. Errors: `Unavailable`.
    fn insert(&self, message: &ContactMessage) -> Result<(), RepoError>;
}
