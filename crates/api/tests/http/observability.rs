//! GET /metrics (its token, its format, requests under their route pattern) and request
//! ids (kept, replaced or made; in every answer, error body and log line). ADR 0031.

use crate::common;

use std::sync::{Arc, Mutex};

use actix_web::test;
use common::{TestApp, book_cash, get, register, send};
use playspace_api::config::Secret;
use playspace_api::metrics::Metrics;

const TOKEN: &str = "metrics-token-0123456789";

/// The application with `METRICS_TOKEN` set, as `playspace serve` makes it.
fn with_metrics(state: &mut playspace_api::AppState) {
    let mut config = (*state.config).clone();
    config.metrics_token = Some(Secret::new(TOKEN));
    state.config = Arc::new(config);
    state.metrics = Arc::new(Metrics::new(true));
}

fn scrape(token: Option<&str>) -> test::TestRequest {
    let request = test::TestRequest::get().uri("/metrics");
    match token {
        Some(token) => request.insert_header(("Authorization", format!("Bearer {token}"))),
        None => request,
    }
}

#[actix_web::test]
async fn metrics_are_not_there_without_a_token_configured() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, id, body) = get_with(&service, scrape(Some(TOKEN))).await;
    assert_eq!(status, 404);
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["code"], "not_found");
    assert_eq!(body["requestId"], id.as_str());
}

#[actix_web::test]
async fn metrics_need_the_token_as_a_bearer_token() {
    let app = TestApp::new();
    let service = app.service_with(with_metrics).await;
    for request in [
        scrape(None),
        scrape(Some("metrics-token-012345678")),
        scrape(Some("metrics-token-0123456789x")),
        test::TestRequest::get()
            .uri("/metrics")
            .insert_header(("Authorization", TOKEN)),
        test::TestRequest::get()
            .uri("/metrics")
            .insert_header(("Authorization", format!("Basic {TOKEN}"))),
    ] {
        let response = test::call_service(&service, request.to_request()).await;
        assert_eq!(response.status(), 401);
        let body: serde_json::Value = test::read_body_json(response).await;
        assert_eq!(body["code"], "unauthorized");
        assert!(body["requestId"].is_string());
    }
    let response = test::call_service(&service, scrape(Some(TOKEN)).to_request()).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers().get("content-type").unwrap(),
        "text/plain; version=0.0.4; charset=utf-8"
    );
    assert_eq!(response.headers().get("cache-control").unwrap(), "no-store");
}

/// The figures a scrape shows now.
async fn metrics_text(service: &svc!()) -> String {
    let (status, _, text) = get_with(service, scrape(Some(TOKEN))).await;
    assert_eq!(status, 200);
    text
}

async fn get_with(service: &svc!(), request: test::TestRequest) -> (u16, String, String) {
    let response = test::call_service(service, request.to_request()).await;
    let status = response.status().as_u16();
    let id = response
        .headers()
        .get("x-request-id")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = test::read_body(response).await;
    (status, id, String::from_utf8_lossy(&body).into_owned())
}

/// The value of the sample named `series` exactly (name and labels), if present.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map(|value| value.parse().unwrap())
}

#[actix_web::test]
async fn requests_are_counted_under_their_route_pattern_never_their_path() {
    let app = TestApp::new();
    let service = app.service_with(with_metrics).await;
    let missing = "0196f1c2-0000-7000-8000-00000000abcd";
    for _ in 0..3 {
        let (status, _, _) = get(&service, &format!("/api/events/{missing}")).await;
        assert_eq!(status, 404);
    }
    let (status, _, _) = get(&service, "/api/events").await;
    assert_eq!(status, 200);
    let text = metrics_text(&service).await;
    let series = |route: &str, status: &str| {
        format!(
            "playspace_http_request_duration_seconds_count{{method=\"GET\",route=\"{route}\",status=\"{status}\"}}"
        )
    };
    assert_eq!(
        sample(&text, &series("/api/events/{id}", "4xx")),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        sample(&text, &series("/api/events", "2xx")),
        Some(1.0),
        "{text}"
    );
    assert!(
        text.contains("playspace_http_request_duration_seconds_bucket{le=\"0.005\",method=\"GET\",route=\"/api/events/{id}\",status=\"4xx\"}")
            || text.contains("playspace_http_request_duration_seconds_bucket{method=\"GET\",route=\"/api/events/{id}\",status=\"4xx\",le=\"0.005\"}"),
        "a histogram with buckets: {text}"
    );
    assert!(!text.contains(missing), "no ids in labels");
    // Pages and files are one route, whatever their address.
    get(&service, "/some/page").await;
    get(&service, "/assets/index-abc123.js").await;
    let text = metrics_text(&service).await;
    assert!(!text.contains("/some/page"), "{text}");
    for gauge in [
        "playspace_outbox_waiting",
        "playspace_outbox_failed",
        "playspace_db_pool_max_connections",
        "playspace_db_pool_in_use_connections",
        "playspace_notification_streams_open",
    ] {
        assert!(sample(&text, gauge).is_some(), "{gauge}: {text}");
    }
    assert_eq!(
        sample(&text, "playspace_db_pool_max_connections"),
        Some(4.0)
    );
}

