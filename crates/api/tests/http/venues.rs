//! Venues and their access facts: the public list, the admin Venues tab (validation,
//! editing, retiring, deleting only unused venues) and the events list's access filter.

use crate::common;

use std::sync::Arc;

use actix_web::test::TestRequest;
use common::{TestApp, admin, get_json, refused_callers, send, venue};
use playspace_domain::{AccessFact, FactValue, Venue};
use serde_json::{Value, json};

fn titles(body: &Value) -> Vec<&str> {
    body.as_array()
        .unwrap()
        .iter()
        .map(|e| e["title"].as_str().unwrap())
        .collect()
}

/// A venue saying yes to `yes` (others unknown), for sessions stored with it.
fn venue_with(location: &str, yes: &[AccessFact]) -> Arc<Venue> {
    let mut venue = Venue::from_location(location);
    for fact in yes {
        venue.access.set(*fact, FactValue::Yes);
    }
    Arc::new(venue)
}

fn full_form() -> Value {
    json!({
        "name": "Clissold Leisure Centre",
        "address": "63 Clissold Road, London",
        "postcode": "n16 9ex",
        "borough": "Hackney",
        "mapUrl": "https://www.openstreetmap.org/search?query=N16%209EX",
        "nearestStepFreeStation": "Stoke Newington (Overground), 10 minutes' walk",
        "transportNotes": "Buses 73, 106 and 476.",
        "access": {"stepFree": "yes", "lift": "no", "quietSpace": "unknown"},
        "accessChecked": true,
    })
}

#[actix_web::test]
async fn every_admin_venues_endpoint_is_for_admins_only() {
    let app = TestApp::new();
    let service = app.service().await;
    let id = playspace_domain::VenueId::new().to_string();
    let requests = || {
        vec![
            TestRequest::get().uri("/api/admin/venues"),
            TestRequest::post()
                .uri("/api/admin/venues")
                .set_json(full_form()),
            TestRequest::patch()
                .uri(&format!("/api/admin/venues/{id}"))
                .set_json(json!({"retired": true})),
            TestRequest::delete().uri(&format!("/api/admin/venues/{id}")),
        ]
    };
    for (token, status, code) in refused_callers(&app, &service).await {
        for request in requests() {
            let (got, _, body) = send(&service, request, token.as_deref()).await;
            assert_eq!((got, body["code"].as_str()), (status, Some(code)));
        }
    }
    let (_, body) = get_json(&service, "/api/venues").await;
    assert_eq!(body["venues"], json!([]), "nothing was made");
}

#[actix_web::test]
async fn an_admin_creates_a_venue_everyone_can_read_with_its_facts() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/venues")
            .set_json(full_form()),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let created = &body["venue"];
    let id = created["id"].as_str().unwrap();
    assert_eq!(created["postcode"], "N16 9EX");
    assert_eq!(created["accessCheckedBy"], "Ana Silva");
    assert!(created["accessCheckedAt"].is_string());
    assert_eq!(created["retired"], false);
    assert_eq!(created["sessions"], 0);
    assert_eq!(
        created["access"],
        json!({
            "stepFree": "yes", "accessibleToilet": "unknown", "changingPlaces": "unknown",
            "genderNeutralChanging": "unknown", "privateChangingCubicles": "unknown",
            "quietSpace": "unknown", "hearingLoop": "unknown", "accessibleParking": "unknown",
            "lift": "no", "assistanceDogs": "unknown"
        })
    );
    assert!(
        app.audit()
            .contains(&("venue.create".into(), "venue".into(), Some(id.into())))
    );

    // Signed out: the same venue, without who checked it.
    let (status, listed) = get_json(&service, "/api/venues").await;
    assert_eq!(status, 200);
    let public = &listed["venues"][0];
    assert_eq!(public["id"], id);
    assert_eq!(public["access"], created["access"]);
    assert_eq!(
        public["nearestStepFreeStation"],
        created["nearestStepFreeStation"]
    );
    assert!(public.get("accessCheckedBy").is_none());
    assert!(public.get("sessions").is_none());
}

