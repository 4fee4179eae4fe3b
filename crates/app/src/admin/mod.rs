//! The organisation's side: the admin session, and (one file each) what admins and session
//! leaders do. Every write records its audit entry in the same transaction.

mod access;

use playspace_ports::{AuditLog, Clock, PasswordHasher, SessionRepository, UserRepository};

pub use access::{AdminAccessError, AdminLoginError, admin_login, admin_logout, authorize_admin};

/// The ports the admin use cases need.
pub struct AdminDeps<'a> {
    pub users: &'a dyn UserRepository,
    pub sessions: &'a dyn SessionRepository,
    pub audit: &'a dyn AuditLog,
    pub hasher: &'a dyn PasswordHasher,
    pub clock: &'a dyn Clock,
}
