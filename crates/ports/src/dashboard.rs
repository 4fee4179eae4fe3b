use playspace_domain::Money;
use playspace_domain::stats::StatsWindows;

use crate::RepoError;

/// Money received in all, and for what was bought in this London month.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Revenue {
    pub total: Money,
    pub this_month: Money,
}

/// The overview's figures. What each counts is written beside it; charts cover the 12 weeks
/// (or months) of [`StatsWindows`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dashboard {
    /// Live (not erased) accounts.
    pub users_total: u64,
    /// Joined since the start of this London month.
    pub users_new_this_month: u64,
    pub users_verified: u64,
    /// Active sessions that have not started.
    pub events_active: u64,
    /// Active sessions starting in the next 7 days.
    pub events_upcoming_week: u64,
    /// Every session, active or not, past or not.
    pub events_total: u64,
    /// Live bookings (confirmed or held).
    pub bookings_total: u64,
    /// Live bookings not yet paid.
    pub bookings_pending: u64,
    /// Live bookings paid.
    pub bookings_paid: u64,
    /// Bookings and memberships together (the spec's revenue card).
    pub revenue: Revenue,
    /// Money received for bookings (paid, not refunded); this month's for bookings made in
    /// it.
    pub booking_revenue: Revenue,
    /// Money received for paid membership plans: each plan's price at its first payment and
    /// at every monthly renewal while it ran ([`playspace_domain::plans::payments`]); this
    /// month's for the payments in it.
    pub membership_revenue: Revenue,
    /// Bookings made in each of the 12 weeks, oldest first.
    pub bookings_per_week: Vec<u64>,
    /// Members who joined in each of the 12 months, oldest first.
    pub new_members_per_month: Vec<u64>,
    /// (sport, places, taken) of active sessions that started in the 12 weeks or are
    /// still to come, by sport.
    pub fill_by_sport: Vec<(String, u64, u64)>,
    /// Live bookings made in the 12 weeks, paid in cash and by card.
    pub cash_bookings: u64,
    pub card_bookings: u64,
    /// Live solidarity places booked in the 12 weeks.
    pub solidarity_bookings: u64,
    /// Solidarity places held by live bookings of sessions this London month
    /// ([`playspace_domain::free_places::solidarity_month`]).
    pub solidarity_used_this_month: u64,
    /// (sport, attended, no-show) marked on registers of sessions that started in the 12 weeks.
    pub turn_up_by_sport: Vec<(String, u64, u64)>,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait DashboardRepository: Send + Sync {
    fn dashboard(&self, windows: &StatsWindows) -> Result<Dashboard, RepoError>;
}