#[actix_web::test]
async fn invalid_venues_are_refused_with_a_message_per_field() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/venues")
            .set_json(json!({
                "name": " ",
                "postcode": "nowhere",
                "borough": "Hackney, London",
                "mapUrl": "http://maps.example.org/x",
                "access": {"stepFree": "probably", "lift": true, "ramps": "yes"},
            })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "validation_failed");
    let f = &body["fieldErrors"];
    assert_eq!(f["name"], "Venue name is required");
    assert_eq!(f["address"], "Address is required");
    assert_eq!(f["postcode"], "Enter a UK postcode, like E9 5PF");
    assert_eq!(
        f["borough"],
        "Write the borough's name only, without commas"
    );
    assert_eq!(f["mapUrl"], "Use a full map link starting with https://");
    assert_eq!(f["access.stepFree"], "Choose yes, no or unknown");
    assert_eq!(f["access.lift"], "Choose yes, no or unknown");
    assert!(
        f["access"]
            .as_str()
            .is_some_and(|m| m
                .starts_with("There is no access fact called \"ramps\". Use any of: stepFree,")),
        "{f}"
    );
    let (_, listed) = get_json(&service, "/api/venues").await;
    assert_eq!(listed["venues"], json!([]));
}

#[actix_web::test]
async fn an_edit_reaches_the_sessions_there_and_a_venue_in_use_is_retired_not_deleted() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let used = venue(&service, &token, "Jubilee Hall", "Camden").await;
    let (status, _, created) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/events")
            .set_json(json!({
                "title": "Carers' Yoga",
                "description": "Gentle yoga for carers.",
                "category": "Yoga",
                "venueId": used,
                "date": (chrono::Utc::now() + chrono::Duration::days(5)).to_rfc3339(),
            })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let event_id = created["event"]["id"].as_str().unwrap().to_owned();

    // Renaming and answering a fact shows on the session at once (the list is cached).
    let (_, before) = get_json(&service, "/api/events").await;
    assert_eq!(before[0]["location"], "Jubilee Hall, Camden");
    let (status, _, edited) = send(
        &service,
        TestRequest::patch()
            .uri(&format!("/api/admin/venues/{used}"))
            .set_json(json!({"name": "Jubilee Community Hall", "access": {"hearingLoop": "yes"}})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["venue"]["sessions"], 1);
    assert_eq!(edited["venue"]["upcomingSessions"], 1);
    assert_eq!(
        edited["venue"]["access"]["stepFree"], "yes",
        "unnamed facts kept"
    );
    let (_, after) = get_json(&service, "/api/events").await;
    assert_eq!(after[0]["location"], "Jubilee Community Hall, Camden");
    assert_eq!(after[0]["venue"]["access"]["hearingLoop"], "yes");
    let (_, one) = get_json(&service, &format!("/api/events/{event_id}")).await;
    assert_eq!(one["venue"]["name"], "Jubilee Community Hall");

    // In use: deleting is refused, retiring works and keeps the session there.
    let delete = || TestRequest::delete().uri(&format!("/api/admin/venues/{used}"));
    let (status, _, body) = send(&service, delete(), Some(&token)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("venue_in_use")));
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("Retire it instead")
    );
    let (status, _, body) = send(
        &service,
        TestRequest::patch()
            .uri(&format!("/api/admin/venues/{used}"))
            .set_json(json!({"retired": true})),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["venue"]["retired"].as_bool()),
        (200, Some(true))
    );
    let (_, public) = get_json(&service, "/api/venues").await;
    assert_eq!(public["venues"], json!([]), "retired venues leave the list");
    let (_, one) = get_json(&service, &format!("/api/events/{event_id}")).await;
    assert_eq!(one["venue"]["id"], used.as_str(), "its session keeps it");
    let (_, _, admin_list) = send(
        &service,
        TestRequest::get().uri("/api/admin/venues"),
        Some(&token),
    )
    .await;
    assert_eq!(admin_list["venues"][0]["retired"], true);

    // A retired venue takes no new session.
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/events")
            .set_json(json!({
                "title": "Another", "description": "x", "category": "Yoga", "venueId": used,
                "date": (chrono::Utc::now() + chrono::Duration::days(6)).to_rfc3339(),
            })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["venueId"],
        "This venue is retired, so it can't take sessions. Please choose another venue."
    );

    // An unused venue can be deleted; then it is gone.
    let unused = venue(&service, &token, "Empty Hall", "Camden").await;
    let (status, _, _) = send(
        &service,
        TestRequest::delete().uri(&format!("/api/admin/venues/{unused}")),
        Some(&token),
    )
    .await;
    assert_eq!(status, 204);
    let (status, _, body) = send(
        &service,
        TestRequest::patch()
            .uri(&format!("/api/admin/venues/{unused}"))
            .set_json(json!({"name": "Back"})),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("venue_not_found"))
    );
    let audit = app.audit();
    assert!(audit.contains(&("venue.delete".into(), "venue".into(), Some(unused))));
    assert_eq!(
        audit.iter().filter(|(a, _, _)| a == "venue.update").count(),
        2
    );
}

