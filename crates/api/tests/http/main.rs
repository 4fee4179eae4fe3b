//! The HTTP API against a real application over a temporary database.
//! One test binary for the crate: each module was a `tests/*.rs` file of its own, and
//! linking one binary instead of one per file is most of what the test build saves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;

mod access_needs;
mod admin_access;
mod admin_audit;
mod admin_bookings;
mod admin_emails;
mod admin_events;
mod admin_export;
mod admin_overview;
mod admin_registers;
mod admin_stories;
mod admin_users;
mod attendees;
mod auth;
mod bookings;
mod command;
mod community;
mod contact;
mod data_care;
mod deploy_files;
mod events;
mod faults;
mod free_places;
mod frontend_files;
mod language;
mod memberships;
mod newsletter;
mod notification_stream;
mod notifications;
mod observability;
mod openapi;
mod outbox_worker;
mod pages;
mod payments;
mod platform;
mod rate_limits;
mod recommendations;
mod several_servers;
mod shared_lists;
mod shutdown;
mod slow_clients;
mod stories;
mod test_clock;
mod user;
mod venues;
mod waitlist;
