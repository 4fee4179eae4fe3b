use chrono::{DateTime, Utc};
use playspace_domain::booking::PAYMENT_HOLD;
use playspace_domain::booking_rules::{BookingRefusal, check_bookable, check_claim_places};
use playspace_domain::{Booking, Event, User};
use playspace_ports::{BookingRequest, CheckoutSession, ClaimError};

use super::{WaitlistError, find_event};
use crate::bookings::BookingDeps;
use crate::bookings::book_event::{BookingChoices, Chosen, confirmed_booking_request};
use crate::bookings::payments::{card_booking_request, checkout_request};

/// Takes the place held for the person: a cash booking (paid on arrival) or, with
/// `solidarity`, a free solidarity place, confirmed with the usual email, under the same
/// plan limit as any booking. A companion takes one more free place, if there is one.
#[tracing::instrument(skip_all)]
pub fn claim_offered_place(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
    choices: &BookingChoices,
    solidarity: bool,
) -> Result<(Booking, Event), WaitlistError> {
    let (event, chosen, now) = claimable(deps, user, event_id, choices, solidarity)?;
    let request = confirmed_booking_request(deps, user, &event, chosen, solidarity, now)?;
    claim(deps, &request, now)?;
    Ok((request.booking, event))
}

/// Takes the place held for the person as a card booking of a priced event: the offer
/// becomes, in one transaction, a pending booking holding the place for the payment
/// window, and the returned checkout is where the person pays. A checkout that is
/// abandoned or runs out releases the place like any unpaid hold (to the next in line).
///
/// The checkout is opened before the offer is used, so a gateway failure leaves the offer
/// as it was (the person may try again, or claim in cash).
#[tracing::instrument(skip_all)]
pub fn claim_offered_place_by_card(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
    choices: &BookingChoices,
) -> Result<CheckoutSession, WaitlistError> {
    let (event, chosen, now) = claimable(deps, user, event_id, choices, false)?;
    if event.price.is_free() {
        return Err(WaitlistError::PaymentNotRequired);
    }
    // Spares a checkout session when there is plainly nothing to claim; the claim itself
    // still decides (the offer may lapse in between).
    let open_offer = deps
        .waitlist
        .entry(event.id, user.id)?
        .is_some_and(|entry| entry.has_open_offer(now));
    if !open_offer {
        return Err(WaitlistError::NoOffer);
    }
    let request = card_booking_request(deps, user, &event, chosen, now)?;
    let booking = &request.booking;
    let checkout = checkout_request(deps, user, &event, booking, now + PAYMENT_HOLD);
    let session = deps
        .gateway
        .create_checkout(&checkout)
        .map_err(WaitlistError::Gateway)?;
    // Should the claim fail, the session is left to expire unused: its booking never
    // exists, so paying it could confirm nothing (and nobody was given its address).
    claim(deps, &request, now)?;
    deps.bookings.attach_checkout(booking.id, &session.id)?;
    Ok(session)
}

/// The event, the checked choices (with the access needs the booking will carry), and the
/// time, when the offer's event can still be claimed as asked.
fn claimable(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
    choices: &BookingChoices,
    solidarity: bool,
) -> Result<(Event, Chosen, DateTime<Utc>), WaitlistError> {
    let event = find_event(deps, event_id)?;
    let now = deps.clock.now();
    // The place is held, so a full event is expected; anything else still refuses.
    if let Err(refusal @ (BookingRefusal::EventInactive | BookingRefusal::EventStarted)) =
        check_bookable(&event, now)
    {
        return Err(WaitlistError::BookingRefused(refusal));
    }
    check_claim_places(&event, choices.places(solidarity))
        .map_err(WaitlistError::BookingRefused)?;
    let chosen = choices
        .check()
        .map_err(WaitlistError::Invalid)?
        .chosen(deps, user.id)?;
    Ok((event, chosen, now))
}

fn claim(
    deps: &BookingDeps,
    request: &BookingRequest,
    now: DateTime<Utc>,
) -> Result<(), WaitlistError> {
    match deps.waitlist.claim(request, now) {
        Ok(()) => Ok(()),
        Err(ClaimError::NoOffer) => Err(WaitlistError::NoOffer),
        Err(ClaimError::Refused(refusal)) => Err(WaitlistError::BookingRefused(refusal)),
        Err(ClaimError::Store(e)) => Err(e.into()),
    }
}
