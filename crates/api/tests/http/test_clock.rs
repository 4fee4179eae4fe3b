//! The browser tests' clock: `POST /api/test/clock` moves time only on a server started
//! with TEST_CLOCK=on, and sends the reminders and session-alert digests that became due;
//! a digest's unsubscribe link works without signing in, for session alerts only, until it
//! expires.

use crate::common;

use std::sync::Arc;

use actix_web::test::TestRequest;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{Duration, Utc};
use common::{TestApp, book_cash, register, send};
use playspace_api::test_clock::ShiftedClock;
use serde_json::json;

fn move_clock(offset_seconds: i64) -> TestRequest {
    TestRequest::post()
        .uri("/api/test/clock")
        .set_json(json!({ "offsetSeconds": offset_seconds }))
}

#[actix_web::test]
async fn without_the_test_mode_the_route_does_not_exist() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = send(&service, move_clock(3600), None).await;
    let (_, _, unknown) = send(
        &service,
        TestRequest::post().uri("/api/no-such-route"),
        None,
    )
    .await;
    assert_eq!((status, &body), (404, &unknown));
    let (status, _, _) = send(
        &service,
        TestRequest::post()
            .uri("/api/test/clock")
            .set_payload("nonsense"),
        None,
    )
    .await;
    assert_eq!(status, 404, "nothing about the body gives it away");
}

#[actix_web::test]
async fn moving_the_clock_sends_the_reminders_that_became_due_once() {
    let app = TestApp::new();
    let shifted = Arc::new(ShiftedClock::default());
    let service = app
        .service_with(|state| {
            state.clock = shifted.clone();
            state.test_clock = Some(shifted.clone());
        })
        .await;
    let event = app.event(0, |e| {
        e.starts_at(Utc::now() + Duration::hours(2))
            .price_pence(0)
            .title("Evening Swim")
    });
    let (token, user) = register(&service, "ana@example.org").await;
    book_cash(&service, &token, &event.id.to_string()).await;

    let (status, _, body) = send(&service, move_clock(3600 + 60), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["remindersSent"], 1,
        "the 1-hour one; the others' moments came before the booking"
    );
    let now = chrono::DateTime::parse_from_rfc3339(body["now"].as_str().unwrap()).unwrap();
    assert!(
        (now.with_timezone(&Utc) - Utc::now() - Duration::minutes(61))
            .num_seconds()
            .abs()
            < 5
    );
    let reminders: Vec<_> = common::notifications(&app)
        .into_iter()
        .filter(|(to, _)| *to == user)
        .map(|(_, title)| title)
        .filter(|title| title == "Event Reminder")
        .collect();
    assert_eq!(reminders.len(), 1);

    let (_, _, again) = send(&service, move_clock(3600 + 90), None).await;
    assert_eq!(again["remindersSent"], 0, "each reminder once");

    let (status, _, body) = send(&service, move_clock(400 * 24 * 3600), None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_offset"))
    );
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/test/clock")
            .set_json(json!({})),
        None,
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_body")));

    let (status, _, body) = send(&service, move_clock(0), None).await;
    assert_eq!(status, 200);
    let now = chrono::DateTime::parse_from_rfc3339(body["now"].as_str().unwrap()).unwrap();
    assert!(
        (now.with_timezone(&Utc) - Utc::now()).num_seconds().abs() < 5,
        "back to real time"
    );
}

fn unsubscribe_get(token: &str) -> TestRequest {
    TestRequest::get().uri(&format!("/api/unsubscribe?token={token}"))
}

fn unsubscribe_post(token: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/unsubscribe")
        .set_json(json!({ "token": token }))
}

async fn preferences(service: &svc!(), token: &str) -> serde_json::Value {
    let (status, _, body) = send(
        service,
        TestRequest::get().uri("/api/user/preferences"),
        Some(token),
    )
    .await;
    assert_eq!(status, 200);
    body["preferences"].clone()
}

