//! The blog's newsletter over HTTP: double opt-in, the one answer whether or not an address
//! is subscribed, the honeypot, the rate limit, the confirmation link and leaving through
//! /api/unsubscribe.

use crate::common;

use actix_web::test::TestRequest;
use chrono::{Duration, Utc};
use common::{TestApp, send, send_from};
use playspace_domain::Email;
use playspace_ports::NewsletterStore;
use serde_json::{Value, json};

fn subscribe(email: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/newsletter")
        .set_json(json!({ "email": email }))
}

fn confirm(token: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/newsletter/confirm")
        .set_json(json!({ "token": token }))
}

fn the_answer() -> Value {
    json!({
        "title": "Check your inbox",
        "message": "If this address isn't subscribed yet, we've sent a link to confirm it."
    })
}

/// Confirmation emails in the outbox, as (to, text body).
fn confirmations(app: &TestApp) -> Vec<(String, String)> {
    app.emails()
        .into_iter()
        .filter(|(_, kind, _)| kind == "newsletter_confirm")
        .map(|(to, _, text)| (to, text))
        .collect()
}

/// The token in the newest confirmation email's link.
fn confirm_token_sent(app: &TestApp) -> String {
    let (_, text) = confirmations(app).pop().expect("a confirmation email");
    let start =
        text.find("/newsletter/confirm?token=").unwrap() + "/newsletter/confirm?token=".len();
    text[start..].split_whitespace().next().unwrap().to_owned()
}

fn status_of(app: &TestApp, email: &str) -> Option<String> {
    app.store
        .newsletter_subscriber(&Email::parse(email).unwrap())
        .unwrap()
        .map(|s| s.status.as_str().to_owned())
}

#[actix_web::test]
async fn subscribing_sends_a_link_that_confirms_the_address() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = send(&service, subscribe(" Ana@Example.org "), None).await;
    assert_eq!((status, body), (200, the_answer()));
    let sent = confirmations(&app);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, "ana@example.org", "the canonical address");
    assert!(
        sent[0]
            .1
            .contains("http://127.0.0.1:8080/newsletter/confirm?token=")
    );
    assert_eq!(
        status_of(&app, "ana@example.org").as_deref(),
        Some("pending")
    );

    let token = confirm_token_sent(&app);
    let (status, _, body) = send(&service, confirm(&token), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["message"],
        "You're subscribed to the PlaySpace newsletter. Thank you!"
    );
    assert_eq!(
        status_of(&app, "ana@example.org").as_deref(),
        Some("confirmed")
    );
    // The link again is fine.
    assert_eq!(send(&service, confirm(&token), None).await.0, 200);
}

#[actix_web::test]
async fn an_address_already_on_the_list_gets_the_same_answer_and_no_email() {
    let app = TestApp::new();
    let service = app.service().await;
    send(&service, subscribe("ana@example.org"), None).await;
    // Pending: no second link within the hour.
    let (status, _, body) = send(&service, subscribe("ANA@example.org"), None).await;
    assert_eq!((status, body), (200, the_answer()));
    assert_eq!(confirmations(&app).len(), 1);

    let token = confirm_token_sent(&app);
    assert_eq!(send(&service, confirm(&token), None).await.0, 200);
    // Confirmed: the same answer, and no email at all, even hours later.
    let later = app.service_at(Utc::now() + Duration::hours(3)).await;
    let (status, _, body) = send(&later, subscribe("ana@example.org"), None).await;
    assert_eq!((status, body), (200, the_answer()));
    assert_eq!(confirmations(&app).len(), 1);
    assert_eq!(
        status_of(&app, "ana@example.org").as_deref(),
        Some("confirmed")
    );
}

#[actix_web::test]
async fn a_pending_address_gets_a_fresh_link_an_hour_later() {
    let app = TestApp::new();
    send(&app.service().await, subscribe("ana@example.org"), None).await;
    let later = app.service_at(Utc::now() + Duration::minutes(61)).await;
    assert_eq!(
        send(&later, subscribe("ana@example.org"), None).await.0,
        200
    );
    assert_eq!(confirmations(&app).len(), 2);
}

#[actix_web::test]
async fn a_bad_address_gets_the_forms_message() {
    let app = TestApp::new();
    let service = app.service().await;
    for body in [
        json!({ "email": "not-an-email" }),
        json!({ "email": "" }),
        json!({}),
    ] {
        let request = TestRequest::post().uri("/api/newsletter").set_json(body);
        let (status, _, body) = send(&service, request, None).await;
        assert_eq!(status, 400);
        assert_eq!(
            body,
            json!({
                "error": "Please check the highlighted fields.",
                "code": "validation_failed",
                "fieldErrors": { "email": "Invalid email address" }
            })
        );
    }
    let not_json = TestRequest::post()
        .uri("/api/newsletter")
        .insert_header(("content-type", "application/json"))
        .set_payload("{");
    let (status, _, body) = send(&service, not_json, None).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_json")));
    assert!(confirmations(&app).is_empty());
}

