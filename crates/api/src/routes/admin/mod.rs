//! `/api/admin/*`: the organisation's side. Handlers take [`crate::auth::Admin`] (admins
//! with an open admin session) or [`crate::auth::SessionLeader`] (also moderators, for the
//! registers of the sessions they lead); docs/admin-api.md describes the contract.

mod admin_user;
pub mod audit_logs;
pub mod bookings;
pub mod check_auth;
pub mod community_update;
pub mod dashboard_stats;
pub mod email_campaigns;
pub mod emails_preview;
pub mod events;
pub mod export;
pub mod login;
pub mod logout;
pub mod registers;
pub mod send_bulk_email;
pub mod stories;
pub mod users_bulk_action;
pub mod users_create;
pub mod users_list;
pub mod users_update;
pub mod venues;
