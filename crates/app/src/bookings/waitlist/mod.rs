//! The waitlist of a full event: join, leave, see one's place, claim an offered place, and
//! the background steps that announce offers and lapse unclaimed ones.
mod announce_waitlist_offers;
mod claim_offered_place;
mod join_waitlist;
mod lapse_waitlist_offers;
mod leave_waitlist;
mod my_waitlist_entry;
#[cfg(test)]
mod tests;

use playspace_domain::booking_rules::BookingRefusal;
use playspace_domain::waitlist::JoinRefusal;
use playspace_domain::{Event, EventId};
use playspace_ports::{GatewayError, RepoError};

use super::BookingDeps;

pub use announce_waitlist_offers::announce_waitlist_offers;
pub use claim_offered_place::{claim_offered_place, claim_offered_place_by_card};
pub use join_waitlist::join_waitlist;
pub use lapse_waitlist_offers::lapse_waitlist_offers;
pub use leave_waitlist::leave_waitlist;
pub use my_waitlist_entry::my_waitlist_entry;

#[derive(Debug, thiserror::Error)]
pub enum WaitlistError {
    #[error("Event not found")]
    EventNotFound,
    #[error("You are not on the waitlist for this event.")]
    NotOnWaitlist,
    /// Claiming without an open offer (never made, lapsed, or claimed already).
    #[error("There is no place held for you at this event.")]
    NoOffer,
    #[error("{0}")]
    Refused(JoinRefusal),
    #[error("{0}")]
    BookingRefused(BookingRefusal),
    #[error("{0}")]
    Invalid(playspace_domain::FieldErrors),
    /// Card chosen for a free event.
    #[error("This event is free: claim your place without paying.")]
    PaymentNotRequired,
    #[error("Failed to setup payment. Please try again.")]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

pub(super) fn find_event(deps: &BookingDeps, event_id: &str) -> Result<Event, WaitlistError> {
    let id: EventId = event_id.parse().map_err(|_| WaitlistError::EventNotFound)?;
    match deps.events.get(id) {
        Ok(event) => Ok(event),
        Err(RepoError::NotFound) => Err(WaitlistError::EventNotFound),
        Err(e) => Err(e.into()),
    }
}
