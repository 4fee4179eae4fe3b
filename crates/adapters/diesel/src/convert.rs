//! Mapping between stored rows and domain values, and Diesel errors onto the port contract.
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use playspace_ports::RepoError;

// SQL `lower()`: case-insensitive comparisons on both backends (PostgreSQL's `=` and
// `LIKE` are case-sensitive).
#[diesel::declare_sql_function]
extern "SQL" {
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

pub(crate) fn to_db_time(t: DateTime<Utc>) -> NaiveDateTime {
    t.naive_utc()
}

pub(crate) fn from_db_time(t: NaiveDateTime) -> DateTime<Utc> {
    t.and_utc()
}

pub(crate) fn repo_error(error: DieselError) -> RepoError {
    match error {
        DieselError::NotFound => RepoError::NotFound,
        DieselError::DatabaseError(
            DatabaseErrorKind::UniqueViolation | DatabaseErrorKind::CheckViolation,
            _,
        ) => RepoError::Conflict,
        other => RepoError::Unavailable(other.to_string()),
    }
}

/// A rule the store checks itself refused a write: rolls the transaction back and reaches
/// the caller as `RepoError::Conflict`.
pub(crate) fn refused(why: &str) -> DieselError {
    DieselError::DatabaseError(DatabaseErrorKind::CheckViolation, Box::new(why.to_owned()))
}

/// A stored value the domain rejects means the database was edited by hand or a migration
/// is missing; it is reported as unavailable rather than served half-valid.
pub(crate) fn corrupt(what: &str, detail: impl std::fmt::Display) -> RepoError {
    RepoError::Unavailable(format!("stored {what} is invalid: {detail}"))
}

pub(crate) fn to_u32(value: i32, what: &str) -> Result<u32, RepoError> {
    u32::try_from(value).map_err(|e| corrupt(what, e))
}

pub(crate) fn to_i32(value: u32) -> i32 {
    // Counts and minutes are bounded far below i32::MAX by validation.
    i32::try_from(value).unwrap_or(i32::MAX)
}