#[actix_web::test]
async fn the_access_filter_keeps_sessions_whose_venue_says_yes_to_every_fact() {
    let app = TestApp::new();
    let level = venue_with(
        "Clissold Leisure Centre, Hackney",
        &[AccessFact::StepFree, AccessFact::GenderNeutralChanging],
    );
    let ramp = venue_with("York Hall, Tower Hamlets", &[AccessFact::StepFree]);
    let unchecked = venue_with("Jubilee Hall, Camden", &[]);
    app.event(1, |e| e.title("both").category("Swimming").venue(&level));
    app.event(2, |e| {
        e.title("step-free only").category("Swimming").venue(&ramp)
    });
    app.event(3, |e| {
        e.title("unknown").category("Swimming").venue(&unchecked)
    });
    app.event(4, |e| e.title("both, yoga").category("Yoga").venue(&level));
    let service = app.service().await;

    for (uri, expected) in [
        (
            "/api/events?access=stepFree",
            vec!["both", "step-free only", "both, yoga"],
        ),
        (
            "/api/events?access=stepFree,genderNeutralChanging",
            vec!["both", "both, yoga"],
        ),
        (
            "/api/events?access=genderNeutralChanging,stepFree,",
            vec!["both", "both, yoga"],
        ),
        (
            "/api/events?access=stepFree&sport=swimming",
            vec!["both", "step-free only"],
        ),
        ("/api/events?access=stepFree&limit=1", vec!["both"]),
        (
            "/api/events?access=stepFree&area=Tower%20Hamlets",
            vec!["step-free only"],
        ),
        ("/api/events?access=lift", vec![]),
        (
            "/api/events?access=",
            vec!["both", "step-free only", "unknown", "both, yoga"],
        ),
    ] {
        let (status, body) = get_json(&service, uri).await;
        assert_eq!(status, 200, "{uri}: {body}");
        assert_eq!(titles(&body), expected, "{uri}");
    }
    let (_, body) = get_json(&service, "/api/events?access=stepFree").await;
    assert_eq!(body[0]["venue"]["access"]["stepFree"], "yes");
    assert_eq!(body[0]["venue"]["access"]["lift"], "unknown");

    let (status, summary) = get_json(
        &service,
        "/api/events/summary?access=stepFree,genderNeutralChanging",
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(summary["eventCount"], 2);
    assert_eq!(summary["areas"], json!(["Hackney"]));

    let (status, body) = get_json(&service, "/api/events?access=stepFree,ramps").await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "validation_failed");
    assert_eq!(
        body["fieldErrors"]["access"],
        "There is no access fact called \"ramps\". Use any of: stepFree, accessibleToilet, \
         changingPlaces, genderNeutralChanging, privateChangingCubicles, quietSpace, \
         hearingLoop, accessibleParking, lift, assistanceDogs"
    );
    let (status, _) = get_json(&service, "/api/events/summary?access=ramps").await;
    assert_eq!(status, 400);
}

/// The frontend's copy of the facts (what members read) is the domain's, key by key and
/// word by word, in the same order.
#[test]
fn the_frontend_copy_of_the_access_facts_is_the_domains() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../frontend/src/lib/access-facts.ts"
    );
    let source = std::fs::read_to_string(path).unwrap();
    let keys: Vec<&str> = source
        .match_indices("key: \"")
        .map(|(at, m)| source[at + m.len()..].split('"').next().unwrap())
        .collect();
    let expected: Vec<&str> = AccessFact::ALL.iter().map(|f| f.key()).collect();
    assert_eq!(keys, expected, "the same keys in the same order");
    for fact in AccessFact::ALL {
        let text = fact.text();
        for (what, words) in [
            ("label", text.label),
            ("summary", text.summary),
            ("definition", text.definition),
        ] {
            assert!(
                source.contains(&format!("\"{words}\"")),
                "{}'s {what} differs in access-facts.ts: {words}",
                text.key
            );
        }
    }
}
