use chrono::{DateTime, Utc};
use playspace_domain::booking_rules::{self, BookingRefusal, check_booking, limit_month};
use playspace_domain::free_places::{self, Companion};
use playspace_domain::{
    AccessNeeds, Booking, BookingNeeds, BookingReference, Event, EventId, FieldErrors,
    PaymentMethod, PlaceRequest, User, UserId, ValidationError,
};
use playspace_ports::{BookError, BookingRequest, RepoError};

use super::needs::{NeedsInput, needs_for_booking};
use super::{BookingDeps, emails, notices};

/// What a person chose on a booking form beside the event and how they pay, as typed.
#[derive(Clone, Debug, Default)]
pub struct BookingChoices {
    /// What the form said about access needs (ADR 0023).
    pub needs: NeedsInput,
    /// A companion comes too, on a second, free place (ADR 0022).
    pub companion: bool,
    pub companion_name: Option<String>,
}

/// [`BookingChoices`] once checked: trimmed, bounded, blank meaning none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Checked {
    /// The access needs said on the form (`None`: nothing said about them).
    pub needs: Option<AccessNeeds>,
    pub companion: Option<Companion>,
}

/// What a booking carries from its form: its access needs (those said on the form, or the
/// copy of the person's shared profile needs) and its companion.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Chosen {
    pub needs: BookingNeeds,
    pub companion: Option<Companion>,
}

impl Checked {
    /// The choices `user`'s booking carries, their shared profile needs asked for only when
    /// the form said nothing about access.
    pub(crate) fn chosen(self, deps: &BookingDeps, user: UserId) -> Result<Chosen, RepoError> {
        Ok(Chosen {
            needs: needs_for_booking(deps, user, self.needs)?,
            companion: self.companion,
        })
    }
}

impl BookingChoices {
    /// Checks every field, reporting all that are wrong at once.
    pub(crate) fn check(&self) -> Result<Checked, FieldErrors> {
        let needs = self.needs.checked();
        let companion = free_places::companion(self.companion, self.companion_name.as_deref());
        match (needs, companion) {
            (Ok(needs), Ok(companion)) => Ok(Checked { needs, companion }),
            (a, c) => {
                let mut errors = FieldErrors::new();
                for e in [a.err(), c.err()].into_iter().flatten() {
                    for (field, message) in e.iter() {
                        errors.add(field, ValidationError::new(message));
                    }
                }
                Err(errors)
            }
        }
    }

    /// What the booking takes beyond the member's place.
    pub(crate) fn places(&self, solidarity: bool) -> PlaceRequest {
        PlaceRequest {
            companion: self.companion,
            solidarity,
        }
    }
}

pub struct BookEventInput {
    pub event_id: String,
    pub choices: BookingChoices,
    /// A free solidarity place instead of paying in cash on arrival.
    pub solidarity: bool,
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

/// Books a place paid in cash on arrival (or, with `solidarity`, a free solidarity place:
/// nothing to pay, no payment step), with a companion when asked: confirmed at once. The
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
    let places = input.choices.places(input.solidarity);
    check_booking(&event, places, now).map_err(BookEventError::Refused)?;
    let chosen = input
        .choices
        .check()
        .map_err(BookEventError::Invalid)?
        .chosen(deps, user.id)?;
    let request = confirmed_booking_request(deps, user, &event, chosen, input.solidarity, now)?;
    match deps.bookings.book(&request, now) {
        Ok(()) => {
            let mut event = event;
            event.current_participants += places.seats();
            event.free_places.solidarity_used += u32::from(places.solidarity);
            Ok((request.booking, event))
        }
        Err(BookError::Refused(refusal)) => Err(BookEventError::Refused(refusal)),
        Err(BookError::EventNotFound) => Err(BookEventError::EventNotFound),
        Err(BookError::Store(e)) => Err(e.into()),
    }
}

