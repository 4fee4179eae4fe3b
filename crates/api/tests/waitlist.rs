//! The waitlist over HTTP: joining a full event, the offer when a place frees up, claiming
//! it, leaving, and who may do what.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use actix_web::test::TestRequest;
use common::{TestApp, register, send};
use playspace_app::bookings::announce_waitlist_offers;
use serde_json::json;

fn waitlist(event: &str) -> String {
    format!("/api/events/{event}/waitlist")
}

#[actix_web::test]
async fn signed_out_visitors_are_asked_to_log_in() {
    let app = TestApp::new();
    let event = app.event(2, |e| e.places(5, 5)).id.to_string();
    let service = app.service().await;
    for request in [
        TestRequest::get().uri(&waitlist(&event)),
        TestRequest::post().uri(&waitlist(&event)),
        TestRequest::delete().uri(&waitlist(&event)),
    ] {
        let (status, _, body) = send(&service, request, None).await;
        assert_eq!(status, 401);
        assert_eq!(body["error"], "You must be logged in to join the waitlist");
    }
    let claim = TestRequest::post().uri(&format!("{}/claim", waitlist(&event)));
    let (status, _, body) = send(&service, claim, None).await;
    assert_eq!(status, 401);
    assert_eq!(body["error"], "You must be logged in to book events");
}

#[actix_web::test]
async fn only_full_events_have_a_queue_and_each_person_joins_once() {
    let app = TestApp::new();
    let open = app.event(2, |e| e.places(3, 5)).id.to_string();
    let full = app.event(2, |e| e.places(5, 5)).id.to_string();
    let started = app.event(-1, |e| e.places(5, 5)).id.to_string();
    let service = app.service().await;
    let (ana, _) = register(&service, "ana@example.org").await;
    let (ben, _) = register(&service, "ben@example.org").await;

    let join = |event: &str| TestRequest::post().uri(&waitlist(event));
    let (status, _, body) = send(&service, join(&open), Some(&ana)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("event_not_full"))
    );
    assert_eq!(
        body["error"],
        "This event still has places: book one instead."
    );
    let (status, _, body) = send(&service, join(&started), Some(&ana)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("event_started"))
    );
    let ghost = playspace_domain::EventId::new().to_string();
    let (status, _, body) = send(&service, join(&ghost), Some(&ana)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("event_not_found"))
    );
    let (status, _, _) = send(&service, join("not-an-id"), Some(&ana)).await;
    assert_eq!(status, 404);

    let (status, _, body) = send(&service, join(&full), Some(&ana)).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["status"], "waiting");
    assert_eq!(body["position"], 1);
    assert_eq!(body["eventId"], full);
    let (status, _, body) = send(&service, join(&full), Some(&ben)).await;
    assert_eq!((status, body["position"].as_u64()), (201, Some(2)));
    let (status, _, body) = send(&service, join(&full), Some(&ana)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("already_waiting"))
    );

    // Each person sees only their own entry.
    let show = TestRequest::get().uri(&waitlist(&full));
    let (_, _, mine) = send(&service, show, Some(&ben)).await;
    assert_eq!(mine["entry"]["position"], 2);
    let (carl, _) = register(&service, "carl@example.org").await;
    let (status, _, theirs) = send(
        &service,
        TestRequest::get().uri(&waitlist(&full)),
        Some(&carl),
    )
    .await;
    assert_eq!((status, theirs["entry"].is_null()), (200, true));

    // Leaving moves the next person up; leaving twice has nothing to leave.
    let leave = || TestRequest::delete().uri(&waitlist(&full));
    let (status, _, _) = send(&service, leave(), Some(&ana)).await;
    assert_eq!(status, 200);
    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri(&waitlist(&full)),
        Some(&ben),
    )
    .await;
    assert_eq!(mine["entry"]["position"], 1);
    let (status, _, body) = send(&service, leave(), Some(&ana)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("not_on_waitlist"))
    );
}

