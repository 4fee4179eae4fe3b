use playspace_domain::booking_rules::{BookingRefusal, check_bookable};
use playspace_domain::{Booking, Event, User, booking};
use playspace_ports::ClaimError;

use super::{WaitlistError, find_event};
use crate::bookings::BookingDeps;
use crate::bookings::book_event::cash_booking_request;

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
