//! StripeWebhookVerifier against fixed vectors. The expected signatures were computed once,
//! independently of this crate, with Python's `hmac`:
//! `hmac.new(SECRET, f"{T}.".encode() + PAYLOAD, hashlib.sha256).hexdigest()`.

use chrono::{DateTime, TimeDelta, Utc};
use playspace_ports::{
    CheckoutPayment, CheckoutState, CheckoutStatus, GatewayEvent, GatewayEventKind, WebhookError,
    WebhookVerifier,
};
use playspace_stripe::{StripeWebhookVerifier, TOLERANCE_SECS, sign_payload};
use serde_json::{Value, json};

const SECRET: &str = "whsec_PlaySpaceFixedTestSecret0123456789";
const OTHER_SECRET: &str = "whsec_SomeOtherSecret";
/// 2026-01-01T00:00:00Z.
const T: i64 = 1_767_225_600;
const PAYLOAD: &str = r#"{"id":"evt_1PlaySpace","object":"event","type":"checkout.session.completed","data":{"object":{"id":"cs_test_a1B2c3","object":"checkout.session","status":"complete","payment_status":"paid","client_reference_id":"booking-42","payment_intent":"pi_3Abc","subscription":null,"metadata":{"reference_id":"booking-42"}}}}"#;
/// HMAC-SHA256(SECRET, "{T}.{PAYLOAD}").
const V1: &str = "eb4a71bfb57523437fd2faa79690a8bb393ffd824c7d46f76982402426e334be";
/// HMAC-SHA256(OTHER_SECRET, "{T}.{PAYLOAD}").
const V1_OTHER_SECRET: &str = "96e2b6eb1e6e1f6df6184780391b6a37de0b0fea9da351a52f52c5d9bfc00db9";

fn at(timestamp: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(timestamp, 0).unwrap()
}

fn verifier() -> StripeWebhookVerifier {
    StripeWebhookVerifier::new(SECRET).unwrap()
}

fn verify(payload: &str, header: &str, now: DateTime<Utc>) -> Result<GatewayEvent, WebhookError> {
    verifier().verify(payload.as_bytes(), header, now)
}

fn completed_event() -> GatewayEvent {
    GatewayEvent {
        id: "evt_1PlaySpace".to_owned(),
        kind: GatewayEventKind::Completed,
        session: CheckoutState {
            id: "cs_test_a1B2c3".to_owned(),
            status: CheckoutStatus::Complete,
            payment: CheckoutPayment::Paid,
            reference_id: Some("booking-42".to_owned()),
            payment_intent: Some("pi_3Abc".to_owned()),
            subscription: None,
        },
    }
}

#[test]
fn sign_payload_matches_the_independent_vector() {
    assert_eq!(
        sign_payload(PAYLOAD.as_bytes(), SECRET, T),
        format!("t={T},v1={V1}")
    );
}

#[test]
fn valid_signature_passes_and_the_event_is_read() {
    let header = format!("t={T},v1={V1}");
    assert_eq!(verify(PAYLOAD, &header, at(T)), Ok(completed_event()));
    // Upper-case hex, spaces and an ignored v0 scheme are fine too.
    let header = format!("t={T}, v0={V1_OTHER_SECRET}, v1={}", V1.to_uppercase());
    assert_eq!(verify(PAYLOAD, &header, at(T)), Ok(completed_event()));
}

#[test]
fn any_matching_v1_passes() {
    let header = format!("t={T},v1={V1_OTHER_SECRET},v1={V1}");
    assert_eq!(verify(PAYLOAD, &header, at(T)), Ok(completed_event()));
    let header = format!("t={T},v1=nothex,v1={V1}");
    assert_eq!(verify(PAYLOAD, &header, at(T)), Ok(completed_event()));
}

#[test]
fn altered_body_fails() {
    let header = format!("t={T},v1={V1}");
    let altered = PAYLOAD.replace("booking-42", "booking-43");
    assert_eq!(
        verify(&altered, &header, at(T)),
        Err(WebhookError::BadSignature)
    );
    // Even one trailing byte counts: the check is over the exact raw body.
    assert_eq!(
        verify(&format!("{PAYLOAD}\n"), &header, at(T)),
        Err(WebhookError::BadSignature)
    );
}