#[actix_web::test]
async fn a_freed_place_is_offered_by_email_and_claimed_by_that_person_only() {
    let app = TestApp::new();
    let event = app.event(2, |e| e.price_pence(400).places(0, 1));
    let id = event.id.to_string();
    let service = app.service().await;
    let (ana, _) = register(&service, "ana@example.org").await;
    let (ben, ben_id) = register(&service, "ben@example.org").await;
    let (carl, _) = register(&service, "carl@example.org").await;

    let book = TestRequest::post()
        .uri("/api/bookings")
        .set_json(json!({"eventId": id}));
    let (status, _, booking) = send(&service, book, Some(&ana)).await;
    assert_eq!(status, 201);
    for person in [&ben, &carl] {
        let (status, _, _) = send(
            &service,
            TestRequest::post().uri(&waitlist(&id)),
            Some(person),
        )
        .await;
        assert_eq!(status, 201);
    }

    let cancel = TestRequest::post().uri(&format!(
        "/api/bookings/{}/cancel",
        booking["id"].as_str().unwrap()
    ));
    assert_eq!(send(&service, cancel, Some(&ana)).await.0, 200);
    // The place is held for Ben, so the event still shows full.
    let (_, _, detail) = send(
        &service,
        TestRequest::get().uri(&format!("/api/events/{id}")),
        None,
    )
    .await;
    assert_eq!(detail["currentParticipants"], 1);
    assert_eq!(
        announce_waitlist_offers(&app.state().booking_deps()).unwrap(),
        1
    );
    assert_eq!(
        announce_waitlist_offers(&app.state().booking_deps()).unwrap(),
        0
    );
    let (to, kind, text) = app.emails().pop().unwrap();
    assert_eq!(
        (to.as_str(), kind.as_str()),
        ("ben@example.org", "waitlist_offer")
    );
    assert!(text.contains(&format!("/events/{id}")), "{text}");

    let (_, _, mine) = send(&service, TestRequest::get().uri(&waitlist(&id)), Some(&ben)).await;
    assert_eq!(mine["entry"]["status"], "offered");
    assert!(
        mine["entry"]["offerExpiresAt"]
            .as_str()
            .unwrap()
            .ends_with('Z')
    );
    assert!(mine["entry"]["position"].is_null());

    let claim = || {
        TestRequest::post()
            .uri(&format!("{}/claim", waitlist(&id)))
            .set_json(
                json!({"accessibilityRequirements": "Quiet changing room", "status": "cancelled"}),
            )
    };
    let (status, _, body) = send(&service, claim(), Some(&carl)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("no_open_offer"))
    );
    // Too much text is refused with the field's message, and the offer stays open.
    let too_long = TestRequest::post()
        .uri(&format!("{}/claim", waitlist(&id)))
        .set_json(json!({"accessibilityRequirements": "a".repeat(1001)}));
    let (status, _, body) = send(&service, too_long, Some(&ben)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("validation_failed"))
    );
    assert_eq!(
        body["fieldErrors"]["accessibilityRequirements"],
        "Must be at most 1000 characters"
    );
    let (status, _, body) = send(&service, claim(), Some(&ben)).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["userId"], ben_id);
    assert_eq!(body["status"], "confirmed");
    assert_eq!(body["paymentStatus"], "pending");
    assert_eq!(body["paymentMethod"], "cash");
    assert_eq!(body["amount"], "4.00");
    assert_eq!(body["accessibilityRequirements"], "Quiet changing room");
    let (status, _, _) = send(&service, claim(), Some(&ben)).await;
    assert_eq!(status, 409, "an offer is claimed once");
    let (_, _, detail) = send(
        &service,
        TestRequest::get().uri(&format!("/api/events/{id}")),
        None,
    )
    .await;
    assert_eq!(
        detail["currentParticipants"], 1,
        "claiming takes the held place"
    );
    let (_, kind, _) = app.emails().pop().unwrap();
    assert_eq!(kind, "booking_confirmation");
}

#[actix_web::test]
async fn declining_an_offer_passes_the_place_on() {
    let app = TestApp::new();
    let event = app.event(2, |e| e.places(0, 1));
    let id = event.id.to_string();
    let service = app.service().await;
    let (ana, _) = register(&service, "ana@example.org").await;
    let (ben, _) = register(&service, "ben@example.org").await;
    let (carl, _) = register(&service, "carl@example.org").await;
    let book = TestRequest::post()
        .uri("/api/bookings")
        .set_json(json!({"eventId": id}));
    let (_, _, booking) = send(&service, book, Some(&ana)).await;
    for person in [&ben, &carl] {
        send(
            &service,
            TestRequest::post().uri(&waitlist(&id)),
            Some(person),
        )
        .await;
    }
    let cancel = TestRequest::post().uri(&format!(
        "/api/bookings/{}/cancel",
        booking["id"].as_str().unwrap()
    ));
    send(&service, cancel, Some(&ana)).await;

    let (status, _, _) = send(
        &service,
        TestRequest::delete().uri(&waitlist(&id)),
        Some(&ben),
    )
    .await;
    assert_eq!(status, 200);
    let (_, _, carls) = send(
        &service,
        TestRequest::get().uri(&waitlist(&id)),
        Some(&carl),
    )
    .await;
    assert_eq!(carls["entry"]["status"], "offered");
    let (status, _, body) = send(
        &service,
        TestRequest::post().uri(&waitlist(&id)),
        Some(&ben),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("already_offered"))
    );
    assert_eq!(
        body["error"],
        "You have already been offered a place for this event."
    );
}
