//! SendGrid v3 Mail Send (`POST /v3/mail/send`) over blocking reqwest.

use std::fmt;
use std::io::Read;
use std::time::Duration;

use playspace_http::{ApiClient, SetupError};
use playspace_ports::{Accepted, EmailMessage, Mailer, SendError};
use reqwest::blocking::{Client, Response};
use reqwest::header::{AUTHORIZATION, HeaderValue};
use reqwest::{StatusCode, Url};
use serde_json::{Map, Value, json};

/// Bounds a worker's wait on one email; the outbox retries later anyway.
const TOTAL_TIMEOUT: Duration = Duration::from_secs(15);
/// Error bodies are small JSON; the cap stops a misbehaving proxy from filling memory.
const MAX_ERROR_BODY_BYTES: u64 = 64 * 1024;
/// The error text is stored in the outbox row and logged: keep it short.
const MAX_ERROR_TEXT_CHARS: usize = 300;

/// Sends email through SendGrid. Blocking: build, use and drop it outside async runtimes
/// (reqwest's blocking client panics inside one).
pub struct SendGridMailer {
    client: Client,
    endpoint: Url,
    /// `Bearer {key}`, marked sensitive so reqwest never logs it.
    authorization: HeaderValue,
}

impl SendGridMailer {
    pub const DEFAULT_BASE_URL: &'static str = "https://api.sendgrid.com";

    /// A mailer for the real SendGrid API. Surrounding whitespace in the key is ignored
    /// (keys pasted into env files often carry a newline).
    pub fn new(api_key: impl Into<String>) -> Result<Self, SetupError> {
        Self::with_base_url(api_key, Self::DEFAULT_BASE_URL)
    }

    /// A mailer for another SendGrid-compatible base URL: a local mock in tests, or a
    /// regional endpoint such as `https://api.eu.sendgrid.com`.
    pub fn with_base_url(api_key: impl Into<String>, base_url: &str) -> Result<Self, SetupError> {
        let ApiClient {
            client,
            base_url,
            authorization,
            ..
        } = ApiClient::new("SendGrid", &api_key.into(), base_url, TOTAL_TIMEOUT)?;
        let endpoint = Url::parse(&format!(
            "{}/v3/mail/send",
            base_url.as_str().trim_end_matches('/')
        ))
        .map_err(|_| SetupError::InvalidBaseUrl("SendGrid", base_url.to_string()))?;
        Ok(Self {
            client,
            endpoint,
            authorization,
        })
    }
}

impl fmt::Debug for SendGridMailer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SendGridMailer")
            .field("endpoint", &self.endpoint.as_str())
            .field("api_key", &"<redacted>")
            .finish_non_exhaustive()
    }
}

impl Mailer for SendGridMailer {
    fn send(&self, message: &EmailMessage) -> Result<Accepted, SendError> {
        let response = self
            .client
            .post(self.endpoint.clone())
            .header(AUTHORIZATION, self.authorization.clone())
            .json(&request_body(message))
            .send()
            .map_err(|err| SendError::Retryable(transport_error_text(&err)))?;
        outcome(response)
    }
}

/// The Mail Send body. SendGrid requires text/plain before text/html and rejects empty
/// content values, so an empty part is left out rather than failing the whole email.
fn request_body(message: &EmailMessage) -> Value {
    let content: Vec<Value> = [
        ("text/plain", &message.text_body),
        ("text/html", &message.html_body),
    ]
    .into_iter()
    .filter(|(_, value)| !value.is_empty())
    .map(|(kind, value)| json!({ "type": kind, "value": value }))
    .collect();

    json!({
        "personalizations": [
            { "to": [address(&message.to_email, message.to_name.as_deref())] }
        ],
        "from": address(&message.from_email, Some(&message.from_name)),
        "subject": message.subject,
        "content": content,
        // Echoed back in SendGrid's event webhook, tying events to the outbox row.
        "custom_args": { "delivery_id": message.id },
    })
}

fn address(email: &str, name: Option<&str>) -> Value {
    let mut object = Map::new();
    object.insert("email".to_owned(), Value::from(email));
    if let Some(name) = name.filter(|name| !name.trim().is_empty()) {
        object.insert("name".to_owned(), Value::from(name));
    }
    Value::Object(object)
}

