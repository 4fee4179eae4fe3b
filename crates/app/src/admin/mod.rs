//! The organisation's side: the admin session, and (one file each) what admins and session
//! leaders do. Every write records its audit entry in the same transaction.

mod access;
mod audit_log;
pub mod bookings;
pub(crate) mod bulk_email_message;
mod bulk_user_action;
mod create_user;
mod email_campaigns;
pub mod events;
mod export_data;
mod list_users;
pub mod overview;
mod preview_bulk_email;
pub mod registers;
mod send_bulk_email;
pub mod stories;
#[cfg(test)]
pub(crate) mod testing;
mod unsubscribe;
mod update_user;
pub mod venues;

use chrono::{DateTime, Utc};
use playspace_domain::{AuditEntry, UserId};
use playspace_ports::{
    AdminBookingRepository, AdminEventRepository, AdminUserStore, AuditLog, BookingRepository,
    BulkEmailStore, Clock, DashboardRepository, ExportStore, LinkSigner, PasswordHasher,
    PaymentGateway, RegisterRepository, SessionRepository, UserRepository, VenueRepository,
};

use crate::accounts::{ClientInfo, EmailSettings};

pub use access::{AdminAccessError, AdminLoginError, admin_login, admin_logout, authorize_admin};
pub use audit_log::{AuditLogError, AuditLogInput, audit_log};
pub use bulk_user_action::{BulkActionError, BulkActionInput, bulk_user_action};
pub use create_user::{CreateUserError, create_user};
pub use email_campaigns::email_campaigns;
pub use export_data::{EXPORT_CHUNK_ROWS, ExportChunk, export_chunk, start_export};
pub use list_users::{ListUsersError, ListUsersInput, list_users};
pub use preview_bulk_email::{BulkEmailPreview, preview_bulk_email};
pub use send_bulk_email::{SendBulkEmailError, send_bulk_email};
pub use unsubscribe::{UnsubscribeError, confirm_unsubscribe, unsubscribe_address};
pub use update_user::{UpdateUserError, update_user};

/// A list position a client sent back, as a field error when it was not one we made.
pub(crate) fn cursor(
    text: &str,
) -> Result<playspace_domain::page_cursor::PageCursor, playspace_domain::ValidationError> {
    playspace_domain::page_cursor::PageCursor::decode(text.trim())
        .map_err(|e| playspace_domain::ValidationError::new(e.to_string()))
}

/// The ports the admin use cases need.
pub struct AdminDeps<'a> {
    pub users: &'a dyn UserRepository,
    pub sessions: &'a dyn SessionRepository,
    pub audit: &'a dyn AuditLog,
    pub hasher: &'a dyn PasswordHasher,
    pub clock: &'a dyn Clock,
    pub events: &'a dyn AdminEventRepository,
    pub bookings: &'a dyn BookingRepository,
    pub gateway: &'a dyn PaymentGateway,
    pub email: &'a EmailSettings,
    pub registers: &'a dyn RegisterRepository,
    pub admin_bookings: &'a dyn AdminBookingRepository,
    pub dashboard: &'a dyn DashboardRepository,
    pub admin_users: &'a dyn AdminUserStore,
    pub bulk_email: &'a dyn BulkEmailStore,
    pub exports: &'a dyn ExportStore,
    pub links: &'a dyn LinkSigner,
    pub venues: &'a dyn VenueRepository,
}

/// Who is acting in the admin area and from where, for the audit trail.
#[derive(Clone, Debug)]
pub struct Actor {
    pub id: UserId,
    pub client: ClientInfo,
}

impl Actor {
    /// An entry by this actor at `at`.
    pub(crate) fn entry(
        &self,
        action: &'static str,
        resource_type: &'static str,
        resource_id: Option<String>,
        at: DateTime<Utc>,
    ) -> AuditEntry {
        AuditEntry::new(self.id, action, resource_type, resource_id, at)
            .from_client(self.client.ip.clone(), self.client.user_agent.clone())
    }
}
