use chrono::{DateTime, Utc};
use playspace_domain::UserId;
use playspace_domain::booking_rules::Plan;

use crate::RepoError;

/// One membership row as the member sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Membership {
    pub id: String,
    pub user_id: UserId,
    pub plan: Plan,
    /// active, pending (awaiting payment), cancelled (ended), or expired (never paid: another
    /// plan was chosen instead).
    pub status: String,
    pub price_pence: i64,
    pub start_date: DateTime<Utc>,
    pub end_date: Option<DateTime<Utc>>,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait MembershipRepository: Send + Sync {
    /// The person's active plan at `now`, if any (none counts as Community).
    fn current_plan(&self, user: UserId, now: DateTime<Utc>) -> Result<Option<Plan>, RepoError>;

    /// Makes `membership` the person's only active one (others end at `now`), and expires
    /// their pending ones (checkouts left for this plan). Answers the subscriptions of the
    /// plans it ended, each marked until `renewal_stopped`.
    fn activate(
        &self,
        membership: &Membership,
        now: DateTime<Utc>,
    ) -> Result<Vec<String>, RepoError>;

    /// Stores a membership awaiting payment through `session_id`; the person's earlier
    /// pending ones (checkouts left for this one) expire at `now`, so at most one waits.
    fn create_pending(
        &self,
        membership: &Membership,
        session_id: &str,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    /// Activates the membership paid through `session_id`, renewed by `subscription` (once;
    /// `Ok(None)` when there is none awaiting payment for it): pending, or expired because
    /// the person chose another plan before paying this one after all (what they paid for
    /// is what they get). Other active memberships end at `now`: answers their
    /// subscriptions, as `activate` does; other pending ones expire.
    fn activate_paid(
        &self,
        session_id: &str,
        subscription: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Option<Vec<String>>, RepoError>;

    /// Members whose plan in force at `now` is the Supporter plan (`champion`).
    fn supporters(&self, now: DateTime<Utc>) -> Result<u64, RepoError>;

    /// The person's memberships, newest first.
    fn list_for_user(&self, user: UserId) -> Result<Vec<Membership>, RepoError>;

    /// The plan `current_plan` answers, whole, with the subscription that renews it (none
    /// for Community).
    fn current_membership(
        &self,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<(Membership, Option<String>)>, RepoError>;

    /// Subscriptions of replaced plans whose renewal is still to be stopped (marked when
    /// `activate` or `activate_paid` ended their plan), longest waiting first.
    fn renewals_to_stop(&self, limit: u32) -> Result<Vec<String>, RepoError>;

    /// The provider has stopped `subscription`'s renewal: nothing more to do for it.
    fn renewal_stopped(&self, subscription: &str, now: DateTime<Utc>) -> Result<(), RepoError>;

    /// Sets when an active plan ends (its benefits last until then); false when it is no
    /// longer active or already has an end.
    fn end_at(
        &self,
        membership_id: &str,
        ends_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError>;
}
