//! Companion and solidarity places over HTTP (ADR 0022): `companion: true` and
//! `solidarity: true` on `POST /api/bookings`, the admin event fields, the register's
//! "+1 companion", the dashboard's month and a Supporter's share.

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, admin, register, send};
use serde_json::{Value, json};

fn book(event_id: &str, extra: Value) -> TestRequest {
    let mut body = json!({ "eventId": event_id });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    TestRequest::post().uri("/api/bookings").set_json(body)
}

async fn event_json(service: &svc!(), id: &str) -> Value {
    send(
        service,
        TestRequest::get().uri(&format!("/api/events/{id}")),
        None,
    )
    .await
    .2
}

#[actix_web::test]
async fn a_companion_takes_a_second_free_place_and_cancelling_frees_both() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.price_pence(500).places(0, 10).companions());
    let id = event.id.to_string();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let (status, _, body) = send(
        &service,
        book(&id, json!({"companion": true, "companionName": "  Sam "})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["companion"], true);
    assert_eq!(body["companionName"], "Sam", "trimmed");
    assert_eq!(body["amount"], "5.00", "the companion's place is free");
    assert_eq!(event_json(&service, &id).await["currentParticipants"], 2);

    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri("/api/bookings"),
        Some(&token),
    )
    .await;
    assert_eq!(
        (
            mine[0]["companion"].clone(),
            mine[0]["companionName"].clone()
        ),
        (json!(true), json!("Sam"))
    );

    let (admin_token, _) = admin(&app, &service).await;
    let (status, _, sheet) = send(
        &service,
        TestRequest::get().uri(&format!("/api/admin/events/{id}/register")),
        Some(&admin_token),
    )
    .await;
    assert_eq!(status, 200, "{sheet}");
    let line = &sheet["attendees"][0];
    assert_eq!(
        (line["companion"].clone(), line["companionName"].clone()),
        (json!(true), json!("Sam"))
    );
    let (status, _, listed) = send(
        &service,
        TestRequest::get().uri("/api/admin/bookings"),
        Some(&admin_token),
    )
    .await;
    assert_eq!(status, 200, "{listed}");
    let row = listed["bookings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == body["id"])
        .unwrap();
    assert_eq!(
        (row["companion"].clone(), row["companionName"].clone()),
        (json!(true), json!("Sam"))
    );

    let booking = body["id"].as_str().unwrap();
    let (status, _, cancelled) = send(
        &service,
        TestRequest::post().uri(&format!("/api/bookings/{booking}/cancel")),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(
        event_json(&service, &id).await["currentParticipants"],
        0,
        "both places freed"
    );

    // Without a name the companion is still welcome: no account, no name needed.
    let (token2, _) = register(&service, "bo@example.org").await;
    let (status, _, body) = send(
        &service,
        book(&id, json!({"companion": true})),
        Some(&token2),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["companionName"], Value::Null);
}

#[actix_web::test]
async fn a_companion_is_refused_where_none_is_allowed_or_no_room_is_left() {
    let app = TestApp::new();
    let plain = app.event(3, |e| e.places(0, 10));
    let nearly_full = app.event(3, |e| e.places(9, 10).companions());
    let roomy = app.event(3, |e| e.places(0, 10).companions());
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;

    let (status, _, body) = send(
        &service,
        book(&plain.id.to_string(), json!({"companion": true})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "companion_not_allowed");
    assert_eq!(
        body["error"],
        "This session does not have companion places."
    );

    let (status, _, body) = send(
        &service,
        book(&nearly_full.id.to_string(), json!({"companion": true})),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("no_room_for_companion"))
    );
    assert_eq!(
        event_json(&service, &nearly_full.id.to_string()).await["currentParticipants"],
        9
    );

    // A name without a companion, or a name too long, is a field error.
    let id = roomy.id.to_string();
    let (status, _, body) = send(
        &service,
        book(&id, json!({"companionName": "Sam"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fieldErrors"]["companionName"],
        "Add a companion to give their name"
    );
    let long = "S".repeat(51);
    let (status, _, body) = send(
        &service,
        book(&id, json!({"companion": true, "companionName": long})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["fieldErrors"]["companionName"].is_string(), "{body}");

    // Signed out: asked to log in, whatever the body says.
    let (status, _, body) = send(&service, book(&id, json!({"companion": true})), None).await;
    assert_eq!(status, 401);
    assert_eq!(body["error"], "You must be logged in to book events");
}

#[actix_web::test]
async fn a_solidarity_place_is_free_needs_no_payment_and_runs_out() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.price_pence(500).places(0, 10).solidarity(1, 0));
    let id = event.id.to_string();
    let service = app.service().await;
    let shown = event_json(&service, &id).await;
    assert_eq!(
        (
            shown["solidarityPlaces"].clone(),
            shown["solidarityPlacesLeft"].clone()
        ),
        (json!(1), json!(1))
    );

    let (token, _) = register(&service, "ana@example.org").await;
    let (status, _, body) = send(
        &service,
        book(&id, json!({"solidarity": true})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["paymentMethod"], "solidarity");
    assert_eq!(body["amount"], "0.00");
    assert_eq!(body["status"], "confirmed", "no payment step");
    let shown = event_json(&service, &id).await;
    assert_eq!(shown["currentParticipants"], 1, "it counts toward capacity");
    assert_eq!(shown["solidarityPlacesLeft"], 0);

    let (token2, _) = register(&service, "bo@example.org").await;
    let (status, _, body) = send(
        &service,
        book(&id, json!({"solidarity": true})),
        Some(&token2),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("no_solidarity_places"))
    );
    assert_eq!(body["error"], "No free places are left for this session.");

    let (admin_token, _) = admin(&app, &service).await;
    let (_, _, stats) = send(
        &service,
        TestRequest::get().uri("/api/admin/dashboard-stats"),
        Some(&admin_token),
    )
    .await;
    assert_eq!(stats["charts"]["paymentMethods"]["solidarity"], 1);

    // Cancelling gives the solidarity place back.
    let booking = body_id(&service, &token).await;
    let (status, _, _) = send(
        &service,
        TestRequest::post().uri(&format!("/api/bookings/{booking}/cancel")),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(event_json(&service, &id).await["solidarityPlacesLeft"], 1);
}

async fn body_id(service: &svc!(), token: &str) -> String {
    let (_, _, mine) = send(
        service,
        TestRequest::get().uri("/api/bookings"),
        Some(token),
    )
    .await;
    mine[0]["id"].as_str().unwrap().to_owned()
}

#[actix_web::test]
async fn a_free_session_needs_no_solidarity_place() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.places(0, 10));
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let (status, _, body) = send(
        &service,
        book(&event.id.to_string(), json!({"solidarity": true})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "solidarity_not_needed");
    let (status, _, _) = send(
        &service,
        book(&event.id.to_string(), json!({"solidarity": true})),
        None,
    )
    .await;
    assert_eq!(status, 401);
}

#[actix_web::test]
async fn admins_set_companion_and_solidarity_places_with_checked_values() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let lido = common::venue(&service, &token, "London Fields Lido", "Hackney").await;
    let base = json!({
        "title": "Trans Swim",
        "description": "A relaxed swim for trans and non-binary people.",
        "category": "Swimming",
        "venueId": lido,
        "date": (chrono::Utc::now() + chrono::Duration::days(10)).to_rfc3339(),
        "price": "5.00",
        "maxParticipants": 10,
    });
    let with = |extra: Value| {
        let mut body = base.clone();
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        TestRequest::post().uri("/api/admin/events").set_json(body)
    };
    let (status, _, body) = send(
        &service,
        with(json!({"companionAllowed": true, "solidarityPlaces": 3})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let event = &body["event"];
    assert_eq!(event["companionAllowed"], true);
    assert_eq!(event["solidarityPlaces"], 3);
    assert_eq!(event["solidarityPlacesLeft"], 3);
    let id = event["id"].as_str().unwrap().to_owned();

    for (places, message) in [
        (json!(-1), "Enter 0 or more places"),
        (
            json!(11),
            "Solidarity places cannot be more than the session's places",
        ),
    ] {
        let (status, _, body) = send(
            &service,
            with(json!({"solidarityPlaces": places})),
            Some(&token),
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["fieldErrors"]["solidarityPlaces"], message);
    }
    let (status, _, body) = send(
        &service,
        with(json!({"price": "0.00", "solidarityPlaces": 2})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fieldErrors"]["solidarityPlaces"],
        "A free session needs no solidarity places"
    );

    // Editing: never below the places already taken.
    let (member, _) = register(&service, "ana@example.org").await;
    let (status, _, _) = send(
        &service,
        book(&id, json!({"solidarity": true})),
        Some(&member),
    )
    .await;
    assert_eq!(status, 201);
    let patch = |body: Value| {
        TestRequest::patch()
            .uri(&format!("/api/admin/events/{id}"))
            .set_json(body)
    };
    let (status, _, body) = send(
        &service,
        patch(json!({"solidarityPlaces": 0})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fieldErrors"]["solidarityPlaces"],
        "1 solidarity place is already taken"
    );
    let (status, _, body) = send(
        &service,
        patch(json!({"solidarityPlaces": 1, "companionAllowed": false})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let shown = event_json(&service, &id).await;
    assert_eq!(shown["companionAllowed"], false);
    assert_eq!(
        (
            shown["solidarityPlaces"].clone(),
            shown["solidarityPlacesLeft"].clone()
        ),
        (json!(1), json!(0))
    );

    // Members cannot set them.
    let (status, _, _) = send(
        &service,
        patch(json!({"solidarityPlaces": 5})),
        Some(&member),
    )
    .await;
    assert_eq!(status, 403);
}

#[actix_web::test]
async fn supporters_hear_how_many_places_their_plan_funded_this_month() {
    let app = TestApp::new();
    // A session minutes from now, so in this London month (unless the test runs in the
    // month's last ten minutes), with solidarity places.
    let event = app.event(0, |e| {
        e.starts_at(chrono::Utc::now() + chrono::Duration::minutes(10))
            .price_pence(500)
            .places(0, 10)
            .solidarity(2, 0)
    });
    let service = app.service().await;
    let (member, _) = register(&service, "ana@example.org").await;
    let (supporter, supporter_id) = register(&service, "bo@example.org").await;
    app.sql(&format!(
        "INSERT INTO memberships (id, user_id, plan, status, start_date, price_pence, created_at, updated_at) \
         VALUES ('m-1', '{supporter_id}', 'champion', 'active', '2000-01-01 00:00:00', 3000, '2000-01-01 00:00:00', '2000-01-01 00:00:00')"
    ));

    let month = |token: Option<String>| {
        let service = &service;
        async move {
            send(
                service,
                TestRequest::get().uri("/api/solidarity"),
                token.as_deref(),
            )
            .await
        }
    };
    let (status, _, before) = month(None).await;
    assert_eq!(status, 200, "{before}");
    let used_before = before["placesUsed"].as_u64().unwrap();

    let (status, _, booked) = send(
        &service,
        book(&event.id.to_string(), json!({"solidarity": true})),
        Some(&member),
    )
    .await;
    assert_eq!(status, 201, "{booked}");

    let (_, _, anyone) = month(None).await;
    assert_eq!(anyone["placesUsed"], used_before + 1);
    assert_eq!(anyone["supporters"], 1);
    assert_eq!(anyone["yourShare"], Value::Null, "signed out: no share");
    let (_, _, member_view) = month(Some(member)).await;
    assert_eq!(member_view["yourShare"], Value::Null, "not a Supporter");
    let (_, _, mine) = month(Some(supporter)).await;
    assert_eq!(mine["yourShare"], json!((used_before + 1) as f64));
    // Counts only: nobody's name, email or booking.
    let text = mine.to_string();
    assert!(
        !text.contains("example.org") && !text.contains("PS-"),
        "{text}"
    );
}
