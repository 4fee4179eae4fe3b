//! How many solidarity places were used this month, and a Supporter's share of them
//! (docs/adr/0022-companion-and-solidarity-places.md).
use chrono::{DateTime, Utc};
use playspace_domain::User;
use playspace_domain::booking_rules::Plan;
use playspace_domain::free_places::{solidarity_month, supporter_share_tenths};
use playspace_ports::RepoError;

use super::BookingDeps;

/// This London month's solidarity places, as the membership page tells them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolidarityMonth {
    /// The month's first instant (UTC).
    pub month_start: DateTime<Utc>,
    /// Solidarity places held by live bookings of sessions this month.
    pub places_used: u64,
    /// Members whose Supporter plan is in force now.
    pub supporters: u64,
    /// For a Supporter asking: their equal share of the places used, in tenths of a place.
    pub your_share_tenths: Option<u64>,
}

/// The month's figures; with `user`, their share when their plan is Supporter.
pub fn solidarity_this_month(
    deps: &BookingDeps,
    user: Option<&User>,
) -> Result<SolidarityMonth, RepoError> {
    let now = deps.clock.now();
    let (from, to) = solidarity_month(now);
    let places_used = deps.bookings.solidarity_places_used(from, to)?;
    let supporters = deps.memberships.supporters(now)?;
    let is_supporter = match user {
        Some(user) => deps.memberships.current_plan(user.id, now)? == Some(Plan::Champion),
        None => false,
    };
    Ok(SolidarityMonth {
        month_start: from,
        places_used,
        supporters,
        your_share_tenths: is_supporter
            .then(|| supporter_share_tenths(places_used, supporters))
            .flatten(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use playspace_ports::{
        MockBookingRepository, MockEventRepository, MockMembershipRepository, MockPaymentGateway,
        MockUserRepository, MockWaitlistRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    fn run(plan: Option<Plan>, signed_in: bool) -> SolidarityMonth {
        let mut bookings = MockBookingRepository::new();
        let (from, to) = solidarity_month(test_now());
        bookings
            .expect_solidarity_places_used()
            .withf(move |f, t| *f == from && *t == to)
            .returning(|_, _| Ok(5));
        let mut memberships = MockMembershipRepository::new();
        memberships.expect_supporters().returning(|_| Ok(2));
        memberships
            .expect_current_plan()
            .returning(move |_, _| Ok(plan));
        let settings = settings();
        let deps = BookingDeps {
            events: &MockEventRepository::new(),
            bookings: &bookings,
            memberships: &memberships,
            users: &MockUserRepository::new(),
            access: &playspace_ports::MockAccessNeedsRepository::new(),
            waitlist: &MockWaitlistRepository::new(),
            gateway: &MockPaymentGateway::new(),
            clock: &FixedClock(test_now()),
            email: &settings,
        };
        let person = user();
        solidarity_this_month(&deps, signed_in.then_some(&person)).unwrap()
    }

    #[test]
    fn a_supporter_hears_their_equal_share_of_the_months_places() {
        let month = run(Some(Plan::Champion), true);
        assert_eq!((month.places_used, month.supporters), (5, 2));
        assert_eq!(month.your_share_tenths, Some(25));
        assert_eq!(month.month_start, solidarity_month(test_now()).0);
    }

    #[test]
    fn others_see_the_months_figures_without_a_share() {
        assert_eq!(run(Some(Plan::Active), true).your_share_tenths, None);
        assert_eq!(run(None, true).your_share_tenths, None);
        assert_eq!(run(None, false).your_share_tenths, None);
        assert_eq!(run(None, false).places_used, 5);
    }
}
