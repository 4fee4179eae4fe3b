//! The browser tests' clock: `POST /api/test/clock` moves time only on a server started
//! with TEST_CLOCK=on, and sends the reminders that became due.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::Arc;

use actix_web::test::TestRequest;
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
