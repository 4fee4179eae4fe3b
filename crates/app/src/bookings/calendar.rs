use playspace_domain::calendar::booking_ics;
use playspace_domain::{BookingId, User};
use playspace_ports::RepoError;

use super::BookingDeps;

#[derive(Debug, thiserror::Error)]
pub enum CalendarError {
    #[error("Booking not found")]
    NotFound,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// The iCalendar file for the person's own booking, named by its reference, with an alarm
/// from their calendar preference.
pub fn booking_calendar(
    deps: &BookingDeps,
    user: &User,
    id: &str,
) -> Result<(String, String), CalendarError> {
    let id: BookingId = id.parse().map_err(|_| CalendarError::NotFound)?;
    let found = match deps.bookings.get(id) {
        Ok(found) if found.booking.user_id == user.id => found,
        Ok(_) | Err(RepoError::NotFound) => return Err(CalendarError::NotFound),
        Err(e) => return Err(e.into()),
    };
    let offset = deps.users.preferences(user.id)?.calendar.reminder_offset;
    let reference = found.booking.reference.as_str().to_owned();
    let ics = booking_ics(
        &found.event,
        &reference,
        deps.clock.now(),
        offset,
        &deps.email.public_url,
    );
    Ok((reference, ics))
}
