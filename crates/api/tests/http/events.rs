//! `GET /api/events` and `GET /api/events/{id}` against a real SQLite database.

use crate::common;

use common::{TestApp, get, get_json};
use playspace_domain::EventId;
use serde_json::json;

fn titles(body: &serde_json::Value) -> Vec<&str> {
    body.as_array()
        .unwrap()
        .iter()
        .map(|e| e["title"].as_str().unwrap())
        .collect()
}

#[actix_web::test]
async fn lists_upcoming_active_events_soonest_first_in_the_contract_shape() {
    let app = TestApp::new();
    let later = app.event(3, |e| {
        e.title("later")
            .price_pence(1250)
            .places(4, 12)
            .companions()
            .solidarity(3, 1)
    });
    app.event(1, |e| e.title("sooner"));
    app.event(-1, |e| e.title("past"));
    app.event(2, |e| e.title("inactive").inactive());
    let service = app.service().await;

    let (status, body) = get_json(&service, "/api/events").await;
    assert_eq!(status, 200);
    assert_eq!(titles(&body), ["sooner", "later"]);
    assert_eq!(
        body[1],
        json!({
            "id": later.id.to_string(),
            "title": "later",
            "description": later.description,
            "category": "Football",
            "date": later.starts_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            "duration": 90,
            "location": "Haggerston Park, Hackney",
            "area": "Hackney",
            "venue": common::unchecked_venue_json(&later),
            "price": "12.50",
            "maxParticipants": 12,
            "currentParticipants": 4,
            "isActive": true,
            "companionAllowed": true,
            "solidarityPlaces": 3,
            "solidarityPlacesLeft": 2,
        })
    );
    assert_eq!(body[0]["price"], "0.00");
}

#[actix_web::test]
async fn empty_database_lists_nothing() {
    let app = TestApp::new();
    let (status, body) = get_json(&app.service().await, "/api/events").await;
    assert_eq!((status, body), (200, json!([])));
}

#[actix_web::test]
async fn each_filter_narrows_the_list() {
    let app = TestApp::new();
    app.event(1, |e| {
        e.title("yoga camden")
            .category("Yoga")
            .location("Jubilee Hall, Camden")
    });
    app.event(1, |e| {
        e.title("yoga lambeth")
            .category("Yoga")
            .location("Brockwell Park, Lambeth")
    });
    app.event(1, |e| {
        e.title("boxing camden")
            .category("Boxing")
            .location("Gym, Camden")
            .description("Gloves to borrow.")
    });
    app.event(9, |e| {
        e.title("table tennis")
            .category("Table Tennis")
            .location("Library, Lambeth")
    });
    let service = app.service().await;

    let list = |uri: &'static str| {
        let service = &service;
        async move {
            let (status, body) = get_json(service, uri).await;
            assert_eq!(status, 200, "{uri}: {body}");
            titles(&body)
                .into_iter()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(
        list("/api/events?sport=yoga").await,
        ["yoga camden", "yoga lambeth"]
    );
    assert_eq!(
        list("/api/events?sport=Table%20Tennis").await,
        ["table tennis"]
    );
    assert_eq!(list("/api/events?sport=all").await.len(), 4);
    assert_eq!(
        list("/api/events?area=Camden").await,
        ["yoga camden", "boxing camden"]
    );
    assert_eq!(list("/api/events?q=GLOVES").await, ["boxing camden"]);
    assert_eq!(list("/api/events?q=brockwell").await, ["yoga lambeth"]);
    let in_nine_days =
        (chrono::Utc::now() + chrono::Duration::days(9)).with_timezone(&chrono_tz::Europe::London);
    let day_uri: &'static str =
        Box::leak(format!("/api/events?date={}", in_nine_days.format("%Y-%m-%d")).into_boxed_str());
    assert_eq!(list(day_uri).await, ["table tennis"]);
    assert_eq!(
        list("/api/events?sport=yoga&area=lambeth&q=park").await,
        ["yoga lambeth"]
    );
    assert!(list("/api/events?sport=curling").await.is_empty());
    assert!(list("/api/events?sport=yoga&area=hackney").await.is_empty());
}

#[actix_web::test]
async fn bad_filters_name_the_field() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, body) = get_json(&service, "/api/events?date=31/12/2026&from=soon").await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "validation_failed");
    assert_eq!(body["fieldErrors"]["date"], "Use a date like 2026-12-31");
    assert!(body["fieldErrors"]["from"].is_string());
    let long = format!("/api/events?q={}", "x".repeat(101));
    let (status, body) = get_json(&service, &long).await;
    assert_eq!(status, 400);
    assert_eq!(body["fieldErrors"]["q"], "Must be at most 100 characters");
}

