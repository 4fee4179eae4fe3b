//! Stripe Checkout Sessions (`/v1/checkout/sessions`), Refunds (`/v1/refunds`) and
//! Subscriptions (`/v1/subscriptions/{id}`, to stop renewal) over blocking reqwest, with
//! form-encoded bodies as Stripe's API expects.

use std::fmt;

use chrono::{DateTime, Utc};
use std::io::Read;
use std::time::Duration;

use playspace_http::{ApiClient, SetupError};
use playspace_ports::{
    CheckoutMode, CheckoutRequest, CheckoutSession, CheckoutState, GatewayError, PaymentGateway,
    Refund, RefundRequest, RefundStatus,
};
use reqwest::blocking::{Client, RequestBuilder, Response};
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderValue};
use reqwest::{StatusCode, Url};
use serde_json::Value;

use crate::error_text::{clip, redact_keys};
use crate::session;

const TOTAL_TIMEOUT: Duration = Duration::from_secs(20);
/// Checkout Session objects are a few KB; the cap stops a misbehaving proxy from filling
/// memory.
const MAX_BODY_BYTES: u64 = 1024 * 1024;
/// Stripe ids are short; this only bounds what we put into a URL.
const MAX_SESSION_ID_CHARS: usize = 255;
const FORM_CONTENT_TYPE: &str = "application/x-www-form-urlencoded";

/// Takes payments through Stripe Checkout. Blocking: build, use and drop it outside async
/// runtimes (reqwest's blocking client panics inside one).
pub struct StripeGateway {
    client: Client,
    /// Without a trailing slash; endpoint paths are appended to it.
    base_url: Url,
    /// `Bearer {key}`, marked sensitive so reqwest never logs it.
    authorization: HeaderValue,
    /// Only to scrub it from error texts.
    api_key: String,
}

impl StripeGateway {
    pub const DEFAULT_BASE_URL: &'static str = "https://api.stripe.com";

    /// A gateway for the real Stripe API (`sk_live_…` / `sk_test_…`, or a restricted
    /// `rk_…` key). Surrounding whitespace in the key is ignored.
    pub fn new(api_key: impl Into<String>) -> Result<Self, SetupError> {
        Self::with_base_url(api_key, Self::DEFAULT_BASE_URL)
    }

    /// A gateway for another Stripe-compatible base URL: a local mock in tests, or
    /// `stripe-mock`.
    pub fn with_base_url(api_key: impl Into<String>, base_url: &str) -> Result<Self, SetupError> {
        let ApiClient {
            client,
            base_url,
            authorization,
            api_key,
        } = ApiClient::new("Stripe", &api_key.into(), base_url, TOTAL_TIMEOUT)?;
        Ok(Self {
            client,
            base_url,
            authorization,
            api_key,
        })
    }

    /// The base URL followed by `segments`, each percent-encoded as one path segment.
    fn endpoint(&self, segments: &[&str]) -> Result<Url, GatewayError> {
        let mut url = self.base_url.clone();
        url.path_segments_mut()
            .map_err(|()| GatewayError::Permanent("invalid Stripe base URL".to_owned()))?
            .pop_if_empty()
            .extend(segments);
        Ok(url)
    }

    fn post_form(
        &self,
        segments: &[&str],
        idempotency_key: &str,
        form: String,
    ) -> Result<RequestBuilder, GatewayError> {
        let idempotency_key = HeaderValue::from_str(idempotency_key.trim())
            .ok()
            .filter(|value| !value.is_empty() && value.len() <= 255)
            .ok_or_else(|| {
                GatewayError::Permanent(
                    "the idempotency key is empty, too long or not a valid header value".to_owned(),
                )
            })?;
        Ok(self
            .client
            .post(self.endpoint(segments)?)
            .header(AUTHORIZATION, self.authorization.clone())
            .header("Idempotency-Key", idempotency_key)
            .header(CONTENT_TYPE, FORM_CONTENT_TYPE)
            .body(form))
    }

