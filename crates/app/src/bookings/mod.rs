//! Booking a place, cancelling it, and the person's own list and calendar files.
mod book_event;
mod calendar;
mod cancel_booking;
mod emails;
mod my_bookings;

use playspace_ports::{
    BookingRepository, Clock, EventRepository, MembershipRepository, UserRepository,
};

use crate::accounts::EmailSettings;

pub use book_event::{BookEventError, BookEventInput, book_event};
pub use calendar::{CalendarError, booking_calendar};
pub use cancel_booking::{CancelBookingError, cancel_booking};
pub use my_bookings::my_bookings;

/// The ports the booking use cases need.
pub struct BookingDeps<'a> {
    pub events: &'a dyn EventRepository,
    pub bookings: &'a dyn BookingRepository,
    pub memberships: &'a dyn MembershipRepository,
    pub users: &'a dyn UserRepository,
    pub clock: &'a dyn Clock,
    pub email: &'a EmailSettings,
}
