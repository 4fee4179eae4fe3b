use playspace_domain::{Event, EventId, EventQuery};

use crate::RepoError;

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait EventRepository: Send + Sync {
    /// Active events matching `query`, soonest first (ties broken by id).
    /// Errors: `Unavailable`.
    fn list(&self, query: &EventQuery) -> Result<Vec<Event>, RepoError>;

    /// One event, active or not. Errors: `NotFound`, `Unavailable`.
    fn get(&self, id: EventId) -> Result<Event, RepoError>;

    /// Stores a new event. Errors: `Conflict` if the id exists, `Unavailable`.
    fn insert(&self, event: &Event) -> Result<(), RepoError>;
}
