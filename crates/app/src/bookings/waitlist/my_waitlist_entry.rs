use playspace_domain::User;
use playspace_domain::waitlist::WaitlistEntry;

use super::{WaitlistError, find_event};
use crate::bookings::BookingDeps;

/// The person's entry for the event, if they ever joined its waitlist.
pub fn my_waitlist_entry(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
) -> Result<Option<WaitlistEntry>, WaitlistError> {
    let event = find_event(deps, event_id)?;
    Ok(deps.waitlist.entry(event.id, user.id)?)
}
