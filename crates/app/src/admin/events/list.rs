use playspace_domain::admin::PAGE_SIZE;
use playspace_domain::page_cursor::Page;
use playspace_domain::{FieldErrors, ValidationError};
use playspace_ports::{AdminEvent, EventListQuery, EventWhen};

use super::{AdminDeps, AdminEventError};

/// The list's query string as received.
#[derive(Clone, Debug, Default)]
pub struct ListEventsInput {
    /// upcoming (default), past or all.
    pub when: Option<String>,
    pub q: Option<String>,
    pub cursor: Option<String>,
}

/// One page (20) of sessions, active or not: upcoming soonest first, otherwise newest first.
pub fn list_admin_events(
    deps: &AdminDeps,
    input: ListEventsInput,
) -> Result<Page<AdminEvent>, AdminEventError> {
    let mut errors = FieldErrors::new();
    let when = match input.when.as_deref().unwrap_or("upcoming") {
        "upcoming" => Some(EventWhen::Upcoming),
        "past" => Some(EventWhen::Past),
        "all" => Some(EventWhen::All),
        _ => {
            errors.add(
                "when",
                ValidationError::new("Show upcoming, past or all events"),
            );
            None
        }
    };
    let after = input
        .cursor
        .filter(|c| !c.is_empty())
        .map(|c| errors.check("cursor", crate::admin::cursor(&c)))
        .unwrap_or(None);
    let Some(when) = when.filter(|_| errors.is_empty()) else {
        return Err(AdminEventError::Invalid(errors));
    };
    let q = input
        .q
        .map(|q| q.trim().chars().take(100).collect::<String>())
        .filter(|q| !q.is_empty());
    let query = EventListQuery {
        when,
        q,
        after,
        now: deps.clock.now(),
    };
    Ok(deps.events.list_admin_events(&query, PAGE_SIZE)?)
}
