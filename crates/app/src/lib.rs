//! PlaySpace's use cases, one file each, generic over the ports so they run the same against
//! the real store and against mocks.

pub mod accounts;
pub mod admin;
pub mod attendees;
pub mod bookings;
pub mod community;
pub mod deliver_emails;
mod emails;
pub mod get_event;
pub mod list_events;
pub mod newsletter;
pub mod notifications;
pub mod retention;
pub mod seed_demo_data;
pub mod seed_scale_data;
pub mod stories;
pub mod submit_contact_message;
pub mod venues;

pub use deliver_emails::{DeliveryReport, deliver_due_emails};
pub use get_event::{GetEventError, get_event};
pub use list_events::{list_events, summarise_events};
pub use seed_demo_data::{SeedError, SeedMode, SeedOutcome, seed_demo_data};
pub use seed_scale_data::{ScaleOutcome, ScaleSize, seed_scale_data};
pub use submit_contact_message::{SubmitContactError, submit_contact_message};
pub use venues::list_venues;
