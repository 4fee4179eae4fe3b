//! Sign-up and finishing it from the emailed link, sign-in, sessions, password reset and
//! email verification over HTTP.

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

/// POSTs `body` to `/api/auth/register/confirm`.
async fn confirm(
    service: &svc!(),
    body: serde_json::Value,
) -> (u16, actix_web::http::header::HeaderMap, serde_json::Value) {
    send(service, post("/api/auth/register/confirm", body), None).await
}

/// How many rows `query` (a `SELECT count(*) AS n ...`) counts in the app's database.
fn count(app: &TestApp, query: &str) -> i64 {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let path = app.db.path().join("test.db");
    let mut conn = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    diesel::sql_query(query)
        .get_result::<Count>(&mut conn)
        .unwrap()
        .n
}

#[actix_web::test]
async fn sign_up_asks_to_check_the_inbox_and_the_link_with_the_password_signs_in() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, headers, body) = send(
        &service,
        post("/api/auth/register", sign_up(" Ana@Example.org ")),
        None,
    )
    .await;
    assert_eq!(status, 202, "{body}");
    assert_eq!(
        body,
        json!({"message": "Check your inbox to finish signing up.", "email": "Ana@Example.org"})
    );
    assert!(
        headers.get("set-cookie").is_none(),
        "nobody is signed in yet"
    );
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 0);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM pending_signups"), 1);
    let emails = app.emails();
    assert_eq!(emails.len(), 1);
    let (to, kind, text) = &emails[0];
    assert_eq!(
        (to.as_str(), kind.as_str()),
        ("ana@example.org", "signup_confirm")
    );
    assert!(
        text.contains("http://127.0.0.1:8080/signup/confirm?token="),
        "{text}"
    );
    assert!(!text.contains("Ana"), "the email names nobody: {text}");

    let link = common::sign_up_link("ana@example.org").unwrap();
    let (status, headers, body) = confirm(
        &service,
        json!({"token": link, "password": "brisk-otter-42"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert!(body["token"].as_str().unwrap().len() > 20);
    assert_eq!(body["user"]["email"], "ana@example.org");
    assert_eq!(body["user"]["firstName"], "Ana");
    assert_eq!(body["user"]["role"], "user");
    assert_eq!(
        body["user"]["isEmailVerified"], true,
        "opening the link proved the inbox"
    );
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
    assert_eq!(kinds, ["signup_confirm", "welcome"]);
    let token = body["token"].as_str().unwrap();
    assert_eq!(me(&service, token).await, 200);
    let (_, _, profile) = send(
        &service,
        TestRequest::get().uri("/api/user/profile"),
        Some(token),
    )
    .await;
    assert_eq!(profile["profile"]["medicalConditions"], "Asthma");
    assert!(profile["profile"].get("accessibilityNeeds").is_none());
    let (_, _, needs) = send(
        &service,
        TestRequest::get().uri("/api/user/access-needs"),
        Some(token),
    )
    .await;
    assert_eq!(
        needs,
        json!({"needs": [], "note": "Step-free access", "shareWithLeader": false}),
        "the form's accessibility needs: the member's note, shared with nobody"
    );
    let (_, _, notes) = send(
        &service,
        TestRequest::get().uri("/api/notifications"),
        Some(token),
    )
    .await;
    assert_eq!(
        notes.to_string().matches("\"welcome\"").count(),
        1,
        "{notes}"
    );
    assert_eq!(
        count(&app, "SELECT count(*) AS n FROM pending_signups"),
        0,
        "the pending sign-up is spent"
    );
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM email_deliveries WHERE user_id IS NULL"
        ),
        0,
        "the link's email is the new account's, so erasure takes it"
    );

    // A used link makes nothing more.
    let (status, _, body) = confirm(
        &service,
        json!({"token": link, "password": "brisk-otter-42"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_token"))
    );
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
        202
    );
    assert!(
        app.emails()
            .iter()
            .all(|(to, _, _)| to != "ana@example.org"),
        "nothing sent for invalid forms"
    );
}

#[actix_web::test]
async fn a_taken_address_gets_the_same_answer_and_its_owner_an_email() {
    let app = TestApp::new();
    let service = app.service().await;
    register(&service, "ana@example.org").await;
    let mut again = sign_up("ANA@example.org");
    again["role"] = json!("admin");
    let (status, headers, body) = send(&service, post("/api/auth/register", again), None).await;
    assert_eq!(status, 202);
    assert_eq!(
        body,
        json!({"message": "Check your inbox to finish signing up.", "email": "ANA@example.org"})
    );
    assert!(headers.get("set-cookie").is_none());
    let (to, kind, text) = app.emails().pop().unwrap();
    assert_eq!(
        (to.as_str(), kind.as_str()),
        ("ana@example.org", "signup_attempt"),
        "sent to the address the account holds"
    );
    assert!(text.contains("already have an account"));
    assert!(
        text.contains("/login") && text.contains("/forgot-password"),
        "{text}"
    );
    assert_eq!(
        count(&app, "SELECT count(*) AS n FROM pending_signups"),
        0,
        "nothing kept of the second form"
    );
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM email_deliveries WHERE email_type = 'signup_attempt' \
             AND user_id = (SELECT id FROM users WHERE email = 'ana@example.org')"
        ),
        1,
        "the notice is the owner's (their erasure deletes it)"
    );
}