/// A booking of `event` confirmed at once, with its email and notification, under the
/// person's current plan limit: paid in cash on arrival (payment pending, the price when
/// booked), or a solidarity place (nothing owed: paid, £0).
pub(super) fn confirmed_booking_request(
    deps: &BookingDeps,
    user: &User,
    event: &Event,
    chosen: Chosen,
    solidarity: bool,
    now: DateTime<Utc>,
) -> Result<BookingRequest, RepoError> {
    let plan = deps.memberships.current_plan(user.id, now)?;
    let payment_method = if solidarity {
        PaymentMethod::Solidarity
    } else {
        PaymentMethod::Cash
    };
    let booking = Booking::new(
        user.id,
        event,
        payment_method,
        chosen.companion,
        BookingReference::generate(&mut rand::rng()),
        now,
    )
    .with_needs(chosen.needs);
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
    use playspace_domain::{
        AccessNeed, AccessNeeds, BookingStatus, Money, PaymentStatus, ProfileAccessNeeds,
    };
    use playspace_ports::{
        MockAccessNeedsRepository, MockBookingRepository, MockEventRepository,
        MockMembershipRepository, MockUserRepository,
    };
    use playspace_test_support::{EventBuilder, FixedClock, test_now};

    fn run_with(
        event: playspace_domain::Event,
        plan: Option<Plan>,
        bookings: MockBookingRepository,
        input: BookEventInput,
    ) -> Result<(Booking, Event), BookEventError> {
        run_with_profile(event, plan, bookings, input, ProfileAccessNeeds::default())
    }

    fn run_with_needs(
        event: playspace_domain::Event,
        plan: Option<Plan>,
        bookings: MockBookingRepository,
        needs: NeedsInput,
        profile: ProfileAccessNeeds,
    ) -> Result<(Booking, Event), BookEventError> {
        let input = BookEventInput {
            event_id: EventId::new().to_string(),
            choices: BookingChoices {
                needs,
                ..BookingChoices::default()
            },
            solidarity: false,
        };
        run_with_profile(event, plan, bookings, input, profile)
    }

    fn run_with_profile(
        event: playspace_domain::Event,
        plan: Option<Plan>,
        bookings: MockBookingRepository,
        input: BookEventInput,
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
        book_event(&deps, &user(), input)
    }

    fn run(
        event: playspace_domain::Event,
        plan: Option<Plan>,
        bookings: MockBookingRepository,
    ) -> Result<(Booking, Event), BookEventError> {
        run_with(
            event,
            plan,
            bookings,
            BookEventInput {
                event_id: EventId::new().to_string(),
                choices: BookingChoices {
                    needs: NeedsInput::text(Some(" Quiet space ")),
                    ..BookingChoices::default()
                },
                solidarity: false,
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

    fn input(companion: bool, name: Option<&str>, solidarity: bool) -> BookEventInput {
        BookEventInput {
            event_id: EventId::new().to_string(),
            choices: BookingChoices {
                needs: NeedsInput::default(),
                companion,
                companion_name: name.map(str::to_owned),
            },
            solidarity,
        }
    }

    #[test]
    fn a_companion_comes_on_a_second_place_of_one_booking() {
        let event = EventBuilder::new().price_pence(500).companions().build();
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_book()
            .withf(|r, _| {
                r.booking
                    .companion
                    .as_ref()
                    .and_then(|c| c.first_name.as_deref())
                    == Some("Sam")
                    && r.booking.place_request().seats() == 2
                    && r.booking.amount.pence() == 500
                    && r.booking.payment_method == PaymentMethod::Cash
                    && r.monthly_limit == Some(2)
                    && r.emails[0].text_body.contains("+1 companion (Sam)")
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let (_, event) =
            run_with(event, None, bookings, input(true, Some(" Sam "), false)).unwrap();
        assert_eq!(event.current_participants, 2);
    }

    #[test]
    fn a_companion_where_none_is_allowed_is_refused_before_the_store() {
        let mut bookings = MockBookingRepository::new();
        bookings.expect_book().never();
        assert!(matches!(
            run_with(
                EventBuilder::new().build(),
                None,
                bookings,
                input(true, None, false)
            ),
            Err(BookEventError::Refused(BookingRefusal::CompanionNotAllowed))
        ));
    }

    #[test]
    fn a_solidarity_place_costs_nothing_and_needs_no_payment() {
        let event = EventBuilder::new()
            .price_pence(500)
            .solidarity(2, 0)
            .build();
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_book()
            .withf(|r, _| {
                r.booking.status == BookingStatus::Confirmed
                    && r.booking.payment_method == PaymentMethod::Solidarity
                    && r.booking.payment_status == PaymentStatus::Paid
                    && r.booking.amount == Money::ZERO
                    && r.hold_until.is_none()
                    && r.booking.place_request().solidarity
                    && r.emails[0].text_body.contains("Free: a solidarity place")
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let (booking, event) = run_with(event, None, bookings, input(false, None, true)).unwrap();
        assert_eq!(booking.amount, Money::ZERO);
        assert_eq!(event.free_places.solidarity_used, 1);
    }

    #[test]
    fn solidarity_refusals_are_said_before_the_store() {
        for (event, refusal) in [
            (
                EventBuilder::new().solidarity(0, 0).build(),
                BookingRefusal::SolidarityNotNeeded,
            ),
            (
                EventBuilder::new()
                    .price_pence(500)
                    .solidarity(1, 1)
                    .build(),
                BookingRefusal::NoSolidarityPlaces,
            ),
        ] {
            let mut bookings = MockBookingRepository::new();
            bookings.expect_book().never();
            assert!(matches!(
                run_with(event, None, bookings, input(false, None, true)),
                Err(BookEventError::Refused(r)) if r == refusal
            ));
        }
    }

    #[test]
    fn a_companions_name_too_long_is_a_field_error_beside_the_others() {
        let mut bookings = MockBookingRepository::new();
        bookings.expect_book().never();
        let mut wrong = input(true, Some(&"x".repeat(51)), false);
        wrong.choices.needs = NeedsInput::text(Some("ramp\u{202E}"));
        let Err(BookEventError::Invalid(errors)) = run_with(
            EventBuilder::new().companions().build(),
            None,
            bookings,
            wrong,
        ) else {
            panic!("expected field errors");
        };
        assert_eq!(
            errors.get("companionName"),
            Some("Must be at most 50 characters")
        );
        assert!(errors.get("accessibilityRequirements").is_some());
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
