//! Card payments over HTTP: the local checkout end to end, and Stripe webhooks.

use crate::common;

use std::sync::Arc;

use actix_web::test::TestRequest;
use chrono::Utc;
use common::{TestApp, register, send};
use playspace_stripe::{StripeWebhookVerifier, sign_payload};
use serde_json::json;

async fn checkout(service: &svc!(), token: &str, event_id: &str) -> (String, String) {
    let (status, _, body) = send(
        service,
        TestRequest::post()
            .uri("/api/create-checkout-session")
            .set_json(json!({"eventId": event_id, "accessibilityRequirements": null})),
        Some(token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    (
        body["sessionId"].as_str().unwrap().to_owned(),
        body["url"].as_str().unwrap().to_owned(),
    )
}

async fn participants(service: &svc!(), event_id: &str) -> i64 {
    let (_, _, body) = send(
        service,
        TestRequest::get().uri(&format!("/api/events/{event_id}")),
        None,
    )
    .await;
    body["currentParticipants"].as_i64().unwrap()
}

async fn raw(service: &svc!(), request: TestRequest) -> (u16, Option<String>, String) {
    let response = actix_web::test::call_service(service, request.to_request()).await;
    let status = response.status().as_u16();
    let location = response
        .headers()
        .get("location")
        .map(|v| v.to_str().unwrap().to_owned());
    let body = String::from_utf8(actix_web::test::read_body(response).await.to_vec()).unwrap();
    (status, location, body)
}

#[actix_web::test]
async fn paying_at_the_local_checkout_confirms_the_booking() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.price_pence(800).places(0, 4));
    let id = event.id.to_string();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let (session, url) = checkout(&service, &token, &id).await;
    assert!(url.ends_with(&format!("/checkout/{session}")));
    assert_eq!(participants(&service, &id).await, 1, "the place is held");

    let (status, _, page) = raw(
        &service,
        TestRequest::get().uri(&format!("/checkout/{session}")),
    )
    .await;
    assert_eq!(status, 200);
    assert!(page.contains("Pay £8.00") && page.contains(&event.title));
    let (status, location, _) = raw(
        &service,
        TestRequest::post().uri(&format!("/checkout/{session}/pay")),
    )
    .await;
    assert_eq!(status, 303);
    assert_eq!(
        location.unwrap(),
        format!("http://127.0.0.1:8080/success?session_id={session}")
    );

    let (status, _, body) = send(
        &service,
        TestRequest::get().uri(&format!("/api/confirm-payment?session_id={session}")),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["booking"]["status"], "confirmed");
    assert_eq!(body["booking"]["paymentStatus"], "paid");
    assert_eq!(body["booking"]["paymentMethod"], "card");
    assert_eq!(participants(&service, &id).await, 1);
    let kinds: Vec<String> = app.emails().into_iter().map(|(_, k, _)| k).collect();
    assert!(
        kinds.ends_with(&["booking_confirmation".into(), "payment_confirmation".into()]),
        "{kinds:?}"
    );
    let (status, _, _) = raw(
        &service,
        TestRequest::post().uri(&format!("/checkout/{session}/pay")),
    )
    .await;
    assert_eq!(
        status, 303,
        "paying twice just goes back to the closed page"
    );
    assert_eq!(app.emails().len(), kinds.len(), "no second confirmation");
}

#[actix_web::test]
async fn cancelling_at_checkout_releases_the_place_and_only_the_owner_can() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.price_pence(800).places(0, 1));
    let id = event.id.to_string();
    let service = app.service().await;
    let ana = register(&service, "ana@example.org").await.0;
    let bo = register(&service, "bo@example.org").await.0;
    let (session, _) = checkout(&service, &ana, &id).await;
    let (status, location, _) = raw(
        &service,
        TestRequest::post().uri(&format!("/checkout/{session}/cancel")),
    )
    .await;
    assert_eq!(status, 303);
    let location = location.unwrap();
    assert!(location.contains("/cancel?booking_id="), "{location}");
    let booking_id = location.rsplit('=').next().unwrap();

    let cancel = |id: &str| {
        TestRequest::post()
            .uri("/api/cancel-payment")
            .set_json(json!({"booking_id": id}))
    };
    assert_eq!(
        send(&service, cancel(booking_id), Some(&bo)).await.0,
        404,
        "not bo's booking"
    );
    assert_eq!(send(&service, cancel(booking_id), None).await.0, 401);
    let (_, _, peek) = send(
        &service,
        TestRequest::get().uri(&format!("/api/confirm-payment?session_id={session}")),
        Some(&bo),
    )
    .await;
    assert_eq!(peek["error"], "No payment session found");
    assert_eq!(participants(&service, &id).await, 1);
    assert_eq!(send(&service, cancel(booking_id), Some(&ana)).await.0, 200);
    assert_eq!(participants(&service, &id).await, 0, "released");
    // The released place can be taken by someone else at once.
    checkout(&service, &bo, &id).await;
}

