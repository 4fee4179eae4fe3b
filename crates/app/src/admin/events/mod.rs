//! Sessions from the admin side: the paged list, creating one or a weekly series, and edits
//! that tell the people booked.
mod create;
pub(crate) mod emails;
mod list;
mod update;

use std::sync::Arc;

use playspace_domain::admin::may_lead;
use playspace_domain::venue::{CHOOSE_VENUE, venue_id};
use playspace_domain::{FieldErrors, UserId, ValidationError, Venue};
use playspace_ports::{Leader, RepoError};

pub use create::{NewEventInput, create_event, create_series};
pub use list::{ListEventsInput, list_admin_events};
pub use update::{EditScope, Edited, EventEdit, update_event};

use super::AdminDeps;

#[derive(Debug, thiserror::Error)]
pub enum AdminEventError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    #[error("Event not found")]
    NotFound,
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for AdminEventError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => Self::NotFound,
            e => Self::Store(e),
        }
    }
}

/// Who may lead sessions, for the event forms.
pub fn leaders(deps: &AdminDeps) -> Result<Vec<Leader>, RepoError> {
    deps.events.leaders()
}

/// A leader picked in a form: a moderator or admin who exists. Blank means none.
fn leader(
    deps: &AdminDeps,
    id: Option<&str>,
    errors: &mut FieldErrors,
) -> Result<Option<Leader>, RepoError> {
    let Some(id) = id.map(str::trim).filter(|id| !id.is_empty()) else {
        return Ok(None);
    };
    let found = match id.parse::<UserId>() {
        Ok(id) => deps
            .events
            .leaders()?
            .into_iter()
            .find(|l| l.id == id && may_lead(l.role)),
        Err(_) => None,
    };
    if found.is_none() {
        errors.add(
            "leaderId",
            ValidationError::new("Choose a moderator or admin to lead this session"),
        );
    }
    Ok(found)
}

/// The venue picked for a session by id, or why it cannot be: unknown (or malformed) ids
/// ask to choose one, and a retired venue takes no new sessions.
fn venue(deps: &AdminDeps, id: &str) -> Result<Result<Arc<Venue>, ValidationError>, RepoError> {
    let Ok(id) = venue_id(id) else {
        return Ok(Err(ValidationError::new(CHOOSE_VENUE)));
    };
    match deps.venues.venue(id) {
        Ok(venue) => Ok(venue.for_new_session().map(Arc::new)),
        Err(RepoError::NotFound) => Ok(Err(ValidationError::new(CHOOSE_VENUE))),
        Err(e) => Err(e),
    }
}
