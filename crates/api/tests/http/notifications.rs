//! In-app notifications over HTTP: the person's own list with its unread count, marking
//! read, deleting, and the notifications sign-up and booking write.

use crate::common;

use actix_web::test::TestRequest;
use chrono::{Duration, Utc};
use common::{TestApp, book_cash, register, send};
use playspace_domain::{NewNotification, NotificationKind, UserId};
use playspace_ports::NotificationRepository;
use serde_json::{Value, json};

async fn list(service: &svc!(), token: &str) -> Value {
    let (status, _, body) = send(
        service,
        TestRequest::get().uri("/api/notifications"),
        Some(token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn titles(body: &Value) -> Vec<&str> {
    body["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect()
}

/// Stores `title` for `user`, `minutes` after now (so the order is known).
fn add(app: &TestApp, user: &str, title: &str, minutes: i64) {
    let note = NewNotification {
        user_id: user.parse::<UserId>().unwrap(),
        kind: NotificationKind::Info,
        title: title.into(),
        message: format!("{title} message"),
        action_url: None,
        event_id: None,
    };
    app.store
        .add(&note, Utc::now() + Duration::minutes(minutes))
        .unwrap();
}

fn id_of<'a>(body: &'a Value, title: &str) -> &'a str {
    body["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["title"] == title)
        .unwrap()["id"]
        .as_str()
        .unwrap()
}

#[actix_web::test]
async fn signed_out_visitors_get_401() {
    let app = TestApp::new();
    let service = app.service().await;
    let id = playspace_domain::NotificationId::new().to_string();
    for request in [
        TestRequest::get().uri("/api/notifications"),
        TestRequest::delete().uri("/api/notifications"),
        TestRequest::post().uri("/api/notifications/read-all"),
        TestRequest::post().uri(&format!("/api/notifications/{id}/read")),
        TestRequest::delete().uri(&format!("/api/notifications/{id}")),
    ] {
        let (status, _, body) = send(&service, request, None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (401, Some("unauthenticated"))
        );
    }
}

#[actix_web::test]
async fn sign_up_writes_one_welcome_and_signing_in_again_adds_none() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let body = list(&service, &token).await;
    assert_eq!(body["unreadCount"], 1);
    let items = body["notifications"].as_array().unwrap();
    assert_eq!(items.len(), 1);
    let welcome = &items[0];
    let mut keys: Vec<&str> = welcome
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "actionUrl",
            "eventId",
            "id",
            "message",
            "read",
            "timestamp",
            "title",
            "type"
        ]
    );
    assert_eq!(welcome["type"], "welcome");
    assert_eq!(welcome["title"], "Welcome to PlaySpace!");
    assert_eq!(welcome["actionUrl"], "/events");
    assert_eq!(welcome["eventId"], Value::Null);
    assert_eq!(welcome["read"], false);
    assert!(chrono::DateTime::parse_from_rfc3339(welcome["timestamp"].as_str().unwrap()).is_ok());

    let (status, _, login) = send(
        &service,
        TestRequest::post()
            .uri("/api/auth/login")
            .set_json(json!({ "email": "ana@example.org", "password": common::PASSWORD })),
        None,
    )
    .await;
    assert_eq!(status, 200, "{login}");
    let again = list(&service, login["token"].as_str().unwrap()).await;
    assert_eq!(again["notifications"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn the_list_is_newest_first_and_read_and_delete_change_the_unread_count() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, ana) = register(&service, "ana@example.org").await;
    add(&app, &ana, "First", 1);
    add(&app, &ana, "Second", 2);
    add(&app, &ana, "Third", 3);
    let body = list(&service, &token).await;
    assert_eq!(
        titles(&body),
        ["Third", "Second", "First", "Welcome to PlaySpace!"]
    );
    assert_eq!(body["unreadCount"], 4);

    let second = id_of(&body, "Second").to_owned();
    let read = TestRequest::post().uri(&format!("/api/notifications/{second}/read"));
    let (status, _, answer) = send(&service, read, Some(&token)).await;
    assert_eq!((status, answer), (200, json!({ "unreadCount": 3 })));
    // Marking it read again is fine and changes nothing.
    let read = TestRequest::post().uri(&format!("/api/notifications/{second}/read"));
    let (status, _, answer) = send(&service, read, Some(&token)).await;
    assert_eq!((status, answer), (200, json!({ "unreadCount": 3 })));
    let body = list(&service, &token).await;
    assert_eq!(body["unreadCount"], 3);
    assert_eq!(body["notifications"][1]["read"], true);
    assert_eq!(body["notifications"][0]["read"], false);

    let third = id_of(&body, "Third").to_owned();
    let delete = TestRequest::delete().uri(&format!("/api/notifications/{third}"));
    let (status, _, answer) = send(&service, delete, Some(&token)).await;
    assert_eq!((status, answer), (200, json!({ "unreadCount": 2 })));
    let delete = TestRequest::delete().uri(&format!("/api/notifications/{third}"));
    let (status, _, answer) = send(&service, delete, Some(&token)).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (404, Some("notification_not_found"))
    );

    let all = TestRequest::post().uri("/api/notifications/read-all");
    let (status, _, answer) = send(&service, all, Some(&token)).await;
    assert_eq!((status, answer), (200, json!({ "unreadCount": 0 })));
    let body = list(&service, &token).await;
    assert_eq!(titles(&body), ["Second", "First", "Welcome to PlaySpace!"]);
    assert!(
        body["notifications"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["read"] == true)
    );

    let clear = TestRequest::delete().uri("/api/notifications");
    let (status, _, answer) = send(&service, clear, Some(&token)).await;
    assert_eq!((status, answer), (200, json!({ "unreadCount": 0 })));
    let body = list(&service, &token).await;
    assert_eq!(body, json!({ "notifications": [], "unreadCount": 0 }));
}