#[actix_web::test]
async fn free_events_and_signed_out_visitors_do_not_reach_the_checkout() {
    let app = TestApp::new();
    let free = app.event(3, |e| e);
    let service = app.service().await;
    let request = || {
        TestRequest::post()
            .uri("/api/create-checkout-session")
            .set_json(json!({"eventId": free.id.to_string()}))
    };
    let (status, _, body) = send(&service, request(), None).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("Please log in to book this event."))
    );
    let token = register(&service, "ana@example.org").await.0;
    let (status, _, body) = send(&service, request(), Some(&token)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("payment_not_required"))
    );
}

const SECRET: &str = "whsec_test_secret";

fn completed(event_id: &str, session: &str) -> String {
    json!({
        "id": event_id,
        "object": "event",
        "type": "checkout.session.completed",
        "data": {"object": {"id": session, "object": "checkout.session", "status": "complete",
            "payment_status": "paid", "payment_intent": "pi_test_1", "client_reference_id": "x"}}
    })
    .to_string()
}

fn webhook(payload: &str, signature: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/stripe/webhook")
        .insert_header(("content-type", "application/json"))
        .insert_header(("stripe-signature", signature.to_owned()))
        .set_payload(payload.to_owned())
}

#[actix_web::test]
async fn webhooks_need_a_valid_fresh_signature_and_count_once() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.price_pence(800).places(0, 4));
    let id = event.id.to_string();
    let service = app
        .service_with(|state| {
            state.webhooks = Some(Arc::new(StripeWebhookVerifier::new(SECRET).unwrap()))
        })
        .await;
    let token = register(&service, "ana@example.org").await.0;
    let (session, _) = checkout(&service, &token, &id).await;
    let payload = completed("evt_1", &session);
    let now = Utc::now().timestamp();

    for (body, signature) in [
        (
            payload.clone(),
            sign_payload(payload.as_bytes(), "whsec_wrong", now),
        ),
        (
            payload.replace("pi_test_1", "pi_evil"),
            sign_payload(payload.as_bytes(), SECRET, now),
        ),
        (
            payload.clone(),
            sign_payload(payload.as_bytes(), SECRET, now - 301),
        ),
        (payload.clone(), "garbage".to_owned()),
    ] {
        let (status, _, body) = send(&service, webhook(&body, &signature), None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("invalid_signature"))
        );
    }
    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri("/api/bookings"),
        Some(&token),
    )
    .await;
    assert_eq!(mine[0]["status"], "pending", "nothing changed");

    let emails_before = app.emails().len();
    let signature = sign_payload(payload.as_bytes(), SECRET, now);
    let deliveries = (0..5).map(|_| send(&service, webhook(&payload, &signature), None));
    // Delivered together: the handlers' database work runs on the blocking pool, so the
    // five really overlap.
    let results = futures_util::future::join_all(deliveries).await;
    assert!(results.iter().all(|(status, _, _)| *status == 200));
    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri("/api/bookings"),
        Some(&token),
    )
    .await;
    assert_eq!(mine[0]["status"], "confirmed");
    assert_eq!(mine[0]["paymentStatus"], "paid");
    assert_eq!(
        app.emails().len(),
        emails_before + 2,
        "one confirmation and one receipt"
    );
    assert_eq!(participants(&service, &id).await, 1);
}

#[actix_web::test]
async fn expiry_releases_once_and_a_late_payment_never_oversells() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.price_pence(800).places(0, 1));
    let id = event.id.to_string();
    let service = app
        .service_with(|state| {
            state.webhooks = Some(Arc::new(StripeWebhookVerifier::new(SECRET).unwrap()))
        })
        .await;
    let ana = register(&service, "ana@example.org").await.0;
    let bo = register(&service, "bo@example.org").await.0;
    let (session, _) = checkout(&service, &ana, &id).await;
    let now = Utc::now().timestamp();
    for event_id in ["evt_exp_1", "evt_exp_2"] {
        let expired = completed(event_id, &session)
            .replace("checkout.session.completed", "checkout.session.expired")
            .replace("\"complete\"", "\"expired\"")
            .replace("\"paid\"", "\"unpaid\"");
        assert_eq!(
            send(
                &service,
                webhook(&expired, &sign_payload(expired.as_bytes(), SECRET, now)),
                None
            )
            .await
            .0,
            200
        );
    }
    assert_eq!(
        participants(&service, &id).await,
        0,
        "released exactly once"
    );
    checkout(&service, &bo, &id).await;
    assert_eq!(participants(&service, &id).await, 1);

    let late = completed("evt_late", &session);
    assert_eq!(
        send(
            &service,
            webhook(&late, &sign_payload(late.as_bytes(), SECRET, now)),
            None
        )
        .await
        .0,
        200
    );
    assert_eq!(participants(&service, &id).await, 1, "never oversold");
    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri("/api/bookings"),
        Some(&ana),
    )
    .await;
    assert_eq!(mine[0]["status"], "cancelled");
    assert_eq!(
        mine[0]["paymentStatus"], "refunded",
        "the late payment was refunded"
    );
}
