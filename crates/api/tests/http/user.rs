//! The signed-in person's preferences, profile, export and deletion.

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, book_card, book_cash, get_json, register, send};
use serde_json::json;

#[actix_web::test]
async fn every_user_endpoint_needs_a_session() {
    let app = TestApp::new();
    let service = app.service().await;
    for request in [
        TestRequest::get().uri("/api/user/preferences"),
        TestRequest::put()
            .uri("/api/user/preferences")
            .set_json(json!({"preferences": {}})),
        TestRequest::get().uri("/api/user/profile"),
        TestRequest::put()
            .uri("/api/user/profile")
            .set_json(json!({})),
        TestRequest::post()
            .uri("/api/user/change-password")
            .set_json(json!({})),
        TestRequest::get().uri("/api/user/export"),
        TestRequest::post()
            .uri("/api/user/delete")
            .set_json(json!({})),
    ] {
        let (status, _, body) = send(&service, request, None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (401, Some("unauthenticated"))
        );
    }
}

#[actix_web::test]
async fn preferences_start_with_the_defaults_and_round_trip_within_bounds() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let (status, _, body) = send(
        &service,
        TestRequest::get().uri("/api/user/preferences"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    let mut prefs = body["preferences"].clone();
    assert_eq!(prefs["availability"]["maxDistance"], 10);
    assert_eq!(prefs["calendar"]["reminderOffset"], 60);
    assert_eq!(
        prefs["notifications"]["eventReminders"]["timing"],
        json!(["24 hours", "1 hour"])
    );

    prefs["availability"]["maxDistance"] = json!(50);
    prefs["calendar"]["reminderOffset"] = json!(0);
    prefs["sports"]["favorites"] = json!(["Yoga", "Swimming"]);
    let put = |p: serde_json::Value| {
        TestRequest::put()
            .uri("/api/user/preferences")
            .set_json(json!({"preferences": p}))
    };
    let (status, _, body) = send(&service, put(prefs.clone()), Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    let (_, _, body) = send(
        &service,
        TestRequest::get().uri("/api/user/preferences"),
        Some(&token),
    )
    .await;
    assert_eq!(body["preferences"], prefs);

    let mut bad = prefs.clone();
    bad["availability"]["maxDistance"] = json!(51);
    bad["calendar"]["reminderOffset"] = json!(10081);
    bad["notifications"]["methods"] = json!(["sms"]);
    let (status, _, body) = send(&service, put(bad), Some(&token)).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["availability.maxDistance"],
        "Maximum distance must be between 1 and 50"
    );
    assert_eq!(
        body["fieldErrors"]["calendar.reminderOffset"],
        "Reminder offset must be between 0 and 10080 minutes"
    );
    assert_eq!(
        body["fieldErrors"]["notifications.methods"],
        "SMS notifications are coming soon"
    );
    let mut negative = prefs;
    negative["availability"]["maxDistance"] = json!(-1);
    assert_eq!(send(&service, put(negative), Some(&token)).await.0, 400);
}

#[actix_web::test]
async fn the_profile_is_private_to_its_owner_and_editable() {
    let app = TestApp::new();
    let service = app.service().await;
    let ana = register(&service, "ana@example.org").await.0;
    let bo = register(&service, "bo@example.org").await.0;
    let (_, headers, body) = send(
        &service,
        TestRequest::get().uri("/api/user/profile"),
        Some(&ana),
    )
    .await;
    assert_eq!(body["profile"]["medicalConditions"], "Asthma");
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
    let (_, _, theirs) = send(
        &service,
        TestRequest::get().uri("/api/user/profile"),
        Some(&bo),
    )
    .await;
    assert_eq!(theirs["profile"]["email"], "bo@example.org");

    let update = json!({"firstName": "Ana", "lastName": "Silva", "chosenName": "Nia", "pronouns": "they/them",
        "phone": "07700 900999", "accessibilityNeeds": "Quiet space", "email": "hijack@example.org", "role": "admin"});
    let (status, _, body) = send(
        &service,
        TestRequest::put().uri("/api/user/profile").set_json(update),
        Some(&ana),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["chosenName"], "Nia");
    assert_eq!(
        body["user"]["email"], "ana@example.org",
        "email is not editable here"
    );
    assert_eq!(body["user"]["role"], "user");
    assert!(
        body["profile"].get("accessibilityNeeds").is_none(),
        "access needs have their own page and consent"
    );
    let (status, _, body) = send(
        &service,
        TestRequest::put()
            .uri("/api/user/profile")
            .set_json(json!({"phone": "x"})),
        Some(&ana),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["fieldErrors"]["firstName"], "First name is required");
}

#[actix_web::test]
async fn changing_the_password_signs_out_other_devices() {
    let app = TestApp::new();
    let service = app.service().await;
    let first = register(&service, "ana@example.org").await.0;
    let (_, _, login) = send(
        &service,
        TestRequest::post()
            .uri("/api/auth/login")
            .set_json(json!({"email": "ana@example.org", "password": "brisk-otter-42"})),
        None,
    )
    .await;
    let second = login["token"].as_str().unwrap().to_owned();
    let change = |current: &str| {
        TestRequest::post()
            .uri("/api/user/change-password")
            .set_json(json!({"currentPassword": current, "newPassword": "fresh-kiwi-77"}))
    };
    let (status, _, body) = send(&service, change("wrong-one"), Some(&second)).await;
    assert_eq!(
        (status, body["fieldErrors"]["currentPassword"].as_str()),
        (400, Some("Your current password is not correct"))
    );
    assert_eq!(
        send(&service, change("brisk-otter-42"), Some(&second))
            .await
            .0,
        200
    );
    assert_eq!(
        send(
            &service,
            TestRequest::get().uri("/api/auth/user"),
            Some(&first)
        )
        .await
        .0,
        401
    );
    assert_eq!(
        send(
            &service,
            TestRequest::get().uri("/api/auth/user"),
            Some(&second)
        )
        .await
        .0,
        200
    );
}

#[actix_web::test]
async fn the_export_holds_my_data_and_nobody_elses() {
    let app = TestApp::new();
    let service = app.service().await;
    let ana = register(&service, "ana@example.org").await.0;
    register(&service, "bo@example.org").await;
    let (status, headers, body) = send(
        &service,
        TestRequest::get().uri("/api/user/export"),
        Some(&ana),
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        headers
            .get("content-disposition")
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("attachment")
    );
    assert_eq!(body["account"]["email"], "ana@example.org");
    assert_eq!(
        body["accessNeeds"],
        json!({"needs": [], "note": "Step-free access", "shareWithLeader": false})
    );
    assert_eq!(body["profile"]["emergencyContactName"], "Jo Silva");
    assert_eq!(body["preferences"]["calendar"]["preferredFormat"], "ics");
    assert_eq!(body["sessions"].as_array().unwrap().len(), 1);
    assert!(!body.to_string().contains("bo@example.org"));
    assert!(!body.to_string().contains("argon2"), "no password hash");
}

#[actix_web::test]
async fn deleting_the_account_erases_it_after_the_password() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let delete = |password: &str| {
        TestRequest::post()
            .uri("/api/user/delete")
            .set_json(json!({"password": password}))
    };
    let (status, _, body) = send(&service, delete("wrong-one"), Some(&token)).await;
    assert_eq!(
        (status, body["fieldErrors"]["password"].as_str()),
        (400, Some("Your password is not correct"))
    );
    let (status, headers, _) = send(&service, delete("brisk-otter-42"), Some(&token)).await;
    assert_eq!(status, 200);
    assert!(
        headers
            .get("set-cookie")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
    assert_eq!(
        send(
            &service,
            TestRequest::get().uri("/api/user/export"),
            Some(&token)
        )
        .await
        .0,
        401
    );
    let (status, _, _) = send(
        &service,
        TestRequest::post()
            .uri("/api/auth/login")
            .set_json(json!({"email": "ana@example.org", "password": "brisk-otter-42"})),
        None,
    )
    .await;
    assert_eq!(status, 401);
    // The address can be used again.
    register(&service, "ana@example.org").await;
}

#[actix_web::test]
async fn deleting_the_account_gives_back_its_upcoming_places_and_queue_places() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let free = app.event(3, |e| e.places(0, 5));
    let paid = app.event(4, |e| e.places(0, 5).price_pence(800));
    let full = app.event(5, |e| e.places(0, 1));
    book_cash(&service, &token, &free.id.to_string()).await;
    book_card(&service, &token, &paid.id.to_string()).await;
    let bo = register(&service, "bo@example.org").await.0;
    let bo_booking = book_cash(&service, &bo, &full.id.to_string()).await;
    let carl = register(&service, "carl@example.org").await.0;
    let join = || TestRequest::post().uri(&format!("/api/events/{}/waitlist", full.id));
    assert_eq!(send(&service, join(), Some(&token)).await.0, 201);
    assert_eq!(send(&service, join(), Some(&carl)).await.0, 201);

    let delete = TestRequest::post()
        .uri("/api/user/delete")
        .set_json(json!({"password": "brisk-otter-42"}));
    assert_eq!(send(&service, delete, Some(&token)).await.0, 200);

    for event in [&free, &paid] {
        let (_, body) = get_json(&service, &format!("/api/events/{}", event.id)).await;
        assert_eq!(body["currentParticipants"], 0, "{body}");
    }
    // The next place in the full session goes to the person who was behind them.
    let cancel = TestRequest::post().uri(&format!("/api/bookings/{bo_booking}/cancel"));
    assert_eq!(send(&service, cancel, Some(&bo)).await.0, 200);
    let mine = TestRequest::get().uri(&format!("/api/events/{}/waitlist", full.id));
    let (_, _, body) = send(&service, mine, Some(&carl)).await;
    assert_eq!(body["entry"]["status"], "offered", "{body}");
}
