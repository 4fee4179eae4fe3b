//! Mailer adapters. [`SendGridMailer`] sends through SendGrid's v3 Mail Send API when a key is
//! configured; [`FileMailbox`], the default, writes each email as an `.eml` file a person can
//! open, so development, demos and tests need no network and no account.
//!
//! Both are blocking (the [`playspace_ports::Mailer`] port is synchronous): call them from the
//! outbox worker's blocking thread, never from an async task.

mod file_mailbox;
mod mime;
mod sendgrid;

pub use file_mailbox::{FileMailbox, MailboxEntry, read_mailbox};
pub use playspace_http::SetupError;
pub use sendgrid::SendGridMailer;