#[actix_web::test]
async fn limit_keeps_the_soonest_with_or_without_filters() {
    let app = TestApp::new();
    for (day, title, sport) in [
        (3, "third", "Yoga"),
        (1, "first", "Yoga"),
        (2, "second", "Boxing"),
        (4, "fourth", "Yoga"),
    ] {
        app.event(day, |e| e.title(title).category(sport));
    }
    let service = app.service().await;
    let (status, body) = get_json(&service, "/api/events?limit=3").await;
    assert_eq!(status, 200);
    assert_eq!(titles(&body), ["first", "second", "third"]);
    let (_, body) = get_json(&service, "/api/events?limit=100").await;
    assert_eq!(titles(&body).len(), 4, "fewer events than the limit");
    let (_, body) = get_json(&service, "/api/events?sport=yoga&limit=2").await;
    assert_eq!(titles(&body), ["first", "third"]);
    for bad in ["0", "101", "x", "-2"] {
        let (status, body) = get_json(&service, &format!("/api/events?limit={bad}")).await;
        assert_eq!(status, 400, "{bad}");
        assert_eq!(
            body["fieldErrors"]["limit"],
            "Use a whole number from 1 to 100"
        );
    }
}

#[actix_web::test]
async fn summary_counts_sessions_and_areas_per_sport() {
    let app = TestApp::new();
    app.event(1, |e| e.category("Yoga").location("Jubilee Hall, Camden"));
    app.event(2, |e| {
        e.category("yoga").location("Brockwell Lido, Lambeth")
    });
    app.event(3, |e| e.category("Boxing").location("Gym, Camden"));
    app.event(-1, |e| e.category("Tennis").location("Court, Hackney"));
    app.event(2, |e| {
        e.category("Tennis").location("Court, Hackney").inactive()
    });
    let service = app.service().await;
    let (status, body) = get_json(&service, "/api/events/summary").await;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({
            "eventCount": 3,
            "sports": [
                {"category": "Boxing", "eventCount": 1, "areas": ["Camden"]},
                {"category": "Yoga", "eventCount": 2, "areas": ["Camden", "Lambeth"]},
            ],
            "areas": ["Camden", "Lambeth"],
        })
    );
    let (status, body) = get_json(&service, "/api/events/summary?area=camden").await;
    assert_eq!(status, 200);
    assert_eq!(body["eventCount"], 2);
    assert_eq!(body["areas"], json!(["Camden"]));
    let (status, body) = get_json(&service, "/api/events/summary?date=tomorrow").await;
    assert_eq!(status, 400);
    assert_eq!(body["fieldErrors"]["date"], "Use a date like 2026-12-31");
    let (status, body) = get_json(&service, "/api/events/summary?q=nothing-like-this").await;
    assert_eq!(status, 200);
    assert_eq!(body, json!({"eventCount": 0, "sports": [], "areas": []}));
}

#[actix_web::test]
async fn gzip_is_served_to_clients_that_accept_it() {
    let app = TestApp::new();
    app.event(1, |e| e);
    let service = app.service().await;
    let request = actix_web::test::TestRequest::get()
        .uri("/api/events")
        .insert_header(("Accept-Encoding", "gzip, deflate, br"))
        .to_request();
    let response = actix_web::test::call_service(&service, request).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers().get("content-encoding").unwrap(), "gzip");
    let body = actix_web::test::read_body(response).await;
    let mut json = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&body[..]), &mut json).unwrap();
    assert!(json.starts_with("[{\"id\""));
}

#[actix_web::test]
async fn one_event_by_id() {
    let app = TestApp::new();
    let event = app.event(2, |e| e.title("Carers' Gentle Yoga").category("Yoga"));
    let (status, body) = get_json(&app.service().await, &format!("/api/events/{}", event.id)).await;
    assert_eq!(status, 200);
    assert_eq!(body["id"], event.id.to_string());
    assert_eq!(body["title"], "Carers' Gentle Yoga");
    assert_eq!(body["category"], "Yoga");
}

#[actix_web::test]
async fn unknown_malformed_and_inactive_ids_are_404() {
    let app = TestApp::new();
    let hidden = app.event(2, |e| e.inactive());
    let service = app.service().await;
    let expected = json!({ "error": "Event not found", "code": "event_not_found" });
    for uri in [
        format!("/api/events/{}", EventId::new()),
        "/api/events/not-a-uuid".to_owned(),
        "/api/events/1".to_owned(),
        format!("/api/events/{}", hidden.id),
    ] {
        assert_eq!(
            get_json(&service, &uri).await,
            (404, expected.clone()),
            "{uri}"
        );
    }
}

#[actix_web::test]
async fn unknown_api_paths_answer_json_not_the_app() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, headers, body) = get(&service, "/api/nothing/here").await;
    assert_eq!(status, 404);
    assert_eq!(headers.get("content-type").unwrap(), "application/json");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&body).unwrap()["code"],
        "route_not_found"
    );
}
