//! The offline stand-in for Stripe Checkout (used when no `STRIPE_SECRET_KEY` is set): a
//! payment page served by this app whose Pay button produces the same gateway event a
//! Stripe webhook would, handled by the same code. Sessions live in memory: after a restart
//! an unpaid session is unknown, and the hold sweep releases its place.
use std::collections::HashMap;
use std::sync::Mutex;

use chrono::{DateTime, Utc};
use playspace_ports::{
    CheckoutMode, CheckoutPayment, CheckoutRequest, CheckoutSession, CheckoutState, CheckoutStatus,
    GatewayError, GatewayEvent, GatewayEventKind, PaymentGateway, Refund, RefundRequest,
    RefundStatus,
};

struct LocalSession {
    request: CheckoutRequest,
    state: CheckoutState,
}

pub struct LocalCheckout {
    public_url: String,
    sessions: Mutex<HashMap<String, LocalSession>>,
}

/// What the checkout page shows.
pub struct CheckoutView {
    pub product_name: String,
    pub description: String,
    pub amount_pence: i64,
    pub open: bool,
}

fn new_id(prefix: &str) -> String {
    format!("{prefix}_local_{}", uuid_simple())
}

/// Whether `id` has the shape [`new_id`] gives a checkout session (`cs_local_` and 24 hex
/// digits), so nothing else reaches a lookup or a `Location` header.
pub fn is_checkout_id(id: &str) -> bool {
    id.strip_prefix("cs_local_")
        .is_some_and(|hex| hex.len() == 24 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn uuid_simple() -> String {
    let bytes: [u8; 12] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl LocalCheckout {
    pub fn new(public_url: &str) -> Self {
        Self {
            public_url: public_url.trim_end_matches('/').to_owned(),
            sessions: Mutex::new(HashMap::new()),
        }
    }

    fn with_session<T>(
        &self,
        id: &str,
        now: DateTime<Utc>,
        f: impl FnOnce(&mut LocalSession) -> T,
    ) -> Option<T> {
        let mut sessions = self.sessions.lock().ok()?;
        let session = sessions.get_mut(id)?;
        if session.state.status == CheckoutStatus::Open && now >= session.request.expires_at {
            session.state.status = CheckoutStatus::Expired;
        }
        Some(f(session))
    }

    pub fn view(&self, id: &str, now: DateTime<Utc>) -> Option<CheckoutView> {
        self.with_session(id, now, |s| CheckoutView {
            product_name: s.request.product_name.clone(),
            description: s.request.description.clone(),
            amount_pence: s.request.amount_pence,
            open: s.state.status == CheckoutStatus::Open,
        })
    }

    /// The person paid: the session completes and the event a webhook would carry is
    /// returned, with where to send the browser next.
    pub fn pay(&self, id: &str, now: DateTime<Utc>) -> Option<(GatewayEvent, String)> {
        self.with_session(id, now, |s| {
            if s.state.status != CheckoutStatus::Open {
                return None;
            }
            s.state.status = CheckoutStatus::Complete;
            s.state.payment = CheckoutPayment::Paid;
            s.state.payment_intent = Some(new_id("pi"));
            if s.request.mode == CheckoutMode::Subscription {
                s.state.subscription = Some(new_id("sub"));
            }
            let event = GatewayEvent {
                id: new_id("evt"),
                kind: GatewayEventKind::Completed,
                session: s.state.clone(),
            };
            Some((
                event,
                s.request
                    .success_url
                    .replace("{CHECKOUT_SESSION_ID}", &s.state.id),
            ))
        })
        .flatten()
    }

    /// The person gave up: back to the cancel page (which releases the place).
    pub fn cancel_url(&self, id: &str, now: DateTime<Utc>) -> Option<String> {
        self.with_session(id, now, |s| s.request.cancel_url.clone())
    }
}

impl PaymentGateway for LocalCheckout {
    fn create_checkout(&self, request: &CheckoutRequest) -> Result<CheckoutSession, GatewayError> {
        let mut sessions = self
            .sessions
            .lock()
            .map_err(|_| GatewayError::Retryable("local checkout unavailable".into()))?;
        // Same idempotency key, same session, as with Stripe.
        if let Some((id, _)) = sessions
            .iter()
            .find(|(_, s)| s.request.idempotency_key == request.idempotency_key)
        {
            return Ok(CheckoutSession {
                id: id.clone(),
                url: format!("{}/checkout/{id}", self.public_url),
            });
        }
        let id = new_id("cs");
        let state = CheckoutState {
            id: id.clone(),
            status: CheckoutStatus::Open,
            payment: CheckoutPayment::Unpaid,
            reference_id: Some(request.reference_id.clone()),
            payment_intent: None,
            subscription: None,
        };
        sessions.insert(
            id.clone(),
            LocalSession {
                request: request.clone(),
                state,
            },
        );
        Ok(CheckoutSession {
            url: format!("{}/checkout/{id}", self.public_url),
            id,
        })
    }

    fn retrieve_checkout(&self, session_id: &str) -> Result<CheckoutState, GatewayError> {
        self.with_session(session_id, Utc::now(), |s| s.state.clone())
            .ok_or_else(|| GatewayError::Permanent("No such checkout session".into()))
    }

    fn refund(&self, request: &RefundRequest) -> Result<Refund, GatewayError> {
        if request.amount_pence <= 0 {
            return Err(GatewayError::Permanent(
                "Refund amount must be positive".into(),
            ));
        }
        Ok(Refund {
            id: new_id("re"),
            status: RefundStatus::Succeeded,
        })
    }

    /// Nothing renews offline: the plan's own monthly period decides when it ends.
    fn cancel_at_period_end(
        &self,
        subscription_id: &str,
    ) -> Result<Option<DateTime<Utc>>, GatewayError> {
        if subscription_id.starts_with("sub_local_") {
            Ok(None)
        } else {
            Err(GatewayError::Permanent("No such subscription".into()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    fn request(key: &str) -> CheckoutRequest {
        CheckoutRequest {
            mode: CheckoutMode::Payment,
            reference_id: "booking-1".into(),
            product_name: "Queer Newcomers Football".into(),
            description: "Saturday".into(),
            amount_pence: 500,
            customer_email: "ana@example.org".into(),
            success_url: "http://x/success?session_id={CHECKOUT_SESSION_ID}".into(),
            cancel_url: "http://x/cancel?booking_id=1".into(),
            expires_at: Utc::now() + Duration::minutes(30),
            idempotency_key: key.into(),
            metadata: vec![],
        }
    }

    #[test]
    fn checkout_ids_have_one_shape() {
        assert!(is_checkout_id(&new_id("cs")));
        for bad in [
            "",
            "cs_local_",
            "cs_local_XYZ",
            "cs_local_0123456789abcdef0123456\r\n",
            "pi_local_0123456789abcdef01234567",
            "cs_local_0123456789abcdef01234567/x",
        ] {
            assert!(!is_checkout_id(bad), "{bad:?}");
        }
    }

    #[test]
    fn paying_completes_the_session_once_and_yields_a_completed_event() {
        let local = LocalCheckout::new("http://x/");
        let session = local.create_checkout(&request("k1")).unwrap();
        assert_eq!(session.url, format!("http://x/checkout/{}", session.id));
        assert_eq!(
            local.create_checkout(&request("k1")).unwrap(),
            session,
            "idempotent"
        );
        let (event, next) = local.pay(&session.id, Utc::now()).unwrap();
        assert_eq!(event.kind, GatewayEventKind::Completed);
        assert_eq!(event.session.payment, CheckoutPayment::Paid);
        assert_eq!(next, format!("http://x/success?session_id={}", session.id));
        assert!(local.pay(&session.id, Utc::now()).is_none(), "only once");
        assert_eq!(
            local.retrieve_checkout(&session.id).unwrap().status,
            CheckoutStatus::Complete
        );
    }

    #[test]
    fn sessions_expire_with_their_hold() {
        let local = LocalCheckout::new("http://x");
        let session = local.create_checkout(&request("k2")).unwrap();
        let later = Utc::now() + Duration::minutes(31);
        assert!(local.pay(&session.id, later).is_none());
        assert!(!local.view(&session.id, later).unwrap().open);
        assert!(local.retrieve_checkout("cs_unknown").is_err());
    }
}
