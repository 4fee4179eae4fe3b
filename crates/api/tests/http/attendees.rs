//! Who's going (ADR 0023), on SQLite and PostgreSQL: everyone may know how many; a person is
//! named (chosen name and pronouns) only to signed-in members, only while they share their
//! attendance and their profile is not private; never an email, an id or access needs.

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, register, send};
use serde_json::{Value, json};

macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(#[actix_web::test] async fn $name() { super::$name(super::TestApp::new()).await; })+
        }
        mod postgres {
            $(#[actix_web::test] async fn $name() {
                if let Some(app) = super::TestApp::on_postgres() { super::$name(app).await; }
            })+
        }
    };
}

on_both_backends!(
    each_combination_of_the_two_preferences_signed_in_and_out,
    never_an_email_an_id_or_access_needs,
    an_unknown_or_hidden_event_is_not_found,
);

fn attendees(event: &str) -> TestRequest {
    TestRequest::get().uri(&format!("/api/events/{event}/attendees"))
}

/// Signs up `email`, gives them a chosen name and pronouns and these privacy choices.
async fn person(
    app: &TestApp,
    service: &svc!(),
    email: &str,
    chosen: &str,
    visibility: &str,
    share: bool,
) -> (String, String) {
    let (token, id) = register(service, email).await;
    app.sql(&format!(
        "UPDATE users SET chosen_name = '{chosen}', pronouns = 'they/them' WHERE id = '{id}'"
    ));
    let (_, _, body) = send(
        service,
        TestRequest::get().uri("/api/user/preferences"),
        Some(&token),
    )
    .await;
    let mut preferences = body["preferences"].clone();
    preferences["privacy"]["profileVisibility"] = json!(visibility);
    preferences["privacy"]["shareAttendance"] = json!(share);
    let (status, _, body) = send(
        service,
        TestRequest::put()
            .uri("/api/user/preferences")
            .set_json(json!({ "preferences": preferences })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    (token, id)
}

async fn book(service: &svc!(), token: &str, event: &str, body: Value) -> String {
    let mut body = body;
    body["eventId"] = json!(event);
    let (status, _, answer) = send(
        service,
        TestRequest::post().uri("/api/bookings").set_json(body),
        Some(token),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    answer["id"].as_str().unwrap().to_owned()
}

async fn each_combination_of_the_two_preferences_signed_in_and_out(app: TestApp) {
    let event = app.event(3, |e| e.places(0, 20)).id.to_string();
    let service = app.service().await;
    // (chosen name, visibility, shares attendance, named to signed-in members)
    let cases = [
        ("Pub Share", "public", true, true),
        ("Mem Share", "members", true, true),
        ("Priv Share", "private", true, false),
        ("Pub Hidden", "public", false, false),
        ("Mem Hidden", "members", false, false),
        ("Priv Hidden", "private", false, false),
    ];
    let mut first = None;
    for (i, (name, visibility, share, _)) in cases.iter().enumerate() {
        let (token, _) = person(
            &app,
            &service,
            &format!("p{i}@example.org"),
            name,
            visibility,
            *share,
        )
        .await;
        let booking = book(&service, &token, &event, json!({})).await;
        first.get_or_insert((token, booking));
    }
    let (viewer, _) = register(&service, "viewer@example.org").await;

    let (status, _, body) = send(&service, attendees(&event), Some(&viewer)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["count"], 6, "everyone going is counted");
    let named: Vec<&str> = body["people"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    for (name, visibility, share, shown) in cases {
        assert_eq!(
            named.contains(&name),
            shown,
            "{visibility}, shareAttendance {share}, signed in"
        );
    }
    assert_eq!(named, ["Mem Share", "Pub Share"], "by name");
    assert_eq!(body["people"][0]["pronouns"], "they/them");

    let (status, _, body) = send(&service, attendees(&event), None).await;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({"count": 6, "people": []}),
        "signed out: only the count, whatever anyone chose"
    );

    // Cancelling leaves the list and the count.
    let (token, booking) = first.unwrap();
    let (status, _, _) = send(
        &service,
        TestRequest::post().uri(&format!("/api/bookings/{booking}/cancel")),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    let (_, _, body) = send(&service, attendees(&event), Some(&viewer)).await;
    assert_eq!(body["count"], 5);
    assert_eq!(
        body["people"],
        json!([{"name": "Mem Share", "pronouns": "they/them"}])
    );
}

async fn never_an_email_an_id_or_access_needs(app: TestApp) {
    let event = app.event(3, |e| e.places(0, 20)).id.to_string();
    let service = app.service().await;
    let (token, id) = person(&app, &service, "nia@example.org", "Nia", "public", true).await;
    let (status, _, _) = send(
        &service,
        TestRequest::put().uri("/api/user/access-needs").set_json(
            json!({"needs": ["quiet-space"], "note": "Shared-note-words", "shareWithLeader": true}),
        ),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    book(
        &service,
        &token,
        &event,
        json!({"accessibilityRequirements": "Typed-note-words"}),
    )
    .await;
    let (viewer, _) = register(&service, "viewer@example.org").await;
    for who in [Some(viewer.as_str()), Some(token.as_str()), None] {
        let (status, _, body) = send(&service, attendees(&event), who).await;
        assert_eq!(status, 200);
        let text = body.to_string();
        for secret in [
            "nia@example.org",
            id.as_str(),
            "Shared-note-words",
            "Typed-note-words",
            "quiet-space",
            "Silva",
        ] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        for person in body["people"].as_array().unwrap() {
            let keys: Vec<&String> = person.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["name", "pronouns"], "nothing else about anyone");
        }
        let keys: Vec<&String> = body.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["count", "people"]);
    }
    let (_, _, body) = send(&service, attendees(&event), Some(&viewer)).await;
    assert_eq!(
        body["people"],
        json!([{"name": "Nia", "pronouns": "they/them"}])
    );
}

async fn an_unknown_or_hidden_event_is_not_found(app: TestApp) {
    let hidden = app.event(3, |e| e.inactive()).id.to_string();
    let service = app.service().await;
    let (viewer, _) = register(&service, "viewer@example.org").await;
    for id in [
        hidden.as_str(),
        "not-an-id",
        "00000000-0000-4000-8000-000000000000",
    ] {
        for who in [Some(viewer.as_str()), None] {
            let (status, _, body) = send(&service, attendees(id), who).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (404, Some("event_not_found")),
                "{id}"
            );
        }
    }
}
