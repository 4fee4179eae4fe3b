use chrono::{DateTime, Utc};
use playspace_domain::booking::PAYMENT_HOLD;
use playspace_domain::booking_rules::{self, BookingRefusal, check_booking, limit_month};
use playspace_domain::{Booking, BookingReference, Event, EventId, PaymentMethod, User, london};
use playspace_ports::{
    BookError, BookingRequest, CheckoutMode, CheckoutRequest, CheckoutSession, GatewayError,
    RepoError,
};

use crate::bookings::BookingDeps;
use crate::bookings::book_event::{BookingChoices, Chosen};

#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("Event not found")]
    EventNotFound,
    #[error("{0}")]
    Refused(BookingRefusal),
    #[error("This event is free: book it without paying.")]
    PaymentNotRequired,
    #[error("{0}")]
    Invalid(playspace_domain::FieldErrors),
    #[error("Failed to setup payment. Please try again.")]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Holds a place (booking pending, place counted; with a companion, their free place too)
/// and opens a checkout session for it.
#[tracing::instrument(skip_all)]
pub fn start_card_checkout(
    deps: &BookingDeps,
    user: &User,
    event_id: &str,
    choices: &BookingChoices,
) -> Result<CheckoutSession, CheckoutError> {
    let now = deps.clock.now();
    let event_id: EventId = event_id.parse().map_err(|_| CheckoutError::EventNotFound)?;
    let event = match deps.events.get(event_id) {
        Ok(event) => event,
        Err(RepoError::NotFound) => return Err(CheckoutError::EventNotFound),
        Err(e) => return Err(e.into()),
    };
    check_booking(&event, choices.places(false), now).map_err(CheckoutError::Refused)?;
    if event.price.is_free() {
        return Err(CheckoutError::PaymentNotRequired);
    }
    let chosen = choices
        .check()
        .map_err(CheckoutError::Invalid)?
        .chosen(deps, user.id)?;
    let request = card_booking_request(deps, user, &event, chosen, now)?;
    match deps.bookings.book(&request, now) {
        Ok(()) => {}
        Err(BookError::Refused(r)) => return Err(CheckoutError::Refused(r)),
        Err(BookError::EventNotFound) => return Err(CheckoutError::EventNotFound),
        Err(BookError::Store(e)) => return Err(e.into()),
    }
    let booking = &request.booking;
    let checkout = checkout_request(deps, user, &event, booking, now + PAYMENT_HOLD);
    let session = match deps.gateway.create_checkout(&checkout) {
        Ok(session) => session,
        Err(e) => {
            // No checkout, no hold: give the place back at once.
            deps.bookings.cancel(
                booking.id,
                Some("Checkout could not start".into()),
                &[],
                &[],
                now,
            )?;
            return Err(CheckoutError::Gateway(e));
        }
    };
    deps.bookings.attach_checkout(booking.id, &session.id)?;
    Ok(session)
}

/// A card booking of `event` waiting for payment (pending, its place held for [`PAYMENT_HOLD`]),
/// under the person's current plan limit. Emails wait for the payment.
pub(crate) fn card_booking_request(
    deps: &BookingDeps,
    user: &User,
    event: &Event,
    chosen: Chosen,
    now: DateTime<Utc>,
) -> Result<BookingRequest, RepoError> {
    let plan = deps.memberships.current_plan(user.id, now)?;
    let booking = Booking::new(
        user.id,
        event,
        PaymentMethod::Card,
        chosen.companion,
        BookingReference::generate(&mut rand::rng()),
        now,
    )
    .with_needs(chosen.needs);
    Ok(BookingRequest {
        hold_until: Some(now + PAYMENT_HOLD),
        limit_month: limit_month(event),
        monthly_limit: booking_rules::monthly_limit(plan),
        emails: vec![],
        notification: None,
        booking,
    })
}

/// The hosted checkout paying for `booking`, open until `expires_at`.
pub(crate) fn checkout_request(
    deps: &BookingDeps,
    user: &User,
    event: &Event,
    booking: &Booking,
    expires_at: DateTime<Utc>,
) -> CheckoutRequest {
    let base = &deps.email.public_url;
    CheckoutRequest {
        mode: CheckoutMode::Payment,
        reference_id: booking.id.to_string(),
        product_name: event.title.clone(),
        description: format!(
            "{} · {}",
            london::format_long(event.starts_at),
            event.location()
        ),
        amount_pence: event.price.pence(),
        customer_email: user.email.as_str().to_owned(),
        success_url: format!("{base}/success?session_id={{CHECKOUT_SESSION_ID}}"),
        cancel_url: format!("{base}/cancel?booking_id={}", booking.id),
        expires_at,
        idempotency_key: format!("checkout-{}", booking.id),
        metadata: vec![
            ("booking_id".into(), booking.id.to_string()),
            ("event_id".into(), event.id.to_string()),
        ],
    }
}
