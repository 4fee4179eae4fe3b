//! Taking card payments through a hosted checkout (Stripe Checkout, or the local checkout
//! page when no key is set) and hearing back about them.
use chrono::{DateTime, Utc};

/// One-off payment (a booking) or a monthly subscription (a paid membership plan).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckoutMode {
    Payment,
    Subscription,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckoutRequest {
    pub mode: CheckoutMode,
    /// Our record the session pays for (a booking or membership id); sent as
    /// `client_reference_id` and in metadata.
    pub reference_id: String,
    pub product_name: String,
    pub description: String,
    /// In pence, GBP. For subscriptions, the monthly price.
    pub amount_pence: i64,
    pub customer_email: String,
    /// May contain `{CHECKOUT_SESSION_ID}`, which the gateway fills in.
    pub success_url: String,
    pub cancel_url: String,
    pub expires_at: DateTime<Utc>,
    /// The same key for retries of the same request, so a retry never creates a second
    /// session.
    pub idempotency_key: String,
    pub metadata: Vec<(String, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckoutSession {
    pub id: String,
    /// Where to send the browser to pay.
    pub url: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckoutStatus {
    Open,
    Complete,
    Expired,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckoutPayment {
    Paid,
    Unpaid,
    NoPaymentRequired,
}

/// What the gateway knows about a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckoutState {
    pub id: String,
    pub status: CheckoutStatus,
    pub payment: CheckoutPayment,
    pub reference_id: Option<String>,
    pub payment_intent: Option<String>,
    pub subscription: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefundRequest {
    pub payment_intent: String,
    pub amount_pence: i64,
    pub idempotency_key: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefundStatus {
    Succeeded,
    Pending,
    Failed,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refund {
    pub id: String,
    pub status: RefundStatus,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GatewayError {
    /// Rate limit, provider trouble or network: safe to retry with the same idempotency key.
    #[error("temporary payment provider failure: {0}")]
    Retryable(String),
    /// Refused (bad request, unknown session...). The text never holds secrets.
    #[error("payment provider refused: {0}")]
    Permanent(String),
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait PaymentGateway: Send + Sync {
    fn create_checkout(&self, request: &CheckoutRequest) -> Result<CheckoutSession, GatewayError>;
    fn retrieve_checkout(&self, session_id: &str) -> Result<CheckoutState, GatewayError>;
    fn refund(&self, request: &RefundRequest) -> Result<Refund, GatewayError>;
    /// Stops a subscription renewing: it runs to the end of the period already paid for,
    /// which is answered when the provider says it. Safe to repeat.
    fn cancel_at_period_end(
        &self,
        subscription_id: &str,
    ) -> Result<Option<DateTime<Utc>>, GatewayError>;
}

/// A verified notification from the gateway about a checkout session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatewayEvent {
    /// The provider's event id: processing is skipped when it was seen before.
    pub id: String,
    pub kind: GatewayEventKind,
    pub session: CheckoutState,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatewayEventKind {
    /// checkout.session.completed: paid now, or (payment Unpaid) paid later asynchronously.
    Completed,
    AsyncPaymentSucceeded,
    AsyncPaymentFailed,
    Expired,
    /// Any other event type: acknowledged and ignored.
    Other,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("missing or malformed signature header")]
    MalformedHeader,
    #[error("no signature matches")]
    BadSignature,
    #[error("timestamp outside the tolerance")]
    StaleTimestamp,
    #[error("payload is not a valid event: {0}")]
    BadPayload(String),
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait WebhookVerifier: Send + Sync {
    /// Checks the signature header over the exact raw body at `now` and parses the event.
    fn verify(
        &self,
        payload: &[u8],
        signature_header: &str,
        now: DateTime<Utc>,
    ) -> Result<GatewayEvent, WebhookError>;
}