fn outcome(response: Response) -> Result<Accepted, SendError> {
    let status = response.status();
    if status.is_success() {
        let provider_message_id = response
            .headers()
            .get("x-message-id")
            .and_then(|value| value.to_str().ok())
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(str::to_owned);
        return Ok(Accepted {
            provider_message_id,
        });
    }

    let mut body = Vec::new();
    // An unreadable body only costs detail: the status alone decides retry or not.
    let _ = response.take(MAX_ERROR_BODY_BYTES).read_to_end(&mut body);
    let text = error_text(status, &body);
    if status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error() {
        Err(SendError::Retryable(text))
    } else {
        Err(SendError::Permanent(text))
    }
}

fn error_text(status: StatusCode, body: &[u8]) -> String {
    let detail = if body.iter().all(u8::is_ascii_whitespace) {
        "empty response body".to_owned()
    } else {
        // Anything but SendGrid's JSON (say a proxy's HTML page) is noise in the outbox row.
        sendgrid_error_messages(body)
            .unwrap_or_else(|| "response was not SendGrid's JSON error format".to_owned())
    };
    clip(&format!("SendGrid answered {status}: {detail}"))
}

/// Joins `errors[].message` from SendGrid's `{"errors":[{"message":..,"field":..}]}`.
fn sendgrid_error_messages(body: &[u8]) -> Option<String> {
    let parsed: Value = serde_json::from_slice(body).ok()?;
    let messages: Vec<&str> = parsed
        .get("errors")?
        .as_array()?
        .iter()
        .filter_map(|error| error.get("message")?.as_str())
        .map(str::trim)
        .filter(|message| !message.is_empty())
        .collect();
    (!messages.is_empty()).then(|| messages.join("; "))
}

fn transport_error_text(err: &reqwest::Error) -> String {
    let kind = if err.is_timeout() {
        "timed out"
    } else if err.is_connect() {
        "could not connect"
    } else {
        "network error"
    };
    // The innermost cause names what happened ("Connection refused", "dns error"...).
    let mut cause: &dyn std::error::Error = err;
    while let Some(source) = cause.source() {
        cause = source;
    }
    clip(&format!("SendGrid {kind}: {cause}"))
}

/// Single-line and at most [`MAX_ERROR_TEXT_CHARS`] characters.
fn clip(text: &str) -> String {
    let one_line = text.chars().map(|c| if c.is_control() { ' ' } else { c });
    if text.chars().count() <= MAX_ERROR_TEXT_CHARS {
        one_line.collect()
    } else {
        let mut clipped: String = one_line.take(MAX_ERROR_TEXT_CHARS - 1).collect();
        clipped.push('…');
        clipped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sendgrid_error_messages_are_joined() {
        let body = br#"{"errors":[{"message":"a","field":"x"},{"message":"b"},{"field":"y"}]}"#;
        assert_eq!(sendgrid_error_messages(body).as_deref(), Some("a; b"));
        assert_eq!(sendgrid_error_messages(br#"{"errors":[]}"#), None);
        assert_eq!(sendgrid_error_messages(b"<html>oops</html>"), None);
    }

    #[test]
    fn clip_bounds_length_and_removes_line_breaks() {
        let long = "é\n".repeat(400);
        let clipped = clip(&long);
        assert_eq!(clipped.chars().count(), MAX_ERROR_TEXT_CHARS);
        assert!(!clipped.contains('\n'));
        assert!(clipped.ends_with('…'));
        assert_eq!(clip("short"), "short");
    }

    #[test]
    fn setup_is_the_shared_one_naming_sendgrid() {
        let err = SendGridMailer::new("  \n").err().unwrap();
        assert_eq!(err.to_string(), "the SendGrid API key is empty");
        assert!(matches!(
            SendGridMailer::with_base_url("SG.key", "ftp://example.com"),
            Err(SetupError::InvalidBaseUrl("SendGrid", _))
        ));
    }

    #[test]
    fn base_url_keeps_its_path_and_drops_a_trailing_slash() {
        let mailer = SendGridMailer::with_base_url("SG.key", "http://127.0.0.1:9/proxy/").unwrap();
        assert_eq!(
            mailer.endpoint.as_str(),
            "http://127.0.0.1:9/proxy/v3/mail/send"
        );
        let mailer = SendGridMailer::new("SG.key").unwrap();
        assert_eq!(
            mailer.endpoint.as_str(),
            "https://api.sendgrid.com/v3/mail/send"
        );
    }
}