#[actix_web::test]
async fn bookings_and_the_outbox_are_counted_by_outcome() {
    let app = TestApp::new();
    let service = app.service_with(with_metrics).await;
    let event = app.event(5, |e| e.places(0, 1));
    let (first, _) = register(&service, "first@example.org").await;
    let (second, _) = register(&service, "second@example.org").await;
    book_cash(&service, &first, &event.id.to_string()).await;
    let (status, _, body) = send(
        &service,
        test::TestRequest::post()
            .uri("/api/bookings")
            .set_json(serde_json::json!({ "eventId": event.id.to_string() })),
        Some(&second),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    let refused = body["code"].as_str().unwrap().to_owned();
    let text = metrics_text(&service).await;
    assert_eq!(
        sample(&text, "playspace_bookings_total{outcome=\"confirmed\"}"),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        sample(
            &text,
            &format!("playspace_bookings_total{{outcome=\"{refused}\"}}")
        ),
        Some(1.0),
        "{text}"
    );
    let waiting = sample(&text, "playspace_outbox_waiting").unwrap();
    assert!(waiting >= 1.0, "sign-up and booking emails wait: {text}");
}

#[actix_web::test]
async fn a_well_formed_request_id_is_kept_and_any_other_replaced() {
    let app = TestApp::new();
    let service = app.service().await;
    let request = |id: Option<&str>| {
        let request = test::TestRequest::get().uri("/api/events/nope");
        match id {
            Some(id) => request.insert_header(("x-request-id", id)),
            None => request,
        }
    };
    let (status, id, body) = get_with(&service, request(Some("edge-7f3a.b_c"))).await;
    assert_eq!(status, 404);
    assert_eq!(id, "edge-7f3a.b_c");
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["requestId"], "edge-7f3a.b_c");
    let long = "a".repeat(65);
    for bad in ["two words", "quote\"d", long.as_str(), "ü"] {
        let (_, id, body) = get_with(&service, request(Some(bad))).await;
        assert!(
            uuid::Uuid::parse_str(&id).is_ok(),
            "{bad:?} replaced by a made id, got {id:?}"
        );
        let body: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(body["requestId"], id.as_str());
    }
    let (_, first, _) = get_with(&service, request(None)).await;
    let (_, second, _) = get_with(&service, request(None)).await;
    assert!(uuid::Uuid::parse_str(&first).is_ok());
    assert_ne!(first, second);
    // Answers that are not errors carry it too, without a body change.
    let (status, headers, body) = get(&service, "/healthz").await;
    assert_eq!(status, 200);
    assert!(headers.contains_key("x-request-id"));
    assert_eq!(body, r#"{"status":"ok"}"#);
    let (status, headers, _) = get(&service, "/events").await;
    assert_eq!(status, 200);
    assert!(headers.contains_key("x-request-id"));
}

#[actix_web::test]
async fn validation_errors_keep_their_shape_and_add_the_request_id() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, id, body) = get_with(
        &service,
        test::TestRequest::post()
            .uri("/api/contact")
            .set_json(serde_json::json!({})),
    )
    .await;
    assert_eq!(status, 400);
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["code"], "validation_failed");
    assert!(body["fieldErrors"].is_object());
    assert_eq!(body["requestId"], id.as_str());
    let keys: Vec<&String> = body.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["code", "error", "fieldErrors", "requestId"]);
}

/// A writer the test reads back: what a log subscriber wrote.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[actix_web::test]
async fn the_log_lines_of_a_request_carry_its_id() {
    let app = TestApp::new();
    let service = app.service().await;
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .json()
        .with_writer(move || writer.clone())
        .finish();
    // This thread only, for this test only: the test binary has no global subscriber.
    let guard = tracing::subscriber::set_default(subscriber);
    let request = test::TestRequest::get()
        .uri("/api/events/nope")
        .insert_header(("x-request-id", "log-me-42"));
    let (status, _, _) = get_with(&service, request).await;
    let (other, _, _) = get_with(&service, test::TestRequest::get().uri("/healthz")).await;
    drop(guard);
    assert_eq!((status, other), (404, 200));
    let text = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let line_of = |path: &str| {
        lines
            .iter()
            .find(|line| line["fields"]["path"] == path)
            .unwrap_or_else(|| panic!("a log line for {path}: {text}"))
    };
    let logged = line_of("/api/events/nope");
    assert_eq!(logged["span"]["name"], "request");
    assert_eq!(logged["span"]["request_id"], "log-me-42", "{text}");
    let other = line_of("/healthz");
    let made = other["span"]["request_id"].as_str().unwrap();
    assert!(uuid::Uuid::parse_str(made).is_ok(), "{text}");
}
