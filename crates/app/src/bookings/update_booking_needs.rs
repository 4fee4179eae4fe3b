use playspace_domain::{BookingId, User};
use playspace_ports::{BookingWithEvent, RepoError};

use super::BookingDeps;
use super::needs::{NeedsInput, needs_for_booking};

#[derive(Debug, thiserror::Error)]
pub enum UpdateBookingNeedsError {
    /// Unknown or someone else's: both look the same to the caller.
    #[error("Booking not found")]
    NotFound,
    #[error(
        "This booking was cancelled or its session has started, so its access needs can no longer be changed."
    )]
    Closed,
    #[error("{0}")]
    Invalid(playspace_domain::FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Changes the access needs the person's own upcoming booking carries (My Bookings). What
/// they give is kept as given: it counts as their profile's shared copy only while it is
/// exactly that copy (ADR 0023). Leaving both fields out clears them.
#[tracing::instrument(skip_all)]
pub fn update_booking_needs(
    deps: &BookingDeps,
    user: &User,
    id: &str,
    input: &NeedsInput,
) -> Result<BookingWithEvent, UpdateBookingNeedsError> {
    let id: BookingId = id.parse().map_err(|_| UpdateBookingNeedsError::NotFound)?;
    let found = match deps.bookings.get(id) {
        Ok(found) if found.booking.user_id == user.id => found,
        Ok(_) | Err(RepoError::NotFound) => return Err(UpdateBookingNeedsError::NotFound),
        Err(e) => return Err(e.into()),
    };
    let now = deps.clock.now();
    if !found.booking.is_live() || found.event.starts_at <= now {
        return Err(UpdateBookingNeedsError::Closed);
    }
    let said = input
        .checked()
        .map_err(UpdateBookingNeedsError::Invalid)?
        .unwrap_or_default();
    let needs = needs_for_booking(deps, user.id, Some(said))?;
    match deps.access.set_booking_needs(user.id, id, &needs, now) {
        Ok(()) => {}
        // Cancelled or started since it was read.
        Err(RepoError::NotFound) => return Err(UpdateBookingNeedsError::Closed),
        Err(e) => return Err(e.into()),
    }
    Ok(BookingWithEvent {
        booking: found.booking.with_needs(needs),
        ..found
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use chrono::Duration;
    use playspace_domain::{
        AccessNeed, AccessNeeds, Booking, BookingReference, BookingStatus, Money, PaymentMethod,
        PaymentStatus, ProfileAccessNeeds,
    };
    use playspace_ports::{
        MockAccessNeedsRepository, MockBookingRepository, MockEventRepository,
        MockMembershipRepository, MockUserRepository, MockWaitlistRepository,
    };
    use playspace_test_support::{EventBuilder, FixedClock, test_now};

    fn booking_of(owner: &User, status: BookingStatus, starts_in: Duration) -> BookingWithEvent {
        let event = EventBuilder::new()
            .starts_at(test_now() + starts_in)
            .build();
        BookingWithEvent {
            booking: Booking {
                id: BookingId::new(),
                reference: BookingReference::generate(&mut rand::rng()),
                user_id: owner.id,
                event_id: event.id,
                status,
                payment_status: PaymentStatus::Pending,
                payment_method: PaymentMethod::Cash,
                amount: Money::ZERO,
                accessibility_requirements: None,
                access_needs: vec![],
                needs_from_profile: false,
                companion: None,
                created_at: test_now(),
            },
            event,
            session_id: None,
        }
    }

    fn run(
        found: BookingWithEvent,
        caller: &User,
        access: MockAccessNeedsRepository,
        input: &NeedsInput,
    ) -> Result<BookingWithEvent, UpdateBookingNeedsError> {
        let mut bookings = MockBookingRepository::new();
        bookings.expect_get().returning(move |_| Ok(found.clone()));
        let clock = FixedClock(test_now());
        let settings = settings();
        let gateway = playspace_ports::MockPaymentGateway::new();
        let deps = BookingDeps {
            events: &MockEventRepository::new(),
            bookings: &bookings,
            memberships: &MockMembershipRepository::new(),
            users: &MockUserRepository::new(),
            access: &access,
            waitlist: &MockWaitlistRepository::new(),
            gateway: &gateway,
            clock: &clock,
            email: &settings,
        };
        update_booking_needs(&deps, caller, &BookingId::new().to_string(), input)
    }

    fn shared() -> ProfileAccessNeeds {
        ProfileAccessNeeds {
            needs: AccessNeeds {
                needs: vec![AccessNeed::QuietSpace],
                note: None,
            },
            share_with_leader: true,
        }
    }

    #[test]
    fn the_owner_changes_an_upcoming_bookings_needs_and_the_copy_is_recognised() {
        let me = user();
        let found = booking_of(&me, BookingStatus::Confirmed, Duration::days(2));
        let mut access = MockAccessNeedsRepository::new();
        access.expect_access_needs().returning(|_| Ok(shared()));
        access
            .expect_set_booking_needs()
            .withf(|_, _, needs, now| {
                needs.from_profile
                    && needs.needs.needs == [AccessNeed::QuietSpace]
                    && *now == test_now()
            })
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        let input = NeedsInput {
            access_needs: Some(vec!["quiet-space".into()]),
            accessibility_requirements: None,
        };
        let updated = run(found, &me, access, &input).unwrap();
        assert!(updated.booking.needs_from_profile);
    }

    #[test]
    fn someone_elses_booking_is_not_found_and_a_closed_one_is_refused() {
        let (me, other) = (
            user(),
            User {
                id: playspace_domain::UserId::new(),
                ..user()
            },
        );
        let mut access = MockAccessNeedsRepository::new();
        access.expect_set_booking_needs().never();
        let theirs = booking_of(&other, BookingStatus::Confirmed, Duration::days(2));
        assert!(matches!(
            run(theirs, &me, access, &NeedsInput::default()),
            Err(UpdateBookingNeedsError::NotFound)
        ));
        for (status, starts_in) in [
            (BookingStatus::Cancelled, Duration::days(2)),
            (BookingStatus::Confirmed, Duration::zero()),
        ] {
            let mut access = MockAccessNeedsRepository::new();
            access.expect_set_booking_needs().never();
            assert!(matches!(
                run(
                    booking_of(&me, status, starts_in),
                    &me,
                    access,
                    &NeedsInput::default()
                ),
                Err(UpdateBookingNeedsError::Closed)
            ));
        }
    }

    #[test]
    fn invalid_needs_are_refused_before_the_store() {
        let me = user();
        let mut access = MockAccessNeedsRepository::new();
        access.expect_set_booking_needs().never();
        let input = NeedsInput {
            access_needs: Some(vec!["teleport".into()]),
            accessibility_requirements: None,
        };
        let found = booking_of(&me, BookingStatus::Confirmed, Duration::days(2));
        match run(found, &me, access, &input) {
            Err(UpdateBookingNeedsError::Invalid(errors)) => {
                assert!(errors.get("accessNeeds").is_some());
            }
            other => panic!("{other:?}"),
        }
    }
}
