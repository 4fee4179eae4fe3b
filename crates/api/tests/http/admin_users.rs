//! The users tab over HTTP: who may call it, the paged list, creating, editing one field at
//! a time and bulk actions, with their audit entries.

use crate::common;

use actix_web::test::TestRequest;
use common::{PASSWORD, TestApp, admin, admin_with_role, refused_callers, register, send};
use serde_json::{Value, json};

fn list(query: &str) -> TestRequest {
    TestRequest::get().uri(&format!("/api/admin/users{query}"))
}

fn create(body: Value) -> TestRequest {
    TestRequest::post().uri("/api/admin/users").set_json(body)
}

fn patch(id: &str, body: Value) -> TestRequest {
    TestRequest::patch()
        .uri(&format!("/api/admin/users/{id}"))
        .set_json(body)
}

fn bulk(body: Value) -> TestRequest {
    TestRequest::post()
        .uri("/api/admin/users/bulk-action")
        .set_json(body)
}

fn new_user(email: &str) -> Value {
    json!({
        "firstName": "Sam", "lastName": "Okafor", "email": email,
        "password": "river-stone-9", "phone": "07700 900123", "role": "user"
    })
}

/// Creates a user through the admin API; returns their id.
async fn created(service: &svc!(), token: &str, body: Value) -> String {
    let (status, _, body) = send(service, create(body), Some(token)).await;
    assert_eq!(status, 201, "{body}");
    body["user"]["id"].as_str().unwrap().to_owned()
}

fn ids(body: &Value) -> Vec<String> {
    body["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_web::test]
async fn only_admins_with_an_admin_session_may_use_the_users_tab() {
    let app = TestApp::new();
    let service = app.service().await;
    let (_, member_id) = register(&service, "someone@example.org").await;
    let requests = || {
        vec![
            list(""),
            create(new_user("x@example.org")),
            patch(&member_id, json!({"firstName": "X"})),
            bulk(json!({"action": "delete", "userIds": [member_id]})),
        ]
    };
    for (token, status, code) in refused_callers(&app, &service).await {
        for request in requests() {
            let (got, _, body) = send(&service, request, token.as_deref()).await;
            assert_eq!((got, body["code"].as_str()), (status, Some(code)));
        }
    }
    // Nothing happened.
    assert!(app.audit().iter().all(|(a, _, _)| !a.starts_with("user.")));
}

#[actix_web::test]
async fn the_list_is_newest_first_paged_searchable_and_filtered() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, admin_id) = admin(&app, &service).await;
    let mut made = Vec::new();
    for i in 0..22 {
        let mut body = new_user(&format!("member{i:02}@example.org"));
        body["firstName"] = json!(format!("Member{i:02}"));
        made.push(created(&service, &token, body).await);
    }
    let (status, _, first) = send(&service, list(""), Some(&token)).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["total"], 23);
    assert_eq!(first["users"].as_array().unwrap().len(), 20);
    let user = &first["users"][0];
    let keys: Vec<&str> = user
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "createdAt",
            "email",
            "firstName",
            "id",
            "isEmailVerified",
            "lastLogin",
            "lastName",
            "role"
        ],
        "the admin user view and nothing else"
    );
    assert_eq!(user["id"], made[21].as_str(), "newest first");
    assert_eq!(user["isEmailVerified"], false);
    assert_eq!(user["lastLogin"], Value::Null);
    let cursor = first["nextCursor"].as_str().unwrap();
    let (_, _, second) = send(&service, list(&format!("?cursor={cursor}")), Some(&token)).await;
    assert_eq!(second["total"], 23);
    assert!(second.get("nextCursor").is_none(), "the last page");
    let mut all = ids(&first);
    all.extend(ids(&second));
    assert_eq!(all.len(), 23);
    assert_eq!(all.last().unwrap(), &admin_id);

    let (_, _, found) = send(&service, list("?q=MEMBER07"), Some(&token)).await;
    assert_eq!(ids(&found), [made[7].clone()]);
    assert_eq!(found["total"], 1);
    let (_, _, admins) = send(&service, list("?role=admin"), Some(&token)).await;
    assert_eq!(ids(&admins), std::slice::from_ref(&admin_id));
    let (_, _, none) = send(&service, list("?q=%25"), Some(&token)).await;
    assert_eq!(none["total"], 0, "a % matches only a %");

    let (status, _, body) = send(&service, list("?cursor=bogus"), Some(&token)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_cursor"))
    );
    let (status, _, body) = send(&service, list("?role=owner"), Some(&token)).await;
    assert_eq!(status, 400);
    assert!(body["fieldErrors"]["role"].is_string());

    // Erased accounts are not listed.
    let (status, _, _) = send(
        &service,
        bulk(json!({"action": "delete", "userIds": [made[0]]})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    let (_, _, after) = send(&service, list("?q=member00"), Some(&token)).await;
    assert_eq!(after["total"], 0);
}

#[actix_web::test]
async fn creating_a_user_checks_the_form_and_sends_a_verification_email() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (status, _, body) = send(
        &service,
        create(
            json!({"email": "nope", "password": "abc", "phone": "12", "role": "owner",
            "firstName": " ", "lastName": ""}),
        ),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    let fields = &body["fieldErrors"];
    assert_eq!(fields["firstName"], "First name is required");
    assert_eq!(fields["lastName"], "Last name is required");
    assert_eq!(fields["email"], "Please enter a valid email address");
    assert_eq!(fields["password"], "Password must be at least 6 characters");
    assert_eq!(fields["phone"], "Please enter a valid phone number");
    assert!(fields["role"].is_string());

    let mut body = new_user("sam@example.org");
    body["role"] = json!("moderator");
    body["isEmailVerified"] = json!(true);
    let (status, _, created) = send(&service, create(body), Some(&token)).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["user"]["role"], "moderator");
    assert_eq!(
        created["user"]["isEmailVerified"], false,
        "unknown fields are ignored"
    );
    let (to, kind, text) = app.emails().pop().unwrap();
    assert_eq!(
        (to.as_str(), kind.as_str()),
        ("sam@example.org", "verify_email")
    );
    assert!(text.contains("/verify-email?token="));
    // The new account can sign in with the password the admin set.
    let (status, _, _) = send(
        &service,
        TestRequest::post()
            .uri("/api/auth/login")
            .set_json(json!({"email": "sam@example.org", "password": "river-stone-9"})),
        None,
    )
    .await;
    assert_eq!(status, 200);

    let (status, _, body) = send(&service, create(new_user("SAM@example.org")), Some(&token)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("email_taken")));
    assert_eq!(
        app.audit()
            .iter()
            .filter(|(a, t, id)| a == "user.create"
                && t == "user"
                && id.as_deref() == created["user"]["id"].as_str())
            .count(),
        1
    );
}

