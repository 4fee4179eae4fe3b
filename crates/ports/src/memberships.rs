use chrono::{DateTime, Utc};
use playspace_domain::UserId;
use playspace_domain::booking_rules::Plan;

use crate::RepoError;

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait MembershipRepository: Send + Sync {
    /// The person's active plan at `now`, if any (none counts as Community).
    fn current_plan(&self, user: UserId, now: DateTime<Utc>) -> Result<Option<Plan>, RepoError>;
}
