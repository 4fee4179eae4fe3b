//! `/api/bookings*`: booking, the person's list, cancelling, calendar files, and the access
//! needs a booking carries.

pub mod calendar;
pub mod cancel;
pub mod create;
pub mod list;
pub mod update_needs;
