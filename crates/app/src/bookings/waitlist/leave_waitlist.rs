use playspace_domain::User;
use playspace_ports::RepoError;

use super::{WaitlistError, find_event};
use crate::bookings::BookingDeps;

/// Leaves the queue, or lets an offered place go to the next person.
#[tracing::instrument(skip_all)]
pub fn leave_waitlist(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
) -> Result<(), WaitlistError> {
    let event = find_event(deps, event_id)?;
    match deps.waitlist.leave(event.id, user.id, deps.clock.now()) {
        Ok(()) => Ok(()),
        Err(RepoError::NotFound) => Err(WaitlistError::NotOnWaitlist),
        Err(e) => Err(e.into()),
    }
}
