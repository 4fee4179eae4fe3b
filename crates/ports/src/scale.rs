use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use playspace_domain::admin::Attendance;
use playspace_domain::{Booking, BookingId, Event, Money, Role, SeriesId, UserId};

use crate::RepoError;

/// Scale members' addresses end with this: the reserved `.invalid` domain never receives
/// mail, and the suffix tells the scale data apart from real accounts and the demo's.
pub const SCALE_EMAIL_SUFFIX: &str = "@scale.playspace.invalid";

/// A member of the scale data set: a user row that cannot log in (no usable password).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScaleMember {
    pub id: UserId,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub chosen_name: Option<String>,
    pub pronouns: Option<String>,
    pub role: Role,
    pub is_email_verified: bool,
    pub marketing_consent: bool,
    pub last_login: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// The repeat rule behind a run of scale sessions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScaleSeries {
    pub id: SeriesId,
    /// London wall-clock time of every session.
    pub time: NaiveTime,
    pub interval_weeks: u32,
    pub first_date: NaiveDate,
    pub until: NaiveDate,
    pub created_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
}

/// A session with who leads it and the series it belongs to. `event.current_participants`
/// already counts its live bookings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScaleEvent {
    pub event: Event,
    pub leader: Option<UserId>,
    pub series: Option<SeriesId>,
}

/// Why and when a scale booking was cancelled, and what was refunded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScaleCancellation {
    pub id: BookingId,
    pub reason: String,
    pub refund_amount: Money,
    /// `succeeded` for refunded cards, `not_required` otherwise.
    pub refund_status: &'static str,
    pub at: DateTime<Utc>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScaleBooking {
    pub booking: Booking,
    /// Marked at the door on past sessions.
    pub attendance: Option<(Attendance, DateTime<Utc>)>,
    /// Present exactly when `booking.status` is cancelled.
    pub cancellation: Option<ScaleCancellation>,
    /// The last change: the cancellation, the attendance mark, or the booking itself.
    pub updated_at: DateTime<Utc>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScaleData {
    pub members: Vec<ScaleMember>,
    pub series: Vec<ScaleSeries>,
    pub events: Vec<ScaleEvent>,
    pub bookings: Vec<ScaleBooking>,
}

/// Writes a large data set for measuring the admin area at scale.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait ScaleSeedStore: Send + Sync {
    /// How many users have a `SCALE_EMAIL_SUFFIX` address. Errors: `Unavailable`.
    fn scale_member_count(&self) -> Result<u64, RepoError>;

    /// Every booking reference in use, so new ones never collide. Errors: `Unavailable`.
    fn booking_references(&self) -> Result<Vec<String>, RepoError>;

    /// Writes all of `data` in one transaction, many rows per statement.
    /// Errors: `Conflict`, `Unavailable`.
    fn insert_scale_data(&self, data: &ScaleData) -> Result<(), RepoError>;
}
