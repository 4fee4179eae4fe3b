//! Booking over HTTP: rules, ownership, mass assignment, cancel and calendar files.

use crate::common;

use actix_web::test::TestRequest;
use chrono::{Duration, Utc};
use common::{TestApp, register, send};
use serde_json::json;

fn book(event_id: &str, extra: serde_json::Value) -> TestRequest {
    let mut body = json!({"eventId": event_id, "accessibilityRequirements": "Step-free access"});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    TestRequest::post().uri("/api/bookings").set_json(body)
}

#[actix_web::test]
async fn signed_out_visitors_are_asked_to_log_in() {
    let app = TestApp::new();
    let event = app.event(2, |e| e);
    let service = app.service().await;
    let (status, _, body) = send(&service, book(&event.id.to_string(), json!({})), None).await;
    assert_eq!(status, 401);
    assert_eq!(body["error"], "You must be logged in to book events");
    assert_eq!(
        send(&service, TestRequest::get().uri("/api/bookings"), None)
            .await
            .0,
        401
    );
}

#[actix_web::test]
async fn a_cash_booking_is_confirmed_emailed_and_counted() {
    let app = TestApp::new();
    let event = app.event(2, |e| e.price_pence(500).places(0, 10));
    let service = app.service().await;
    let (token, user_id) = register(&service, "ana@example.org").await;
    let extra =
        json!({"userId": user_id, "status": "cancelled", "paymentStatus": "paid", "price": "0.00"});
    let (status, _, body) = send(&service, book(&event.id.to_string(), extra), Some(&token)).await;
    assert_eq!(status, 201, "{body}");
    assert!(body["reference"].as_str().unwrap().starts_with("PS-"));
    assert_eq!(body["eventId"], event.id.to_string());
    assert_eq!(body["userId"], user_id);
    assert_eq!(body["status"], "confirmed", "status in the body is ignored");
    assert_eq!(
        body["paymentStatus"], "pending",
        "payment status in the body is ignored"
    );
    assert_eq!(body["amount"], "5.00", "price in the body is ignored");
    assert_eq!(body["accessibilityRequirements"], "Step-free access");
    assert!(body["createdAt"].as_str().unwrap().ends_with('Z'));

    let (_, _, detail) = send(
        &service,
        TestRequest::get().uri(&format!("/api/events/{}", event.id)),
        None,
    )
    .await;
    assert_eq!(detail["currentParticipants"], 1);
    let (_, _, list) = send(&service, TestRequest::get().uri("/api/events"), None).await;
    assert_eq!(
        list[0]["currentParticipants"], 1,
        "the cached list was refreshed"
    );
    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri("/api/bookings"),
        Some(&token),
    )
    .await;
    assert_eq!(mine[0]["reference"], body["reference"]);
    // The cut-off comes from the server: two hours before the start.
    let until = (event.starts_at - chrono::Duration::hours(2))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    assert_eq!(mine[0]["cancellableUntil"], until.as_str());
    assert_eq!(mine[0]["event"]["title"], event.title);
    let (to, kind, text) = app.emails().pop().unwrap();
    assert_eq!(
        (to.as_str(), kind.as_str()),
        ("ana@example.org", "booking_confirmation")
    );
    assert!(
        text.contains(body["reference"].as_str().unwrap())
            && text.contains("arrive 15 minutes early")
    );
}

