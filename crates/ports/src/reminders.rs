use chrono::{DateTime, Utc};
use playspace_domain::reminder::ReminderTiming;
use playspace_domain::{BookingId, BookingReference, EventId, OutgoingEmail, Preferences, UserId};

use crate::{NewNotification, RepoError};

/// A live booking of an active event whose reminder may be due, with what the reminder
/// needs about the person and the event (read in one query).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReminderCandidate {
    pub booking_id: BookingId,
    pub reference: BookingReference,
    pub booked_at: DateTime<Utc>,
    pub user_id: UserId,
    pub email: String,
    pub greeting_name: String,
    pub preferences: Preferences,
    pub event_id: EventId,
    pub title: String,
    pub location: String,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: u32,
}

/// Event reminders: the bookings that may need one, and sending each exactly once.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait ReminderRepository: Send + Sync {
    /// Confirmed bookings of live accounts at active events starting within some timing's
    /// `starts_due(now)` range and not yet sent or passed over that timing's reminder, ordered by booking
    /// id, after `after`, at most `limit`. The caller applies the person's preferences.
    fn reminder_candidates(
        &self,
        now: DateTime<Utc>,
        after: Option<BookingId>,
        limit: u32,
    ) -> Result<Vec<ReminderCandidate>, RepoError>;

    /// Records the (booking, timing) reminder as sent and stores its notification and
    /// emails in one transaction, once: returns false and writes nothing when it was sent
    /// already (by an earlier run or another process) or the booking or event is no
    /// longer live.
    fn send_reminder(
        &self,
        booking: BookingId,
        timing: ReminderTiming,
        emails: &[OutgoingEmail],
        notification: &NewNotification,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError>;

    /// Records each (booking, timing) as passed over (its moment came and the person does
    /// not get it), so it is no longer a candidate; one already sent or passed is left as
    /// it is.
    fn pass_reminders(
        &self,
        passed: &[(BookingId, ReminderTiming)],
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;
}
