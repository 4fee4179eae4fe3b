//! The emails tab over HTTP: preview, sending to a group (only people who agreed to
//! marketing email), the campaigns list, and the signed unsubscribe link.

use crate::common;

use actix_web::test::TestRequest;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{TestApp, admin, get, refused_callers, register_with, send, sign_up};
use serde_json::{Value, json};

fn preview(body: Value) -> TestRequest {
    TestRequest::post()
        .uri("/api/admin/emails/preview")
        .set_json(body)
}

fn send_bulk(body: Value) -> TestRequest {
    TestRequest::post()
        .uri("/api/admin/send-bulk-email")
        .set_json(body)
}

fn campaigns() -> TestRequest {
    TestRequest::get().uri("/api/admin/email-campaigns")
}

fn unsubscribe_get(token: &str) -> TestRequest {
    TestRequest::get().uri(&format!("/api/unsubscribe?token={token}"))
}

fn unsubscribe_post(token: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/unsubscribe")
        .set_json(json!({ "token": token }))
}

/// Signs up `email`, agreeing to marketing email or not; returns the user id.
async fn member(service: &svc!(), email: &str, consent: bool) -> String {
    let mut body = sign_up(email);
    body["marketingConsent"] = json!(consent);
    register_with(service, body).await.1
}

/// The unsubscribe token in the newest bulk email to `to`.
fn unsubscribe_token(app: &TestApp, to: &str) -> String {
    let (_, _, text) = app
        .emails()
        .into_iter()
        .rev()
        .find(|(address, kind, _)| address == to && kind == "bulk")
        .expect("a bulk email");
    let start = text.find("/unsubscribe?token=").unwrap() + "/unsubscribe?token=".len();
    text[start..].split_whitespace().next().unwrap().to_owned()
}

fn bulk_recipients(app: &TestApp) -> Vec<String> {
    let mut to: Vec<String> = app
        .emails()
        .into_iter()
        .filter(|(_, kind, _)| kind == "bulk")
        .map(|(to, _, _)| to)
        .collect();
    to.sort();
    to
}

#[actix_web::test]
async fn only_admins_with_an_admin_session_may_use_the_emails_tab() {
    let app = TestApp::new();
    let service = app.service().await;
    let body = json!({"recipientGroup": "all", "subject": "Hi", "message": "Hello"});
    let requests = || vec![preview(body.clone()), send_bulk(body.clone()), campaigns()];
    for (token, status, code) in refused_callers(&app, &service).await {
        for request in requests() {
            let (got, _, body) = send(&service, request, token.as_deref()).await;
            assert_eq!((got, body["code"].as_str()), (status, Some(code)));
        }
    }
    assert!(bulk_recipients(&app).is_empty());
}

