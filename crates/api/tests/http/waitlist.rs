//! The waitlist over HTTP: joining a full event, the offer when a place frees up, claiming
//! it, leaving, and who may do what.

use crate::common;

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
        .set_json(json!({"accessibilityRequirements": "a".repeat(2001)}));
    let (status, _, body) = send(&service, too_long, Some(&ben)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("validation_failed"))
    );
    assert_eq!(
        body["fieldErrors"]["accessibilityRequirements"],
        "Must be at most 2000 characters"
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

/// A full event of `price_pence` (one place) whose place is now offered to Ben, with Carl
/// waiting behind him: (event id, Ben's token, Carl's token).
async fn offered_to_ben(
    app: &TestApp,
    service: &svc!(),
    price_pence: i64,
) -> (String, String, String) {
    let id = app
        .event(2, |e| e.price_pence(price_pence).places(0, 1))
        .id
        .to_string();
    let (ana, _) = register(service, "ana@example.org").await;
    let (ben, _) = register(service, "ben@example.org").await;
    let (carl, _) = register(service, "carl@example.org").await;
    let book = TestRequest::post()
        .uri("/api/bookings")
        .set_json(json!({"eventId": id}));
    let (status, _, booking) = send(service, book, Some(&ana)).await;
    assert_eq!(status, 201, "{booking}");
    for person in [&ben, &carl] {
        let join = TestRequest::post().uri(&waitlist(&id));
        assert_eq!(send(service, join, Some(person)).await.0, 201);
    }
    let cancel = TestRequest::post().uri(&format!(
        "/api/bookings/{}/cancel",
        booking["id"].as_str().unwrap()
    ));
    assert_eq!(send(service, cancel, Some(&ana)).await.0, 200);
    (id, ben, carl)
}

fn claim_by(event: &str, body: serde_json::Value) -> TestRequest {
    TestRequest::post()
        .uri(&format!("{}/claim", waitlist(event)))
        .set_json(body)
}

#[actix_web::test]
async fn an_offer_claimed_by_card_is_held_for_payment_and_paid_at_the_checkout() {
    let app = TestApp::new();
    let service = app.service().await;
    let (id, ben, carl) = offered_to_ben(&app, &service, 750).await;

    // Signed out, a card claim is asked to log in like any claim.
    let (status, _, body) = send(
        &service,
        claim_by(&id, json!({"paymentMethod": "card"})),
        None,
    )
    .await;
    assert_eq!(status, 401);
    assert_eq!(body["error"], "You must be logged in to book events");
    // Someone without the offer gets no checkout.
    let (status, _, body) = send(
        &service,
        claim_by(&id, json!({"paymentMethod": "card"})),
        Some(&carl),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("no_open_offer"))
    );
    // A payment method that is neither cash nor card is named, and the offer stays open.
    for wrong in [json!("bitcoin"), json!(5)] {
        let (status, _, body) = send(
            &service,
            claim_by(&id, json!({"paymentMethod": wrong})),
            Some(&ben),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("validation_failed"))
        );
        assert_eq!(
            body["fieldErrors"]["paymentMethod"],
            "Choose cash, card or a free solidarity place."
        );
    }

    let (status, _, body) = send(
        &service,
        claim_by(
            &id,
            json!({"paymentMethod": "card", "accessibilityRequirements": "Step-free access"}),
        ),
        Some(&ben),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let session = body["sessionId"].as_str().unwrap().to_owned();
    assert!(
        body["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/checkout/{session}")),
        "{body}"
    );
    // The offer is used: claiming again finds none, and the place is still held, not
    // passed on.
    let (status, _, body) = send(
        &service,
        claim_by(&id, json!({"paymentMethod": "card"})),
        Some(&ben),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("no_open_offer"))
    );
    let (_, _, mine) = send(&service, TestRequest::get().uri(&waitlist(&id)), Some(&ben)).await;
    assert_eq!(mine["entry"]["status"], "claimed");
    let (_, _, carls) = send(
        &service,
        TestRequest::get().uri(&waitlist(&id)),
        Some(&carl),
    )
    .await;
    assert_eq!(carls["entry"]["status"], "waiting");
    let (_, _, detail) = send(
        &service,
        TestRequest::get().uri(&format!("/api/events/{id}")),
        None,
    )
    .await;
    assert_eq!(detail["currentParticipants"], 1);

    // Paying at the checkout confirms the booking as for any card booking.
    let paid = actix_web::test::call_service(
        &service,
        TestRequest::post()
            .uri(&format!("/checkout/{session}/pay"))
            .to_request(),
    )
    .await;
    assert_eq!(paid.status().as_u16(), 303);
    let (status, _, body) = send(
        &service,
        TestRequest::get().uri(&format!("/api/confirm-payment?session_id={session}")),
        Some(&ben),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["booking"]["status"], "confirmed");
    assert_eq!(body["booking"]["paymentStatus"], "paid");
    assert_eq!(body["booking"]["paymentMethod"], "card");
    assert_eq!(body["booking"]["amount"], "7.50");
    assert_eq!(
        body["booking"]["accessibilityRequirements"],
        "Step-free access"
    );
    let emails = app.emails();
    let last: Vec<(&str, &str)> = emails[emails.len() - 2..]
        .iter()
        .map(|(to, kind, _)| (to.as_str(), kind.as_str()))
        .collect();
    assert_eq!(
        last,
        [
            ("ben@example.org", "booking_confirmation"),
            ("ben@example.org", "payment_confirmation")
        ]
    );
}

#[actix_web::test]
async fn card_is_refused_for_a_free_event_and_the_offer_stays_open() {
    let app = TestApp::new();
    let service = app.service().await;
    let (id, ben, _) = offered_to_ben(&app, &service, 0).await;
    let (status, _, body) = send(
        &service,
        claim_by(&id, json!({"paymentMethod": "card"})),
        Some(&ben),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("payment_not_required"))
    );
    assert_eq!(
        body["error"],
        "This event is free: claim your place without paying."
    );
    let (status, _, body) = send(
        &service,
        claim_by(&id, json!({"paymentMethod": "cash"})),
        Some(&ben),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["paymentMethod"], "cash");
}

#[actix_web::test]
async fn an_unpaid_card_claim_releases_the_place_to_the_next_in_line() {
    let app = TestApp::new();
    let service = app.service().await;
    let (id, ben, carl) = offered_to_ben(&app, &service, 750).await;
    let (status, _, body) = send(
        &service,
        claim_by(&id, json!({"paymentMethod": "card"})),
        Some(&ben),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // The payment window ends without payment: the sweep passes the place to Carl.
    let mut later = app.state();
    later.clock = std::sync::Arc::new(playspace_test_support::FixedClock(
        chrono::Utc::now() + chrono::Duration::minutes(31),
    ));
    assert_eq!(
        playspace_app::bookings::release_expired_holds(&later.booking_deps()).unwrap(),
        1
    );
    let (_, _, carls) = send(
        &service,
        TestRequest::get().uri(&waitlist(&id)),
        Some(&carl),
    )
    .await;
    assert_eq!(carls["entry"]["status"], "offered");
    let (_, _, detail) = send(
        &service,
        TestRequest::get().uri(&format!("/api/events/{id}")),
        None,
    )
    .await;
    assert_eq!(detail["currentParticipants"], 1, "held for Carl now");
    let (status, _, body) = send(
        &service,
        claim_by(&id, json!({"paymentMethod": "card"})),
        Some(&carl),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}
