//! `GET /api/notifications/stream`: server-sent events with the person's new notifications,
//! to that person only, ending with their session (ADR 0013); a handful per sign-in and per
//! person, the newest winning, a bounded number per process, and a closed one gone at once.

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::test::{self, TestRequest};
use common::{PASSWORD, RealServer, TestApp, admin, book_cash, post_json, register, send};
use playspace_api::stream_registry::{StreamLimits, StreamRegistry};
use serde_json::Value;

/// The last words of a stream a newer one replaced.
const REPLACED: &str = "retry: 3600000\nevent: replaced\ndata: newer\n\n";

/// The streams look every 20 ms here, so each wait below is short.
async fn fast_service(app: &TestApp) -> svc!() {
    app.service_with(|state| {
        let mut config = (*state.config).clone();
        config.notification_poll = Duration::from_millis(20);
        state.config = std::sync::Arc::new(config);
    })
    .await
}

/// Opens the stream as `token` and returns its body, after checking the headers.
async fn open<B: MessageBody>(
    service: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    token: &str,
) -> Pin<Box<B>> {
    let response = test::call_service(
        service,
        TestRequest::get()
            .uri("/api/notifications/stream")
            .insert_header(("Authorization", format!("Bearer {token}")))
            .insert_header(("Accept-Encoding", "gzip, br"))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), 200);
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned())
    };
    assert_eq!(header("content-type").as_deref(), Some("text/event-stream"));
    assert_eq!(header("cache-control").as_deref(), Some("no-store"));
    assert_eq!(header("x-accel-buffering").as_deref(), Some("no"));
    // Never compressed: a compressor would hold events back.
    assert_eq!(header("content-encoding").as_deref(), Some("identity"));
    let mut body = Box::pin(response.into_body());
    assert_eq!(
        next_chunk(&mut body).await.as_deref(),
        Some("retry: 10000\n\n")
    );
    body
}

/// The next chunk as text, `None` when the stream has ended. Fails after 5 s.
async fn next_chunk<B: MessageBody>(body: &mut Pin<Box<B>>) -> Option<String> {
    let chunk = tokio::time::timeout(
        Duration::from_secs(5),
        std::future::poll_fn(|cx| body.as_mut().poll_next(cx)),
    )
    .await
    .expect("the stream answered within 5 s");
    chunk.map(|bytes| {
        let bytes = bytes.map_err(Into::into).expect("a chunk");
        String::from_utf8(bytes.to_vec()).unwrap()
    })
}

/// The notifications in the next chunk that carries any (keep-alives are skipped).
async fn next_notifications<B: MessageBody>(body: &mut Pin<Box<B>>) -> Vec<Value> {
    loop {
        let chunk = next_chunk(body).await.expect("the stream is open");
        let events: Vec<Value> = chunk
            .split("\n\n")
            .filter(|frame| frame.starts_with("event: notification\n"))
            .map(|frame| {
                let data = frame
                    .lines()
                    .find_map(|l| l.strip_prefix("data: "))
                    .unwrap();
                let id = frame.lines().find_map(|l| l.strip_prefix("id: ")).unwrap();
                let value: Value = serde_json::from_str(data).unwrap();
                assert_eq!(value["id"], id, "the event id is the notification's");
                value
            })
            .collect();
        if !events.is_empty() {
            return events;
        }
    }
}

/// The ids in the next chunk's `event: removed` frames (chunks without any are skipped).
async fn next_removed<B: MessageBody>(body: &mut Pin<Box<B>>) -> Vec<String> {
    loop {
        let chunk = next_chunk(body).await.expect("the stream is open");
        let gone: Vec<String> = chunk
            .split("\n\n")
            .filter(|frame| frame.starts_with("event: removed\n"))
            .map(|frame| {
                let data = frame
                    .lines()
                    .find_map(|l| l.strip_prefix("data: "))
                    .unwrap();
                let value: Value = serde_json::from_str(data).unwrap();
                value["id"].as_str().unwrap().to_owned()
            })
            .collect();
        if !gone.is_empty() {
            return gone;
        }
    }
}

