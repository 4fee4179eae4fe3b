//! Sign-up, sign-in, sessions, password reset and email verification over HTTP.

use crate::common;

use actix_web::test::TestRequest;
use chrono::{Duration, Utc};
use common::{TestApp, register, send, send_from, sign_up};
use serde_json::json;

fn post(uri: &str, body: serde_json::Value) -> TestRequest {
    TestRequest::post().uri(uri).set_json(body)
}

async fn login(service: &svc!(), email: &str, password: &str) -> (u16, serde_json::Value) {
    let (status, _, body) = send(
        service,
        post(
            "/api/auth/login",
            json!({"email": email, "password": password}),
        ),
        None,
    )
    .await;
    (status, body)
}

async fn me(service: &svc!(), token: &str) -> u16 {
    send(
        service,
        TestRequest::get().uri("/api/auth/user"),
        Some(token),
    )
    .await
    .0
}

#[actix_web::test]
async fn sign_up_signs_in_with_a_safe_cookie_and_queues_welcome_and_verification() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, headers, body) = send(
        &service,
        post("/api/auth/register", sign_up("Ana@Example.org")),
        None,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert!(body["token"].as_str().unwrap().len() > 20);
    assert_eq!(body["user"]["email"], "ana@example.org");
    assert_eq!(body["user"]["firstName"], "Ana");
    assert_eq!(body["user"]["role"], "user");
    assert_eq!(body["user"]["isEmailVerified"], false);
    assert!(
        body["user"].get("password").is_none() && body["user"].get("medicalConditions").is_none()
    );
    let cookie = headers.get("set-cookie").unwrap().to_str().unwrap();
    assert!(cookie.starts_with("playspace_session="), "{cookie}");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
        "{cookie}"
    );
    assert!(!cookie.contains("Secure"), "plain http in tests");
    let kinds: Vec<String> = app.emails().into_iter().map(|(_, kind, _)| kind).collect();
    assert_eq!(kinds, ["welcome", "verify_email"]);
    assert_eq!(me(&service, body["token"].as_str().unwrap()).await, 200);
}

#[actix_web::test]
async fn sign_up_fields_get_the_specs_messages() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = send(&service, post("/api/auth/register", json!({})), None).await;
    assert_eq!(status, 400);
    let fields = &body["fieldErrors"];
    assert_eq!(fields["firstName"], "First name is required");
    assert_eq!(fields["lastName"], "Last name is required");
    assert_eq!(fields["email"], "Please enter a valid email address");
    assert_eq!(fields["phone"], "Please enter a valid phone number");
    assert_eq!(fields["password"], "Password must be at least 6 characters");
    assert_eq!(fields["address"], "Address is required");
    assert_eq!(fields["city"], "City is required");
    assert_eq!(fields["postcode"], "Postcode is required");

    for (field, value, message) in [
        (
            "password",
            json!("password"),
            "This password is too common. Please choose one that is harder to guess.",
        ),
        (
            "password",
            json!("x".repeat(129)),
            "Password must be at most 128 characters",
        ),
        ("phone", json!("123"), "Please enter a valid phone number"),
        ("gender", json!("robot"), "Please select your gender"),
        (
            "fitnessLevel",
            json!("elite"),
            "Please select your fitness level",
        ),
        (
            "howDidYouHear",
            json!("tv"),
            "Please tell us how you heard about us",
        ),
        (
            "sportsInterests",
            json!(["Quidditch"]),
            "Please choose sports from the list",
        ),
    ] {
        let mut payload = sign_up("ana@example.org");
        payload[field] = value;
        let (status, _, body) = send(&service, post("/api/auth/register", payload), None).await;
        assert_eq!(status, 400, "{field}");
        assert_eq!(body["fieldErrors"][field], message, "{field}");
    }
    // Long Unicode passphrases with spaces are welcome.
    let mut payload = sign_up("unicode@example.org");
    payload["password"] = json!(format!("{} ünïcödé passphrase", "ø".repeat(100)));
    assert_eq!(
        send(&service, post("/api/auth/register", payload), None)
            .await
            .0,
        201
    );
    assert!(
        app.emails()
            .iter()
            .all(|(to, _, _)| to != "ana@example.org"),
        "nothing sent for invalid forms"
    );
}

