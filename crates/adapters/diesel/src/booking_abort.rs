//! Why a booking transaction rolls back: both booking paths (`bookings.rs` step by step,
//! `one_statement_booking.rs` on PostgreSQL) and a waitlist claim abort with it.
use playspace_domain::booking_rules::BookingRefusal;
use playspace_ports::BookError;

use crate::convert::repo_error;

/// Rolls a booking transaction back with a reason for the caller.
pub(crate) enum Abort {
    Refused(BookingRefusal),
    EventNotFound,
    Db(diesel::result::Error),
}

impl Abort {
    pub(crate) fn into_book_error(self) -> BookError {
        match self {
            Abort::Refused(r) => BookError::Refused(r),
            Abort::EventNotFound => BookError::EventNotFound,
            // The unique index is the last word on one live booking per person and event.
            Abort::Db(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            )) => BookError::Refused(BookingRefusal::AlreadyBooked),
            Abort::Db(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::ForeignKeyViolation,
                _,
            )) => BookError::EventNotFound,
            Abort::Db(e) => BookError::Store(repo_error(e)),
        }
    }
}

impl From<diesel::result::Error> for Abort {
    fn from(e: diesel::result::Error) -> Self {
        Abort::Db(e)
    }
}
