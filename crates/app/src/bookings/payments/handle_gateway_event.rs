use playspace_ports::{CheckoutPayment, GatewayEvent, GatewayEventKind, TransitionOutcome};

use super::{PaymentError, Transition, apply};
use crate::bookings::BookingDeps;

/// Applies a verified gateway notification. Unknown sessions (not ours, or for other
/// products) are acknowledged and ignored.
#[tracing::instrument(skip_all, fields(event = %event.id))]
pub fn handle_gateway_event(
    deps: &BookingDeps,
    event: &GatewayEvent,
) -> Result<TransitionOutcome, PaymentError> {
    let transition = match (event.kind, event.session.payment) {
        (GatewayEventKind::Completed, CheckoutPayment::Unpaid) | (GatewayEventKind::Other, _) => {
            // Completed but paid later (bank transfer etc.): wait for async_payment_*.
            return Ok(TransitionOutcome::AlreadyDone);
        }
        (GatewayEventKind::Completed | GatewayEventKind::AsyncPaymentSucceeded, _) => {
            Transition::Paid {
                payment_intent: event.session.payment_intent.clone(),
                subscription: event.session.subscription.clone(),
            }
        }
        (GatewayEventKind::AsyncPaymentFailed, _) => Transition::Released {
            payment_failed: true,
        },
        (GatewayEventKind::Expired, _) => Transition::Released {
            payment_failed: false,
        },
    };
    apply(deps, &event.session.id, Some(event.id.clone()), transition)
}