#[actix_web::test]
async fn a_taken_email_gets_the_generic_failure_and_its_owner_an_email() {
    let app = TestApp::new();
    let service = app.service().await;
    register(&service, "ana@example.org").await;
    let mut again = sign_up("ANA@example.org");
    again["role"] = json!("admin");
    let (status, _, body) = send(&service, post("/api/auth/register", again), None).await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({"error": "We couldn't create your account. Please check your information and try again.", "code": "registration_failed"})
    );
    let (to, kind, text) = app.emails().pop().unwrap();
    assert_eq!(
        (to.as_str(), kind.as_str()),
        ("ana@example.org", "signup_attempt"),
        "sent to the address the account holds"
    );
    assert!(text.contains("already have an account"));
}

#[actix_web::test]
async fn an_address_with_non_ascii_capitals_is_one_account() {
    let app = TestApp::new();
    let service = app.service().await;
    let (_, id) = register(&service, "ÄNNA-x@example.org").await;
    let (status, body) = login(&service, "ÄNNA-x@example.org", "brisk-otter-42").await;
    assert_eq!(
        (status, body["user"]["id"].as_str()),
        (200, Some(id.as_str()))
    );
    let (status, body) = login(&service, "änna-x@EXAMPLE.org", "brisk-otter-42").await;
    assert_eq!(
        (status, body["user"]["id"].as_str()),
        (200, Some(id.as_str()))
    );
    // No twin:
    let (status, _, body) = send(
        &service,
        post("/api/auth/register", sign_up("änna-x@example.org")),
        None,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("registration_failed"))
    );
    let forgot = post(
        "/api/auth/forgot-password",
        json!({"email": "ÄNNA-x@example.org"}),
    );
    assert_eq!(send(&service, forgot, None).await.0, 200);
    let resets: Vec<String> = app
        .emails()
        .into_iter()
        .filter(|(_, kind, _)| kind == "password_reset")
        .map(|(to, _, _)| to)
        .collect();
    assert_eq!(resets, ["änna-x@example.org"]);
}

#[actix_web::test]
async fn the_owner_of_a_taken_address_hears_of_sign_up_attempts_once_a_day() {
    let app = TestApp::new();
    let service = app.service().await;
    register(&service, "ana@example.org").await;
    for i in 0..5 {
        let ip = format!("10.2.0.{i}");
        let request = post("/api/auth/register", sign_up("ana@example.org"));
        assert_eq!(send_from(&service, request, None, &ip).await.0, 400);
    }
    let notices = app
        .emails()
        .iter()
        .filter(|(_, kind, _)| kind == "signup_attempt")
        .count();
    assert_eq!(notices, 1);
    let tomorrow = app.service_at(Utc::now() + Duration::hours(25)).await;
    let request = post("/api/auth/register", sign_up("ana@example.org"));
    assert_eq!(send(&tomorrow, request, None).await.0, 400);
    let notices = app
        .emails()
        .iter()
        .filter(|(_, kind, _)| kind == "signup_attempt")
        .count();
    assert_eq!(notices, 2, "a day later, one more");
}

#[actix_web::test]
async fn mass_assignment_of_role_or_verification_is_ignored() {
    let app = TestApp::new();
    let service = app.service().await;
    let mut payload = sign_up("eve@example.org");
    payload["role"] = json!("admin");
    payload["isEmailVerified"] = json!(true);
    let (status, _, body) = send(&service, post("/api/auth/register", payload), None).await;
    assert_eq!(status, 201);
    assert_eq!(body["user"]["role"], "user");
    assert_eq!(body["user"]["isEmailVerified"], false);
}

#[actix_web::test]
async fn login_right_wrong_email_and_wrong_password() {
    let app = TestApp::new();
    let service = app.service().await;
    register(&service, "ana@example.org").await;
    let (status, body) = login(&service, "ANA@example.org", "brisk-otter-42").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["email"], "ana@example.org");
    let token = body["token"].as_str().unwrap();
    assert_eq!(me(&service, token).await, 200);

    let wrong_password = login(&service, "ana@example.org", "brisk-otter-43").await;
    let wrong_email = login(&service, "nobody@example.org", "brisk-otter-42").await;
    assert_eq!(wrong_password, wrong_email, "the same answer either way");
    assert_eq!(wrong_password.0, 401);
    assert_eq!(
        wrong_password.1["error"],
        "We couldn't log you in. Please check your email and password and try again."
    );

    let (status, body) = login(&service, "not-an-email", "123").await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"],
        json!({"email": "Invalid email address", "password": "Password must be at least 6 characters"})
    );
}

