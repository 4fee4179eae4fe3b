//! The waitlist of a full event: join, leave, see one's place, claim an offered place, and
//! the background steps that announce offers and lapse unclaimed ones.
use playspace_domain::booking_rules::{BookingRefusal, check_bookable};
use playspace_domain::waitlist::{JoinRefusal, WaitlistEntry};
use playspace_domain::{Booking, Event, EventId, User, booking};
use playspace_ports::{ClaimError, JoinError, NewNotification, RepoError};

use super::book_event::cash_booking_request;
use super::{BookingDeps, emails};

#[derive(Debug, thiserror::Error)]
pub enum WaitlistError {
    #[error("Event not found")]
    EventNotFound,
    #[error("You are not on the waitlist for this event.")]
    NotOnWaitlist,
    /// Claiming without an open offer (never made, lapsed, or claimed already).
    #[error("There is no place held for you at this event.")]
    NoOffer,
    #[error("{0}")]
    Refused(JoinRefusal),
    #[error("{0}")]
    BookingRefused(BookingRefusal),
    #[error("{0}")]
    Invalid(playspace_domain::ValidationError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

fn find_event(deps: &BookingDeps, event_id: &str) -> Result<Event, WaitlistError> {
    let id: EventId = event_id.parse().map_err(|_| WaitlistError::EventNotFound)?;
    match deps.events.get(id) {
        Ok(event) => Ok(event),
        Err(RepoError::NotFound) => Err(WaitlistError::EventNotFound),
        Err(e) => Err(e.into()),
    }
}

/// The person's entry for the event, if they ever joined its waitlist.
pub fn my_waitlist_entry(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
) -> Result<Option<WaitlistEntry>, WaitlistError> {
    let event = find_event(deps, event_id)?;
    Ok(deps.waitlist.entry(event.id, user.id)?)
}

/// Joins the back of the queue for a full event.
#[tracing::instrument(skip_all)]
pub fn join_waitlist(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
) -> Result<WaitlistEntry, WaitlistError> {
    let event = find_event(deps, event_id)?;
    match deps.waitlist.join(event.id, user.id, deps.clock.now()) {
        Ok(entry) => Ok(entry),
        Err(JoinError::Refused(refusal)) => Err(WaitlistError::Refused(refusal)),
        Err(JoinError::EventNotFound) => Err(WaitlistError::EventNotFound),
        Err(JoinError::Store(e)) => Err(e.into()),
    }
}

/// Leaves the queue, or lets an offered place go to the next person.
#[tracing::instrument(skip_all)]
pub fn leave_waitlist(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
) -> Result<(), WaitlistError> {
    let event = find_event(deps, event_id)?;
    match deps.waitlist.leave(event.id, user.id, deps.clock.now()) {
        Ok(()) => Ok(()),
        Err(RepoError::NotFound) => Err(WaitlistError::NotOnWaitlist),
        Err(e) => Err(e.into()),
    }
}

/// Takes the place held for the person: a cash booking (paid on arrival), confirmed with
/// the usual email, under the same plan limit as any booking.
#[tracing::instrument(skip_all)]
pub fn claim_offered_place(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
    accessibility_requirements: Option<&str>,
) -> Result<(Booking, Event), WaitlistError> {
    let event = find_event(deps, event_id)?;
    let now = deps.clock.now();
    // The place is held, so a full event is expected; anything else still refuses.
    if let Err(refusal @ (BookingRefusal::EventInactive | BookingRefusal::EventStarted)) =
        check_bookable(&event, now)
    {
        return Err(WaitlistError::BookingRefused(refusal));
    }
    let accessibility = booking::accessibility_requirements(accessibility_requirements)
        .map_err(WaitlistError::Invalid)?;
    let request = cash_booking_request(deps, user, &event, accessibility, now)?;
    match deps.waitlist.claim(&request, now) {
        Ok(()) => Ok((request.booking, event)),
        Err(ClaimError::NoOffer) => Err(WaitlistError::NoOffer),
        Err(ClaimError::Refused(refusal)) => Err(WaitlistError::BookingRefused(refusal)),
        Err(ClaimError::Store(e)) => Err(e.into()),
    }
}

/// Tells each person offered a place, by email and notification, exactly once. Offers are
/// made inside whichever transaction freed the place; this step (run by the outbox worker)
/// announces them. Returns how many were announced.
pub fn announce_waitlist_offers(deps: &BookingDeps) -> Result<usize, RepoError> {
    let mut announced = 0;
    for offer in deps.waitlist.unannounced_offers(50)? {
        let user = deps.users.get(offer.user_id)?;
        let event = deps.events.get(offer.event_id)?;
        let mail = emails::place_offered(deps.email, &user, &event, offer.offer_expires_at);
        let notification = NewNotification {
            user_id: user.id,
            kind: "booking",
            title: "A place is free for you".into(),
            message: format!(
                "A place came up for \"{}\". Claim it before {}.",
                event.title,
                playspace_domain::london::format_long(offer.offer_expires_at)
            ),
            action_url: Some(format!("/events/{}", event.id)),
            event_id: Some(event.id),
        };
        if deps
            .waitlist
            .announce_offer(offer.entry_id, &[mail], &notification, deps.clock.now())?
        {
            announced += 1;
        }
    }
    Ok(announced)
}

/// Lapses offers whose claim window ended; each place passes to the next person waiting.
pub fn lapse_waitlist_offers(deps: &BookingDeps) -> Result<usize, RepoError> {
    deps.waitlist.expire_offers(deps.clock.now(), 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use chrono::Duration;
    use playspace_domain::{BookingStatus, PaymentMethod, WaitlistEntryId};
    use playspace_ports::{
        MockBookingRepository, MockEventRepository, MockMembershipRepository, MockPaymentGateway,
        MockUserRepository, MockWaitlistRepository, OfferNotice,
    };
    use playspace_test_support::{EventBuilder, FixedClock, test_now};

    fn with_deps<T>(
        event: Event,
        waitlist: MockWaitlistRepository,
        f: impl FnOnce(&BookingDeps) -> T,
    ) -> T {
        let mut events = MockEventRepository::new();
        events.expect_get().returning(move |_| Ok(event.clone()));
        let mut memberships = MockMembershipRepository::new();
        memberships.expect_current_plan().returning(|_, _| Ok(None));
        let mut users = MockUserRepository::new();
        users.expect_get().returning(|_| Ok(user()));
        let (bookings, gateway) = (MockBookingRepository::new(), MockPaymentGateway::new());
        let clock = FixedClock(test_now());
        let settings = settings();
        f(&BookingDeps {
            events: &events,
            bookings: &bookings,
            memberships: &memberships,
            users: &users,
            waitlist: &waitlist,
            gateway: &gateway,
            clock: &clock,
            email: &settings,
        })
    }

    fn full() -> Event {
        EventBuilder::new().places(12, 12).build()
    }

    #[test]
    fn joining_passes_the_stores_refusal_on() {
        let mut waitlist = MockWaitlistRepository::new();
        waitlist
            .expect_join()
            .returning(|_, _, _| Err(JoinError::Refused(JoinRefusal::NotFull)));
        let result = with_deps(full(), waitlist, |d| {
            join_waitlist(d, &user(), &EventId::new().to_string())
        });
        assert!(matches!(
            result,
            Err(WaitlistError::Refused(JoinRefusal::NotFull))
        ));
    }

    #[test]
    fn an_unknown_event_id_is_not_found_before_the_store() {
        let result = with_deps(full(), MockWaitlistRepository::new(), |d| {
            join_waitlist(d, &user(), "not-an-id")
        });
        assert!(matches!(result, Err(WaitlistError::EventNotFound)));
    }

    #[test]
    fn claiming_books_in_cash_under_the_plan_limit() {
        let mut waitlist = MockWaitlistRepository::new();
        waitlist
            .expect_claim()
            .withf(|r, now| {
                r.booking.status == BookingStatus::Confirmed
                    && r.booking.payment_method == PaymentMethod::Cash
                    && r.monthly_limit == Some(2)
                    && r.emails[0].email_type == "booking_confirmation"
                    && *now == test_now()
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let (booking, _) = with_deps(full(), waitlist, |d| {
            claim_offered_place(d, &user(), &EventId::new().to_string(), Some("Step-free"))
        })
        .unwrap();
        assert_eq!(
            booking.accessibility_requirements.as_deref(),
            Some("Step-free")
        );
    }

    #[test]
    fn a_started_event_cannot_be_claimed() {
        let mut waitlist = MockWaitlistRepository::new();
        waitlist.expect_claim().never();
        let started = EventBuilder::new()
            .places(12, 12)
            .starts_at(test_now())
            .build();
        let result = with_deps(started, waitlist, |d| {
            claim_offered_place(d, &user(), &EventId::new().to_string(), None)
        });
        assert!(matches!(
            result,
            Err(WaitlistError::BookingRefused(BookingRefusal::EventStarted))
        ));
    }

    #[test]
    fn without_an_open_offer_claiming_says_so() {
        let mut waitlist = MockWaitlistRepository::new();
        waitlist
            .expect_claim()
            .returning(|_, _| Err(ClaimError::NoOffer));
        let result = with_deps(full(), waitlist, |d| {
            claim_offered_place(d, &user(), &EventId::new().to_string(), None)
        });
        assert!(matches!(result, Err(WaitlistError::NoOffer)));
    }

    #[test]
    fn offers_are_announced_with_an_email_naming_the_deadline() {
        let event = full();
        let event_id = event.id;
        let held_until = test_now() + Duration::hours(12);
        let mut waitlist = MockWaitlistRepository::new();
        waitlist.expect_unannounced_offers().returning(move |_| {
            Ok(vec![OfferNotice {
                entry_id: WaitlistEntryId::new(),
                user_id: user().id,
                event_id,
                offer_expires_at: held_until,
            }])
        });
        waitlist
            .expect_announce_offer()
            .withf(move |_, mails, note, _| {
                mails.len() == 1
                    && mails[0].email_type == "waitlist_offer"
                    && mails[0].text_body.contains(&format!("/events/{event_id}"))
                    && mails[0]
                        .text_body
                        .contains(&playspace_domain::london::format_long(held_until))
                    && note.action_url == Some(format!("/events/{event_id}"))
            })
            .times(1)
            .returning(|_, _, _, _| Ok(true));
        assert_eq!(
            with_deps(event, waitlist, announce_waitlist_offers).unwrap(),
            1
        );
    }

    #[test]
    fn leaving_without_an_entry_says_so() {
        let mut waitlist = MockWaitlistRepository::new();
        waitlist
            .expect_leave()
            .returning(|_, _, _| Err(RepoError::NotFound));
        let result = with_deps(full(), waitlist, |d| {
            leave_waitlist(d, &user(), &EventId::new().to_string())
        });
        assert!(matches!(result, Err(WaitlistError::NotOnWaitlist)));
    }
}