#[actix_web::test]
async fn nobody_books_for_someone_else() {
    let app = TestApp::new();
    let event = app.event(2, |e| e);
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let (_, other) = register(&service, "bo@example.org").await;
    let (status, _, body) = send(
        &service,
        book(&event.id.to_string(), json!({"userId": other})),
        Some(&token),
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")));
}

#[actix_web::test]
async fn refusals_have_their_codes() {
    let app = TestApp::new();
    let full = app.event(2, |e| e.places(5, 5));
    let open = app.event(2, |e| e.places(0, 5));
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let code = |r: (u16, actix_web::http::header::HeaderMap, serde_json::Value)| {
        (r.0, r.2["code"].as_str().unwrap().to_owned())
    };
    assert_eq!(
        code(
            send(
                &service,
                book(&full.id.to_string(), json!({})),
                Some(&token)
            )
            .await
        ),
        (409, "event_full".into())
    );
    assert_eq!(
        send(
            &service,
            book(&open.id.to_string(), json!({})),
            Some(&token)
        )
        .await
        .0,
        201
    );
    assert_eq!(
        code(
            send(
                &service,
                book(&open.id.to_string(), json!({})),
                Some(&token)
            )
            .await
        ),
        (409, "already_booked".into())
    );
    assert_eq!(
        code(send(&service, book("nope", json!({})), Some(&token)).await),
        (404, "event_not_found".into())
    );
}

#[actix_web::test]
async fn the_community_plan_allows_two_events_a_month() {
    let app = TestApp::new();
    let day = Utc::now() + Duration::days(45);
    let events: Vec<_> = (0..3)
        .map(|i| {
            let e = playspace_test_support::EventBuilder::new()
                .starts_at(day + Duration::minutes(i))
                .build();
            playspace_ports::EventRepository::insert(&app.store, &e).unwrap();
            e
        })
        .collect();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    for e in &events[..2] {
        assert_eq!(
            send(&service, book(&e.id.to_string(), json!({})), Some(&token))
                .await
                .0,
            201
        );
    }
    let (status, _, body) = send(
        &service,
        book(&events[2].id.to_string(), json!({})),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("monthly_limit_reached"))
    );
}

#[actix_web::test]
async fn only_the_owner_cancels_and_gets_the_calendar_file() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.title("Carers' Yoga, gentle").places(0, 5));
    let service = app.service().await;
    let (ana, _) = register(&service, "ana@example.org").await;
    let (bo, _) = register(&service, "bo@example.org").await;
    let (_, _, booking) = send(&service, book(&event.id.to_string(), json!({})), Some(&ana)).await;
    let id = booking["id"].as_str().unwrap();
    let reference = booking["reference"].as_str().unwrap();

    let ics_uri = format!("/api/bookings/{id}/calendar.ics");
    let cancel_uri = format!("/api/bookings/{id}/cancel");
    assert_eq!(
        send(&service, TestRequest::get().uri(&ics_uri), Some(&bo))
            .await
            .0,
        404
    );
    assert_eq!(
        send(&service, TestRequest::post().uri(&cancel_uri), Some(&bo))
            .await
            .0,
        404
    );
    assert_eq!(
        send(&service, TestRequest::get().uri(&ics_uri), None)
            .await
            .0,
        401
    );

    let response = actix_web::test::call_service(
        &service,
        TestRequest::get()
            .uri(&ics_uri)
            .insert_header(("Authorization", format!("Bearer {ana}")))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers().get("content-type").unwrap(),
        "text/calendar; charset=utf-8"
    );
    assert_eq!(
        response
            .headers()
            .get("content-disposition")
            .unwrap()
            .to_str()
            .unwrap(),
        format!("attachment; filename=\"{reference}.ics\"")
    );
    let ics = String::from_utf8(actix_web::test::read_body(response).await.to_vec()).unwrap();
    assert!(ics.contains(&format!("UID:{reference}@playspace\r\n")));
    assert!(ics.contains("SUMMARY:Carers' Yoga\\, gentle\r\n"));
    assert!(
        ics.contains("TRIGGER:-PT60M\r\n"),
        "the default reminder offset"
    );

    let (status, _, body) = send(&service, TestRequest::post().uri(&cancel_uri), Some(&ana)).await;
    assert_eq!(status, 200, "{body}");
    let (_, _, detail) = send(
        &service,
        TestRequest::get().uri(&format!("/api/events/{}", event.id)),
        None,
    )
    .await;
    assert_eq!(detail["currentParticipants"], 0, "the place is released");
    assert_eq!(app.emails().pop().unwrap().1, "booking_cancellation");
    assert_eq!(
        send(&service, TestRequest::post().uri(&cancel_uri), Some(&ana))
            .await
            .0,
        404,
        "once"
    );
}

#[actix_web::test]
async fn cancelling_closes_two_hours_before_the_start() {
    let app = TestApp::new();
    let event = app.event(1, |e| e.places(0, 5));
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let (_, _, booking) = send(
        &service,
        book(&event.id.to_string(), json!({})),
        Some(&token),
    )
    .await;
    let late = app
        .service_at(event.starts_at - Duration::minutes(119))
        .await;
    let uri = format!("/api/bookings/{}/cancel", booking["id"].as_str().unwrap());
    let (status, _, body) = send(&late, TestRequest::post().uri(&uri), Some(&token)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("cancellation_closed"))
    );
}
