use chrono::{DateTime, Utc};
use playspace_domain::page_cursor::{Page, PageCursor};
use playspace_domain::series::SeriesRule;
use playspace_domain::{
    AuditEntry, BookingId, BookingReference, Email, Event, EventId, Money, OutgoingEmail,
    PaymentMethod, PaymentStatus, Role, SeriesId, UserId,
};

use crate::{NewNotification, RepoError};

/// Someone who may lead sessions (a moderator or an admin).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leader {
    pub id: UserId,
    pub name: String,
    pub role: Role,
}

/// An event as the admin area sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdminEvent {
    pub event: Event,
    pub leader: Option<Leader>,
    pub series_id: Option<SeriesId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventWhen {
    /// Not yet started, soonest first.
    Upcoming,
    /// Started, newest first.
    Past,
    /// Everything, newest first.
    All,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventListQuery {
    pub when: EventWhen,
    /// Matches title, location or category, ignoring case.
    pub q: Option<String>,
    pub after: Option<PageCursor>,
    pub now: DateTime<Utc>,
}

/// A new series and who made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSeries {
    pub id: SeriesId,
    pub rule: SeriesRule,
    pub created_by: UserId,
}

/// One event to change: the new values of its editable fields, optionally its leader, and
/// the audit entry for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventUpdate {
    pub before: Event,
    pub after: Event,
    /// `Some(None)` removes the leader.
    pub leader: Option<Option<UserId>>,
    pub audit: AuditEntry,
}

/// A person to tell about a session they are booked on (or waiting for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attendee {
    pub user_id: UserId,
    pub email: Email,
    /// The name to greet them by.
    pub name: String,
    /// Their live booking; `None` for people on the waitlist.
    pub booking: Option<AttendeeBooking>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttendeeBooking {
    pub id: BookingId,
    pub reference: BookingReference,
    pub payment_method: PaymentMethod,
    pub payment_status: PaymentStatus,
    pub amount: Money,
}

/// Why the store tells someone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventNews {
    /// Its date, time or location changed.
    Changed,
    /// It was cancelled: their booking is cancelled (and refunded when paid by card), or
    /// their place on the waitlist is gone.
    Cancelled,
}

/// What to write for one person: composed by the use case, written by the store in the
/// transaction of the change, so people booked at that moment are told exactly once.
pub struct Message {
    pub notification: NewNotification,
    pub email: OutgoingEmail,
}

/// Composes the message for (session before, session after, news, person); an error (an
/// email that failed to render) rolls the whole update back.
pub type Compose<'a> =
    &'a (dyn Fn(&Event, &Event, EventNews, &Attendee) -> Result<Message, RepoError> + Sync);

/// What an update did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UpdateOutcome {
    /// People told (booked and waiting).
    pub notified: u32,
    /// Card-paid bookings cancelled with their session, with the pence paid: refund them
    /// through the gateway.
    pub to_refund: Vec<(BookingId, i64)>,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait AdminEventRepository: Send + Sync {
    /// Events (active or not) by `query`, `limit` a page. Errors: `Unavailable`.
    fn list_admin_events(
        &self,
        query: &EventListQuery,
        limit: u32,
    ) -> Result<Page<AdminEvent>, RepoError>;

    /// Errors: `NotFound`.
    fn admin_event(&self, id: EventId) -> Result<AdminEvent, RepoError>;

    /// The sessions of a series starting at or after `from`, soonest first.
    fn series_from(&self, series: SeriesId, from: DateTime<Utc>) -> Result<Vec<Event>, RepoError>;

    /// Who may lead sessions, by name.
    fn leaders(&self) -> Result<Vec<Leader>, RepoError>;

    /// Stores new events (all of a series, or one) with their leader and audit entry in one
    /// transaction.
    // The named lifetime is for mockall, which cannot mock `Option<&T>` without one.
    #[allow(clippy::needless_lifetimes)]
    fn create_events<'a>(
        &self,
        events: &[Event],
        leader: Option<UserId>,
        series: Option<&'a NewSeries>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError>;

    /// Applies `updates` in one transaction with their audit entries. For a changed date,
    /// time or location, everyone booked is told; for a cancelled session (active → inactive)
    /// its live bookings are cancelled, its waitlist closed, and everyone booked or waiting
    /// told. Errors: `NotFound`; `Conflict` when places were taken meanwhile so the new
    /// capacity no longer fits.
    fn update_events<'a>(
        &self,
        updates: &[EventUpdate],
        compose: Compose<'a>,
        now: DateTime<Utc>,
    ) -> Result<UpdateOutcome, RepoError>;
}
