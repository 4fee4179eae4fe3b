//! Slow clients cannot hold connections (issue 22): a request body must arrive within its
//! deadline or the request is answered 408 and its connection closed, whether the body is
//! silent or trickles in; an answer not ready within the request deadline is a 503; at most
//! `max_connections` connections are served at once, the rest wait their turn; and the
//! server answers everyone else meanwhile. Against a real server on a free port, with raw
//! sockets and deadlines of about a second.

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use actix_web::test::{self, TestRequest};
use common::{RawAnswer, RealServer, TestApp, read_answer};

const BODY_DEADLINE: Duration = Duration::from_secs(1);
/// Time allowed beyond a deadline before a test calls it missed (a loaded machine).
const MARGIN: Duration = Duration::from_secs(3);

fn server(app: &TestApp) -> RealServer {
    app.real_server(|config| {
        config.request_body_timeout = BODY_DEADLINE;
        config.request_timeout = 2 * BODY_DEADLINE;
    })
}

/// Sends the head of a contact message whose body, of `length` bytes, is still to come.
fn start_contact(server: &RealServer, length: usize, chunked: bool) -> TcpStream {
    let mut stream = server.connect(BODY_DEADLINE + MARGIN);
    let framing = if chunked {
        "Transfer-Encoding: chunked".to_owned()
    } else {
        format!("Content-Length: {length}")
    };
    write!(
        stream,
        "POST /api/contact HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n{framing}\r\n\r\n",
        server.addr
    )
    .unwrap();
    stream
}

/// Checks the answer is the 408 in the error format, closing the connection.
fn assert_timed_out(answer: Option<RawAnswer>, started: Instant) {
    let answer = answer.expect("an answer within the deadline and the margin");
    assert!(started.elapsed() < BODY_DEADLINE + MARGIN);
    assert_eq!(answer.status, 408, "{answer:?}");
    assert_eq!(answer.header("connection"), Some("close"));
    assert_eq!(answer.header("content-type"), Some("application/json"));
    assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
    let body = answer.json();
    assert_eq!(body["code"], "request_timeout");
    assert_eq!(
        body["error"],
        "The request took too long to arrive. Please try again."
    );
}

/// The connection is closed: the next read ends (or is reset) within the margin.
fn assert_closed(stream: &mut TcpStream) {
    stream.set_read_timeout(Some(MARGIN)).unwrap();
    let mut buf = [0u8; 64];
    match stream.read(&mut buf) {
        Ok(0) => {}
        Ok(n) => panic!("more after the answer: {:?}", &buf[..n]),
        Err(e) => assert!(
            matches!(
                e.kind(),
                std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::BrokenPipe
            ),
            "the connection is still open: {e}"
        ),
    }
}

