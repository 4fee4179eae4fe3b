//! The store on SQLite and PostgreSQL.
//! One test binary for the crate: each module was a `tests/*.rs` file of its own, and
//! linking one binary instead of one per file is most of what the test build saves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;

mod access_needs;
mod accounts;
mod admin;
mod admin_bookings;
mod admin_emails;
mod admin_events;
mod admin_export;
mod admin_users;
mod bookings;
mod check_lists;
mod community;
mod contact;
mod data_care;
mod digests;
mod events;
mod free_places;
mod memberships;
mod newsletter;
mod notices;
mod notifications;
mod outbox;
mod payments;
mod rate_limits;
mod registers;
mod reminders;
mod retention;
mod scale_seed;
mod schema;
mod signups;
mod stories;
mod venues;
mod waitlist;
