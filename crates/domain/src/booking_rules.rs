//! Whether a person may book or cancel: the rules of the spec's booking flow.
use chrono::{DateTime, Duration, Utc};

use crate::event::Event;
use crate::free_places::PlaceRequest;
use crate::london;
use crate::text_enum;

text_enum!(
    /// Membership plans. No plan at all counts as Community.
    Plan { Community => "community", Active => "active", Champion => "champion" }
);

impl Plan {
    /// Events a member may book per London calendar month; `None` is unlimited.
    pub fn monthly_limit(self) -> Option<u32> {
        match self {
            Plan::Community => Some(2),
            Plan::Active | Plan::Champion => None,
        }
    }

    /// The price in pence per month.
    pub fn monthly_price_pence(self) -> i64 {
        match self {
            Plan::Community => 0,
            Plan::Active => 1500,
            Plan::Champion => 3000,
        }
    }
}

/// Why a booking cannot be made (the API names each with an `ErrorCode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookingRefusal {
    #[error("This event is no longer available.")]
    EventInactive,
    #[error("This event has already started.")]
    EventStarted,
    #[error("Sorry, this event is fully booked.")]
    EventFull,
    #[error("You have already booked this event.")]
    AlreadyBooked,
    #[error(
        "Your Community plan includes 2 events a month. Upgrade to Active for unlimited bookings."
    )]
    MonthlyLimitReached,
    #[error("This session does not have companion places.")]
    CompanionNotAllowed,
    #[error("Only one place is left, so there is no room for a companion.")]
    NoRoomForCompanion,
    #[error("This session is free, so there is no need for a solidarity place.")]
    SolidarityNotNeeded,
    #[error("No free places are left for this session.")]
    NoSolidarityPlaces,
}

/// The event-side checks, in the order a person would want to hear them. Capacity is
/// checked here for a clear answer, and enforced again by the store's guarded update.
pub fn check_bookable(event: &Event, now: DateTime<Utc>) -> Result<(), BookingRefusal> {
    if !event.is_active {
        return Err(BookingRefusal::EventInactive);
    }
    if event.has_started(now) {
        return Err(BookingRefusal::EventStarted);
    }
    if event.is_full() {
        return Err(BookingRefusal::EventFull);
    }
    Ok(())
}

/// [`check_bookable`], then what a companion or a solidarity place needs
/// ([`check_places`]): the store's guard enforces the same, and after a refusal
/// this names which rule it was.
pub fn check_booking(
    event: &Event,
    request: PlaceRequest,
    now: DateTime<Utc>,
) -> Result<(), BookingRefusal> {
    check_bookable(event, now)?;
    check_places(event, request)
}

/// The checks a companion or a solidarity place adds to [`check_bookable`],
/// in the order a person would want to hear them: what the session does not offer first,
/// then what has run out.
pub fn check_places(event: &Event, request: PlaceRequest) -> Result<(), BookingRefusal> {
    check_with_held(event, request, 0)
}

/// [`check_places`] for claiming a waitlist offer, whose place is already held for the
/// member (and counted): a companion needs one more free place.
pub fn check_claim_places(event: &Event, request: PlaceRequest) -> Result<(), BookingRefusal> {
    check_with_held(event, request, 1)
}

fn check_with_held(event: &Event, request: PlaceRequest, held: u32) -> Result<(), BookingRefusal> {
    if request.companion && !event.free_places.companion_allowed {
        return Err(BookingRefusal::CompanionNotAllowed);
    }
    if request.solidarity && event.price.is_free() {
        return Err(BookingRefusal::SolidarityNotNeeded);
    }
    let places = &event.free_places;
    if request.solidarity && places.solidarity_used >= places.solidarity_places {
        return Err(BookingRefusal::NoSolidarityPlaces);
    }
    if event.spots_remaining() + held < request.seats() {
        return Err(if event.is_full() && held == 0 {
            BookingRefusal::EventFull
        } else {
            BookingRefusal::NoRoomForCompanion
        });
    }
    Ok(())
}

