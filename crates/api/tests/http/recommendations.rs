//! `GET /api/recommendations`: the signed-in person's best matches among upcoming events.

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, book_cash, register, send};
use serde_json::{Value, json};

/// Saves preferences whose only scoring term is the favourite sports (no days, no times,
/// a skill level no fixture mentions), so every score is predictable whatever today is.
async fn favourites_only(service: &svc!(), token: &str, favorites: Value) {
    let (_, _, body) = send(
        service,
        TestRequest::get().uri("/api/user/preferences"),
        Some(token),
    )
    .await;
    let mut prefs = body["preferences"].clone();
    prefs["sports"]["favorites"] = favorites;
    prefs["sports"]["skillLevel"] = json!("Advanced");
    prefs["availability"]["days"] = json!([]);
    prefs["availability"]["times"] = json!([]);
    let (status, _, body) = send(
        service,
        TestRequest::put()
            .uri("/api/user/preferences")
            .set_json(json!({ "preferences": prefs })),
        Some(token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

async fn recommendations(service: &svc!(), token: &str) -> Value {
    let (status, headers, body) = send(
        service,
        TestRequest::get().uri("/api/recommendations"),
        Some(token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
    body
}

fn titles(body: &Value) -> Vec<&str> {
    body.as_array()
        .unwrap()
        .iter()
        .map(|e| e["title"].as_str().unwrap())
        .collect()
}

#[actix_web::test]
async fn signed_out_is_401() {
    let app = TestApp::new();
    app.event(1, |e| e.category("Yoga"));
    let service = app.service().await;
    let (status, _, body) = send(
        &service,
        TestRequest::get().uri("/api/recommendations"),
        None,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("unauthenticated"))
    );
    let (status, _, _) = send(
        &service,
        TestRequest::get().uri("/api/recommendations"),
        Some("not-a-token"),
    )
    .await;
    assert_eq!(status, 401);
}

#[actix_web::test]
async fn a_favourite_sport_comes_first_in_the_events_list_shape_with_its_score() {
    let app = TestApp::new();
    // Sooner, but not a favourite: with the default Flexible days it still scores 3.
    app.event(1, |e| e.title("boxing").category("Boxing"));
    let yoga = app.event(2, |e| {
        e.title("yoga")
            .category("Yoga")
            .price_pence(1250)
            .places(4, 12)
    });
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let (_, _, body) = send(
        &service,
        TestRequest::get().uri("/api/user/preferences"),
        Some(&token),
    )
    .await;
    let mut prefs = body["preferences"].clone();
    prefs["sports"]["favorites"] = json!(["Yoga"]);
    prefs["availability"]["times"] = json!([]);
    prefs["sports"]["skillLevel"] = json!("Advanced");
    let (status, _, _) = send(
        &service,
        TestRequest::put()
            .uri("/api/user/preferences")
            .set_json(json!({ "preferences": prefs })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);

    let body = recommendations(&service, &token).await;
    assert_eq!(titles(&body), ["yoga", "boxing"]);
    assert_eq!(
        body[0],
        json!({
            "id": yoga.id.to_string(),
            "title": "yoga",
            "description": yoga.description,
            "category": "Yoga",
            "date": yoga.starts_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            "duration": 90,
            "location": "Haggerston Park, Hackney",
            "area": "Hackney",
            "venue": common::unchecked_venue_json(&yoga),
            "price": "12.50",
            "maxParticipants": 12,
            "currentParticipants": 4,
            "isActive": true,
            "companionAllowed": false,
            "solidarityPlaces": 0,
            "solidarityPlacesLeft": 0,
            "score": 13,
        })
    );
    assert_eq!(body[1]["score"], 3);
}

#[actix_web::test]
async fn full_booked_inactive_and_zero_score_events_are_left_out_and_six_at_most() {
    let app = TestApp::new();
    app.event(1, |e| e.title("full yoga").category("Yoga").places(20, 20));
    app.event(1, |e| e.title("inactive yoga").category("Yoga").inactive());
    let booked = app.event(1, |e| e.title("booked yoga").category("Yoga"));
    app.event(1, |e| e.title("boxing").category("Boxing"));
    for day in 2..=9 {
        app.event(day, |e| e.title(&format!("yoga {day}")).category("Yoga"));
    }
    let service = app.service().await;
    let token = register(&service, "ben@example.org").await.0;
    favourites_only(&service, &token, json!(["Yoga"])).await;
    book_cash(&service, &token, &booked.id.to_string()).await;

    let body = recommendations(&service, &token).await;
    assert_eq!(
        titles(&body),
        ["yoga 2", "yoga 3", "yoga 4", "yoga 5", "yoga 6", "yoga 7"]
    );
    assert!(body.as_array().unwrap().iter().all(|e| e["score"] == 10));

    // Someone else, who booked nothing, is offered the booked event.
    let other = register(&service, "cy@example.org").await.0;
    favourites_only(&service, &other, json!(["Yoga"])).await;
    assert_eq!(
        titles(&recommendations(&service, &other).await)[0],
        "booked yoga"
    );
}

#[actix_web::test]
async fn nothing_scoring_is_an_empty_list() {
    let app = TestApp::new();
    app.event(1, |e| e.title("boxing").category("Boxing"));
    let service = app.service().await;
    let token = register(&service, "dee@example.org").await.0;
    favourites_only(&service, &token, json!(["Yoga"])).await;
    assert_eq!(recommendations(&service, &token).await, json!([]));
    favourites_only(&service, &token, json!([])).await;
    assert_eq!(recommendations(&service, &token).await, json!([]));
}
