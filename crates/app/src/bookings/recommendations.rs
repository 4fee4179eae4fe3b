use std::collections::HashSet;

use playspace_domain::recommendation::{Recommendation, recommend};
use playspace_domain::{Event, UserId};
use playspace_ports::RepoError;

use super::BookingDeps;

/// "Recommended for you": the person's best matches among `upcoming` (the caller's list of
/// upcoming active events, usually the cached one), by their saved preferences, leaving out
/// events they already hold a place at. Reads only the preferences and the booked ids.
#[tracing::instrument(skip_all)]
pub fn recommended_events<'a>(
    deps: &BookingDeps,
    user: UserId,
    upcoming: &'a [Event],
) -> Result<Vec<Recommendation<'a>>, RepoError> {
    let now = deps.clock.now();
    let preferences = deps.users.preferences(user)?;
    let booked: HashSet<_> = deps
        .bookings
        .live_event_ids(user, now)?
        .into_iter()
        .collect();
    Ok(recommend(upcoming, &preferences, &booked, now))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;
    use playspace_domain::Preferences;
    use playspace_ports::{
        MockBookingRepository, MockEventRepository, MockMembershipRepository, MockPaymentGateway,
        MockUserRepository, MockWaitlistRepository,
    };
    use playspace_test_support::{EventBuilder, FixedClock, test_now};

    fn run(
        users: MockUserRepository,
        bookings: MockBookingRepository,
        upcoming: &[Event],
    ) -> Result<Vec<(playspace_domain::EventId, u32)>, RepoError> {
        let clock = FixedClock(test_now());
        let settings = settings();
        let deps = BookingDeps {
            events: &MockEventRepository::new(),
            bookings: &bookings,
            memberships: &MockMembershipRepository::new(),
            users: &users,
            access: &playspace_ports::MockAccessNeedsRepository::new(),
            waitlist: &MockWaitlistRepository::new(),
            gateway: &MockPaymentGateway::new(),
            clock: &clock,
            email: &settings,
        };
        let picked = recommended_events(&deps, UserId::new(), upcoming)?;
        Ok(picked.iter().map(|r| (r.event.id, r.score)).collect())
    }

    #[test]
    fn scores_the_list_by_the_saved_preferences_without_booked_events() {
        let yoga = EventBuilder::new().category("Yoga").build();
        let booked_yoga = EventBuilder::new().category("Yoga").build();
        let boxing = EventBuilder::new().category("Boxing").build();
        let booked_id = booked_yoga.id;
        let mut users = MockUserRepository::new();
        users.expect_preferences().times(1).returning(|_| {
            let mut p = Preferences::default();
            p.sports.favorites = vec!["Yoga".into()];
            p.availability.days = vec![];
            p.availability.times = vec![];
            Ok(p)
        });
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_live_event_ids()
            .withf(|_, after| *after == test_now())
            .times(1)
            .returning(move |_, _| Ok(vec![booked_id]));
        let picked = run(users, bookings, &[boxing, booked_yoga, yoga.clone()]).unwrap();
        assert_eq!(picked, [(yoga.id, 10)]);
    }

    #[test]
    fn store_failures_are_passed_on() {
        let mut users = MockUserRepository::new();
        users
            .expect_preferences()
            .returning(|_| Err(RepoError::Unavailable("down".into())));
        let err = run(users, MockBookingRepository::new(), &[]).unwrap_err();
        assert!(matches!(err, RepoError::Unavailable(_)));
    }
}
