use playspace_domain::{AuditEntry, Venue, VenueId};

use crate::RepoError;

/// A venue as the admin area sees it: who last checked its facts, and its sessions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdminVenue {
    pub venue: Venue,
    /// The name of the admin who last checked the facts (`None` when never checked, or
    /// when that account is gone).
    pub checked_by_name: Option<String>,
    /// Sessions at the venue, past and future, active or not: any one keeps it from being
    /// deleted.
    pub sessions: u64,
    /// Sessions not yet started.
    pub upcoming_sessions: u64,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait VenueRepository: Send + Sync {
    /// Every venue (retired ones only when `include_retired`), by name.
    /// Errors: `Unavailable`.
    fn list_venues(&self, include_retired: bool) -> Result<Vec<Venue>, RepoError>;

    /// One venue, retired or not. Errors: `NotFound`, `Unavailable`.
    fn venue(&self, id: VenueId) -> Result<Venue, RepoError>;

    /// Every venue with its admin details, by name, as of `now`. Errors: `Unavailable`.
    fn admin_venues(
        &self,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Vec<AdminVenue>, RepoError>;

    /// One venue with its admin details. Errors: `NotFound`, `Unavailable`.
    fn admin_venue(
        &self,
        id: VenueId,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<AdminVenue, RepoError>;

    /// Stores a new venue with its audit entry, in one transaction.
    /// Errors: `Conflict` if the id exists, `Unavailable`.
    fn create_venue(&self, venue: &Venue, audit: &AuditEntry) -> Result<(), RepoError>;

    /// Writes every field of `venue` with its audit entry in one transaction; its sessions'
    /// location line changes with it. Errors: `NotFound`, `Unavailable`.
    fn update_venue(
        &self,
        venue: &Venue,
        audit: &AuditEntry,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<(), RepoError>;

    /// Deletes a venue no session has ever used, with its audit entry.
    /// Errors: `NotFound`, `Conflict` when a session is at it, `Unavailable`.
    fn delete_venue(&self, id: VenueId, audit: &AuditEntry) -> Result<(), RepoError>;
}
