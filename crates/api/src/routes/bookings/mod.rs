//! `/api/bookings*`: booking, the person's list, cancelling, calendar files.

pub mod calendar;
pub mod cancel;
pub mod create;
pub mod list;
