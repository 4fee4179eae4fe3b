//! Card payments: hold a place, send the person to the hosted checkout, and apply what the
//! gateway reports (webhook, return page, or the sweep) exactly once.
mod cancel_payment;
mod confirm_payment;
mod handle_gateway_event;
mod release_expired_holds;
mod start_card_checkout;
#[cfg(test)]
mod tests;

use playspace_ports::{GatewayError, PaymentTransition, RepoError, TransitionOutcome};

use super::memberships::stop_renewals;
use super::refunds::refund_payment;
use super::{BookingDeps, emails, notices};

pub use cancel_payment::cancel_payment;
pub use confirm_payment::confirm_payment;
pub use handle_gateway_event::handle_gateway_event;
pub use release_expired_holds::release_expired_holds;
pub use start_card_checkout::{CheckoutError, start_card_checkout};
pub(crate) use start_card_checkout::{card_booking_request, checkout_request};

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("No payment session found")]
    NotFound,
    #[error("Payment confirmation failed")]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

pub(super) enum Transition {
    /// Paid, with what the gateway says took the money: a payment (a booking) or a
    /// subscription (a membership plan).
    Paid {
        payment_intent: Option<String>,
        subscription: Option<String>,
    },
    Released {
        payment_failed: bool,
    },
}

pub(super) fn apply(
    deps: &BookingDeps,
    session_id: &str,
    event_id: Option<String>,
    transition: Transition,
) -> Result<TransitionOutcome, PaymentError> {
    let now = deps.clock.now();
    let found = match deps.bookings.find_by_session(session_id) {
        Ok(found) => found,
        Err(RepoError::NotFound) => {
            // Not a booking: perhaps a membership subscription.
            if let Transition::Paid { subscription, .. } = transition
                && let Some(replaced) =
                    deps.memberships
                        .activate_paid(session_id, subscription, now)?
            {
                stop_renewals(deps, &replaced);
                return Ok(TransitionOutcome::Applied);
            }
            return Ok(TransitionOutcome::AlreadyDone);
        }
        Err(e) => return Err(e.into()),
    };
    let transition = match transition {
        Transition::Paid { payment_intent, .. } => {
            let user = deps.users.get(found.booking.user_id)?;
            let paid = found.booking.clone().paid();
            PaymentTransition::Paid {
                payment_intent,
                emails: vec![
                    emails::confirmation(deps.email, &user, &paid, &found.event)?,
                    emails::payment_received(deps.email, &user, &paid, &found.event)?,
                ],
                notification: notices::booking_confirmed(&user, &found.event),
            }
        }
        Transition::Released { payment_failed } => PaymentTransition::Released { payment_failed },
    };
    let outcome = deps
        .bookings
        .apply_payment(session_id, event_id, &transition, now)?;
    if let TransitionOutcome::PaidButNoPlace {
        payment_intent: Some(intent),
    } = &outcome
    {
        // Paid for a place no longer there: the money goes back at once.
        refund_payment(
            deps.bookings,
            deps.gateway,
            found.booking.id,
            found.booking.amount.pence(),
            intent,
            now,
        )?;
    }
    Ok(outcome)
}