/// The raw answer to a sign-up: status, every header (name, value), the body's bytes.
async fn raw_sign_up(
    service: &svc!(),
    form: serde_json::Value,
    ip: &str,
) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let request = post("/api/auth/register", form)
        .peer_addr(format!("{ip}:4000").parse().unwrap())
        .to_request();
    let response = actix_web::test::call_service(service, request).await;
    let status = response.status().as_u16();
    let mut headers: Vec<(String, String)> = response
        .headers()
        .iter()
        // Each answer names its own request.
        .filter(|(name, _)| name.as_str() != "x-request-id")
        .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_owned()))
        .collect();
    headers.sort();
    let body = actix_web::test::read_body(response).await.to_vec();
    // An error body names its request too; the rest must be the same byte for byte.
    let body = match serde_json::from_slice::<serde_json::Value>(&body) {
        Ok(mut json) if json.get("requestId").is_some() => {
            let text = String::from_utf8(body).unwrap();
            let id = json["requestId"].take();
            text.replace(&format!(",\"requestId\":{id}"), "")
                .into_bytes()
        }
        _ => body,
    };
    (status, headers, body)
}

#[actix_web::test]
async fn nobody_can_tell_a_free_address_from_a_taken_one_by_the_answer() {
    // The same form for the same address on two sites: on one the address has an account.
    let taken = TestApp::new();
    let taken_service = taken.service().await;
    register(&taken_service, "ana@example.org").await;
    let free = TestApp::new();
    let free_service = free.service().await;
    // The first sign-ups and those past the cap, which send nothing on either site.
    for attempt in 0..5 {
        let ip = format!("10.3.0.{attempt}");
        let form = sign_up("Ana@example.org");
        let on_free = raw_sign_up(&free_service, form.clone(), &ip).await;
        let on_taken = raw_sign_up(&taken_service, form, &ip).await;
        assert_eq!(on_free.0, 202);
        assert_eq!(on_free, on_taken, "attempt {attempt}");
        assert!(
            on_free.1.iter().all(|(name, _)| name != "set-cookie"),
            "{:?}",
            on_free.1
        );
    }
    // Each site sent three emails to the address, one of its kind each time until the cap.
    let sent = |app: &TestApp, kind: &str| {
        app.emails()
            .iter()
            .filter(|(to, k, _)| to == "ana@example.org" && k == kind)
            .count()
    };
    assert_eq!(sent(&free, "signup_confirm"), 3);
    assert_eq!(sent(&taken, "signup_attempt"), 3);
    // Invalid forms are told what is wrong on both alike.
    let mut bad = sign_up("ana@example.org");
    bad["phone"] = json!("123");
    assert_eq!(
        raw_sign_up(&free_service, bad.clone(), "10.3.1.1").await,
        raw_sign_up(&taken_service, bad, "10.3.1.1").await
    );
}

