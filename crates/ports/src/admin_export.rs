use chrono::{DateTime, Utc};
use playspace_domain::Money;

use crate::RepoError;

/// A person in the users export: never secrets, medical details, access needs, emergency
/// contacts, addresses or dates of birth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserExportRow {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub role: String,
    pub is_email_verified: bool,
    pub marketing_consent: bool,
    pub created_at: DateTime<Utc>,
    pub last_login: Option<DateTime<Utc>>,
    /// An erased account: the export shows it without personal data.
    pub erased: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventExportRow {
    pub id: String,
    pub title: String,
    pub category: String,
    pub location: String,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: i32,
    pub max_participants: i32,
    pub current_participants: i32,
    pub price: Money,
    pub is_active: bool,
    pub leader_id: Option<String>,
    pub series_id: Option<String>,
}

/// A booking in the export: who booked is an id only; what they wrote about access needs
/// is never exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookingExportRow {
    pub id: String,
    pub reference: String,
    pub user_id: String,
    pub event_id: String,
    pub event_title: String,
    pub event_date: DateTime<Utc>,
    pub status: String,
    pub payment_status: String,
    pub payment_method: String,
    pub amount: Money,
    /// A companion came on a second place (never their name: ADR 0022).
    pub companion: bool,
    pub attendance: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Reads for the CSV exports in chunks: rows ordered by id, starting after `after`, so an
/// export of any size is read a chunk at a time.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait ExportStore: Send + Sync {
    /// Every account, erased ones included. Errors: `Unavailable`.
    fn users_after(
        &self,
        after: Option<String>,
        limit: u32,
    ) -> Result<Vec<UserExportRow>, RepoError>;

    fn events_after(
        &self,
        after: Option<String>,
        limit: u32,
    ) -> Result<Vec<EventExportRow>, RepoError>;

    fn bookings_after(
        &self,
        after: Option<String>,
        limit: u32,
    ) -> Result<Vec<BookingExportRow>, RepoError>;
}