#[actix_web::test]
async fn another_persons_notifications_are_not_found_and_left_alone() {
    let app = TestApp::new();
    let service = app.service().await;
    let (ana_token, ana) = register(&service, "ana@example.org").await;
    let (ben_token, _) = register(&service, "ben@example.org").await;
    add(&app, &ana, "Ana's", 1);
    let before = list(&service, &ana_token).await;
    let hers = id_of(&before, "Ana's").to_owned();

    let read = TestRequest::post().uri(&format!("/api/notifications/{hers}/read"));
    let (status, _, body) = send(&service, read, Some(&ben_token)).await;
    assert_eq!(
        (status, body["code"].as_str(), body["error"].as_str()),
        (
            404,
            Some("notification_not_found"),
            Some("Notification not found")
        )
    );
    let delete = TestRequest::delete().uri(&format!("/api/notifications/{hers}"));
    let (status, _, body) = send(&service, delete, Some(&ben_token)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("notification_not_found"))
    );
    // Ben's read-all and clear-all touch only his own.
    let all = TestRequest::post().uri("/api/notifications/read-all");
    assert_eq!(send(&service, all, Some(&ben_token)).await.0, 200);
    let clear = TestRequest::delete().uri("/api/notifications");
    assert_eq!(send(&service, clear, Some(&ben_token)).await.0, 200);
    assert_eq!(list(&service, &ben_token).await["notifications"], json!([]));

    let after = list(&service, &ana_token).await;
    assert_eq!(after, before, "Ana's list is untouched");
    assert_eq!(after["unreadCount"], 2);
}

#[actix_web::test]
async fn a_malformed_id_is_a_json_404() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    for request in [
        TestRequest::post().uri("/api/notifications/not-an-id/read"),
        TestRequest::delete().uri("/api/notifications/42"),
    ] {
        let (status, headers, body) = send(&service, request, Some(&token)).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("notification_not_found"))
        );
        assert_eq!(headers.get("content-type").unwrap(), "application/json");
    }
}

#[actix_web::test]
async fn cookie_writes_from_another_site_are_refused() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let cross = TestRequest::delete()
        .uri("/api/notifications")
        .insert_header(("host", "localhost:8080"))
        .insert_header(("origin", "https://evil.example"))
        .cookie(actix_web::cookie::Cookie::new(
            "playspace_session",
            token.clone(),
        ));
    let (status, _, body) = send(&service, cross, None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("cross_site_request"))
    );
    assert_eq!(list(&service, &token).await["unreadCount"], 1);
}