#[actix_web::test]
async fn a_patch_changes_one_field_and_the_trail_names_only_the_field() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, admin_id) = admin(&app, &service).await;
    let (_, member_id) = register(&service, "member@example.org").await;
    // Unverified, so the ignored isEmailVerified below would show if it were applied.
    app.sql(&format!(
        "UPDATE users SET is_email_verified = FALSE WHERE id = '{member_id}'"
    ));

    let (status, _, body) = send(
        &service,
        patch(
            &member_id,
            json!({"firstName": "Joanna", "isEmailVerified": true}),
        ),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["firstName"], "Joanna");
    assert_eq!(body["user"]["isEmailVerified"], false);

    let (_, _, logs) = send(
        &service,
        TestRequest::get().uri("/api/admin/audit-logs?action=user.update"),
        Some(&token),
    )
    .await;
    assert_eq!(logs["logs"][0]["details"], json!({"field": "firstName"}));
    assert_eq!(logs["logs"][0]["resourceId"], member_id.as_str());
    assert_eq!(
        logs["logs"].as_array().unwrap().len(),
        1,
        "the field's name, neither the old nor the new value"
    );

    let (status, _, body) = send(
        &service,
        patch(&member_id, json!({"email": "joanna@example.org"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["email"], "joanna@example.org");
    let (to, kind, _) = app.emails().pop().unwrap();
    assert_eq!(
        (to.as_str(), kind.as_str()),
        ("joanna@example.org", "verify_email")
    );
    let (status, _, body) = send(
        &service,
        patch(&member_id, json!({"email": "ADMIN@example.org"})),
        Some(&token),
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("email_taken")));

    for (bad, field, message) in [
        (
            json!({"firstName": " "}),
            "firstName",
            "First name is required",
        ),
        (json!({"lastName": ""}), "lastName", "Last name is required"),
        (
            json!({"email": "nope"}),
            "email",
            "Please enter a valid email address",
        ),
        (
            json!({"role": 7}),
            "role",
            "Please select a role: user, moderator or admin",
        ),
    ] {
        let (status, _, body) = send(&service, patch(&member_id, bad), Some(&token)).await;
        assert_eq!(status, 400);
        assert_eq!(body["fieldErrors"][field], message);
    }
    for none_or_two in [
        json!({}),
        json!({"phone": "07700 900123"}),
        json!({"firstName": "A", "lastName": "B"}),
    ] {
        let (status, _, body) = send(&service, patch(&member_id, none_or_two), Some(&token)).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("one_field")));
    }
    for unknown in ["not-an-id", "01937b9e-0000-7000-8000-000000000000"] {
        let (status, _, body) = send(
            &service,
            patch(unknown, json!({"firstName": "X"})),
            Some(&token),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("user_not_found"))
        );
    }

    let (status, _, body) = send(
        &service,
        patch(&admin_id, json!({"role": "user"})),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("own_admin_role"))
    );
    assert_eq!(body["error"], "You can't remove your own admin role.");
    let (status, _, _) = send(
        &service,
        patch(&admin_id, json!({"lastName": "Boss"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "other fields of one's own account may change");

    // Erased accounts are gone for good.
    send(
        &service,
        bulk(json!({"action": "delete", "userIds": [member_id]})),
        Some(&token),
    )
    .await;
    let (status, _, _) = send(
        &service,
        patch(&member_id, json!({"firstName": "X"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 404);
}

#[actix_web::test]
async fn a_role_change_closes_the_persons_admin_session() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (other, other_id) = admin_with_role(&app, &service, "bea@example.org", "admin").await;
    assert_eq!(send(&service, list(""), Some(&other)).await.0, 200);
    let (status, _, body) = send(
        &service,
        patch(&other_id, json!({"role": "moderator"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["role"], "moderator");
    // Their next admin call needs a fresh admin login, which as a moderator leads nowhere.
    let (status, _, body) = send(&service, list(""), Some(&other)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("admin_session_required"))
    );
    let (status, _, _) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/login")
            .set_json(json!({"password": PASSWORD})),
        Some(&other),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(send(&service, list(""), Some(&other)).await.0, 403);
}

#[actix_web::test]
async fn bulk_actions_are_checked_and_all_or_nothing() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, admin_id) = admin(&app, &service).await;
    let (member_token, member) = register(&service, "member@example.org").await;
    let (_, other) = register(&service, "other@example.org").await;

    let (status, _, body) = send(
        &service,
        bulk(json!({"action": "delete", "userIds": []})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "No items selected");
    assert_eq!(body["code"], "no_items_selected");
    let many: Vec<String> = (0..501)
        .map(|i| format!("01937b9e-0000-7000-8000-{i:012}"))
        .collect();
    let (status, _, body) = send(
        &service,
        bulk(json!({"action": "delete", "userIds": many})),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("too_many_items"))
    );
    let (status, _, body) = send(
        &service,
        bulk(json!({"action": "promote", "userIds": [member]})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["fieldErrors"]["action"].is_string());
    let (status, _, body) = send(
        &service,
        bulk(json!({"action": "updateRole", "userIds": [member]})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400, "a role is needed");
    assert!(body["fieldErrors"]["role"].is_string());
    let (status, _, body) = send(
        &service,
        bulk(json!({"action": "delete", "userIds": [member, admin_id]})),
        Some(&token),
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("own_account")));
    let (status, _, body) = send(
        &service,
        bulk(json!({"action": "updateRole", "userIds": [member, admin_id], "data": {"role": "user"}})),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("own_admin_role"))
    );
    let (status, _, body) = send(
        &service,
        bulk(json!({"action": "delete", "userIds": [member, "01937b9e-0000-7000-8000-000000000000"]})),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("user_not_found"))
    );
    assert_eq!(
        send(
            &service,
            TestRequest::get().uri("/api/auth/user"),
            Some(&member_token)
        )
        .await
        .0,
        200,
        "nothing was done"
    );

    let (status, _, body) = send(
        &service,
        bulk(json!({"action": "updateRole", "userIds": [member, other], "data": {"role": "moderator"}})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, json!({"affected": 2}));
    let (_, _, moderators) = send(&service, list("?role=moderator"), Some(&token)).await;
    assert_eq!(moderators["total"], 2);

    let (status, _, body) = send(
        &service,
        bulk(json!({"action": "delete", "userIds": [member, other]})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, json!({"affected": 2}));
    // Erased as if they had done it themselves: signed out, unable to sign in, unlisted.
    assert_eq!(
        send(
            &service,
            TestRequest::get().uri("/api/auth/user"),
            Some(&member_token)
        )
        .await
        .0,
        401
    );
    let (status, _, _) = send(
        &service,
        TestRequest::post()
            .uri("/api/auth/login")
            .set_json(json!({"email": "member@example.org", "password": PASSWORD})),
        None,
    )
    .await;
    assert_eq!(status, 401);
    let (_, _, everyone) = send(&service, list(""), Some(&token)).await;
    assert_eq!(ids(&everyone), [admin_id]);
    let trail = app.audit();
    assert_eq!(
        trail.iter().filter(|(a, _, _)| a == "user.delete").count(),
        2
    );
    assert_eq!(
        trail.iter().filter(|(a, _, _)| a == "user.update").count(),
        2
    );
}