#[test]
fn signed_with_another_secret_fails() {
    let header = format!("t={T},v1={V1_OTHER_SECRET}");
    assert_eq!(
        verify(PAYLOAD, &header, at(T)),
        Err(WebhookError::BadSignature)
    );
    let other = StripeWebhookVerifier::new(OTHER_SECRET).unwrap();
    assert_eq!(
        other.verify(PAYLOAD.as_bytes(), &format!("t={T},v1={V1}"), at(T)),
        Err(WebhookError::BadSignature)
    );
}

#[test]
fn changed_timestamp_breaks_the_signature() {
    let header = format!("t={},v1={V1}", T + 1);
    assert_eq!(
        verify(PAYLOAD, &header, at(T)),
        Err(WebhookError::BadSignature)
    );
}

#[test]
fn timestamps_more_than_300_seconds_away_are_stale() {
    let header = format!("t={T},v1={V1}");
    let tolerance = i64::try_from(TOLERANCE_SECS).unwrap();
    assert_eq!(tolerance, 300);
    // Signed 301 s ago, and 301 s in the future.
    assert_eq!(
        verify(PAYLOAD, &header, at(T + 301)),
        Err(WebhookError::StaleTimestamp)
    );
    assert_eq!(
        verify(PAYLOAD, &header, at(T - 301)),
        Err(WebhookError::StaleTimestamp)
    );
    // Exactly 300 s either way is still inside.
    assert!(verify(PAYLOAD, &header, at(T + 300)).is_ok());
    assert!(verify(PAYLOAD, &header, at(T - 300)).is_ok());
    assert!(verify(PAYLOAD, &header, at(T) + TimeDelta::milliseconds(300_999)).is_ok());
}

#[test]
fn stale_check_comes_after_the_signature_check() {
    let header = format!("t={T},v1={V1_OTHER_SECRET}");
    assert_eq!(
        verify(PAYLOAD, &header, at(T + 10_000)),
        Err(WebhookError::BadSignature)
    );
}

#[test]
fn malformed_headers_are_refused() {
    for header in [
        format!("v1={V1}"),
        format!("t=,v1={V1}"),
        format!("t=soon,v1={V1}"),
        format!("t={T}"),
        format!("t={T},v0={V1}"),
        format!("t={T},t={},v1={V1}", T + 1),
        "garbage".to_owned(),
        "t:1,v1:2".to_owned(),
        String::new(),
    ] {
        assert_eq!(
            verify(PAYLOAD, &header, at(T)),
            Err(WebhookError::MalformedHeader),
            "{header:?}"
        );
    }
}

#[test]
fn v1_values_that_are_not_signatures_do_not_match() {
    for v1 in ["", "zz", &V1[..62], &format!("{V1}00")] {
        let header = format!("t={T},v1={v1}");
        assert_eq!(
            verify(PAYLOAD, &header, at(T)),
            Err(WebhookError::BadSignature),
            "{v1:?}"
        );
    }
}

/// Signs `event` with the helper (itself checked against the fixed vector) and verifies it.
fn verify_event(event: &Value) -> Result<GatewayEvent, WebhookError> {
    let payload = serde_json::to_vec(event).unwrap();
    let header = sign_payload(&payload, SECRET, T);
    verifier().verify(&payload, &header, at(T))
}

fn session_event(kind: &str, object: Value) -> Value {
    json!({
        "id": "evt_2",
        "object": "event",
        "type": kind,
        "data": { "object": object }
    })
}

#[test]
fn each_session_event_type_maps_to_its_kind() {
    let object = json!({
        "id": "cs_test_9",
        "object": "checkout.session",
        "status": "complete",
        "payment_status": "unpaid",
        "client_reference_id": "booking-7",
        "payment_intent": "pi_9",
        "subscription": null
    });
    for (kind, expected) in [
        ("checkout.session.completed", GatewayEventKind::Completed),
        (
            "checkout.session.async_payment_succeeded",
            GatewayEventKind::AsyncPaymentSucceeded,
        ),
        (
            "checkout.session.async_payment_failed",
            GatewayEventKind::AsyncPaymentFailed,
        ),
        ("checkout.session.expired", GatewayEventKind::Expired),
        ("checkout.session.something_new", GatewayEventKind::Other),
    ] {
        let event = verify_event(&session_event(kind, object.clone())).unwrap();
        assert_eq!(event.id, "evt_2");
        assert_eq!(event.kind, expected, "{kind}");
        assert_eq!(
            event.session,
            CheckoutState {
                id: "cs_test_9".to_owned(),
                status: CheckoutStatus::Complete,
                payment: CheckoutPayment::Unpaid,
                reference_id: Some("booking-7".to_owned()),
                payment_intent: Some("pi_9".to_owned()),
                subscription: None,
            },
            "{kind}"
        );
    }
}

