//! SendGridMailer against a hand-written one-shot HTTP server on 127.0.0.1.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use playspace_ports::{Accepted, EmailMessage, Mailer, SendError};
use playspace_sendgrid::SendGridMailer;
use serde_json::{Value, json};

const API_KEY: &str = "SG.test-key-do-not-leak";
/// Bounds how long a server thread waits, so no test can leave one behind.
const SERVER_DEADLINE: Duration = Duration::from_secs(10);

#[derive(Debug)]
struct Recorded {
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Recorded {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

/// Answers exactly one request with a canned response, then stops.
struct MockSendGrid {
    base_url: String,
    handle: JoinHandle<Option<Recorded>>,
}

impl MockSendGrid {
    fn start(status_line: &str, extra_headers: &[(&str, &str)], body: &str) -> Self {
        let mut response = format!("HTTP/1.1 {status_line}\r\n");
        for (name, value) in extra_headers {
            response.push_str(&format!("{name}: {value}\r\n"));
        }
        response.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ));

        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        listener.set_nonblocking(true).unwrap();
        let handle = thread::spawn(move || {
            let mut stream = accept_before_deadline(&listener)?;
            let recorded = read_request(&mut stream);
            stream.write_all(response.as_bytes()).unwrap();
            stream.flush().unwrap();
            Some(recorded)
        });
        Self { base_url, handle }
    }

    fn mailer(&self) -> SendGridMailer {
        SendGridMailer::with_base_url(API_KEY, &self.base_url).unwrap()
    }

    /// Joins the server thread and returns the request it saw.
    fn finish(self) -> Recorded {
        self.handle
            .join()
            .unwrap()
            .expect("the mock got no request")
    }
}

fn accept_before_deadline(listener: &TcpListener) -> Option<TcpStream> {
    let started = Instant::now();
    loop {
        match listener.accept() {
            Ok((stream, _)) => {
                stream.set_nonblocking(false).unwrap();
                stream.set_read_timeout(Some(SERVER_DEADLINE)).unwrap();
                return Some(stream);
            }
            Err(err) if err.kind() == ErrorKind::WouldBlock => {
                if started.elapsed() > SERVER_DEADLINE {
                    return None;
                }
                thread::sleep(Duration::from_millis(5));
            }
            Err(err) => panic!("accept failed: {err}"),
        }
    }
}

fn read_request(stream: &mut TcpStream) -> Recorded {
    let mut buffer = Vec::new();
    let mut chunk = [0_u8; 4096];
    let head_end = loop {
        if let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break end;
        }
        let read = stream.read(&mut chunk).unwrap();
        assert!(read > 0, "connection closed mid-request");
        buffer.extend_from_slice(&chunk[..read]);
    };
    let head = String::from_utf8(buffer[..head_end].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let mut request_line = lines.next().unwrap().split(' ');
    let method = request_line.next().unwrap().to_owned();
    let path = request_line.next().unwrap().to_owned();
    let headers: Vec<(String, String)> = lines
        .map(|line| {
            let (name, value) = line.split_once(':').unwrap();
            (name.trim().to_owned(), value.trim().to_owned())
        })
        .collect();
    let content_length: usize = headers
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        .map(|(_, value)| value.parse().unwrap())
        .expect("request without Content-Length");
    let mut body = buffer[head_end + 4..].to_vec();
    while body.len() < content_length {
        let read = stream.read(&mut chunk).unwrap();
        assert!(read > 0, "connection closed mid-body");
        body.extend_from_slice(&chunk[..read]);
    }
    Recorded {
        method,
        path,
        headers,
        body,
    }
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
    let server = MockSendGrid::start("202 Accepted", &[("X-Message-Id", "msg-123")], "");
    let result = server.mailer().send(&message());
    let request = server.finish();

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
    let server = MockSendGrid::start("202 Accepted", &[], "");
    let mut email = message();
    email.to_name = None;
    let result = server.mailer().send(&email);
    let request = server.finish();

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
    let server = MockSendGrid::start(
        "400 Bad Request",
        &[("Content-Type", "application/json")],
        body,
    );
    let result = server.mailer().send(&message());
    server.finish();

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
        let server = MockSendGrid::start(
            status_line,
            &[],
            r#"{"errors":[{"message":"nope","field":null}]}"#,
        );
        let result = server.mailer().send(&message());
        server.finish();
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
        let server = MockSendGrid::start(
            status_line,
            &[("Content-Type", "application/json")],
            r#"{"errors":[{"message":"try again later"}]}"#,
        );
        let result = server.mailer().send(&message());
        server.finish();
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
    let server = MockSendGrid::start(
        "503 Service Unavailable",
        &[("Content-Type", "text/html")],
        page,
    );
    let result = server.mailer().send(&message());
    server.finish();

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
