use chrono::{DateTime, Utc};
use playspace_domain::booking_rules::BookingRefusal;
use playspace_domain::{Booking, BookingId, Event, OutgoingEmail, UserId};

use crate::RepoError;

/// An in-app notification to store with the change that caused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewNotification {
    pub user_id: UserId,
    /// booking, reminder, welcome, system or info.
    pub kind: &'static str,
    pub title: String,
    pub message: String,
    pub action_url: Option<String>,
    pub event_id: Option<playspace_domain::EventId>,
}

/// A booking to make, with what must be written in the same transaction.
#[derive(Clone, Debug)]
pub struct BookingRequest {
    pub booking: Booking,
    /// Bookings of live events in `[from, to)` count against `monthly_limit`.
    pub limit_month: (DateTime<Utc>, DateTime<Utc>),
    pub monthly_limit: Option<u32>,
    pub emails: Vec<OutgoingEmail>,
    pub notification: Option<NewNotification>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BookError {
    #[error("{0}")]
    Refused(BookingRefusal),
    #[error("event not found")]
    EventNotFound,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// A booking with its event, for "my bookings".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookingWithEvent {
    pub booking: Booking,
    pub event: Event,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait BookingRepository: Send + Sync {
    /// Books atomically: refuses a second live booking of the person for the event, a plan
    /// over its monthly limit, and, with a guarded `UPDATE` that must change exactly one row,
    /// an event that is inactive, started or full at `now`. Never oversells, whatever the
    /// concurrency.
    fn book(&self, request: &BookingRequest, now: DateTime<Utc>) -> Result<(), BookError>;

    /// The booking and its event. Errors: `NotFound`.
    fn get(&self, id: BookingId) -> Result<BookingWithEvent, RepoError>;

    /// The person's bookings, soonest event first.
    fn list_for_user(&self, user: UserId) -> Result<Vec<BookingWithEvent>, RepoError>;

    /// Cancels a live booking and releases its place exactly once, writing `emails` with it.
    /// Errors: `NotFound` when there is no live booking with this id.
    fn cancel(
        &self,
        id: BookingId,
        reason: Option<String>,
        emails: &[OutgoingEmail],
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;
}