#[actix_web::test]
async fn moving_the_clock_sends_due_digests_once_and_their_link_stops_session_alerts() {
    let app = TestApp::new();
    let shifted = Arc::new(ShiftedClock::default());
    let service = app
        .service_with(|state| {
            state.clock = shifted.clone();
            state.test_clock = Some(shifted.clone());
        })
        .await;
    let (token, user) = register(&service, "ana@example.org").await;
    let mut prefs = preferences(&service, &token).await;
    prefs["sports"]["favorites"] = json!(["Football"]);
    prefs["availability"]["days"] = json!(["Flexible"]);
    prefs["availability"]["times"] = json!(["Morning", "Afternoon", "Evening", "Late Night"]);
    prefs["notifications"]["recommendations"] = json!({"enabled": true, "frequency": "daily"});
    let (status, _, body) = send(
        &service,
        TestRequest::put()
            .uri("/api/user/preferences")
            .set_json(json!({ "preferences": prefs })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let event = app.event(30, |e| {
        e.category("Football")
            .title("Five-a-side")
            .created_at(Utc::now())
    });

    let (_, _, body) = send(&service, move_clock(3600), None).await;
    assert_eq!(
        body["digestsSent"], 0,
        "a first digest waits a day from joining"
    );
    let (status, _, body) = send(&service, move_clock(24 * 3600 + 60), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["remindersSent"].as_u64(), body["digestsSent"].as_u64()),
        (Some(0), Some(1))
    );
    let (_, _, again) = send(&service, move_clock(24 * 3600 + 120), None).await;
    assert_eq!(again["digestsSent"], 0, "once a period");
    let digests: Vec<_> = common::notifications(&app)
        .into_iter()
        .filter(|(to, title)| *to == user && title == "New sessions for you")
        .collect();
    assert_eq!(digests.len(), 1);

    let (_, _, text) = app
        .emails()
        .into_iter()
        .find(|(to, kind, _)| to == "ana@example.org" && kind == "session_digest")
        .expect("a digest email");
    assert!(text.contains(&format!("/events/{}", event.id)), "{text}");
    assert!(text.contains("/preferences"), "{text}");
    let start = text.find("/unsubscribe?token=").unwrap() + "/unsubscribe?token=".len();
    let link = text[start..].split_whitespace().next().unwrap().to_owned();

    let (status, _, body) = send(&service, unsubscribe_get(&link), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({"email": "a***@example.org", "list": "session-alerts"})
    );

    // Tampered: another person or a later expiry under the same signature, a flipped bit.
    let (_, signature) = link.split_once('.').unwrap();
    let forged = |subject: String| format!("{}.{signature}", URL_SAFE_NO_PAD.encode(subject));
    let far = (Utc::now() + Duration::days(3650)).timestamp();
    let mut flipped = link.clone();
    let last = flipped.pop().unwrap();
    flipped.push(if last == 'A' { 'B' } else { 'A' });
    for bad in [
        forged(format!("01937b9e-0000-7000-8000-000000000000:{far}")),
        forged(format!("{user}:{far}")),
        forged(user.clone()),
        flipped,
    ] {
        for request in [unsubscribe_get(&bad), unsubscribe_post(&bad)] {
            let (status, _, body) = send(&service, request, None).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (400, Some("invalid_token")),
                "{bad}"
            );
            assert_eq!(
                body["error"],
                "This unsubscribe link is not valid. Please use the link from your most recent email."
            );
        }
    }

    // Each list's link works for its own list only.
    let links = app.state().links;
    let alert_subject = String::from_utf8(
        URL_SAFE_NO_PAD
            .decode(link.split_once('.').unwrap().0)
            .unwrap(),
    )
    .unwrap();
    let alert_as_marketing = links.sign("unsubscribe", &alert_subject);
    let (status, _, body) = send(&service, unsubscribe_post(&alert_as_marketing), None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_token"))
    );
    let marketing = links.sign("unsubscribe", &user);
    let (status, _, body) = send(&service, unsubscribe_post(&marketing), None).await;
    assert_eq!((status, body["list"].as_str()), (200, Some("marketing")));
    let prefs = preferences(&service, &token).await;
    assert_eq!(
        prefs["notifications"]["recommendations"]["enabled"], true,
        "a marketing link leaves session alerts on"
    );

    let (status, _, body) = send(&service, unsubscribe_post(&link), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({
            "message": "You will no longer receive new session emails and notifications from PlaySpace.",
            "list": "session-alerts"
        })
    );
    let prefs = preferences(&service, &token).await;
    assert_eq!(prefs["notifications"]["recommendations"]["enabled"], false);
    assert_eq!(
        prefs["sports"]["favorites"],
        json!(["Football"]),
        "the rest kept"
    );
    assert_eq!(
        send(&service, unsubscribe_post(&link), None).await.0,
        200,
        "again is fine"
    );

    // Off: a new session and a day later, no digest.
    app.event(40, |e| {
        e.category("Football")
            .created_at(Utc::now() + Duration::days(1))
    });
    let (_, _, body) = send(&service, move_clock(3 * 24 * 3600), None).await;
    assert_eq!(body["digestsSent"], 0);

    // Sixty days after the digest the link has expired.
    let (_, _, _) = send(&service, move_clock(61 * 24 * 3600 + 60), None).await;
    let (status, _, body) = send(&service, unsubscribe_get(&link), None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_token"))
    );
}
