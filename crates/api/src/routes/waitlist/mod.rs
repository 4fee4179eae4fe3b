//! `/api/events/{id}/waitlist*`: the signed-in person's place in a full event's queue.

pub mod claim;
pub mod join;
pub mod leave;
pub mod show;

const LOGIN_REQUIRED: &str = "You must be logged in to join the waitlist";
