//! `GET /api/notifications/stream`: server-sent events with the person's new notifications,
//! to that person only, ending with their session (ADR 0013).

use crate::common;

use std::pin::Pin;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::test::{self, TestRequest};
use common::{TestApp, admin, book_cash, post_json, register, send};
use serde_json::Value;

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
