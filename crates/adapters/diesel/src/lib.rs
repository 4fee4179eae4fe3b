//! PlaySpace's store: one Diesel codebase for SQLite (the embedded default) and PostgreSQL.
//! Queries are written once against [`DbConnection`]; only dialect differences match on the
//! variant.

mod access_needs;
mod admin_bookings;
mod admin_emails;
mod admin_events;
mod admin_export;
mod admin_users;
mod audit;
mod booking_abort;
mod bookings;
mod community;
mod connection;
mod contact;
mod convert;
mod dashboard;
pub mod data_care;
mod demo;
mod digests;
mod events;
mod health;
mod introspect;
mod memberships;
mod newsletter;
mod notices;
mod notifications;
mod one_statement_booking;
mod outbox;
mod places;
mod rate_limits;
mod registers;
mod reminders;
mod retention;
mod scale;
mod schema;
mod sessions;
mod signups;
mod stories;
mod user_rows;
mod users;
mod venues;
mod waitlist;

pub use connection::{Backend, DbConnection, PoolUse, Store, StoreError};
pub use introspect::{CheckList, ColumnInfo};
pub use notices::{APPLICATION_NAME as LISTENER_NAME, NoticeConnection};
pub use outbox::OutboxBacklog;
