use chrono::{DateTime, Utc};
use playspace_domain::story::Story;
use playspace_domain::{Booking, Community, Event, UserId};

use crate::RepoError;

/// A demo participant: a user row that cannot log in (no usable password), so demo
/// bookings are real rows and event participant counts stay truthful.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DemoMember {
    pub id: UserId,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// Agreed to hear from the organisation, so a demo bulk email has someone to reach.
    pub marketing_consent: bool,
    pub created_at: DateTime<Utc>,
}

/// Demo members' addresses end with this: the reserved `.invalid` domain never receives mail.
pub const DEMO_EMAIL_SUFFIX: &str = "@demo.playspace.invalid";

impl DemoMember {
    pub fn email_for(n: usize) -> String {
        format!("member{n:02}{DEMO_EMAIL_SUFFIX}")
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DemoData {
    pub events: Vec<Event>,
    pub members: Vec<DemoMember>,
    /// Each booking's event has its `current_participants` already counting it.
    pub bookings: Vec<Booking>,
    /// The messaging community's settings, written only when none were ever saved.
    pub community: Option<Community>,
    /// Published community stories, written only when no story exists at all (so a reset
    /// never duplicates them and never touches the team's own).
    pub stories: Vec<Story>,
    pub seeded_at: DateTime<Utc>,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait DemoSeedStore: Send + Sync {
    /// Whether any event exists. Errors: `Unavailable`.
    fn has_events(&self) -> Result<bool, RepoError>;

    /// Deletes every event with everything hanging off it, and the demo members, in one
    /// transaction. Real accounts are kept. Errors: `Unavailable`.
    fn clear_demo_data(&self) -> Result<(), RepoError>;

    /// Writes all of `data` in one transaction. Errors: `Conflict`, `Unavailable`.
    fn insert_demo_data(&self, data: &DemoData) -> Result<(), RepoError>;
}