#[actix_web::test]
async fn too_many_logins_for_one_account_are_slowed_with_retry_after() {
    let app = TestApp::new();
    let service = app.service().await;
    for _ in 0..10 {
        assert_eq!(
            login(&service, "target@example.org", "guess-guess").await.0,
            401
        );
    }
    let (status, headers, body) = send(
        &service,
        post(
            "/api/auth/login",
            json!({"email": "Target@example.org", "password": "guess-guess"}),
        ),
        None,
    )
    .await;
    assert_eq!(status, 429);
    assert_eq!(body["code"], "rate_limited");
    assert!(
        headers
            .get("retry-after")
            .unwrap()
            .to_str()
            .unwrap()
            .parse::<u64>()
            .unwrap()
            > 0
    );
}

#[actix_web::test]
async fn failures_from_many_addresses_never_keep_the_owner_out() {
    let app = TestApp::new();
    let service = app.service().await;
    register(&service, "owner@example.org").await;
    let attempt = |password: &str| {
        post(
            "/api/auth/login",
            json!({"email": "owner@example.org", "password": password}),
        )
    };
    // Thirty guesses from thirty addresses: each is answered, none locks the account.
    for i in 0..30 {
        let ip = format!("10.3.0.{i}");
        let (status, _, _) = send_from(&service, attempt("guess-guess"), None, &ip).await;
        assert_eq!(status, 401, "guess {i}");
    }
    // An address that has failed against the account under attack waits...
    let (status, headers, _) = send_from(&service, attempt("guess-guess"), None, "10.3.0.7").await;
    assert_eq!(status, 429);
    assert!(headers.get("retry-after").is_some());
    // ...while the owner, from their own address, signs in.
    let (status, _, body) =
        send_from(&service, attempt("brisk-otter-42"), None, "192.168.7.7").await;
    assert_eq!(status, 200, "{body}");
}

#[actix_web::test]
async fn forgot_password_answers_alike_but_sends_at_most_three_links_an_hour() {
    let app = TestApp::new();
    let service = app.service().await;
    register(&service, "ana@example.org").await;
    for i in 0..6 {
        let ip = format!("10.4.0.{i}");
        let request = post(
            "/api/auth/forgot-password",
            json!({"email": "ana@example.org"}),
        );
        let (status, _, body) = send_from(&service, request, None, &ip).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Password reset link sent to your email.")),
            "request {i}: the owner can always ask"
        );
    }
    let links = app
        .emails()
        .iter()
        .filter(|(_, kind, _)| kind == "password_reset")
        .count();
    assert_eq!(links, 3);
}

#[actix_web::test]
async fn a_reset_or_password_change_spends_every_other_reset_link() {
    let app = TestApp::new();
    let service = app.service().await;
    register(&service, "ana@example.org").await;
    let ask = || {
        post(
            "/api/auth/forgot-password",
            json!({"email": "ana@example.org"}),
        )
    };
    let reset = |token: &str, password: &str| {
        post(
            "/api/auth/reset-password",
            json!({"token": token, "password": password, "confirmPassword": password}),
        )
    };
    send(&service, ask(), None).await;
    let older = app.token_from_email("password_reset");
    send(&service, ask(), None).await;
    let newer = app.token_from_email("password_reset");
    assert_ne!(older, newer);
    assert_eq!(
        send(&service, reset(&newer, "fresh-kiwi-77"), None).await.0,
        200
    );
    let (status, _, body) = send(&service, reset(&older, "stolen-link-1"), None).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        login(&service, "ana@example.org", "fresh-kiwi-77").await.0,
        200
    );

    // A link asked for before a signed-in password change stops working too.
    let token = login(&service, "ana@example.org", "fresh-kiwi-77").await.1["token"]
        .as_str()
        .unwrap()
        .to_owned();
    send(&service, ask(), None).await;
    let before_change = app.token_from_email("password_reset");
    let change = TestRequest::post()
        .uri("/api/user/change-password")
        .set_json(json!({"currentPassword": "fresh-kiwi-77", "newPassword": "calm-heron-58"}));
    assert_eq!(send(&service, change, Some(&token)).await.0, 200);
    assert_eq!(
        send(&service, reset(&before_change, "stolen-link-2"), None)
            .await
            .0,
        400
    );
}

