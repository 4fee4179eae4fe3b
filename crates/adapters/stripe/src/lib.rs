//! Payment adapters for Stripe. [`StripeGateway`] creates and reads Checkout Sessions and
//! makes refunds through Stripe's HTTP API; [`StripeWebhookVerifier`] checks the
//! `Stripe-Signature` header of webhook deliveries and turns them into
//! [`playspace_ports::GatewayEvent`]s. [`sign_payload`] makes a valid signature header, for
//! tests and for the local checkout that stands in for Stripe offline.
//!
//! The gateway is blocking (the [`playspace_ports::PaymentGateway`] port is synchronous):
//! call it from a blocking thread, never from an async task.

mod error_text;
mod gateway;
mod session;
mod webhook;

pub use gateway::StripeGateway;
pub use playspace_http::SetupError;
pub use webhook::{StripeWebhookVerifier, TOLERANCE_SECS, WebhookSetupError, sign_payload};