/// The median of some durations.
fn median(mut samples: Vec<std::time::Duration>) -> std::time::Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Whether an address has an account must not show in how long its sign-up takes either.
/// The product's rule is that no test asserts timings, for speed; this is a security
/// property, so it is measured, robustly: both paths hash the password (tens of
/// milliseconds) and write one transaction, so their medians over many alternated samples
/// must be within a factor of two. Dropping the hash from one path makes them differ many
/// times over; machine noise moves both alike.
#[actix_web::test]
async fn a_free_and_a_taken_address_take_as_long_to_sign_up() {
    const SAMPLES: usize = 24;
    // More sign-ups than the ceiling for everyone allows: the limits are not what is timed.
    let app = TestApp::new().without_rate_limits();
    // Accounts made straight in the store: the sign-up limit per network address would
    // stop two dozen made through the API.
    for i in 0..=SAMPLES {
        let user = playspace_domain::User {
            id: playspace_domain::UserId::new(),
            email: playspace_domain::Email::parse(&format!("taken{i}@example.org")).unwrap(),
            role: playspace_domain::Role::User,
            profile: playspace_domain::Profile {
                first_name: "Taken".into(),
                last_name: "Member".into(),
                ..Default::default()
            },
            is_email_verified: true,
            profile_image_url: None,
            last_login: None,
            created_at: Utc::now(),
        };
        let session = playspace_domain::Session::start(user.id, Utc::now(), None, None);
        let record = playspace_ports::NewUserRecord {
            user,
            password_hash: "!".into(),
            registration_ip: None,
            access_note: None,
        };
        playspace_ports::UserRepository::create_account(
            &app.store,
            &record,
            &session,
            &[],
            &[],
            &[],
        )
        .unwrap();
    }
    let service = app.service().await;
    let mut free = Vec::new();
    let mut taken = Vec::new();
    // Each address is asked about once, as someone probing would; sample 0 warms up.
    for i in 0..=SAMPLES {
        for (kind, samples) in [("free", &mut free), ("taken", &mut taken)] {
            let ip = format!("10.4.{}.{i}", samples.len() % 2);
            let form = sign_up(&format!("{kind}{i}@example.org"));
            let started = std::time::Instant::now();
            let (status, _, _) = raw_sign_up(&service, form, &ip).await;
            let took = started.elapsed();
            assert_eq!(status, 202);
            if i > 0 {
                samples.push(took);
            }
        }
    }
    let sent = |kind: &str| app.emails().iter().filter(|(_, k, _)| k == kind).count();
    assert_eq!(
        (sent("signup_confirm"), sent("signup_attempt")),
        (SAMPLES + 1, SAMPLES + 1),
        "every sample did its path's work"
    );
    let (free, taken) = (median(free), median(taken));
    let ratio = free.as_secs_f64() / taken.as_secs_f64();
    assert!(
        (0.5..=2.0).contains(&ratio),
        "median free {free:?} vs taken {taken:?}: ratio {ratio:.2}"
    );
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
    // No twin: the owner hears of it, and nothing is pending.
    let (status, _, _) = send(
        &service,
        post("/api/auth/register", sign_up("änna-x@example.org")),
        None,
    )
    .await;
    assert_eq!(status, 202);
    assert_eq!(app.emails().pop().unwrap().1, "signup_attempt");
    assert_eq!(count(&app, "SELECT count(*) AS n FROM pending_signups"), 0);
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
async fn sign_up_emails_to_one_address_are_capped_at_three_a_day_whoever_owns_it() {
    let app = TestApp::new();
    let service = app.service().await;
    register(&service, "ana@example.org").await;
    let sent = |kind: &str| app.emails().iter().filter(|(_, k, _)| k == kind).count();
    for i in 0..5 {
        let ip = format!("10.2.0.{i}");
        for address in ["ana@example.org", "bea@example.org"] {
            let request = post("/api/auth/register", sign_up(address));
            assert_eq!(send_from(&service, request, None, &ip).await.0, 202);
        }
    }
    assert_eq!(sent("signup_attempt"), 3, "the owner of a taken address");
    // One link went to ana before she had an account.
    assert_eq!(sent("signup_confirm"), 1 + 3, "a free address");
    // The newest link sent still works: the capped sign-ups replaced nothing.
    let link = common::sign_up_link("bea@example.org").unwrap();
    let tomorrow = app.service_at(Utc::now() + Duration::hours(23)).await;
    let request = post("/api/auth/register", sign_up("ana@example.org"));
    assert_eq!(send(&tomorrow, request, None).await.0, 202);
    assert_eq!(sent("signup_attempt"), 3, "not yet a day");
    let tomorrow = app.service_at(Utc::now() + Duration::hours(25)).await;
    let request = post("/api/auth/register", sign_up("ana@example.org"));
    assert_eq!(send(&tomorrow, request, None).await.0, 202);
    assert_eq!(sent("signup_attempt"), 4, "a day later, one more");
    let (status, _, body) = confirm(
        &service,
        json!({"token": link, "password": "brisk-otter-42"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
}

#[actix_web::test]
async fn a_newer_sign_up_replaces_the_older_and_only_its_link_works() {
    let app = TestApp::new();
    let service = app.service().await;
    let request = post("/api/auth/register", sign_up("ana@example.org"));
    assert_eq!(send(&service, request, None).await.0, 202);
    let first = common::sign_up_link("ana@example.org").unwrap();
    let mut corrected = sign_up("ana@example.org");
    corrected["firstName"] = json!("Anabel");
    corrected["password"] = json!("a newer passphrase");
    assert_eq!(
        send(&service, post("/api/auth/register", corrected), None)
            .await
            .0,
        202
    );
    let second = common::sign_up_link("ana@example.org").unwrap();
    assert_ne!(first, second);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM pending_signups"), 1);
    let (status, _, body) = confirm(
        &service,
        json!({"token": first, "password": "brisk-otter-42"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_token"))
    );
    assert_eq!(
        body["error"],
        "This sign-up link has expired or is no longer valid. Please use the newest link we sent you, or sign up again."
    );
    let (status, _, body) = confirm(
        &service,
        json!({"token": second, "password": "a newer passphrase"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["user"]["firstName"], "Anabel");
}

#[actix_web::test]
async fn only_the_password_chosen_on_the_form_finishes_signing_up() {
    let app = TestApp::new();
    let service = app.service().await;
    let request = post("/api/auth/register", sign_up("ana@example.org"));
    assert_eq!(send(&service, request, None).await.0, 202);
    let link = common::sign_up_link("ana@example.org").unwrap();
    for (password, message) in [
        (
            "someone else's",
            "That isn't the password you chose when you signed up. Please try again.",
        ),
        ("", "Please enter the password you chose"),
    ] {
        let (status, headers, body) =
            confirm(&service, json!({"token": link, "password": password})).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["code"], "validation_failed");
        assert_eq!(body["fieldErrors"]["password"], message);
        assert!(headers.get("set-cookie").is_none());
    }
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 0);
    let (status, _, _) = confirm(
        &service,
        json!({"token": link, "password": "brisk-otter-42"}),
    )
    .await;
    assert_eq!(status, 201, "the link still works after a wrong try");
    // Unknown and missing links.
    for body in [json!({"token": "not-a-token", "password": "x"}), json!({})] {
        let (status, _, body) = confirm(&service, body).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("invalid_token"))
        );
    }
}

#[actix_web::test]
async fn an_expired_link_is_refused_and_the_sign_up_swept() {
    let app = TestApp::new();
    let service = app.service().await;
    let request = post("/api/auth/register", sign_up("ana@example.org"));
    assert_eq!(send(&service, request, None).await.0, 202);
    let link = common::sign_up_link("ana@example.org").unwrap();
    let expired = Utc::now() + Duration::hours(24) + Duration::seconds(5);
    let (status, _, body) = confirm(
        &app.service_at(expired).await,
        json!({"token": link, "password": "brisk-otter-42"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_token"))
    );
    let sweep = playspace_api::timed_work::PURGE_EXPIRED_SIGN_UPS;
    assert_eq!(sweep.run(&app.state()).unwrap(), 0, "not expired yet");
    let mut later = app.state();
    later.clock = std::sync::Arc::new(playspace_test_support::FixedClock(expired));
    assert_eq!(sweep.run(&later).unwrap(), 1);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM pending_signups"), 0);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 0);
}

#[actix_web::test]
async fn an_address_that_got_an_account_meanwhile_is_told_to_log_in() {
    let app = TestApp::new();
    let service = app.service().await;
    let request = post("/api/auth/register", sign_up("ana@example.org"));
    assert_eq!(send(&service, request, None).await.0, 202);
    let link = common::sign_up_link("ana@example.org").unwrap();
    // Meanwhile an admin makes her an account.
    let (admin_token, _) = common::admin(&app, &service).await;
    let (status, _, body) = send(
        &service,
        post(
            "/api/admin/users",
            json!({"firstName": "Ana", "lastName": "Silva", "email": "ana@example.org", "password": "an admin's pick", "role": "user"}),
        ),
        Some(&admin_token),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (status, headers, body) = confirm(
        &service,
        json!({"token": link, "password": "brisk-otter-42"}),
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("email_taken")));
    assert_eq!(
        body["error"],
        "There's already an account for this email address. Please log in."
    );
    assert!(headers.get("set-cookie").is_none());
    assert_eq!(
        count(&app, "SELECT count(*) AS n FROM pending_signups"),
        0,
        "spent all the same"
    );
}

#[actix_web::test]
async fn two_uses_of_one_link_at_once_make_one_account() {
    let app = TestApp::new();
    let service = app.service().await;
    let request = post("/api/auth/register", sign_up("ana@example.org"));
    assert_eq!(send(&service, request, None).await.0, 202);
    let link = common::sign_up_link("ana@example.org").unwrap();
    let body = json!({"token": link, "password": "brisk-otter-42"});
    let (a, b) = futures_util::future::join(
        confirm(&service, body.clone()),
        confirm(&service, body.clone()),
    )
    .await;
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [201, 400]);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 1);
}

#[actix_web::test]
async fn finishing_sign_ups_spends_the_login_limit_of_the_network_address() {
    // Each try is a password check with argon2, like a login: 20 per 15 minutes.
    let app = TestApp::new();
    let service = app.service().await;
    let request = post("/api/auth/register", sign_up("ana@example.org"));
    assert_eq!(send(&service, request, None).await.0, 202);
    let link = common::sign_up_link("ana@example.org").unwrap();
    for _ in 0..20 {
        let body = json!({"token": link, "password": "a wrong guess"});
        assert_eq!(confirm(&service, body).await.0, 400);
    }
    let right = json!({"token": link, "password": "brisk-otter-42"});
    let (status, headers, body) = confirm(&service, right.clone()).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")));
    assert!(headers.get("retry-after").is_some());
    let (status, _, _) = send_from(
        &service,
        post("/api/auth/register/confirm", right),
        None,
        "10.5.0.1",
    )
    .await;
    assert_eq!(
        status, 201,
        "another network address, and the link still works"
    );
}

#[actix_web::test]
async fn mass_assignment_of_role_or_verification_is_ignored() {
    let app = TestApp::new();
    let service = app.service().await;
    let mut payload = sign_up("eve@example.org");
    payload["role"] = json!("admin");
    payload["isEmailVerified"] = json!(false);
    let (token, _) = common::register_with(&service, payload).await;
    let (_, _, body) = send(
        &service,
        TestRequest::get().uri("/api/auth/user"),
        Some(&token),
    )
    .await;
    assert_eq!(body["user"]["role"], "user");
    assert_eq!(
        body["user"]["isEmailVerified"], true,
        "the link decides, not the form"
    );
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

/// A member whose address is not confirmed: sign-up confirms it now, so one whose account
/// is older than that (or an admin made); returns their token.
async fn unverified_member(app: &TestApp, service: &svc!(), email: &str) -> String {
    let (token, id) = register(service, email).await;
    app.sql(&format!(
        "UPDATE users SET is_email_verified = FALSE WHERE id = '{id}'"
    ));
    token
}

#[actix_web::test]
async fn the_verification_link_confirms_the_address_once() {
    let app = TestApp::new();
    let service = app.service().await;
    let token = unverified_member(&app, &service, "ana@example.org").await;
    let resend = TestRequest::post().uri("/api/auth/resend-verification");
    assert_eq!(send(&service, resend, Some(&token)).await.0, 200);
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
    let token = unverified_member(&app, &service, "ana@example.org").await;
    let resend = TestRequest::post().uri("/api/auth/resend-verification");
    assert_eq!(send(&service, resend, Some(&token)).await.0, 200);
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
    assert_eq!(status, 202, "{body}");
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
    let link = common::sign_up_link("nia@example.org").unwrap();
    let (status, headers, body) = confirm(
        &service,
        json!({"token": link, "password": sign_up("x")["password"]}),
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
        202
    );
}