#[actix_web::test]
async fn logout_revokes_the_session_and_clears_the_cookie() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let (status, headers, body) = send(
        &service,
        TestRequest::post().uri("/api/auth/logout"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["message"], "You have been successfully logged out.");
    assert!(
        headers
            .get("set-cookie")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
    assert_eq!(me(&service, &token).await, 401);
    assert_eq!(
        send(&service, TestRequest::post().uri("/api/auth/logout"), None)
            .await
            .0,
        401
    );
}

#[actix_web::test]
async fn the_cookie_alone_authenticates_the_browser() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let request = TestRequest::get()
        .uri("/api/auth/user")
        .cookie(actix_web::cookie::Cookie::new("playspace_session", token));
    let (status, _, body) = send(&service, request, None).await;
    assert_eq!(status, 200);
    assert_eq!(body["user"]["firstName"], "Ana");
}

#[actix_web::test]
async fn tampered_unsigned_expired_and_missing_tokens_are_401() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let mut tampered = token.clone();
    tampered.replace_range(tampered.len() - 3.., "AAA");
    let parts: Vec<&str> = token.split('.').collect();
    let unsigned = format!("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{}.", parts[1]);
    for bad in [tampered.as_str(), unsigned.as_str(), "garbage", ""] {
        let (status, _, body) = send(
            &service,
            TestRequest::get().uri("/api/auth/user"),
            Some(bad),
        )
        .await;
        assert_eq!(status, 401, "{bad}");
        assert_eq!(body["code"], "unauthenticated");
    }
    assert_eq!(
        send(&service, TestRequest::get().uri("/api/auth/user"), None)
            .await
            .0,
        401
    );
    let later = app.service_at(Utc::now() + Duration::days(31)).await;
    assert_eq!(me(&later, &token).await, 401, "sessions last 30 days");
}

#[actix_web::test]
async fn reset_links_work_once_within_the_hour_and_sign_out_everywhere() {
    let app = TestApp::new();
    let t0 = Utc::now();
    let service = app.service_at(t0).await;
    let old_session = register(&service, "ana@example.org").await.0;

    let answer = |email: &str| post("/api/auth/forgot-password", json!({"email": email}));
    let (status, _, known) = send(&service, answer("ana@example.org"), None).await;
    let (_, _, unknown) = send(&service, answer("nobody@example.org"), None).await;
    assert_eq!(status, 200);
    assert_eq!(known, unknown, "the same answer either way");
    assert_eq!(known["message"], "Password reset link sent to your email.");
    let token = app.token_from_email("password_reset");

    let reset = |token: &str| {
        post(
            "/api/auth/reset-password",
            json!({"token": token, "password": "fresh-kiwi-77", "confirmPassword": "fresh-kiwi-77"}),
        )
    };
    let late = app.service_at(t0 + Duration::minutes(61)).await;
    let (status, _, body) = send(&late, reset(&token), None).await;
    assert_eq!(status, 400);
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("invalid") && message.contains("expired"),
        "{message}"
    );

    let in_time = app.service_at(t0 + Duration::minutes(59)).await;
    let (status, _, body) = send(&in_time, reset(&token), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["message"],
        "Password reset successful. You can now log in with your new password."
    );
    assert_eq!(
        send(&in_time, reset(&token), None).await.0,
        400,
        "single use"
    );
    assert_eq!(
        me(&in_time, &old_session).await,
        401,
        "every session revoked"
    );
    assert_eq!(
        login(&in_time, "ana@example.org", "brisk-otter-42").await.0,
        401
    );
    assert_eq!(
        login(&in_time, "ana@example.org", "fresh-kiwi-77").await.0,
        200
    );
}

#[actix_web::test]
async fn reset_form_messages() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = send(
        &service,
        post(
            "/api/auth/reset-password",
            json!({"token": "", "password": "abc", "confirmPassword": ""}),
        ),
        None,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"],
        json!({"token": "Reset token is required", "password": "Password must be at least 6 characters", "confirmPassword": "Please confirm your password"})
    );
    let mismatch =
        json!({"token": "t", "password": "fresh-kiwi-77", "confirmPassword": "fresh-kiwi-78"});
    let (_, _, body) = send(&service, post("/api/auth/reset-password", mismatch), None).await;
    assert_eq!(
        body["fieldErrors"]["confirmPassword"],
        "Passwords don't match"
    );
    let (status, _, body) = send(
        &service,
        post("/api/auth/forgot-password", json!({"email": "nope"})),
        None,
    )
    .await;
    assert_eq!(
        (status, body["fieldErrors"]["email"].as_str()),
        (400, Some("Invalid email address"))
    );
}

