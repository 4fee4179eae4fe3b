use chrono::{DateTime, Utc};
use playspace_domain::preferences::PrivacyPreferences;
use playspace_domain::{BookingId, BookingNeeds, EventId, ProfileAccessNeeds, UserId};

use crate::RepoError;

/// Members' access needs and what their bookings carry of them (ADR 0023).
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait AccessNeedsRepository: Send + Sync {
    /// The member's needs and their choice to share them (none and not shared when they
    /// never said anything). Errors: `NotFound` for an unknown or erased member.
    fn access_needs(&self, user: UserId) -> Result<ProfileAccessNeeds, RepoError>;

    /// Replaces the member's needs and choice and, in the same transaction, brings the
    /// profile's copy on their live bookings of sessions starting after `now` up to date:
    /// the new needs while they share them, none once they do not (or deleted them), when
    /// the copy stops being one. Needs given on a booking itself are left alone. Returns
    /// how many bookings changed. Errors: `NotFound` for an unknown or erased member.
    fn set_access_needs(
        &self,
        user: UserId,
        needs: &ProfileAccessNeeds,
        now: DateTime<Utc>,
    ) -> Result<u32, RepoError>;

    /// Gives `booking` these needs, only if it is `user`'s, live, and its session starts
    /// after `now`. Errors: `NotFound` otherwise.
    fn set_booking_needs(
        &self,
        user: UserId,
        booking: BookingId,
        needs: &BookingNeeds,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;
}

/// Someone with a confirmed place, as the store knows them: what naming them may show, and
/// the preferences that decide whether they are named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoingPerson {
    pub first_name: String,
    pub chosen_name: Option<String>,
    pub pronouns: Option<String>,
    pub privacy: PrivacyPreferences,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait AttendanceRepository: Send + Sync {
    /// The people whose places at `event` are confirmed (erased accounts left out).
    fn going(&self, event: EventId) -> Result<Vec<GoingPerson>, RepoError>;
}
