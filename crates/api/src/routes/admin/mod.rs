//! `/api/admin/*`: the organisation's side. Handlers take [`crate::auth::Admin`] (admins
//! with an open admin session) or [`crate::auth::SessionLeader`] (also moderators, for the
//! registers of the sessions they lead); docs/admin-api.md describes the contract.

pub mod audit_logs;
pub mod bookings;
pub mod check_auth;
pub mod dashboard_stats;
pub mod events;
pub mod login;
pub mod logout;
pub mod registers;
