use chrono::{DateTime, Utc};
use playspace_domain::booking_rules::BookingRefusal;
use playspace_domain::waitlist::{JoinRefusal, WaitlistEntry};
use playspace_domain::{EventId, OutgoingEmail, UserId, WaitlistEntryId};

use crate::{BookingRequest, NewNotification, RepoError};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum JoinError {
    #[error("{0}")]
    Refused(JoinRefusal),
    #[error("event not found")]
    EventNotFound,
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ClaimError {
    /// No open offer for this person and event (never made, lapsed, or already claimed).
    #[error("no open offer")]
    NoOffer,
    #[error("{0}")]
    Refused(BookingRefusal),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// An offer made but not yet announced to its person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferNotice {
    pub entry_id: WaitlistEntryId,
    pub user_id: UserId,
    pub event_id: EventId,
    pub offer_expires_at: DateTime<Utc>,
}

/// Every method that frees a place (leaving with an offer, an offer lapsing, and the
/// booking repository's cancellations and released holds) passes it to the first person
/// still waiting, in the same transaction, or gives it back to the event when nobody is.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait WaitlistRepository: Send + Sync {
    /// The person's latest entry for the event, with their position while waiting.
    fn entry(&self, event: EventId, user: UserId) -> Result<Option<WaitlistEntry>, RepoError>;

    /// Joins at the back of the queue: only a live, full event the person has not booked,
    /// once per person unless they left while still waiting.
    fn join(
        &self,
        event: EventId,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<WaitlistEntry, JoinError>;

    /// Leaves the queue, or declines an open offer (the place passes on).
    /// Errors: `NotFound` when the person is neither waiting nor offered a place.
    fn leave(&self, event: EventId, user: UserId, now: DateTime<Utc>) -> Result<(), RepoError>;

    /// Turns the person's open offer into `request.booking`, on the place already held for
    /// them, with the same per-person checks as booking (one live booking, monthly limit).
    fn claim(&self, request: &BookingRequest, now: DateTime<Utc>) -> Result<(), ClaimError>;

    /// Lapses offers whose window ended before `now`, passing each place on. Returns how many.
    fn expire_offers(&self, now: DateTime<Utc>, limit: u32) -> Result<usize, RepoError>;

    /// Offers whose person has not been told yet.
    fn unannounced_offers(&self, limit: u32) -> Result<Vec<OfferNotice>, RepoError>;

    /// Marks the offer announced and stores its email and notification in one transaction,
    /// once: returns false (and writes nothing) when it was announced already.
    fn announce_offer(
        &self,
        entry: WaitlistEntryId,
        emails: &[OutgoingEmail],
        notification: &NewNotification,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError>;
}