#[actix_web::test]
async fn signed_out_visitors_and_ended_sessions_get_401() {
    let app = TestApp::new();
    let service = fast_service(&app).await;
    let (status, _, body) = send(
        &service,
        TestRequest::get().uri("/api/notifications/stream"),
        None,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("unauthenticated"))
    );
    let (status, _, _) = send(
        &service,
        TestRequest::get().uri("/api/notifications/stream"),
        Some("not-a-token"),
    )
    .await;
    assert_eq!(status, 401);

    let (token, _) = register(&service, "gone@example.org").await;
    let (status, _, _) = send(
        &service,
        TestRequest::post().uri("/api/auth/logout"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _, _) = send(
        &service,
        TestRequest::get().uri("/api/notifications/stream"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 401);
}

#[actix_web::test]
async fn a_new_notification_reaches_its_owner_only() {
    let app = TestApp::new();
    let service = fast_service(&app).await;
    let (ana, _) = register(&service, "ana@example.org").await;
    let (ben, _) = register(&service, "ben@example.org").await;
    let mut ana_stream = open(&service, &ana).await;
    let mut ben_stream = open(&service, &ben).await;

    // Ana books: her booking notification arrives on her stream, in the list's shape; the
    // welcome written before the stream opened is not sent again.
    let football = app.event(3, |e| e.title("Walking Football"));
    book_cash(&service, &ana, &football.id.to_string()).await;
    let got = next_notifications(&mut ana_stream).await;
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0]["type"], "booking");
    assert_eq!(got[0]["read"], false);
    assert_eq!(got[0]["eventId"], football.id.to_string());
    for field in ["id", "title", "message", "timestamp", "actionUrl"] {
        assert!(got[0][field].is_string(), "{field} in {}", got[0]);
    }
    let (_, _, list) = send(
        &service,
        TestRequest::get().uri("/api/notifications"),
        Some(&ana),
    )
    .await;
    assert_eq!(
        list["notifications"][0], got[0],
        "the same item as the list"
    );

    // Ben then books: the first thing on his stream is his own notification, so Ana's never
    // came to him.
    let netball = app.event(4, |e| e.title("Netball"));
    book_cash(&service, &ben, &netball.id.to_string()).await;
    let got = next_notifications(&mut ben_stream).await;
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0]["eventId"], netball.id.to_string());

    // Marking read sends nothing; clearing announces what left the list; a new one after
    // a clear does arrive.
    let (_, _, list) = send(
        &service,
        TestRequest::get().uri("/api/notifications"),
        Some(&ana),
    )
    .await;
    let mut had: Vec<String> = list["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["id"].as_str().unwrap().to_owned())
        .collect();
    send(
        &service,
        TestRequest::post().uri("/api/notifications/read-all"),
        Some(&ana),
    )
    .await;
    send(
        &service,
        TestRequest::delete().uri("/api/notifications"),
        Some(&ana),
    )
    .await;
    let mut gone = next_removed(&mut ana_stream).await;
    gone.sort();
    had.sort();
    assert_eq!(gone, had, "the welcome and the booking left");
    let tennis = app.event(5, |e| e.title("Tennis"));
    book_cash(&service, &ana, &tennis.id.to_string()).await;
    let got = next_notifications(&mut ana_stream).await;
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0]["eventId"], tennis.id.to_string());
}