    /// Sends the request and returns the JSON of a 2xx answer, or the mapped error.
    fn call(&self, request: RequestBuilder) -> Result<Value, GatewayError> {
        let response = request
            .send()
            .map_err(|err| GatewayError::Retryable(transport_error_text(&err)))?;
        let status = response.status();
        let body = read_body(response);
        if status.is_success() {
            // Not JSON from a 2xx is a proxy or a cut-off answer: with the same idempotency
            // key a retry returns the real result.
            let body = body.map_err(|err| GatewayError::Retryable(clip(&err)))?;
            return serde_json::from_slice(&body).map_err(|_| {
                GatewayError::Retryable(format!(
                    "Stripe answered {status} with a body that is not JSON"
                ))
            });
        }
        // An unreadable error body only costs detail: the status alone decides.
        let text = self.error_text(status, &body.unwrap_or_default());
        if is_retryable(status) {
            Err(GatewayError::Retryable(text))
        } else {
            Err(GatewayError::Permanent(text))
        }
    }

    fn error_text(&self, status: StatusCode, body: &[u8]) -> String {
        let detail = if body.iter().all(u8::is_ascii_whitespace) {
            "empty response body".to_owned()
        } else {
            // Anything but Stripe's JSON (a proxy's HTML page, say) is noise in logs.
            stripe_error_message(body)
                .unwrap_or_else(|| "response was not Stripe's JSON error format".to_owned())
        };
        clip(&redact_keys(
            &format!("Stripe answered {status}: {detail}"),
            &self.api_key,
        ))
    }
}

impl fmt::Debug for StripeGateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StripeGateway")
            .field("base_url", &self.base_url.as_str())
            .field("api_key", &"<redacted>")
            .finish_non_exhaustive()
    }
}

impl PaymentGateway for StripeGateway {
    fn create_checkout(&self, request: &CheckoutRequest) -> Result<CheckoutSession, GatewayError> {
        if request.amount_pence <= 0 {
            return Err(GatewayError::Permanent(
                "the checkout amount must be positive".to_owned(),
            ));
        }
        let form = checkout_form(request);
        let json = self.call(self.post_form(
            &["v1", "checkout", "sessions"],
            &request.idempotency_key,
            form,
        )?)?;
        let id = json_str(&json, "id");
        let url = json_str(&json, "url");
        match (id, url) {
            (Some(id), Some(url)) => Ok(CheckoutSession {
                id: id.to_owned(),
                url: url.to_owned(),
            }),
            _ => Err(GatewayError::Permanent(
                "Stripe's checkout session has no id or url".to_owned(),
            )),
        }
    }

    fn retrieve_checkout(&self, session_id: &str) -> Result<CheckoutState, GatewayError> {
        if !is_stripe_id(session_id) {
            return Err(GatewayError::Permanent(
                "not a valid checkout session id".to_owned(),
            ));
        }
        let url = self.endpoint(&["v1", "checkout", "sessions", session_id])?;
        let json = self.call(
            self.client
                .get(url)
                .header(AUTHORIZATION, self.authorization.clone()),
        )?;
        session::strict(&json)
            .map_err(|why| GatewayError::Permanent(format!("unexpected Stripe answer: {why}")))
    }

    fn refund(&self, request: &RefundRequest) -> Result<Refund, GatewayError> {
        if request.amount_pence <= 0 {
            return Err(GatewayError::Permanent(
                "the refund amount must be positive".to_owned(),
            ));
        }
        if request.payment_intent.trim().is_empty() {
            return Err(GatewayError::Permanent(
                "the refund has no payment intent".to_owned(),
            ));
        }
        let form = form_urlencoded::Serializer::new(String::new())
            .append_pair("payment_intent", request.payment_intent.trim())
            .append_pair("amount", &request.amount_pence.to_string())
            .finish();
        let json =
            self.call(self.post_form(&["v1", "refunds"], &request.idempotency_key, form)?)?;
        let Some(id) = json_str(&json, "id") else {
            return Err(GatewayError::Permanent(
                "Stripe's refund has no id".to_owned(),
            ));
        };
        Ok(Refund {
            id: id.to_owned(),
            status: refund_status(json_str(&json, "status").unwrap_or_default()),
        })
    }