#[actix_web::test]
async fn the_preview_is_what_members_receive() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (status, _, body) = send(
        &service,
        preview(json!({
            "subject": "Winter <sessions>",
            "message": "Hi all,\n\nNew <b>times</b> & places:\nMonday\nFriday"
        })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["subject"], "Winter <sessions>");
    let html = body["html"].as_str().unwrap();
    // Escaped by the template engine, which writes numeric entities.
    assert!(html.contains("Winter &#60;sessions&#62;</h1>"));
    assert!(
        html.contains(">New &#60;b&#62;times&#60;/b&#62; &#38; places:<br>Monday<br>Friday</p>")
    );
    assert!(!html.contains("<sessions>") && !html.contains("<b>times"));
    assert!(html.contains("/unsubscribe?token="));
    assert!(html.contains("/preferences\""));
    let text = body["text"].as_str().unwrap();
    assert!(text.starts_with("Hi all,\n\nNew <b>times</b> & places:\nMonday\nFriday\n"));
    assert!(text.contains("Unsubscribe: http://127.0.0.1:8080/unsubscribe?token="));
    assert!(text.contains("Manage your email preferences: http://127.0.0.1:8080/preferences"));

    let (status, _, body) = send(
        &service,
        preview(json!({"subject": "", "message": "x"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "Please fill in all fields");
    assert_eq!(body["code"], "missing_fields");
}

#[actix_web::test]
async fn a_bulk_email_goes_to_the_group_who_agreed_to_marketing_email() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    // Signing up verifies the address: an unverified account is one made before that.
    let unverified = member(&service, "yes@example.org", true).await;
    app.sql(&format!(
        "UPDATE users SET is_email_verified = 0 WHERE id = '{unverified}'"
    ));
    member(&service, "verified@example.org", true).await;
    member(&service, "no@example.org", false).await;
    let erased = member(&service, "erased@example.org", true).await;
    let (status, _, _) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/users/bulk-action")
            .set_json(json!({"action": "delete", "userIds": [erased]})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);

    let body = json!({
        "recipientGroup": "all",
        "subject": "Winter timetable",
        "message": "New sessions from January."
    });
    let (status, _, sent) = send(&service, send_bulk(body), Some(&token)).await;
    assert_eq!(status, 200, "{sent}");
    assert_eq!(sent, json!({"sentCount": 2}));
    assert_eq!(
        bulk_recipients(&app),
        ["verified@example.org", "yes@example.org"]
    );
    let (status, _, sent) = send(
        &service,
        send_bulk(json!({"recipientGroup": "verified", "subject": "S", "message": "M"})),
        Some(&token),
    )
    .await;
    assert_eq!((status, sent["sentCount"].as_i64()), (200, Some(1)));

    let (status, _, list) = send(&service, campaigns(), Some(&token)).await;
    assert_eq!(status, 200);
    let newest = &list["campaigns"][0];
    assert_eq!(newest["recipientGroup"], "verified");
    assert_eq!(newest["recipients"], 1);
    assert_eq!(newest["pending"], 1);
    assert_eq!(newest["delivered"], 0);
    assert_eq!(newest["failed"], 0);
    assert_eq!(newest["sentByName"], "Ana Silva");
    assert_eq!(list["campaigns"][1]["subject"], "Winter timetable");
    assert_eq!(list["campaigns"][1]["recipients"], 2);

    let (_, _, logs) = send(
        &service,
        TestRequest::get().uri("/api/admin/audit-logs?action=email.bulk_send"),
        Some(&token),
    )
    .await;
    assert_eq!(
        logs["logs"][1]["details"],
        json!({"group": "all", "recipients": "2"}),
        "the group and the count, never addresses"
    );
}

/// "Unverified" members are those who never confirmed their address; a bulk email still
/// goes only to those of them who agreed to marketing email.
#[actix_web::test]
async fn unverified_members_get_a_bulk_email_only_with_their_consent() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    // Sign-up verifies the address (ADR 0018): unverified members are older accounts.
    for (email, consent) in [
        ("agreed@example.org", true),
        ("never.agreed@example.org", false),
    ] {
        let id = member(&service, email, consent).await;
        app.sql(&format!(
            "UPDATE users SET is_email_verified = 0 WHERE id = '{id}'"
        ));
    }
    member(&service, "verified@example.org", true).await;
    let (status, _, sent) = send(
        &service,
        send_bulk(json!({"recipientGroup": "unverified", "subject": "S", "message": "M"})),
        Some(&token),
    )
    .await;
    assert_eq!((status, &sent), (200, &json!({"sentCount": 1})));
    assert_eq!(bulk_recipients(&app), ["agreed@example.org"]);
}

#[actix_web::test]
async fn the_form_needs_every_field_and_a_known_group() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    for missing in [
        json!({"subject": "S", "message": "M"}),
        json!({"recipientGroup": "all", "message": "M"}),
        json!({"recipientGroup": "all", "subject": "S", "message": "  "}),
    ] {
        let (status, _, body) = send(&service, send_bulk(missing), Some(&token)).await;
        assert_eq!(status, 400);
        assert_eq!(body["error"], "Please fill in all fields");
        assert_eq!(body["code"], "missing_fields");
    }
    let (status, _, body) = send(
        &service,
        send_bulk(json!({"recipientGroup": "everyone", "subject": "S", "message": "M"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["recipientGroup"],
        "Please choose a recipient group"
    );
    let (status, _, body) = send(
        &service,
        send_bulk(
            json!({"recipientGroup": "all", "subject": "S\r\nBcc: x@example.org", "message": "M"}),
        ),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["subject"],
        "Subject must be on one line"
    );
    let (status, _, body) = send(
        &service,
        send_bulk(json!({"recipientGroup": "all", "subject": "S".repeat(201), "message": "M"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["subject"],
        "Subject must be at most 200 characters"
    );
    let (status, _, body) = send(
        &service,
        send_bulk(json!({"recipientGroup": "all", "subject": "S", "message": "M".repeat(20_001)})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["message"],
        "Message must be at most 20,000 characters"
    );
    assert!(app.audit().iter().all(|(a, _, _)| a != "email.bulk_send"));
}

#[actix_web::test]
async fn the_unsubscribe_link_shows_the_masked_address_and_stops_marketing_email() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    member(&service, "yes@example.org", true).await;
    let body = json!({"recipientGroup": "all", "subject": "News", "message": "Hello"});
    send(&service, send_bulk(body.clone()), Some(&token)).await;
    let link = unsubscribe_token(&app, "yes@example.org");

    // The page itself is the single-page app.
    let (status, _, _) = get(&service, &format!("/unsubscribe?token={link}")).await;
    assert_eq!(status, 200);

    let (status, headers, body) = send(&service, unsubscribe_get(&link), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({"email": "y***@example.org", "list": "marketing"})
    );
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");

    let (_, signature) = link.split_once('.').unwrap();
    let mut flipped = link.clone();
    let last = flipped.pop().unwrap();
    flipped.push(if last == 'A' { 'B' } else { 'A' });
    let someone_else = format!(
        "{}.{signature}",
        URL_SAFE_NO_PAD.encode("01937b9e-0000-7000-8000-000000000000")
    );
    let tampered = [flipped, someone_else, "garbage".to_owned(), String::new()];
    for bad in &tampered {
        let (status, _, body) = send(&service, unsubscribe_get(bad), None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("invalid_token")),
            "{bad}"
        );
        let (status, _, body) = send(&service, unsubscribe_post(bad), None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("invalid_token")),
            "{bad}"
        );
    }

    let (status, _, body) = send(&service, unsubscribe_post(&link), None).await;
    assert_eq!(status, 200, "{body}");
    let (status, _, _) = send(&service, unsubscribe_post(&link), None).await;
    assert_eq!(status, 200, "again is fine");
    let (_, _, sent) = send(&service, send_bulk(body_for_all()), Some(&token)).await;
    assert_eq!(sent["sentCount"], 0, "no more marketing email");
}

fn body_for_all() -> Value {
    json!({"recipientGroup": "all", "subject": "More news", "message": "Hello again"})
}

#[actix_web::test]
async fn unsubscribing_is_rate_limited_per_address() {
    let app = TestApp::new();
    let service = app.service().await;
    for _ in 0..20 {
        assert_eq!(
            send(&service, unsubscribe_post("garbage"), None).await.0,
            400
        );
    }
    let (status, headers, _) = send(&service, unsubscribe_post("garbage"), None).await;
    assert_eq!(status, 429);
    assert!(headers.contains_key("retry-after"));
}

/// Subscribes `email` to the newsletter from the blog's box and confirms it with the link.
async fn newsletter_reader(app: &TestApp, service: &svc!(), email: &str) {
    let (status, _, _) = send(
        service,
        TestRequest::post()
            .uri("/api/newsletter")
            .set_json(json!({ "email": email })),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (_, _, text) = app
        .emails()
        .into_iter()
        .rev()
        .find(|(to, kind, _)| to == email && kind == "newsletter_confirm")
        .expect("a confirmation email");
    let start =
        text.find("/newsletter/confirm?token=").unwrap() + "/newsletter/confirm?token=".len();
    let token = text[start..].split_whitespace().next().unwrap();
    let (status, _, _) = send(
        service,
        TestRequest::post()
            .uri("/api/newsletter/confirm")
            .set_json(json!({ "token": token })),
        None,
    )
    .await;
    assert_eq!(status, 200);
}

#[actix_web::test]
async fn the_newsletter_group_goes_to_confirmed_subscribers_with_newsletter_links() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    newsletter_reader(&app, &service, "reader@example.org").await;
    // Both an account that agreed to marketing and a confirmed newsletter address.
    member(&service, "both@example.org", true).await;
    newsletter_reader(&app, &service, "both@example.org").await;
    // Pending, and confirmed then unsubscribed: neither gets it.
    send(
        &service,
        TestRequest::post()
            .uri("/api/newsletter")
            .set_json(json!({ "email": "pending@example.org" })),
        None,
    )
    .await;
    newsletter_reader(&app, &service, "left@example.org").await;
    app.sql("UPDATE newsletter_subscribers SET status = 'unsubscribed' WHERE email = 'left@example.org'");
    // An account that agreed to marketing but is not on the newsletter: not this group.
    member(&service, "marketing.only@example.org", true).await;

    let body = json!({"recipientGroup": "newsletter", "subject": "Spring news", "message": "Hello readers"});
    let (status, _, sent) = send(&service, send_bulk(body), Some(&token)).await;
    assert_eq!(status, 200, "{sent}");
    assert_eq!(sent, json!({"sentCount": 2}));
    assert_eq!(
        bulk_recipients(&app),
        ["both@example.org", "reader@example.org"],
        "one copy each, to confirmed subscribers only"
    );

    // The link is the newsletter's, even for the address that also has an account.
    for reader in ["both@example.org", "reader@example.org"] {
        let link = unsubscribe_token(&app, reader);
        let (status, _, body) = send(&service, unsubscribe_get(&link), None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["list"], "newsletter");
    }
    let (_, _, text) = app
        .emails()
        .into_iter()
        .find(|(to, kind, _)| to == "reader@example.org" && kind == "bulk")
        .unwrap();
    assert!(
        !text.contains("/preferences"),
        "a reader may have no account"
    );

    let link = unsubscribe_token(&app, "reader@example.org");
    let (status, _, body) = send(&service, unsubscribe_post(&link), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["list"], "newsletter");
    let (_, _, sent) = send(
        &service,
        send_bulk(json!({"recipientGroup": "newsletter", "subject": "More", "message": "M"})),
        Some(&token),
    )
    .await;
    assert_eq!(sent["sentCount"], 1, "the reader who left gets no more");
    // Leaving the newsletter leaves the account's marketing consent as it was.
    let (_, _, sent) = send(&service, send_bulk(body_for_all()), Some(&token)).await;
    assert_eq!(sent["sentCount"], 2);

    let (_, _, list) = send(&service, campaigns(), Some(&token)).await;
    assert_eq!(list["campaigns"][1]["recipientGroup"], "newsletter");
    assert_eq!(list["campaigns"][1]["recipients"], 1);
    let (_, _, logs) = send(
        &service,
        TestRequest::get().uri("/api/admin/audit-logs?action=email.bulk_send"),
        Some(&token),
    )
    .await;
    assert_eq!(
        logs["logs"][2]["details"],
        json!({"group": "newsletter", "recipients": "2"}),
        "the group and the count, never addresses"
    );
}

#[actix_web::test]
async fn only_admins_may_send_to_the_newsletter() {
    let app = TestApp::new();
    let service = app.service().await;
    newsletter_reader(&app, &service, "reader@example.org").await;
    let body = json!({"recipientGroup": "newsletter", "subject": "Hi", "message": "Hello"});
    for (token, status, code) in refused_callers(&app, &service).await {
        let (got, _, body) = send(&service, send_bulk(body.clone()), token.as_deref()).await;
        assert_eq!((got, body["code"].as_str()), (status, Some(code)));
    }
    assert!(bulk_recipients(&app).is_empty());
}
