use chrono::{DateTime, Utc};
use playspace_domain::admin::Attendance;
use playspace_domain::{
    AccessNeed, AuditEntry, BookingId, BookingReference, BookingStatus, EventId, Money,
    PaymentMethod, PaymentStatus, UserId,
};

use crate::{AdminEvent, RepoError};

/// One person on a session's register. Access needs and the emergency contact appear only
/// here, for the session's leader and admins (ADR 0008, ADR 0023).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegisterLine {
    pub booking_id: BookingId,
    pub reference: BookingReference,
    pub user_id: UserId,
    /// Chosen (or first) name and last name.
    pub name: String,
    pub pronouns: Option<String>,
    pub status: BookingStatus,
    pub payment_method: PaymentMethod,
    pub payment_status: PaymentStatus,
    pub amount: Money,
    pub accessibility_requirements: Option<String>,
    /// The common needs ticked for this session.
    pub access_needs: Vec<AccessNeed>,
    /// "+1 companion" on a second, free place, with their first name if given (ADR 0022).
    pub companion: bool,
    pub companion_name: Option<String>,
    pub emergency_contact_name: Option<String>,
    pub emergency_contact_phone: Option<String>,
    pub attendance: Option<Attendance>,
}

/// What a leader marks at the door.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegisterChange {
    /// Came, didn't, or not marked (a mistake undone).
    Attendance(Option<Attendance>),
    /// Paid in cash on arrival.
    CashPaid,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait RegisterRepository: Send + Sync {
    /// Live bookings of the event, by name.
    fn register(&self, event: EventId) -> Result<Vec<RegisterLine>, RepoError>;

    /// Marks one line, with its audit entry in the same transaction. Errors: `NotFound`
    /// when the booking is not a live booking of this event; `Conflict` for cash paid on a
    /// booking that is not a cash one.
    fn mark(
        &self,
        event: EventId,
        booking: BookingId,
        change: RegisterChange,
        audit: &AuditEntry,
    ) -> Result<RegisterLine, RepoError>;

    /// Sessions starting from `from`, soonest first (at most 200): those `leader` leads,
    /// or (for `None`) every session.
    fn led_sessions(
        &self,
        leader: Option<UserId>,
        from: DateTime<Utc>,
    ) -> Result<Vec<AdminEvent>, RepoError>;
}
