//! A hand-written one-shot HTTP server on 127.0.0.1 for adapter tests: it answers
//! exactly one request with a canned response and records what it saw.
//!
//! The server thread gives up after [`SERVER_DEADLINE`] (waiting for a connection or
//! for request bytes), so no test can leave one behind.

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Bounds how long a server thread waits, so no test can leave one behind.
pub const SERVER_DEADLINE: Duration = Duration::from_secs(10);

/// The one request the server received.
#[derive(Debug)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    /// In the order received, names and values trimmed, names as sent.
    pub headers: Vec<(String, String)>,
    /// Exactly `Content-Length` bytes; empty when the request had no `Content-Length`.
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

/// Answers exactly one request with a canned response, then stops.
#[derive(Debug)]
pub struct OneShotServer {
    base_url: String,
    handle: JoinHandle<Option<Recorded>>,
}

impl OneShotServer {
    /// Binds 127.0.0.1 on a free port and serves one request with
    /// `HTTP/1.1 {status_line}`, the `extra_headers` in order, then
    /// `Content-Length`, `Connection: close` and `body`.
    pub fn start(status_line: &str, extra_headers: &[(&str, &str)], body: &str) -> Self {
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

    /// `http://127.0.0.1:{port}`, without a trailing slash.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// Joins the server thread and returns the request it saw. Panics if the server
    /// thread panicked (e.g. on a malformed request) or got no request before the
    /// deadline.
    pub fn finish(self) -> Recorded {
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
    // Only Content-Length framing is supported; a chunked body would be lost silently.
    assert!(
        !headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("transfer-encoding")),
        "the mock does not support Transfer-Encoding: {headers:?}"
    );
    // A GET carries no body and no Content-Length.
    let content_length: usize = headers
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        .map_or(0, |(_, value)| value.parse().unwrap());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Sends `request` in the given pieces and returns everything the server wrote back.
    fn exchange(server: &OneShotServer, pieces: &[&[u8]]) -> String {
        let address = server.base_url().strip_prefix("http://").unwrap();
        let mut stream = TcpStream::connect(address).unwrap();
        stream.set_read_timeout(Some(SERVER_DEADLINE)).unwrap();
        for piece in pieces {
            stream.write_all(piece).unwrap();
            stream.flush().unwrap();
            thread::sleep(Duration::from_millis(10));
        }
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response
    }

    #[test]
    fn records_a_post_split_across_writes_and_sends_the_canned_response() {
        let server = OneShotServer::start("202 Accepted", &[("X-Message-Id", "m-1")], "ok");
        assert!(server.base_url().starts_with("http://127.0.0.1:"));
        let response = exchange(
            &server,
            &[
                b"POST /v3/mail/send HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n",
                b"content-length: 11\r\n\r\n{\"a\":",
                b"[1,2]}",
            ],
        );
        let request = server.finish();

        assert_eq!(
            response,
            "HTTP/1.1 202 Accepted\r\nX-Message-Id: m-1\r\n\
             Content-Length: 2\r\nConnection: close\r\n\r\nok"
        );
        assert_eq!(request.method, "POST");
        assert_eq!(request.path, "/v3/mail/send");
        assert_eq!(request.header("CONTENT-TYPE"), Some("application/json"));
        assert_eq!(request.header("Content-Length"), Some("11"));
        assert_eq!(request.header("missing"), None);
        assert_eq!(request.text(), r#"{"a":[1,2]}"#);
        assert_eq!(request.json(), serde_json::json!({ "a": [1, 2] }));
    }

    #[test]
    fn a_request_without_content_length_has_an_empty_body() {
        let server = OneShotServer::start("200 OK", &[], "");
        let response = exchange(&server, &[b"GET /v1/things/1 HTTP/1.1\r\nHost: x\r\n\r\n"]);
        let request = server.finish();

        assert_eq!(
            response,
            "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        );
        assert_eq!(request.method, "GET");
        assert_eq!(request.path, "/v1/things/1");
        assert_eq!(request.headers, vec![("Host".to_owned(), "x".to_owned())]);
        assert!(request.body.is_empty());
    }
}
