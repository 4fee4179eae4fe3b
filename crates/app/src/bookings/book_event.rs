use chrono::{DateTime, Utc};
use playspace_domain::booking_rules::{self, BookingRefusal, check_bookable, limit_month};
use playspace_domain::{
    Booking, BookingId, BookingNeeds, BookingReference, BookingStatus, Event, EventId,
    PaymentMethod, PaymentStatus, User,
};
use playspace_ports::{BookError, BookingRequest, RepoError};

use super::needs::{NeedsInput, needs_for_booking};
use super::{BookingDeps, emails, notices};

pub struct BookEventInput {
    pub event_id: String,
    pub needs: NeedsInput,
}

#[derive(Debug, thiserror::Error)]
pub enum BookEventError {
    #[error("Event not found")]
    EventNotFound,
    #[error("{0}")]
    Refused(BookingRefusal),
    #[error("{0}")]
    Invalid(playspace_domain::FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Books a place paid in cash on arrival: confirmed at once, payment pending. The
/// confirmation email and notification are stored with the booking.
#[tracing::instrument(skip_all)]
pub fn book_event(
    deps: &BookingDeps,
    user: &User,
    input: BookEventInput,
) -> Result<(Booking, Event), BookEventError> {
    let now = deps.clock.now();
    let event_id: EventId = input
        .event_id
        .parse()
        .map_err(|_| BookEventError::EventNotFound)?;
    let event = match deps.events.get(event_id) {
        Ok(event) => event,
        Err(RepoError::NotFound) => return Err(BookEventError::EventNotFound),
        Err(e) => return Err(e.into()),
    };
    check_bookable(&event, now).map_err(BookEventError::Refused)?;
    let said = input.needs.checked().map_err(BookEventError::Invalid)?;
    let needs = needs_for_booking(deps, user.id, said)?;
    let request = cash_booking_request(deps, user, &event, needs, now)?;
    match deps.bookings.book(&request, now) {
        Ok(()) => {
            let mut event = event;
            event.current_participants += 1;
            Ok((request.booking, event))
        }
        Err(BookError::Refused(refusal)) => Err(BookEventError::Refused(refusal)),
        Err(BookError::EventNotFound) => Err(BookEventError::EventNotFound),
        Err(BookError::Store(e)) => Err(e.into()),
    }
}

/// A cash booking of `event` (confirmed, paid on arrival) with its email and notification,
/// under the person's current plan limit.
pub(super) fn cash_booking_request(
    deps: &BookingDeps,
    user: &User,
    event: &Event,
    needs: BookingNeeds,
    now: DateTime<Utc>,
) -> Result<BookingRequest, RepoError> {
    let plan = deps.memberships.current_plan(user.id, now)?;
    let booking = Booking {
        id: BookingId::new(),
        reference: BookingReference::generate(&mut rand::rng()),
        user_id: user.id,
        event_id: event.id,
        status: BookingStatus::Confirmed,
        payment_status: PaymentStatus::Pending,
        payment_method: PaymentMethod::Cash,
        amount: event.price,
        accessibility_requirements: None,
        access_needs: vec![],
        needs_from_profile: false,
        created_at: now,
    }
    .with_needs(needs);
    Ok(BookingRequest {
        hold_until: None,
        limit_month: limit_month(event),
        monthly_limit: booking_rules::monthly_limit(plan),
        emails: vec![emails::confirmation(deps.email, user, &booking, event)?],
        notification: Some(notices::booking_confirmed(user, event)),
        booking,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use playspace_domain::booking_rules::Plan;
    use playspace_domain::{AccessNeed, AccessNeeds, ProfileAccessNeeds};
    use playspace_ports::{
        MockAccessNeedsRepository, MockBookingRepository, MockEventRepository,
        MockMembershipRepository, MockUserRepository,
    };
    use playspace_test_support::{EventBuilder, FixedClock, test_now};

    fn run(
        event: playspace_domain::Event,
        plan: Option<Plan>,
        bookings: MockBookingRepository,
    ) -> Result<(Booking, Event), BookEventError> {
        run_with_needs(
            event,
            plan,
            bookings,
            NeedsInput::text(Some(" Quiet space ")),
            ProfileAccessNeeds::default(),
        )
    }

    fn run_with_needs(
        event: playspace_domain::Event,
        plan: Option<Plan>,
        bookings: MockBookingRepository,
        needs: NeedsInput,
        profile: ProfileAccessNeeds,
    ) -> Result<(Booking, Event), BookEventError> {
        let mut access = MockAccessNeedsRepository::new();
        access
            .expect_access_needs()
            .returning(move |_| Ok(profile.clone()));
        let mut events = MockEventRepository::new();
        events.expect_get().returning(move |_| Ok(event.clone()));
        let mut memberships = MockMembershipRepository::new();
        memberships
            .expect_current_plan()
            .returning(move |_, _| Ok(plan));
        let users = MockUserRepository::new();
        let clock = FixedClock(test_now());
        let settings = settings();
        let gateway = playspace_ports::MockPaymentGateway::new();
        let deps = BookingDeps {
            events: &events,
            bookings: &bookings,
            memberships: &memberships,
            users: &users,
            access: &access,
            waitlist: &playspace_ports::MockWaitlistRepository::new(),
            gateway: &gateway,
            clock: &clock,
            email: &settings,
        };
        book_event(
            &deps,
            &user(),
            BookEventInput {
                event_id: EventId::new().to_string(),
                needs,
            },
        )
    }

    #[test]
    fn a_cash_booking_is_confirmed_with_payment_pending_and_an_email() {
        let event = EventBuilder::new().price_pence(750).build();
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_book()
            .withf(|r, now| {
                r.booking.status == BookingStatus::Confirmed
                    && r.booking.payment_status == PaymentStatus::Pending
                    && r.booking.amount.pence() == 750
                    && r.booking.accessibility_requirements.as_deref() == Some("Quiet space")
                    && r.monthly_limit == Some(2)
                    && r.emails[0].text_body.contains(r.booking.reference.as_str())
                    && r.emails[0].text_body.contains("£7.50")
                    && r.notification.as_ref().is_some_and(|n| {
                        n.message == "Booking confirmed for \"Queer Newcomers Football\"!"
                    })
                    && *now == test_now()
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let (booking, event) = run(event, None, bookings).unwrap();
        assert!(booking.reference.as_str().starts_with("PS-"));
        assert_eq!(event.current_participants, 1);
    }

    #[test]
    fn paid_plans_book_without_a_limit() {
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_book()
            .withf(|r, _| r.monthly_limit.is_none())
            .returning(|_, _| Ok(()));
        assert!(run(EventBuilder::new().build(), Some(Plan::Active), bookings).is_ok());
    }

    #[test]
    fn full_started_and_inactive_events_are_refused_before_the_store() {
        for (event, refusal) in [
            (
                EventBuilder::new().places(20, 20).build(),
                BookingRefusal::EventFull,
            ),
            (
                EventBuilder::new().starts_at(test_now()).build(),
                BookingRefusal::EventStarted,
            ),
            (
                EventBuilder::new().inactive().build(),
                BookingRefusal::EventInactive,
            ),
        ] {
            let mut bookings = MockBookingRepository::new();
            bookings.expect_book().never();
            assert!(
                matches!(run(event, None, bookings), Err(BookEventError::Refused(r)) if r == refusal)
            );
        }
    }

    #[test]
    fn the_stores_refusal_is_passed_on() {
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_book()
            .returning(|_, _| Err(BookError::Refused(BookingRefusal::AlreadyBooked)));
        assert!(matches!(
            run(EventBuilder::new().build(), None, bookings),
            Err(BookEventError::Refused(BookingRefusal::AlreadyBooked))
        ));
    }

    fn shared_profile() -> ProfileAccessNeeds {
        ProfileAccessNeeds {
            needs: AccessNeeds {
                needs: vec![AccessNeed::StepFree],
                note: Some("Ramp at the side door".into()),
            },
            share_with_leader: true,
        }
    }

    #[test]
    fn a_booking_that_says_nothing_carries_the_shared_profile_copy() {
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_book()
            .withf(|r, _| {
                r.booking.needs_from_profile
                    && r.booking.access_needs == [AccessNeed::StepFree]
                    && r.booking.accessibility_requirements.as_deref()
                        == Some("Ramp at the side door")
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let (booking, _) = run_with_needs(
            EventBuilder::new().build(),
            None,
            bookings,
            NeedsInput::text(None),
            shared_profile(),
        )
        .unwrap();
        assert!(booking.needs_from_profile);
    }

    #[test]
    fn needs_given_on_the_form_are_kept_and_a_private_profile_is_never_copied() {
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_book()
            .withf(|r, _| {
                !r.booking.needs_from_profile
                    && r.booking.access_needs == [AccessNeed::LargePrint]
                    && r.booking.accessibility_requirements.is_none()
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let said = NeedsInput {
            access_needs: Some(vec!["large-print".into()]),
            accessibility_requirements: None,
        };
        assert!(
            run_with_needs(
                EventBuilder::new().build(),
                None,
                bookings,
                said,
                shared_profile()
            )
            .is_ok()
        );

        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_book()
            .withf(|r, _| {
                r.booking.needs() == AccessNeeds::default() && !r.booking.needs_from_profile
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let private = ProfileAccessNeeds {
            share_with_leader: false,
            ..shared_profile()
        };
        assert!(
            run_with_needs(
                EventBuilder::new().build(),
                None,
                bookings,
                NeedsInput::text(None),
                private
            )
            .is_ok()
        );
    }

    #[test]
    fn needs_off_the_list_are_refused_with_the_fields_message() {
        let mut bookings = MockBookingRepository::new();
        bookings.expect_book().never();
        let said = NeedsInput {
            access_needs: Some(vec!["hovercraft".into()]),
            accessibility_requirements: None,
        };
        match run_with_needs(
            EventBuilder::new().build(),
            None,
            bookings,
            said,
            shared_profile(),
        ) {
            Err(BookEventError::Invalid(errors)) => assert_eq!(
                errors.get("accessNeeds"),
                Some(playspace_domain::access_needs::CHOICES_MESSAGE)
            ),
            other => panic!("{other:?}"),
        }
    }
}
