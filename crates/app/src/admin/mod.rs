//! The organisation's side: the admin session, and (one file each) what admins and session
//! leaders do. Every write records its audit entry in the same transaction.

mod access;
pub mod bookings;
pub mod events;
pub mod overview;
pub mod registers;
#[cfg(test)]
mod testing;

use playspace_ports::{
    AdminBookingRepository, AdminEventRepository, AuditLog, BookingRepository, Clock,
    DashboardRepository, PasswordHasher, PaymentGateway, RegisterRepository, SessionRepository,
    UserRepository,
};

use crate::accounts::EmailSettings;

pub use access::{AdminAccessError, AdminLoginError, admin_login, admin_logout, authorize_admin};

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
}