fn healthz(server: &RealServer) -> u16 {
    let mut stream = server.connect(MARGIN);
    write!(
        stream,
        "GET /healthz HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    )
    .unwrap();
    read_answer(&mut stream).map_or(0, |answer| answer.status)
}

#[test]
fn a_silent_body_is_answered_408_and_closed_within_the_deadline_while_others_are_served() {
    let app = TestApp::new();
    let server = server(&app);
    let started = Instant::now();
    let mut silent: Vec<TcpStream> = (0..20)
        .map(|_| start_contact(&server, 200, false))
        .collect();
    // Everyone else is answered meanwhile.
    for _ in 0..5 {
        assert_eq!(healthz(&server), 200);
    }
    for stream in &mut silent {
        assert_timed_out(read_answer(stream), started);
        assert_closed(stream);
    }
    assert!(
        server.eventually(MARGIN, || server.open_connections() == 0),
        "the server let go of every connection"
    );
}

/// Sends `pieces` one byte at a time, a tenth of a second apart, ignoring failures (the
/// server may have closed the connection).
fn trickle(mut stream: TcpStream, pieces: &[u8]) {
    for byte in pieces {
        std::thread::sleep(Duration::from_millis(100));
        if stream.write_all(&[*byte]).is_err() {
            return;
        }
    }
}

#[test]
fn a_trickling_body_gets_its_408_while_still_sending() {
    let app = TestApp::new();
    let server = server(&app);
    for chunked in [false, true] {
        let started = Instant::now();
        let mut stream = start_contact(&server, 1_000, chunked);
        // Chunked: a chunk of 1,000 bytes that never ends; otherwise the declared 1,000.
        let pieces: Vec<u8> = if chunked {
            b"3e8\r\n".iter().copied().chain([b' '; 60]).collect()
        } else {
            vec![b' '; 60]
        };
        let writer = stream.try_clone().unwrap();
        let sender = std::thread::spawn(move || trickle(writer, &pieces));
        assert_timed_out(read_answer(&mut stream), started);
        assert_closed(&mut stream);
        assert!(
            started.elapsed() < BODY_DEADLINE + MARGIN,
            "chunked: {chunked}"
        );
        sender.join().unwrap();
    }
    assert!(server.eventually(MARGIN, || server.open_connections() == 0));
    assert_eq!(healthz(&server), 200);
}

#[test]
fn a_body_that_arrives_within_the_deadline_is_served() {
    let app = TestApp::new();
    let server = server(&app);
    let body = serde_json::json!({
        "firstName": "Ana", "lastName": "Silva", "email": "ana@example.org",
        "subject": "general", "message": "A message that came in two parts."
    })
    .to_string();
    let mut stream = start_contact(&server, body.len(), false);
    let (first, rest) = body.split_at(20);
    stream.write_all(first.as_bytes()).unwrap();
    std::thread::sleep(BODY_DEADLINE / 2);
    stream.write_all(rest.as_bytes()).unwrap();
    let answer = read_answer(&mut stream).expect("an answer");
    assert_eq!(answer.status, 201, "{answer:?}");
}

#[test]
fn connections_beyond_the_cap_wait_their_turn() {
    let app = TestApp::new();
    let server = app.real_server(|config| {
        config.request_body_timeout = BODY_DEADLINE;
        config.request_timeout = 2 * BODY_DEADLINE;
        config.max_connections = 3;
    });
    let started = Instant::now();
    let mut silent: Vec<TcpStream> = (0..3).map(|_| start_contact(&server, 200, false)).collect();
    assert!(server.eventually(MARGIN, || server.open_connections() == 3));
    // Two more wait in the kernel's queue while the three are held.
    let mut waiting: Vec<TcpStream> = (0..2).map(|_| server.connect(2 * MARGIN)).collect();
    for stream in &mut waiting {
        write!(
            stream,
            "GET /healthz HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.addr
        )
        .unwrap();
    }
    for _ in 0..10 {
        assert!(server.open_connections() <= 3, "never more than the cap");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Once the deadline frees the held ones, the waiting ones are answered.
    for stream in &mut silent {
        assert_timed_out(read_answer(stream), started);
    }
    drop(silent);
    for stream in &mut waiting {
        let answer = read_answer(stream).expect("answered once a place is free");
        assert_eq!(answer.status, 200);
    }
}

#[actix_web::test]
async fn an_answer_not_ready_by_the_request_deadline_is_a_503() {
    let app = TestApp::new();
    let service = app
        .service_with(|state| {
            let mut config = (*state.config).clone();
            config.request_timeout = Duration::from_millis(300);
            state.config = std::sync::Arc::new(config);
        })
        .await;
    // Another connection holds SQLite's write lock, so the message cannot be written.
    use diesel::prelude::*;
    let path = app.db.path().join("test.db");
    let mut holder = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    diesel::sql_query("BEGIN IMMEDIATE")
        .execute(&mut holder)
        .unwrap();

    let started = Instant::now();
    let error = test::try_call_service(
        &service,
        TestRequest::post()
            .uri("/api/contact")
            .set_json(serde_json::json!({
                "firstName": "Ana", "lastName": "Silva", "email": "ana@example.org",
                "subject": "general", "message": "This will wait for the lock."
            }))
            .to_request(),
    )
    .await
    .err()
    .expect("the deadline answers");
    assert!(started.elapsed() < Duration::from_millis(300) + MARGIN);
    diesel::sql_query("ROLLBACK").execute(&mut holder).unwrap();

    let response = error.as_response_error().error_response();
    assert_eq!(response.status(), 503);
    assert_eq!(
        response
            .headers()
            .get("retry-after")
            .map(|v| v.to_str().unwrap()),
        Some("5")
    );
    assert!(response.headers().contains_key("content-security-policy"));
    let id = response
        .headers()
        .get("x-request-id")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let body: serde_json::Value = serde_json::from_slice(
        &actix_web::body::to_bytes(response.into_body())
            .await
            .unwrap(),
    )
    .unwrap();
    assert_eq!(body["code"], "took_too_long");
    assert_eq!(
        body["requestId"],
        id.as_str(),
        "the answer names its request"
    );
}
