use playspace_ports::RepoError;

use crate::bookings::BookingDeps;

/// Lapses offers whose claim window ended; each place passes to the next person waiting.
pub fn lapse_waitlist_offers(deps: &BookingDeps) -> Result<usize, RepoError> {
    deps.waitlist.expire_offers(deps.clock.now(), 100)
}