#[actix_web::test]
async fn the_verification_link_confirms_the_address_once() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let link = app.token_from_email("verify_email");
    let (status, _, _) = send(
        &service,
        post("/api/auth/verify-email", json!({"token": link})),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (_, _, body) = send(
        &service,
        TestRequest::get().uri("/api/auth/user"),
        Some(&token),
    )
    .await;
    assert_eq!(body["user"]["isEmailVerified"], true);
    let (status, _, body) = send(
        &service,
        post("/api/auth/verify-email", json!({"token": link})),
        None,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_token"))
    );
}

#[actix_web::test]
async fn resending_verification_needs_a_session_and_sends_a_new_link() {
    let app = TestApp::new();
    let service = app.service().await;
    assert_eq!(
        send(
            &service,
            TestRequest::post().uri("/api/auth/resend-verification"),
            None
        )
        .await
        .0,
        401
    );
    let token = register(&service, "ana@example.org").await.0;
    let first = app.token_from_email("verify_email");
    assert_eq!(
        send(
            &service,
            TestRequest::post().uri("/api/auth/resend-verification"),
            Some(&token)
        )
        .await
        .0,
        200
    );
    assert_ne!(app.token_from_email("verify_email"), first);
}

#[actix_web::test]
async fn cookie_writes_from_another_site_are_refused() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = register(&service, "ana@example.org").await.0;
    let cross = TestRequest::post()
        .uri("/api/auth/logout")
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
    let fetch = TestRequest::post()
        .uri("/api/auth/logout")
        .insert_header(("sec-fetch-site", "cross-site"));
    assert_eq!(send(&service, fetch, Some(&token)).await.0, 403);
    // The site is plain http: the same host over https is another origin.
    let other_scheme = TestRequest::post()
        .uri("/api/auth/logout")
        .insert_header(("host", "localhost:8080"))
        .insert_header(("origin", "https://localhost:8080"));
    assert_eq!(send(&service, other_scheme, Some(&token)).await.0, 403);
    assert_eq!(
        me(&service, &token).await,
        200,
        "the refused logout did nothing"
    );
    let same = TestRequest::post()
        .uri("/api/auth/logout")
        .insert_header(("host", "localhost:8080"))
        .insert_header(("origin", "http://localhost:8080"))
        .insert_header(("sec-fetch-site", "same-origin"));
    assert_eq!(send(&service, same, Some(&token)).await.0, 200);
}

#[actix_web::test]
async fn answers_that_carry_or_reveal_a_session_are_never_stored() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, headers, body) = send(
        &service,
        post("/api/auth/register", sign_up("nia@example.org")),
        None,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
    let token = body["token"].as_str().unwrap().to_owned();
    let (status, headers, _) = send(
        &service,
        post(
            "/api/auth/login",
            json!({"email": "nia@example.org", "password": sign_up("x")["password"]}),
        ),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
    let (status, headers, _) = send(
        &service,
        TestRequest::get().uri("/api/auth/user"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
    // Failures too: a 401 says who is not signed in.
    let (status, headers, _) = send(&service, TestRequest::get().uri("/api/auth/user"), None).await;
    assert_eq!(status, 401);
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
}

#[actix_web::test]
async fn nul_bidi_overrides_and_header_specials_are_refused() {
    let app = TestApp::new();
    let service = app.service().await;
    for (field, value) in [
        ("firstName", "Ana\u{0}"),
        ("lastName", "Silva\u{202E}gnp"),
        ("medicalConditions", "none\u{2066}"),
    ] {
        let mut body = sign_up("ana@example.org");
        body[field] = json!(value);
        let (status, _, body) = send(&service, post("/api/auth/register", body), None).await;
        assert_eq!(status, 400, "{field}: {body}");
        assert_eq!(
            body["fieldErrors"][field],
            "Please remove the invisible control characters"
        );
    }
    // Addresses that could end or quote a mail header are refused at sign-up.
    for email in [
        "ana<x@example.org",
        "a,b@example.org",
        "\"ana\"@example.org",
    ] {
        let (status, _, body) =
            send(&service, post("/api/auth/register", sign_up(email)), None).await;
        assert_eq!(status, 400, "{email}: {body}");
        assert!(body["fieldErrors"]["email"].is_string(), "{email}: {body}");
    }
    // Right-to-left names are ordinary text.
    let mut body = sign_up("rana@example.org");
    body["firstName"] = json!("رنا\u{200F}");
    assert_eq!(
        send(&service, post("/api/auth/register", body), None)
            .await
            .0,
        201
    );
}