#[actix_web::test]
async fn booking_and_cancelling_write_their_notifications() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.title("Walking Football").places(0, 10));
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let booking = book_cash(&service, &token, &event.id.to_string()).await;
    let body = list(&service, &token).await;
    let newest = &body["notifications"][0];
    assert_eq!(newest["type"], "booking");
    assert_eq!(newest["title"], "Booking Confirmed!");
    assert_eq!(
        newest["message"],
        "Booking confirmed for \"Walking Football\"!"
    );
    assert_eq!(newest["actionUrl"], "/bookings");
    assert_eq!(newest["eventId"], event.id.to_string());
    assert_eq!(body["unreadCount"], 2);

    let cancel = TestRequest::post().uri(&format!("/api/bookings/{booking}/cancel"));
    let (status, _, answer) = send(&service, cancel, Some(&token)).await;
    assert_eq!(status, 200, "{answer}");
    let body = list(&service, &token).await;
    let newest = &body["notifications"][0];
    assert_eq!(newest["type"], "booking");
    assert_eq!(newest["title"], "Booking cancelled");
    assert!(
        newest["message"]
            .as_str()
            .unwrap()
            .starts_with("Your booking for \"Walking Football\" on "),
        "{newest}"
    );
    assert_eq!(newest["actionUrl"], "/events");
    assert_eq!(newest["eventId"], event.id.to_string());
    assert_eq!(body["unreadCount"], 3);
}

#[actix_web::test]
async fn the_documented_notification_shape_is_the_one_sent() {
    let spec: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/openapi.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let schema = &spec["components"]["schemas"]["Notification"];
    let mut documented: Vec<&str> = schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    documented.sort_unstable();
    let mut required: Vec<&str> = schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    required.sort_unstable();
    let kinds: Vec<&str> = schema["properties"]["type"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let stored: Vec<&str> = NotificationKind::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(kinds, stored);

    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let body = list(&service, &token).await;
    let mut top: Vec<&str> = body
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    top.sort_unstable();
    assert_eq!(top, ["notifications", "unreadCount"]);
    let mut sent: Vec<&str> = body["notifications"][0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    sent.sort_unstable();
    assert_eq!(documented, sent);
    assert_eq!(required, sent);
}

#[actix_web::test]
async fn an_admins_cancellation_and_status_edit_tell_the_person() {
    let app = TestApp::new();
    let first = app.event(3, |e| e.title("Seated Yoga").places(0, 10));
    let second = app.event(4, |e| e.title("Boccia").places(0, 10));
    let service = app.service().await;
    let (admin_token, _) = common::admin(&app, &service).await;
    let (token, _) = register(&service, "ana@example.org").await;
    let one = book_cash(&service, &token, &first.id.to_string()).await;
    let two = book_cash(&service, &token, &second.id.to_string()).await;

    let cancel = TestRequest::post()
        .uri(&format!("/api/admin/bookings/{one}/cancel"))
        .set_json(json!({ "refund": false }));
    let (status, _, body) = send(&service, cancel, Some(&admin_token)).await;
    assert_eq!(status, 200, "{body}");
    let edit = TestRequest::patch()
        .uri(&format!("/api/admin/bookings/{two}"))
        .set_json(json!({ "status": "cancelled" }));
    let (status, _, body) = send(&service, edit, Some(&admin_token)).await;
    assert_eq!(status, 200, "{body}");

    let body = list(&service, &token).await;
    let cancelled: Vec<(&str, &str)> = body["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["title"] == "Booking cancelled")
        .map(|n| {
            (
                n["eventId"].as_str().unwrap(),
                n["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(cancelled.len(), 2, "{body}");
    assert_eq!(cancelled[0].0, second.id.to_string(), "newest first");
    assert!(cancelled[0].1.contains("\"Boccia\""));
    assert_eq!(cancelled[1].0, first.id.to_string());
    // The admin's own list holds only their welcome.
    assert_eq!(
        titles(&list(&service, &admin_token).await),
        ["Welcome to PlaySpace!"]
    );
}