#[actix_web::test]
async fn a_filled_honeypot_gets_the_answer_and_nothing_happens() {
    let app = TestApp::new();
    let service = app.service().await;
    let request = TestRequest::post()
        .uri("/api/newsletter")
        .set_json(json!({ "email": "ana@example.org", "website": "https://spam.example" }));
    let (status, _, body) = send(&service, request, None).await;
    assert_eq!((status, body), (200, the_answer()));
    assert!(confirmations(&app).is_empty());
    assert_eq!(status_of(&app, "ana@example.org"), None);
    // An empty honeypot is a person.
    let request = TestRequest::post()
        .uri("/api/newsletter")
        .set_json(json!({ "email": "ana@example.org", "website": "" }));
    assert_eq!(send(&service, request, None).await.0, 200);
    assert_eq!(confirmations(&app).len(), 1);
}

#[actix_web::test]
async fn each_address_may_subscribe_five_times_per_fifteen_minutes() {
    let app = TestApp::new();
    let service = app.service().await;
    for i in 0..5 {
        let (status, _, _) = send_from(
            &service,
            subscribe(&format!("person{i}@example.org")),
            None,
            "10.9.9.9",
        )
        .await;
        assert_eq!(status, 200);
    }
    let (status, headers, body) =
        send_from(&service, subscribe("six@example.org"), None, "10.9.9.9").await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")));
    assert!(headers.get("retry-after").is_some());
    assert_eq!(confirmations(&app).len(), 5);
    // Another address is not held back.
    let (status, _, _) = send_from(&service, subscribe("six@example.org"), None, "10.9.9.8").await;
    assert_eq!(status, 200);
}

#[actix_web::test]
async fn tampered_foreign_and_expired_confirmation_links_are_refused() {
    let app = TestApp::new();
    let service = app.service().await;
    send(&service, subscribe("ana@example.org"), None).await;
    let token = confirm_token_sent(&app);
    // Another subject under the same signature.
    let first = if token.starts_with('A') { "B" } else { "A" };
    let tampered = format!("{first}{}", &token[1..]);
    let id = app
        .store
        .newsletter_subscriber(&Email::parse("ana@example.org").unwrap())
        .unwrap()
        .unwrap()
        .id;
    // Signed for unsubscribing from the newsletter, not for confirming.
    let unsubscribe = app.state().links.sign("newsletter", &id.to_string());
    for bad in [tampered.as_str(), "", "garbage", unsubscribe.as_str()] {
        let (status, _, body) = send(&service, confirm(bad), None).await;
        assert_eq!(status, 400, "{bad}");
        assert_eq!(body["code"], "invalid_token");
        assert_eq!(
            body["error"],
            "This confirmation link is not valid or has expired. Please subscribe again to get a new one."
        );
    }
    let expired = app.service_at(Utc::now() + Duration::days(7)).await;
    assert_eq!(send(&expired, confirm(&token), None).await.0, 400);
    assert_eq!(
        status_of(&app, "ana@example.org").as_deref(),
        Some("pending")
    );
    let fresh = app
        .service_at(Utc::now() + Duration::days(6) + Duration::hours(23))
        .await;
    assert_eq!(send(&fresh, confirm(&token), None).await.0, 200);
}

#[actix_web::test]
async fn a_newsletter_unsubscribe_link_works_through_the_unsubscribe_page() {
    let app = TestApp::new();
    let service = app.service().await;
    send(&service, subscribe("ana.silva@example.org"), None).await;
    let confirm_token = confirm_token_sent(&app);
    assert_eq!(send(&service, confirm(&confirm_token), None).await.0, 200);
    let id = app
        .store
        .newsletter_subscriber(&Email::parse("ana.silva@example.org").unwrap())
        .unwrap()
        .unwrap()
        .id;
    let token = app.state().links.sign("newsletter", &id.to_string());

    let show = TestRequest::get().uri(&format!("/api/unsubscribe?token={token}"));
    let (status, _, body) = send(&service, show, None).await;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({ "email": "a***@example.org", "list": "newsletter" })
    );
    let leave = TestRequest::post()
        .uri("/api/unsubscribe")
        .set_json(json!({ "token": token }));
    let (status, _, body) = send(&service, leave, None).await;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({
            "message": "You will no longer receive the PlaySpace newsletter.",
            "list": "newsletter"
        })
    );
    assert_eq!(
        status_of(&app, "ana.silva@example.org").as_deref(),
        Some("unsubscribed")
    );
    // The old confirmation link does not bring the address back...
    assert_eq!(send(&service, confirm(&confirm_token), None).await.0, 400);
    // ...subscribing again does, with a new link.
    let (status, _, body) = send(&service, subscribe("ana.silva@example.org"), None).await;
    assert_eq!((status, body), (200, the_answer()));
    assert_eq!(confirmations(&app).len(), 2);
    let again = confirm_token_sent(&app);
    assert_eq!(send(&service, confirm(&again), None).await.0, 200);
    assert_eq!(
        status_of(&app, "ana.silva@example.org").as_deref(),
        Some("confirmed")
    );
}
