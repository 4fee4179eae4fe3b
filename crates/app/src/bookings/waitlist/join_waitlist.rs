use playspace_domain::User;
use playspace_domain::waitlist::WaitlistEntry;
use playspace_ports::JoinError;

use super::{WaitlistError, find_event};
use crate::bookings::BookingDeps;

/// Joins the back of the queue for a full event.
#[tracing::instrument(skip_all)]
pub fn join_waitlist(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
) -> Result<WaitlistEntry, WaitlistError> {
    let event = find_event(deps, event_id)?;
    match deps.waitlist.join(event.id, user.id, deps.clock.now()) {
        Ok(entry) => Ok(entry),
        Err(JoinError::Refused(refusal)) => Err(WaitlistError::Refused(refusal)),
        Err(JoinError::EventNotFound) => Err(WaitlistError::EventNotFound),
        Err(JoinError::Store(e)) => Err(e.into()),
    }
}