#[test]
fn expanded_payment_intent_and_subscription_give_their_ids() {
    let event = verify_event(&session_event(
        "checkout.session.completed",
        json!({
            "id": "cs_test_10",
            "object": "checkout.session",
            "status": "complete",
            "payment_status": "paid",
            "client_reference_id": "membership-3",
            "payment_intent": { "id": "pi_10", "object": "payment_intent", "amount": 500 },
            "subscription": { "id": "sub_10", "object": "subscription" }
        }),
    ))
    .unwrap();
    assert_eq!(event.session.payment_intent.as_deref(), Some("pi_10"));
    assert_eq!(event.session.subscription.as_deref(), Some("sub_10"));
    assert_eq!(event.session.reference_id.as_deref(), Some("membership-3"));
}

#[test]
fn expired_and_no_payment_required_sessions_are_read() {
    let event = verify_event(&session_event(
        "checkout.session.expired",
        json!({
            "id": "cs_test_11",
            "object": "checkout.session",
            "status": "expired",
            "payment_status": "no_payment_required",
            "client_reference_id": null,
            "payment_intent": null
        }),
    ))
    .unwrap();
    assert_eq!(event.kind, GatewayEventKind::Expired);
    assert_eq!(event.session.status, CheckoutStatus::Expired);
    assert_eq!(event.session.payment, CheckoutPayment::NoPaymentRequired);
    assert_eq!(event.session.reference_id, None);
    assert_eq!(event.session.payment_intent, None);
}

#[test]
fn other_events_with_other_objects_get_an_empty_session() {
    let event = verify_event(&json!({
        "id": "evt_3",
        "type": "payment_intent.succeeded",
        "data": { "object": { "id": "pi_1", "object": "payment_intent", "status": "succeeded" } }
    }))
    .unwrap();
    assert_eq!(
        event,
        GatewayEvent {
            id: "evt_3".to_owned(),
            kind: GatewayEventKind::Other,
            session: CheckoutState {
                id: String::new(),
                status: CheckoutStatus::Open,
                payment: CheckoutPayment::Unpaid,
                reference_id: None,
                payment_intent: None,
                subscription: None,
            },
        }
    );
}

#[test]
fn session_events_with_unreadable_sessions_are_bad_payloads() {
    for object in [
        json!({ "id": "cs_1", "object": "checkout.session", "status": "open" }),
        json!({ "id": "cs_1", "object": "checkout.session", "status": "odd", "payment_status": "paid" }),
        json!({ "object": "checkout.session", "status": "open", "payment_status": "paid" }),
        json!({ "id": "pi_1", "object": "payment_intent", "status": "open", "payment_status": "paid" }),
    ] {
        let result = verify_event(&session_event("checkout.session.completed", object.clone()));
        assert!(
            matches!(result, Err(WebhookError::BadPayload(_))),
            "{object}: {result:?}"
        );
    }
}

#[test]
fn signed_payloads_that_are_not_events_are_bad_payloads() {
    for payload in [
        "not json".to_owned(),
        json!({ "type": "checkout.session.completed", "data": { "object": {} } }).to_string(),
        json!({ "id": "evt_4", "data": { "object": {} } }).to_string(),
        json!({ "id": "evt_4", "type": "charge.refunded" }).to_string(),
        json!({ "id": "evt_4", "type": "charge.refunded", "data": { "object": "x" } }).to_string(),
    ] {
        let header = sign_payload(payload.as_bytes(), SECRET, T);
        let result = verify(&payload, &header, at(T));
        assert!(
            matches!(result, Err(WebhookError::BadPayload(_))),
            "{payload}: {result:?}"
        );
    }
}

#[test]
fn secret_whitespace_is_ignored_consistently() {
    let padded = StripeWebhookVerifier::new(format!("  {SECRET}\n")).unwrap();
    let header = format!("t={T},v1={V1}");
    assert_eq!(
        padded.verify(PAYLOAD.as_bytes(), &header, at(T)),
        Ok(completed_event())
    );
    assert_eq!(
        sign_payload(PAYLOAD.as_bytes(), &format!("{SECRET}\n"), T),
        header
    );
}
