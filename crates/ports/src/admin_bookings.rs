use chrono::{DateTime, Utc};
use playspace_domain::admin::Attendance;
use playspace_domain::page_cursor::{Page, PageCursor};
use playspace_domain::{
    AuditEntry, Booking, BookingId, BookingStatus, EventId, NewNotification, OutgoingEmail,
    PaymentStatus,
};

use crate::RepoError;

/// A booking as the bookings tab lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdminBooking {
    pub booking: Booking,
    pub user_name: String,
    pub user_email: String,
    pub event_title: String,
    pub event_date: DateTime<Utc>,
    pub attendance: Option<Attendance>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookingFilter {
    pub event_id: Option<EventId>,
    pub status: Option<BookingStatus>,
    pub payment_status: Option<PaymentStatus>,
    /// Booked at or after.
    pub from: Option<DateTime<Utc>>,
    /// Booked before.
    pub to: Option<DateTime<Utc>>,
    /// Part of a reference, upper case ("PS-7K" or "7K3").
    pub reference: Option<String>,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait AdminBookingRepository: Send + Sync {
    /// Bookings matching `filter`, newest first, `limit` a page.
    fn list_admin_bookings(
        &self,
        filter: &BookingFilter,
        after: Option<PageCursor>,
        limit: u32,
    ) -> Result<Page<AdminBooking>, RepoError>;

    /// Errors: `NotFound`.
    fn admin_booking(&self, id: BookingId) -> Result<AdminBooking, RepoError>;

    /// Sets a booking's status, audited. Cancelling (for `reason`) releases its place (to
    /// the waitlist, or back to the session) with `emails`; reviving a cancelled booking takes a place
    /// again through the capacity guard. Errors: `NotFound`; `Conflict` when a revived
    /// booking finds the session full, inactive or the person booked again meanwhile.
    fn set_booking_status(
        &self,
        id: BookingId,
        status: BookingStatus,
        reason: Option<String>,
        emails: &[OutgoingEmail],
        notifications: &[NewNotification],
        audit: &AuditEntry,
    ) -> Result<(), RepoError>;

    /// Sets a booking's payment status, audited. Errors: `NotFound`.
    fn set_payment_status(
        &self,
        id: BookingId,
        status: PaymentStatus,
        audit: &AuditEntry,
    ) -> Result<(), RepoError>;
}
