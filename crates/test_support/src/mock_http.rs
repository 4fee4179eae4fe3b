//! A mock of a provider's HTTP API on 127.0.0.1 (wiremock) for the adapter tests: it answers
//! exactly one request with a canned response and hands back what it saw, so a test can
//! check the request's shape against the provider's documentation.
//!
//! The adapters are blocking clients, so the test thread calls them directly; wiremock
//! serves from its own thread, and this fixture's small runtime only sets it up and asks it
//! what it received.

use serde_json::Value;
use tokio::runtime::Runtime;
use wiremock::matchers::any;
use wiremock::{Mock, MockServer, ResponseTemplate};

/// The one request the server received.
#[derive(Debug)]
pub struct Recorded {
    pub method: String,
    /// The path with its query, as sent.
    pub path: String,
    /// Names in lower case, values trimmed.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Recorded {
    /// The first header with this name, compared case-insensitively.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// The body parsed as JSON; panics if it is not JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("request body is not JSON")
    }

    /// The body as UTF-8 text; panics if it is not UTF-8.
    pub fn text(&self) -> &str {
        std::str::from_utf8(&self.body).expect("request body is not UTF-8")
    }
}

/// Answers exactly one request with a canned response.
pub struct OneShotServer {
    runtime: Runtime,
    server: MockServer,
}

impl OneShotServer {
    /// Serves `HTTP/1.1 {status_line}` (only its code is used: "202 Accepted") with the
    /// `extra_headers` and `body` on a free port of 127.0.0.1.
    pub fn start(status_line: &str, extra_headers: &[(&str, &str)], body: &str) -> Self {
        let code: u16 = status_line
            .split(' ')
            .next()
            .and_then(|code| code.parse().ok())
            .expect("a status line starts with its code");
        let mut response = ResponseTemplate::new(code).set_body_bytes(body.as_bytes().to_vec());
        for (name, value) in extra_headers {
            response = response.insert_header(*name, *value);
        }
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime for the mock");
        let server = runtime.block_on(async {
            let server = MockServer::start().await;
            Mock::given(any())
                .respond_with(response)
                .up_to_n_times(1)
                .mount(&server)
                .await;
            server
        });
        Self { runtime, server }
    }

    /// `http://127.0.0.1:{port}`, without a trailing slash.
    pub fn base_url(&self) -> String {
        self.server.uri()
    }

    /// The one request the server saw; panics unless it saw exactly one.
    pub fn finish(self) -> Recorded {
        let mut received = self
            .runtime
            .block_on(self.server.received_requests())
            .expect("the mock records requests");
        assert_eq!(
            received.len(),
            1,
            "the mock expected one request: {received:?}"
        );
        let request = received.remove(0);
        let path = match request.url.query() {
            Some(query) => format!("{}?{query}", request.url.path()),
            None => request.url.path().to_owned(),
        };
        let headers = request
            .headers
            .iter()
            .map(|(name, value)| {
                let value = value.to_str().expect("a header value in ASCII").trim();
                (name.as_str().to_owned(), value.to_owned())
            })
            .collect();
        Recorded {
            method: request.method.to_string(),
            path,
            headers,
            body: request.body,
        }
    }
}