/// How many events a month the person's plan allows (`None`: no limit); no plan is the
/// Community plan. The store refuses a booking when the person already has that many live
/// bookings for events in the same London month (`limit_month`), in the same statement or
/// transaction that takes the place, so two at once cannot both slip under it.
pub fn monthly_limit(plan: Option<Plan>) -> Option<u32> {
    plan.unwrap_or(Plan::Community).monthly_limit()
}

/// The London calendar month (UTC bounds) whose bookings count towards the limit.
pub fn limit_month(event: &Event) -> (DateTime<Utc>, DateTime<Utc>) {
    london::month_bounds(event.starts_at)
}

/// How close to the start a booking may still be cancelled (the email says "at least 2 hours
/// before").
pub const CANCELLATION_CUTOFF: Duration = Duration::hours(2);

/// The last moment a booking of `event` may be cancelled, itself included.
pub fn cancellable_until(event: &Event) -> DateTime<Utc> {
    event.starts_at - CANCELLATION_CUTOFF
}

pub fn can_cancel(event: &Event, now: DateTime<Utc>) -> bool {
    now <= cancellable_until(event)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{event, now};
    use crate::{FreePlaces, Money};

    fn with(current: u32, max: u32, places: FreePlaces) -> Event {
        let mut e = event(current, max, Duration::days(1));
        e.free_places = places;
        e
    }

    const COMPANION: PlaceRequest = PlaceRequest {
        companion: true,
        solidarity: false,
    };
    const SOLIDARITY: PlaceRequest = PlaceRequest {
        companion: false,
        solidarity: true,
    };
    const BOTH: PlaceRequest = PlaceRequest {
        companion: true,
        solidarity: true,
    };

    fn offers(companion_allowed: bool, solidarity_places: u32, used: u32) -> FreePlaces {
        FreePlaces {
            companion_allowed,
            solidarity_places,
            solidarity_used: used,
        }
    }

    #[test]
    fn open_events_are_bookable() {
        assert_eq!(
            check_bookable(&event(0, 10, Duration::days(1)), now()),
            Ok(())
        );
        assert_eq!(
            check_bookable(&event(9, 10, Duration::minutes(1)), now()),
            Ok(())
        );
    }

    #[test]
    fn inactive_started_and_full_are_refused_in_that_order() {
        let mut e = event(10, 10, -Duration::minutes(1));
        e.is_active = false;
        assert_eq!(
            check_bookable(&e, now()),
            Err(BookingRefusal::EventInactive)
        );
        e.is_active = true;
        assert_eq!(check_bookable(&e, now()), Err(BookingRefusal::EventStarted));
        assert_eq!(
            check_bookable(&event(0, 10, Duration::zero()), now()),
            Err(BookingRefusal::EventStarted)
        );
        assert_eq!(
            check_bookable(&event(10, 10, Duration::days(1)), now()),
            Err(BookingRefusal::EventFull)
        );
    }

    #[test]
    fn the_event_side_is_checked_before_the_free_places() {
        let companion = PlaceRequest {
            companion: true,
            solidarity: false,
        };
        let mut e = event(0, 10, -Duration::minutes(1));
        assert_eq!(
            check_booking(&e, companion, now()),
            Err(BookingRefusal::EventStarted)
        );
        e.starts_at = now() + Duration::days(1);
        assert_eq!(
            check_booking(&e, companion, now()),
            Err(BookingRefusal::CompanionNotAllowed)
        );
        e.free_places.companion_allowed = true;
        assert_eq!(check_booking(&e, companion, now()), Ok(()));
    }

    #[test]
    fn a_companion_needs_an_event_that_allows_one_and_two_places() {
        assert_eq!(
            check_places(&with(0, 10, offers(false, 0, 0)), COMPANION),
            Err(BookingRefusal::CompanionNotAllowed)
        );
        assert_eq!(
            check_places(&with(8, 10, offers(true, 0, 0)), COMPANION),
            Ok(())
        );
        assert_eq!(
            check_places(&with(9, 10, offers(true, 0, 0)), COMPANION),
            Err(BookingRefusal::NoRoomForCompanion)
        );
        assert_eq!(
            check_places(&with(10, 10, offers(true, 0, 0)), COMPANION),
            Err(BookingRefusal::EventFull)
        );
        // One place is all a booking without a companion needs.
        assert_eq!(
            check_places(&with(9, 10, offers(false, 0, 0)), PlaceRequest::default()),
            Ok(())
        );
    }

    #[test]
    fn a_solidarity_place_needs_a_paid_session_with_one_left() {
        let mut free = with(0, 10, offers(false, 0, 0));
        free.price = Money::ZERO;
        assert_eq!(
            check_places(&free, SOLIDARITY),
            Err(BookingRefusal::SolidarityNotNeeded)
        );
        assert_eq!(
            check_places(&with(0, 10, offers(false, 0, 0)), SOLIDARITY),
            Err(BookingRefusal::NoSolidarityPlaces)
        );
        assert_eq!(
            check_places(&with(0, 10, offers(false, 2, 2)), SOLIDARITY),
            Err(BookingRefusal::NoSolidarityPlaces)
        );
        assert_eq!(
            check_places(&with(0, 10, offers(false, 2, 1)), SOLIDARITY),
            Ok(())
        );
    }

    #[test]
    fn a_solidarity_place_with_a_companion_uses_one_solidarity_place_and_two_places() {
        assert_eq!(check_places(&with(8, 10, offers(true, 1, 0)), BOTH), Ok(()));
        assert_eq!(
            check_places(&with(9, 10, offers(true, 1, 0)), BOTH),
            Err(BookingRefusal::NoRoomForCompanion)
        );
        assert_eq!(
            check_places(&with(0, 10, offers(false, 1, 0)), BOTH),
            Err(BookingRefusal::CompanionNotAllowed)
        );
    }

    #[test]
    fn claiming_an_offer_with_a_companion_needs_one_more_free_place() {
        // The offered place is held and counted: a full session has no room for a companion.
        assert_eq!(
            check_claim_places(&with(10, 10, offers(true, 0, 0)), COMPANION),
            Err(BookingRefusal::NoRoomForCompanion)
        );
        assert_eq!(
            check_claim_places(&with(9, 10, offers(true, 0, 0)), COMPANION),
            Ok(())
        );
        assert_eq!(
            check_claim_places(&with(10, 10, offers(false, 1, 0)), SOLIDARITY),
            Ok(())
        );
        assert_eq!(
            check_claim_places(&with(10, 10, offers(false, 0, 0)), PlaceRequest::default()),
            Ok(())
        );
    }

    #[test]
    fn community_allows_two_a_month_and_no_plan_is_community() {
        assert_eq!(monthly_limit(None), Some(2));
        assert_eq!(monthly_limit(Some(Plan::Community)), Some(2));
        assert_eq!(monthly_limit(Some(Plan::Active)), None);
        assert_eq!(monthly_limit(Some(Plan::Champion)), None);
    }

    #[test]
    fn the_limit_month_is_the_events_london_month() {
        // 23:30 UTC on 31 May 2027 is June in London.
        let mut e = event(0, 10, Duration::zero());
        e.starts_at = DateTime::parse_from_rfc3339("2027-05-31T23:30:00Z")
            .unwrap()
            .to_utc();
        let (start, end) = limit_month(&e);
        assert_eq!(
            start,
            DateTime::parse_from_rfc3339("2027-05-31T23:00:00Z")
                .unwrap()
                .to_utc()
        );
        assert_eq!(
            end,
            DateTime::parse_from_rfc3339("2027-06-30T23:00:00Z")
                .unwrap()
                .to_utc()
        );
    }

    #[test]
    fn cancellation_closes_two_hours_before_the_start() {
        assert!(can_cancel(&event(1, 10, Duration::hours(2)), now()));
        assert!(!can_cancel(
            &event(1, 10, Duration::hours(2) - Duration::seconds(1)),
            now()
        ));
    }

    #[test]
    fn refusals_say_why_and_plans_have_prices() {
        assert_eq!(
            BookingRefusal::NoSolidarityPlaces.to_string(),
            "No free places are left for this session."
        );
        assert_eq!(Plan::Active.monthly_price_pence(), 1500);
        assert_eq!("active".parse::<Plan>().unwrap(), Plan::Active);
    }
}
