use crate::RepoError;

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait HealthCheck: Send + Sync {
    /// Succeeds when the database answers a trivial query. Errors: `Unavailable`.
    fn ping(&self) -> Result<(), RepoError>;
}