#[actix_web::test]
async fn logging_out_ends_the_stream() {
    let app = TestApp::new();
    let service = fast_service(&app).await;
    let (token, _) = register(&service, "ana@example.org").await;
    let mut stream = open(&service, &token).await;
    let (status, _, _) = send(
        &service,
        TestRequest::post().uri("/api/auth/logout"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(next_chunk(&mut stream).await, None, "the stream ended");
}

#[actix_web::test]
async fn the_review_queue_notice_is_sent_again_as_it_changes_and_its_removal_announced() {
    let app = TestApp::new();
    let service = fast_service(&app).await;
    let (token, _) = admin(&app, &service).await;
    let mut stream = open(&service, &token).await;
    let story = |title: &str| {
        serde_json::json!({
            "title": title,
            "content": "I was nervous walking in, but the coach met me at the door and the group made me welcome.",
            "excerpt": "Getting back in the water with friends.",
            "category": "Member Story",
            "authorName": "Maya"
        })
    };
    let submit = "/api/blog-posts/submit";
    let (status, _, _) = post_json(&service, submit, "10.3.0.1:5000", &story("First swim")).await;
    assert_eq!(status, 201);
    let first = next_notifications(&mut stream).await;
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first[0]["title"], "1 story waiting for review");
    let id = first[0]["id"].clone();

    // Another story: the same notification, written over, comes again unread.
    let (status, _, _) = post_json(&service, submit, "10.3.0.2:5000", &story("Park life")).await;
    assert_eq!(status, 201);
    let again = next_notifications(&mut stream).await;
    assert_eq!(again.len(), 1, "{again:?}");
    assert_eq!(again[0]["id"], id, "one notice, not two");
    assert_eq!(again[0]["title"], "2 stories waiting for review");
    assert_eq!(
        again[0]["message"],
        "The newest is \u{201C}Park life\u{201D}."
    );
    assert_eq!(again[0]["read"], false);
    assert!(again[0]["timestamp"].as_str() >= first[0]["timestamp"].as_str());

    // Reviewing brings it up to date, and the last review removes it.
    let (_, _, queue) = send(
        &service,
        TestRequest::get().uri("/api/admin/blog-posts?status=submitted"),
        Some(&token),
    )
    .await;
    let waiting: Vec<String> = queue["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(waiting.len(), 2, "{queue}");
    let approve =
        |story: &str| TestRequest::post().uri(&format!("/api/admin/blog-posts/{story}/approve"));
    let (status, _, body) = send(&service, approve(&waiting[0]), Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    let fewer = next_notifications(&mut stream).await;
    assert_eq!(
        (&fewer[0]["id"], &fewer[0]["title"]),
        (&id, &"1 story waiting for review".into())
    );
    let (status, _, _) = send(&service, approve(&waiting[1]), Some(&token)).await;
    assert_eq!(status, 200);
    assert_eq!(next_removed(&mut stream).await, [id.as_str().unwrap()]);
}

/// A second sign-in as `email` (another browser or device); returns its token.
async fn sign_in(service: &svc!(), email: &str) -> String {
    let (status, _, body) = send(
        service,
        TestRequest::post()
            .uri("/api/auth/login")
            .set_json(serde_json::json!({ "email": email, "password": PASSWORD })),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().unwrap().to_owned()
}

/// A fast service whose streams are capped at `limits`; also returns the registry.
async fn capped_service(app: &TestApp, limits: StreamLimits) -> (svc!(), Arc<StreamRegistry>) {
    let registry = Arc::new(StreamRegistry::new(limits));
    let streams = Arc::clone(&registry);
    let service = app
        .service_with(move |state| {
            let mut config = (*state.config).clone();
            config.notification_poll = Duration::from_millis(20);
            state.config = Arc::new(config);
            state.streams = streams;
        })
        .await;
    (service, registry)
}

#[actix_web::test]
async fn one_persons_streams_never_pass_the_caps_and_the_oldest_is_told_to_stop() {
    let app = TestApp::new();
    let limits = StreamLimits {
        per_session: 2,
        per_member: 3,
        total: 100,
    };
    let (service, streams) = capped_service(&app, limits).await;
    let (laptop, _) = register(&service, "ana@example.org").await;
    let (ben, _) = register(&service, "ben@example.org").await;
    let mut bens = open(&service, &ben).await;

    // A third tab in one browser: the first is told to stop, and ends.
    let mut first = open(&service, &laptop).await;
    let mut second = open(&service, &laptop).await;
    let mut third = open(&service, &laptop).await;
    assert_eq!(next_chunk(&mut first).await.as_deref(), Some(REPLACED));
    assert_eq!(
        next_chunk(&mut first).await,
        None,
        "the replaced stream ended"
    );
    assert_eq!(streams.count(), 3, "Ana's two and Ben's one");

    // Her phone signs in: with its first stream she has three; its second replaces her
    // oldest anywhere (the laptop's second tab).
    let phone = sign_in(&service, "ana@example.org").await;
    let mut on_phone = open(&service, &phone).await;
    assert_eq!(streams.count(), 4);
    let _on_phone_too = open(&service, &phone).await;
    assert_eq!(next_chunk(&mut second).await.as_deref(), Some(REPLACED));
    assert_eq!(next_chunk(&mut second).await, None);
    assert_eq!(streams.count(), 4, "Ana's three and Ben's one");

    // Her newest streams, and Ben's, keep working.
    let football = app.event(3, |e| e.title("Walking Football"));
    book_cash(&service, &laptop, &football.id.to_string()).await;
    assert_eq!(next_notifications(&mut third).await.len(), 1);
    assert_eq!(next_notifications(&mut on_phone).await.len(), 1);
    let netball = app.event(4, |e| e.title("Netball"));
    book_cash(&service, &ben, &netball.id.to_string()).await;
    let got = next_notifications(&mut bens).await;
    assert_eq!(got[0]["eventId"], netball.id.to_string());

    // A stream that ends gives its place back at once.
    drop(third);
    assert_eq!(streams.count(), 3);
}

#[actix_web::test]
async fn a_full_server_refuses_a_new_stream_with_503_and_when_to_retry() {
    let app = TestApp::new();
    let limits = StreamLimits {
        per_session: 4,
        per_member: 10,
        total: 2,
    };
    let (service, streams) = capped_service(&app, limits).await;
    let (ana, _) = register(&service, "ana@example.org").await;
    let (ben, _) = register(&service, "ben@example.org").await;
    let (cleo, _) = register(&service, "cleo@example.org").await;
    let anas = open(&service, &ana).await;
    let _bens = open(&service, &ben).await;

    let refused = test::call_service(
        &service,
        TestRequest::get()
            .uri("/api/notifications/stream")
            .insert_header(("Authorization", format!("Bearer {cleo}")))
            .to_request(),
    )
    .await;
    assert_eq!(refused.status(), 503);
    assert_eq!(
        refused
            .headers()
            .get("retry-after")
            .map(|v| v.to_str().unwrap()),
        Some("60")
    );
    let body: Value = serde_json::from_slice(&test::read_body(refused).await).unwrap();
    assert_eq!(body["code"], "streams_full");
    assert!(
        body["error"].as_str().unwrap().contains("try again"),
        "{body}"
    );
    assert_eq!(streams.count(), 2);

    // Signed-out callers still get 401, not 503.
    let (status, _, _) = send(
        &service,
        TestRequest::get().uri("/api/notifications/stream"),
        None,
    )
    .await;
    assert_eq!(status, 401);

    // A place given back is taken by the next.
    drop(anas);
    let _cleos = open(&service, &cleo).await;
    assert_eq!(streams.count(), 2);
}

/// Opens a stream on a raw connection and reads up to its opening line.
fn open_raw(server: &RealServer, token: &str) -> TcpStream {
    let mut stream = server.connect(Duration::from_secs(10));
    write!(
        stream,
        "GET /api/notifications/stream HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n\r\n",
        server.addr
    )
    .unwrap();
    let text = read_until(&mut stream, "retry: 10000\n\n");
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    stream
}

/// Reads until `needle` has arrived; fails if the connection ends or is silent for 10 s.
fn read_until(stream: &mut TcpStream, needle: &str) -> String {
    let mut text = String::new();
    let mut buf = [0u8; 4096];
    while !text.contains(needle) {
        let n = stream.read(&mut buf).expect("the stream answers");
        assert!(n > 0, "the connection ended before {needle:?}: {text}");
        text.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    text
}

/// Signs in again as `email` over the socket; returns the new sign-in's token.
fn sign_in_raw(server: &RealServer, email: &str) -> String {
    let answer = server.request(
        "POST /api/auth/login HTTP/1.1\r\nContent-Type: application/json",
        &serde_json::json!({ "email": email, "password": PASSWORD }).to_string(),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()["token"].as_str().unwrap().to_owned()
}

/// GET /api/events from other visitors, over and over until `stop`; fails on any answer
/// that is not a 200 within 5 s. Returns how many were answered.
fn visitors(server: &RealServer, stop: &AtomicBool) -> usize {
    let mut answered = 0;
    while !stop.load(Ordering::Relaxed) {
        let mut stream = server.connect(Duration::from_secs(5));
        write!(
            stream,
            "GET /api/events HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.addr
        )
        .unwrap();
        let answer = common::read_answer(&mut stream).expect("a visitor is answered within 5 s");
        assert_eq!(answer.status, 200);
        answered += 1;
        std::thread::sleep(Duration::from_millis(20));
    }
    answered
}

/// Sets its flag when dropped, so a helper thread stops even when the test fails.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[test]
fn one_member_cannot_hold_more_streams_than_the_caps_and_closed_ones_go_at_once() {
    let app = TestApp::new();
    let server = app.real_server(|_| {});
    let limits = server.state.streams.limits();
    assert_eq!(
        (limits.per_session, limits.per_member),
        (4, 10),
        "the defaults"
    );
    let email = "ana@example.org";
    let tokens = [
        server.register(email),
        sign_in_raw(&server, email),
        sign_in_raw(&server, email),
    ];
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let visitors = scope.spawn(|| visitors(&server, &stop));
        let stopping = StopOnDrop(&stop);

        // 300 streams opened and closed by the client, one after another: each goes as
        // soon as its client closes it, so they never pile up.
        for round in 0..300 {
            drop(open_raw(&server, &tokens[round % 3]));
            assert!(server.state.streams.count() <= 10);
        }
        assert!(
            server.eventually(Duration::from_secs(2), || server.state.streams.count() == 0),
            "closed streams leave the registry"
        );

        // 24 held open over three sign-ins: never more than 4 for one sign-in nor 10 in
        // all; each one replaced hears so and ends.
        let mut held: Vec<(usize, TcpStream)> = Vec::new();
        for round in 0..24 {
            held.push((round, open_raw(&server, &tokens[round % 3])));
            assert!(server.state.streams.count() <= 10);
        }
        assert_eq!(server.state.streams.count(), 10);
        let (replaced, live): (Vec<_>, Vec<_>) =
            held.into_iter().partition(|(round, _)| *round < 14);
        for (round, mut stream) in replaced {
            let text = read_until(&mut stream, "event: replaced\n");
            assert!(text.contains("retry: 3600000\n"), "stream {round}: {text}");
            // Its connection goes with it (not after the 5 s keep-alive), so the streams
            // never hold more connections than the caps.
            stream
                .set_read_timeout(Some(Duration::from_secs(3)))
                .unwrap();
            let mut rest = Vec::new();
            stream
                .read_to_end(&mut rest)
                .expect("the server closes a replaced stream's connection");
        }
        assert_eq!(live.len(), 10);
        assert!(
            server.eventually(Duration::from_secs(2), || server.open_connections() <= 11),
            "the ten live streams and at most one visitor: {}",
            server.open_connections()
        );
        drop(live);
        drop(stopping);
        assert!(
            visitors.join().unwrap() > 0,
            "visitors were answered all along"
        );
    });

    // Every connection the client closed is closed on the server within moments: no
    // descriptor is left behind.
    assert!(
        server.eventually(Duration::from_secs(2), || server.open_connections() == 0),
        "{} server sockets still open",
        server.open_connections()
    );
    assert_eq!(server.state.streams.count(), 0);
}
