//! SendGridMailer against a mock of the SendGrid API on 127.0.0.1 (wiremock).

use std::net::TcpListener;

use playspace_ports::{Accepted, EmailMessage, Mailer, SendError};
use playspace_sendgrid::SendGridMailer;
use playspace_test_support::mock_http::{OneShotServer, Recorded};
use serde_json::json;

const API_KEY: &str = "SG.test-key-do-not-leak";

fn mailer(server: &OneShotServer) -> SendGridMailer {
    SendGridMailer::with_base_url(API_KEY, &server.base_url()).unwrap()
}

/// Joins the mock and returns the request it saw. SendGrid requests always carry a
/// body, so every one must declare its length.
fn finish(server: OneShotServer) -> Recorded {
    let request = server.finish();
    assert!(
        request.header("content-length").is_some(),
        "request without Content-Length"
    );
    request
}

fn message() -> EmailMessage {
    EmailMessage {
        id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b".to_owned(),
        from_email: "bookings@playspace.example".to_owned(),
        from_name: "PlaySpace".to_owned(),
        to_email: "sam@example.com".to_owned(),
        to_name: Some("Sam Green".to_owned()),
        subject: "Your booking: Saturday football".to_owned(),
        html_body: "<p>See you on <b>Saturday</b></p>".to_owned(),
        text_body: "See you on Saturday".to_owned(),
    }
}

/// The error text goes into the outbox row and logs: no key, no body, short.
fn assert_clean(text: &str) {
    assert!(!text.contains(API_KEY), "{text}");
    assert!(!text.contains("See you on"), "{text}");
    assert!(text.chars().count() <= 300, "{text}");
}

#[test]
fn accepted_email_posts_the_documented_request_and_returns_the_message_id() {
    let server = OneShotServer::start("202 Accepted", &[("X-Message-Id", "msg-123")], "");
    let result = mailer(&server).send(&message());
    let request = finish(server);

    assert_eq!(
        result,
        Ok(Accepted {
            provider_message_id: Some("msg-123".to_owned())
        })
    );
    assert_eq!(request.method, "POST");
    assert_eq!(request.path, "/v3/mail/send");
    assert_eq!(
        request.header("authorization"),
        Some(format!("Bearer {API_KEY}").as_str())
    );
    assert_eq!(request.header("content-type"), Some("application/json"));
    assert_eq!(
        request.json(),
        json!({
            "personalizations": [
                { "to": [{ "email": "sam@example.com", "name": "Sam Green" }] }
            ],
            "from": { "email": "bookings@playspace.example", "name": "PlaySpace" },
            "subject": "Your booking: Saturday football",
            "content": [
                { "type": "text/plain", "value": "See you on Saturday" },
                { "type": "text/html", "value": "<p>See you on <b>Saturday</b></p>" }
            ],
            "custom_args": { "delivery_id": "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" }
        })
    );
    // SendGrid requires text/plain first; serde_json keeps array order.
    assert_eq!(request.json()["content"][0]["type"], "text/plain");
}

#[test]
fn recipient_without_a_name_has_no_name_field_and_a_missing_id_is_none() {
    let server = OneShotServer::start("202 Accepted", &[], "");
    let mut email = message();
    email.to_name = None;
    let result = mailer(&server).send(&email);
    let request = finish(server);

    assert_eq!(
        result,
        Ok(Accepted {
            provider_message_id: None
        })
    );
    assert_eq!(
        request.json()["personalizations"],
        json!([{ "to": [{ "email": "sam@example.com" }] }])
    );
}

#[test]
fn bad_request_is_permanent_and_carries_sendgrid_messages() {
    let body = r#"{"errors":[{"message":"The from address does not match a verified Sender Identity.","field":"from","help":null},{"message":"Invalid subject","field":"subject"}]}"#;
    let server = OneShotServer::start(
        "400 Bad Request",
        &[("Content-Type", "application/json")],
        body,
    );
    let result = mailer(&server).send(&message());
    finish(server);

    let Err(SendError::Permanent(text)) = result else {
        panic!("expected Permanent, got {result:?}");
    };
    assert!(text.contains("400"), "{text}");
    assert!(
        text.contains(
            "The from address does not match a verified Sender Identity.; Invalid subject"
        ),
        "{text}"
    );
    assert_clean(&text);
}

#[test]
fn other_client_errors_are_permanent() {
    for status_line in ["401 Unauthorized", "403 Forbidden", "413 Payload Too Large"] {
        let server = OneShotServer::start(
            status_line,
            &[],
            r#"{"errors":[{"message":"nope","field":null}]}"#,
        );
        let result = mailer(&server).send(&message());
        finish(server);
        let Err(SendError::Permanent(text)) = result else {
            panic!("{status_line}: expected Permanent, got {result:?}");
        };
        assert!(text.contains(status_line), "{text}");
        assert_clean(&text);
    }
}

#[test]
fn rate_limit_and_server_errors_are_retryable() {
    for status_line in [
        "429 Too Many Requests",
        "500 Internal Server Error",
        "502 Bad Gateway",
    ] {
        let server = OneShotServer::start(
            status_line,
            &[("Content-Type", "application/json")],
            r#"{"errors":[{"message":"try again later"}]}"#,
        );
        let result = mailer(&server).send(&message());
        finish(server);
        let Err(SendError::Retryable(text)) = result else {
            panic!("{status_line}: expected Retryable, got {result:?}");
        };
        assert!(text.contains(status_line), "{text}");
        assert!(text.contains("try again later"), "{text}");
        assert_clean(&text);
    }
}

#[test]
fn html_error_page_is_retryable_and_kept_out_of_the_error_text() {
    let page = "<html><head><title>503 Service Temporarily Unavailable</title></head>\
                <body><h1>Upstream maintenance window</h1></body></html>";
    let server = OneShotServer::start(
        "503 Service Unavailable",
        &[("Content-Type", "text/html")],
        page,
    );
    let result = mailer(&server).send(&message());
    finish(server);

    let Err(SendError::Retryable(text)) = result else {
        panic!("expected Retryable, got {result:?}");
    };
    assert!(text.contains("503"), "{text}");
    assert!(!text.contains('<'), "{text}");
    assert!(!text.contains("maintenance"), "{text}");
    assert_clean(&text);
}

#[test]
fn connection_refused_is_retryable() {
    // Bind then drop a listener: the port is now (almost certainly) closed.
    let closed = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let mailer = SendGridMailer::with_base_url(API_KEY, &format!("http://{closed}")).unwrap();

    let result = mailer.send(&message());

    let Err(SendError::Retryable(text)) = result else {
        panic!("expected Retryable, got {result:?}");
    };
    assert!(text.contains("could not connect"), "{text}");
    assert_clean(&text);
}

#[test]
fn debug_output_redacts_the_api_key() {
    let mailer = SendGridMailer::new(API_KEY).unwrap();
    let debug = format!("{mailer:?}");
    assert!(!debug.contains(API_KEY), "{debug}");
    assert!(!debug.contains("test-key"), "{debug}");
    assert!(debug.contains("redacted"), "{debug}");
    assert!(
        debug.contains("https://api.sendgrid.com/v3/mail/send"),
        "{debug}"
    );
}
