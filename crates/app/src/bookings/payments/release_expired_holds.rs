use playspace_ports::{CheckoutPayment, CheckoutStatus, TransitionOutcome};

use super::{PaymentError, Transition, apply};
use crate::bookings::BookingDeps;

/// Releases places whose payment window ended without word from the gateway (a missed
/// webhook must never keep a place held). Paid sessions found here are confirmed instead.
pub fn release_expired_holds(deps: &BookingDeps) -> Result<usize, PaymentError> {
    let now = deps.clock.now();
    let mut released = 0;
    for (id, session) in deps.bookings.expired_holds(now, 100)? {
        let Some(session) = session else {
            deps.bookings
                .cancel(id, Some("Payment window ended".into()), &[], &[], now)?;
            released += 1;
            continue;
        };
        let transition = match deps.gateway.retrieve_checkout(&session) {
            Ok(state)
                if state.status == CheckoutStatus::Complete
                    && state.payment != CheckoutPayment::Unpaid =>
            {
                Transition::Paid {
                    payment_intent: state.payment_intent,
                    subscription: state.subscription,
                }
            }
            _ => Transition::Released {
                payment_failed: false,
            },
        };
        let paid = matches!(transition, Transition::Paid { .. });
        if apply(deps, &session, None, transition)? == TransitionOutcome::Applied && !paid {
            released += 1;
        }
    }
    Ok(released)
}
