use playspace_domain::UserId;
use playspace_ports::{BookingWithEvent, RepoError};

use super::BookingDeps;

/// The person's own bookings with their events, soonest first.
pub fn my_bookings(deps: &BookingDeps, user: UserId) -> Result<Vec<BookingWithEvent>, RepoError> {
    deps.bookings.list_for_user(user)
}