    fn cancel_at_period_end(
        &self,
        subscription_id: &str,
    ) -> Result<Option<DateTime<Utc>>, GatewayError> {
        if !is_stripe_id(subscription_id) {
            return Err(GatewayError::Permanent(
                "not a valid subscription id".to_owned(),
            ));
        }
        let json = self.call(self.post_form(
            &["v1", "subscriptions", subscription_id],
            // The same request twice is the same change: one key per subscription.
            &format!("cancel-at-period-end-{subscription_id}"),
            "cancel_at_period_end=true".to_owned(),
        )?)?;
        if json.get("cancel_at_period_end").and_then(Value::as_bool) != Some(true)
            && json.get("cancel_at").and_then(Value::as_i64).is_none()
        {
            return Err(GatewayError::Permanent(
                "Stripe's subscription is not set to cancel".to_owned(),
            ));
        }
        Ok(period_end(&json))
    }
}

/// Whether `id` looks like a Stripe object id, so nothing else reaches a URL path.
fn is_stripe_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_SESSION_ID_CHARS
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// When a subscription set to cancel stops: `cancel_at`, else the current period's end,
/// which API versions since 2025-03-31 keep on the subscription's item rather than on the
/// subscription itself.
fn period_end(subscription: &Value) -> Option<DateTime<Utc>> {
    let seconds = subscription
        .get("cancel_at")
        .and_then(Value::as_i64)
        .or_else(|| {
            subscription
                .get("current_period_end")
                .and_then(Value::as_i64)
        })
        .or_else(|| {
            subscription
                .pointer("/items/data/0/current_period_end")
                .and_then(Value::as_i64)
        })?;
    DateTime::from_timestamp(seconds, 0)
}

/// The Checkout Session create body, fields in a fixed order.
fn checkout_form(request: &CheckoutRequest) -> String {
    let mut form = form_urlencoded::Serializer::new(String::new());
    let mode = match request.mode {
        CheckoutMode::Payment => "payment",
        CheckoutMode::Subscription => "subscription",
    };
    form.append_pair("mode", mode)
        .append_pair("line_items[0][quantity]", "1")
        .append_pair("line_items[0][price_data][currency]", "gbp")
        .append_pair(
            "line_items[0][price_data][unit_amount]",
            &request.amount_pence.to_string(),
        )
        .append_pair(
            "line_items[0][price_data][product_data][name]",
            &request.product_name,
        );
    // Stripe refuses an empty description.
    if !request.description.trim().is_empty() {
        form.append_pair(
            "line_items[0][price_data][product_data][description]",
            &request.description,
        );
    }
    if request.mode == CheckoutMode::Subscription {
        form.append_pair("line_items[0][price_data][recurring][interval]", "month");
    }
    form.append_pair("client_reference_id", &request.reference_id);
    // Stripe refuses an empty email; without one Checkout asks for it.
    if !request.customer_email.trim().is_empty() {
        form.append_pair("customer_email", request.customer_email.trim());
    }
    // `{CHECKOUT_SESSION_ID}` goes as it is (percent-encoded); Stripe fills it in.
    form.append_pair("success_url", &request.success_url)
        .append_pair("cancel_url", &request.cancel_url)
        .append_pair("expires_at", &request.expires_at.timestamp().to_string());
    for (key, value) in &request.metadata {
        // Ours wins: the webhook handler relies on it.
        if key != "reference_id" {
            form.append_pair(&format!("metadata[{key}]"), value);
        }
    }
    form.append_pair("metadata[reference_id]", &request.reference_id);
    // The session's metadata stays on the session; copy the reference onto the object the
    // payment lives on, so it is visible on the PaymentIntent or Subscription too.
    match request.mode {
        CheckoutMode::Payment => {
            form.append_pair(
                "payment_intent_data[metadata][reference_id]",
                &request.reference_id,
            );
        }
        CheckoutMode::Subscription => {
            form.append_pair(
                "subscription_data[metadata][reference_id]",
                &request.reference_id,
            );
        }
    }
    form.finish()
}

fn refund_status(text: &str) -> RefundStatus {
    match text {
        "succeeded" => RefundStatus::Succeeded,
        "failed" | "canceled" => RefundStatus::Failed,
        // "pending", "requires_action" and anything new: not final yet.
        _ => RefundStatus::Pending,
    }
}

