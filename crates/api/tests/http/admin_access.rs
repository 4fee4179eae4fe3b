//! Who may use the admin area: the step-up admin login, the admin session's life, and the
//! answers everyone else gets.

use crate::common;

use actix_web::test::TestRequest;
use chrono::{Duration, Utc};
use common::{PASSWORD, TestApp, admin, admin_with_role, register, send};
use serde_json::json;

fn admin_login(password: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/admin/login")
        .set_json(json!({ "password": password }))
}

fn check_auth() -> TestRequest {
    TestRequest::get().uri("/api/admin/check-auth")
}

fn audit_logs() -> TestRequest {
    TestRequest::get().uri("/api/admin/audit-logs")
}

#[actix_web::test]
async fn an_admin_re_enters_their_password_to_open_the_admin_area() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, id) = register(&service, "admin@example.org").await;
    app.set_role(&id, "admin");

    let (_, _, body) = send(&service, check_auth(), Some(&token)).await;
    assert_eq!(body, json!({ "authenticated": false }));
    let (status, _, body) = send(&service, audit_logs(), Some(&token)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("admin_session_required"))
    );

    let (status, _, body) = send(&service, admin_login(""), Some(&token)).await;
    assert_eq!(status, 400);
    assert_eq!(body["fieldErrors"]["password"], "Password Required");

    let (status, _, body) = send(&service, admin_login("not-my-password"), Some(&token)).await;
    assert_eq!(status, 401);
    assert_eq!(body["code"], "invalid_admin_password");
    assert_eq!(body["error"], "Invalid admin password. Please try again.");

    let (status, _, body) = send(&service, admin_login(PASSWORD), Some(&token)).await;
    assert_eq!(status, 200);
    assert_eq!(body, json!({ "authenticated": true, "role": "admin" }));
    let (_, _, body) = send(&service, check_auth(), Some(&token)).await;
    assert_eq!(body, json!({ "authenticated": true, "role": "admin" }));

    // Both attempts are in the trail, with where they came from.
    let (status, _, body) = send(&service, audit_logs(), Some(&token)).await;
    assert_eq!(status, 200);
    let actions: Vec<&str> = body["logs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["admin.login", "admin.login_failed"]);
    assert_eq!(body["logs"][0]["ipAddress"], "10.1.1.1");
    assert_eq!(body["logs"][0]["userId"], id.as_str());
    assert_eq!(body["logs"][0]["userName"], "Ana Silva");
}

#[actix_web::test]
async fn the_signed_out_and_members_are_kept_out() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = send(&service, admin_login(PASSWORD), None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("unauthenticated"))
    );
    let (status, _, body) = send(&service, check_auth(), None).await;
    assert_eq!((status, body), (200, json!({ "authenticated": false })));
    let (status, _, _) = send(&service, audit_logs(), None).await;
    assert_eq!(status, 401);

    let (member, _) = register(&service, "member@example.org").await;
    let (status, _, body) = send(&service, admin_login(PASSWORD), Some(&member)).await;
    assert_eq!(status, 403);
    assert_eq!(
        body["error"],
        "You don't have permission to access the admin dashboard."
    );
    let (status, _, _) = send(&service, audit_logs(), Some(&member)).await;
    assert_eq!(status, 403);
    let (_, _, body) = send(&service, check_auth(), Some(&member)).await;
    assert_eq!(body, json!({ "authenticated": false }));
}

#[actix_web::test]
async fn a_moderator_may_log_in_but_sees_nothing_but_registers() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin_with_role(&app, &service, "leader@example.org", "moderator").await;
    let (_, _, body) = send(&service, check_auth(), Some(&token)).await;
    assert_eq!(body, json!({ "authenticated": true, "role": "moderator" }));
    let (status, _, body) = send(&service, audit_logs(), Some(&token)).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")));
}

#[actix_web::test]
async fn a_role_removed_takes_effect_on_the_next_request() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, id) = admin(&app, &service).await;
    assert_eq!(send(&service, audit_logs(), Some(&token)).await.0, 200);
    app.set_role(&id, "user");
    assert_eq!(send(&service, audit_logs(), Some(&token)).await.0, 403);
}

#[actix_web::test]
async fn the_admin_session_ends_after_thirty_idle_minutes_logout_and_password_change() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;

    // 31 minutes later (same database, clock moved on).
    let later = app.service_at(Utc::now() + Duration::minutes(31)).await;
    let (status, _, body) = send(&later, audit_logs(), Some(&token)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("admin_session_required"))
    );

    // Used within 30 minutes, it lasts 30 minutes from the last use.
    let (status, _, _) = send(&service, admin_login(PASSWORD), Some(&token)).await;
    assert_eq!(status, 200);
    let twenty = app.service_at(Utc::now() + Duration::minutes(20)).await;
    assert_eq!(send(&twenty, audit_logs(), Some(&token)).await.0, 200);
    let forty = app.service_at(Utc::now() + Duration::minutes(40)).await;
    assert_eq!(send(&forty, audit_logs(), Some(&token)).await.0, 200);

    // Leaving the admin area keeps the sign-in.
    let (status, _, _) = send(
        &service,
        TestRequest::post().uri("/api/admin/logout"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(send(&service, audit_logs(), Some(&token)).await.0, 401);
    let (status, _, _) = send(
        &service,
        TestRequest::get().uri("/api/auth/user"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);

    // A password change closes it too.
    assert_eq!(
        send(&service, admin_login(PASSWORD), Some(&token)).await.0,
        200
    );
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/user/change-password")
            .set_json(json!({
                "currentPassword": PASSWORD,
                "newPassword": "calm-heron-77",
                "confirmPassword": "calm-heron-77"
            })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(send(&service, audit_logs(), Some(&token)).await.0, 401);
}

#[actix_web::test]
async fn admin_login_is_rate_limited() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, id) = register(&service, "admin@example.org").await;
    app.set_role(&id, "admin");
    for _ in 0..10 {
        assert_eq!(
            send(&service, admin_login("wrong-guess"), Some(&token))
                .await
                .0,
            401
        );
    }
    let (status, headers, _) = send(&service, admin_login(PASSWORD), Some(&token)).await;
    assert_eq!(status, 429);
    assert!(headers.contains_key("retry-after"));
    assert_eq!(
        app.audit()
            .iter()
            .filter(|(a, _, _)| a == "admin.login_failed")
            .count(),
        10
    );
}

#[actix_web::test]
async fn the_only_admin_cannot_delete_their_account() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let delete = || {
        TestRequest::post()
            .uri("/api/user/delete")
            .set_json(json!({ "password": PASSWORD }))
    };
    let (status, _, body) = send(&service, delete(), Some(&token)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("last_admin")));
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("You are the site's only admin")
    );
    let (_, other) = register(&service, "second@example.org").await;
    app.set_role(&other, "admin");
    let (status, _, _) = send(&service, delete(), Some(&token)).await;
    assert_eq!(status, 200);
}
