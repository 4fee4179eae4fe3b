use playspace_domain::{Event, EventId, EventQuery};

use crate::RepoError;

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait EventRepository: Send + Sync {
    /// Active events matching `query`, soonest first (ties broken by id).
    /// Errors: `Unavailable`.
    fn list(&self, query: &EventQuery) -> Result<Vec<Event>, RepoError>;

    /// One event, active or not. Errors: `NotFound`, `Unavailable`.
    fn get(&self, id: EventId) -> Result<Event, RepoError>;

    /// Stores a new event, and its venue unless a venue with that id is stored (for tests,
    /// benchmarks and seeds; the admin area stores venues itself and sessions at them with
    /// `AdminEventRepository::create_events`). Errors: `Conflict` if the id exists,
    /// `Unavailable`.
    fn insert(&self, event: &Event) -> Result<(), RepoError>;
}