/// 429 (rate limit), 409 (a concurrent request holds the same idempotency key: Stripe's own
/// libraries retry it) and 5xx.
fn is_retryable(status: StatusCode) -> bool {
    status == StatusCode::TOO_MANY_REQUESTS
        || status == StatusCode::CONFLICT
        || status.is_server_error()
}

fn read_body(response: Response) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    response
        .take(MAX_BODY_BYTES)
        .read_to_end(&mut body)
        .map_err(|err| format!("could not read Stripe's answer: {err}"))?;
    Ok(body)
}

fn json_str<'a>(json: &'a Value, field: &str) -> Option<&'a str> {
    json.get(field)?.as_str().filter(|text| !text.is_empty())
}

/// `error.message` of Stripe's `{"error":{"type":..,"code":..,"message":..}}`, with the code
/// when there is one.
fn stripe_error_message(body: &[u8]) -> Option<String> {
    let parsed: Value = serde_json::from_slice(body).ok()?;
    let error = parsed.get("error")?;
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|message| !message.is_empty());
    let code = error
        .get("code")
        .or_else(|| error.get("type"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|code| !code.is_empty());
    match (message, code) {
        (Some(message), Some(code)) => Some(format!("{message} ({code})")),
        (Some(message), None) => Some(message.to_owned()),
        (None, Some(code)) => Some(code.to_owned()),
        (None, None) => None,
    }
}

fn transport_error_text(err: &reqwest::Error) -> String {
    let kind = if err.is_timeout() {
        "timed out"
    } else if err.is_connect() {
        "could not connect"
    } else {
        "network error"
    };
    // The innermost cause names what happened ("Connection refused", "dns error"...).
    let mut cause: &dyn std::error::Error = err;
    while let Some(source) = cause.source() {
        cause = source;
    }
    clip(&format!("Stripe {kind}: {cause}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripe_error_message_reads_message_and_code() {
        let body = br#"{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such checkout.session: 'cs_x'"}}"#;
        assert_eq!(
            stripe_error_message(body).as_deref(),
            Some("No such checkout.session: 'cs_x' (resource_missing)")
        );
        assert_eq!(
            stripe_error_message(br#"{"error":{"type":"api_error"}}"#).as_deref(),
            Some("api_error")
        );
        assert_eq!(stripe_error_message(br#"{"error":{}}"#), None);
        assert_eq!(stripe_error_message(b"<html>oops</html>"), None);
    }

    #[test]
    fn refund_statuses_map_to_final_or_pending() {
        assert_eq!(refund_status("succeeded"), RefundStatus::Succeeded);
        assert_eq!(refund_status("pending"), RefundStatus::Pending);
        assert_eq!(refund_status("requires_action"), RefundStatus::Pending);
        assert_eq!(refund_status("failed"), RefundStatus::Failed);
        assert_eq!(refund_status("canceled"), RefundStatus::Failed);
        assert_eq!(refund_status(""), RefundStatus::Pending);
    }

    #[test]
    fn setup_is_the_shared_one_naming_stripe() {
        let err = StripeGateway::new("  \n").err().unwrap();
        assert_eq!(err.to_string(), "the Stripe API key is empty");
        assert!(matches!(
            StripeGateway::with_base_url("sk_test_key", "http://user:pw@h"),
            Err(SetupError::InvalidBaseUrl("Stripe", _))
        ));
    }

    #[test]
    fn endpoints_keep_the_base_path_and_escape_segments() {
        let gateway =
            StripeGateway::with_base_url("sk_test_key", "http://127.0.0.1:9/proxy/").unwrap();
        assert_eq!(
            gateway.endpoint(&["v1", "refunds"]).unwrap().as_str(),
            "http://127.0.0.1:9/proxy/v1/refunds"
        );
        assert_eq!(
            gateway.endpoint(&["v1", "a/b?c"]).unwrap().as_str(),
            "http://127.0.0.1:9/proxy/v1/a%2Fb%3Fc"
        );
        let gateway = StripeGateway::new("sk_test_key").unwrap();
        assert_eq!(
            gateway
                .endpoint(&["v1", "checkout", "sessions"])
                .unwrap()
                .as_str(),
            "https://api.stripe.com/v1/checkout/sessions"
        );
    }
}
