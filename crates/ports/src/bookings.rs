use chrono::{DateTime, Utc};
use playspace_domain::booking_rules::BookingRefusal;
use playspace_domain::{Booking, BookingId, Event, EventId, OutgoingEmail, UserId};

use crate::RepoError;

pub use playspace_domain::NewNotification;

/// A booking to make, with what must be written in the same transaction.
#[derive(Clone, Debug)]
pub struct BookingRequest {
    pub booking: Booking,
    /// For a card booking: the place is held (status pending) until then.
    pub hold_until: Option<DateTime<Utc>>,
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
    /// The checkout session paying for it, for card bookings.
    pub session_id: Option<String>,
}

/// A change a payment gateway reports about a held (pending) card booking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaymentTransition {
    /// Paid: confirm, and send `emails`. If the hold had already expired and released the
    /// place, take a place again if one is free.
    Paid {
        payment_intent: Option<String>,
        emails: Vec<OutgoingEmail>,
        /// The person's in-app "Booking Confirmed!", written with the emails.
        notification: NewNotification,
    },
    /// Payment failed or the session expired or was abandoned: cancel and release the place.
    Released { payment_failed: bool },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransitionOutcome {
    Applied,
    /// The gateway event id was processed before: nothing was done.
    DuplicateEvent,
    /// The booking was already in the state the transition leads to.
    AlreadyDone,
    /// Paid after the place was released and the event filled up meanwhile: the booking
    /// stays cancelled and the payment must be refunded.
    PaidButNoPlace {
        payment_intent: Option<String>,
    },
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait BookingRepository: Send + Sync {
    /// Books atomically: refuses a second live booking of the person for the event, a plan
    /// over its monthly limit, and, with a guarded `UPDATE` that must change exactly one row,
    /// an event that is inactive, started or without the places the booking takes at `now`
    /// (two with a companion, where companions are allowed; a solidarity place while one
    /// set is unused). Never oversells places or solidarity places, whatever the
    /// concurrency; a companion's booking counts once towards the monthly limit.
    fn book(&self, request: &BookingRequest, now: DateTime<Utc>) -> Result<(), BookError>;

    /// The booking and its event. Errors: `NotFound`.
    fn get(&self, id: BookingId) -> Result<BookingWithEvent, RepoError>;

    /// The person's bookings, soonest event first.
    fn list_for_user(&self, user: UserId) -> Result<Vec<BookingWithEvent>, RepoError>;

    /// The events starting after `after` that the person holds a live booking for: only
    /// their ids, for leaving them out of recommendations.
    fn live_event_ids(&self, user: UserId, after: DateTime<Utc>)
    -> Result<Vec<EventId>, RepoError>;

    /// Cancels a live booking and releases what it held exactly once (its places, each to
    /// the waitlist first, and its solidarity place), writing `emails` and `notifications`
    /// with it.
    /// Errors: `NotFound` when there is no live booking with this id.
    fn cancel(
        &self,
        id: BookingId,
        reason: Option<String>,
        emails: &[OutgoingEmail],
        notifications: &[NewNotification],
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// Records the checkout session that pays for a held booking.
    fn attach_checkout(&self, id: BookingId, session_id: &str) -> Result<(), RepoError>;

    /// The booking a checkout session pays for. Errors: `NotFound`.
    fn find_by_session(&self, session_id: &str) -> Result<BookingWithEvent, RepoError>;

    /// Applies a payment outcome to the booking paid by `session_id`, exactly once: when
    /// `event_id` (the gateway's) was seen before, nothing happens. Place counts change
    /// with the booking in one transaction.
    fn apply_payment(
        &self,
        session_id: &str,
        event_id: Option<String>,
        transition: &PaymentTransition,
        now: DateTime<Utc>,
    ) -> Result<TransitionOutcome, RepoError>;

    /// Held card bookings whose hold ended before `now`, as (booking, session id).
    fn expired_holds(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<(BookingId, Option<String>)>, RepoError>;

    /// Records a refund for a cancelled booking (pence, the gateway's refund id and status:
    /// pending, succeeded or failed).
    fn record_refund(
        &self,
        id: BookingId,
        amount_pence: i64,
        refund_id: Option<String>,
        status: &str,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// Card refunds owed but never sent to the gateway (their cancellation's refund is
    /// pending with no refund id), recorded before `before`, as (booking, pence).
    fn unrefunded(
        &self,
        before: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<(BookingId, i64)>, RepoError>;

    /// The gateway's payment id for a card-paid booking, if any.
    fn payment_intent(&self, id: BookingId) -> Result<Option<String>, RepoError>;

    /// Solidarity places held by live bookings of sessions starting in `[from, to)`.
    fn solidarity_places_used(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<u64, RepoError>;
}
