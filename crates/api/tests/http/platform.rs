//! Health endpoints, the frontend fallback, security headers and request limits.

use crate::common;

use common::{INDEX_HTML, TestApp, get, get_json};

#[actix_web::test]
async fn health_and_readiness() {
    let app = TestApp::new();
    let service = app.service().await;
    assert_eq!(
        get_json(&service, "/healthz").await,
        (200, serde_json::json!({"status": "ok"}))
    );
    assert_eq!(
        get_json(&service, "/readyz").await,
        (200, serde_json::json!({"status": "ready"}))
    );
}

/// The app shell as sent to a reader with no language chosen: English, left to right.
fn app_shell() -> String {
    INDEX_HTML
        .replace("<!--initial-data-->", "")
        .replace("<html lang=\"en-GB\">", "<html lang=\"en-GB\" dir=\"ltr\">")
}

#[actix_web::test]
async fn client_routes_get_the_app_and_unknown_paths_a_404_app() {
    let app = TestApp::new();
    let service = app.service().await;
    for path in [
        "/login",
        "/booking/some-id",
        "/admin",
        "/admin/login",
        "/admin/register/some-id",
        "/verify-email?token=abc",
        "/terms/",
        "/community-standards",
        // (/blog carries its first page of stories, and an unknown story, like an unknown
        // event, is a 404; /about, /membership and /contact carry their link previews:
        // tests/pages.rs.)
    ] {
        let (status, headers, body) = get(&service, path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(body, app_shell(), "{path}");
        assert_eq!(headers.get("cache-control").unwrap(), "no-cache", "{path}");
    }
    for path in [
        "/no/such/page",
        "/admin/nope",
        "/privacy/policy",
        "/events/a/b",
        "/blog/a/b",
    ] {
        let (status, _, body) = get(&service, path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(body, app_shell(), "{path}");
    }
}

#[actix_web::test]
async fn hashed_assets_are_cached_for_a_year() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, headers, body) = get(&service, "/assets/index-abc123.js").await;
    assert_eq!(status, 200);
    assert_eq!(body, "console.log('hi')");
    assert_eq!(
        headers.get("cache-control").unwrap(),
        "public, max-age=31536000, immutable"
    );
}

#[actix_web::test]
async fn without_a_build_the_root_says_so_in_plain_text() {
    let app = TestApp::without_frontend();
    let service = app.service().await;
    let (status, headers, body) = get(&service, "/").await;
    assert_eq!(status, 200);
    assert!(
        headers
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    assert!(body.contains("frontend has not been built"));
    // The API still works.
    assert_eq!(get_json(&service, "/api/events").await.0, 200);
}

#[actix_web::test]
async fn security_headers_on_every_kind_of_response() {
    let app = TestApp::new();
    let service = app.service().await;
    for path in [
        "/",
        "/api/events",
        "/api/events/nope",
        "/api/unknown",
        "/assets/index-abc123.js",
        "/healthz",
    ] {
        let (_, headers, _) = get(&service, path).await;
        let csp = headers
            .get("content-security-policy")
            .unwrap()
            .to_str()
            .unwrap();
        assert!(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}"
        );
        assert_eq!(
            headers.get("x-content-type-options").unwrap(),
            "nosniff",
            "{path}"
        );
        assert_eq!(
            headers.get("referrer-policy").unwrap(),
            "strict-origin-when-cross-origin",
            "{path}"
        );
        assert_eq!(headers.get("x-frame-options").unwrap(), "DENY", "{path}");
        // HSTS only when served over https.
        assert!(headers.get("strict-transport-security").is_none(), "{path}");
    }
}

#[actix_web::test]
async fn other_methods_on_read_only_resources_are_refused() {
    let app = TestApp::new();
    let service = app.service().await;
    let request = actix_web::test::TestRequest::post()
        .uri("/api/events")
        .set_payload("{}")
        .to_request();
    let response = actix_web::test::call_service(&service, request).await;
    assert_eq!(response.status(), 405);
}

#[actix_web::test]
async fn a_rebuilt_frontend_is_served_without_a_restart() {
    use std::time::{Duration, SystemTime};
    let frontend = tempfile::tempdir().unwrap();
    let index = frontend.path().join("index.html");
    std::fs::write(&index, "<p>old build</p>").unwrap();
    // Built an hour ago: the rebuild's modification time differs however coarse the
    // filesystem's clock.
    std::fs::File::options()
        .write(true)
        .open(&index)
        .unwrap()
        .set_modified(SystemTime::now() - Duration::from_secs(3600))
        .unwrap();
    let app = TestApp::new();
    let service = app
        .service_with(|state| {
            // Looking at every request rather than once a second, which would cost the test
            // a second of waiting.
            state.frontend =
                std::sync::Arc::new(playspace_api::frontend::Frontend::load_rechecking_every(
                    frontend.path(),
                    Duration::ZERO,
                ));
        })
        .await;
    assert!(get(&service, "/about").await.2.contains("old build"));
    std::fs::write(&index, "<p>new build</p>").unwrap();
    assert!(get(&service, "/about").await.2.contains("new build"));
}

/// Sends `request` and returns (status, headers, the body parsed as the error format).
async fn error_of(
    service: &svc!(),
    request: actix_web::test::TestRequest,
) -> (u16, actix_web::http::header::HeaderMap, serde_json::Value) {
    let (status, headers, body) = common::send(service, request, None).await;
    assert_eq!(
        headers.get("content-type").unwrap(),
        "application/json",
        "{status}"
    );
    assert!(
        body["error"].is_string() && body["code"].is_string(),
        "{body}"
    );
    (status, headers, body)
}

#[actix_web::test]
async fn failures_the_framework_makes_answer_in_the_error_format() {
    use actix_web::test::TestRequest;
    let app = TestApp::new();
    let service = app.service().await;

    let (status, headers, body) =
        error_of(&service, TestRequest::delete().uri("/api/events")).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (405, Some("method_not_allowed"))
    );
    assert_eq!(headers.get("allow").unwrap(), "GET");
    let (status, _, _) = error_of(&service, TestRequest::get().uri("/api/auth/login")).await;
    assert_eq!(status, 405);

    // Over-long addresses, on the API and on pages.
    for path in ["/api/events?q=", "/events?q=", "/checkout/x?y="] {
        let uri = format!("{path}{}", "x".repeat(9 * 1024));
        let (status, _, body) = error_of(&service, TestRequest::get().uri(&uri)).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (414, Some("uri_too_long")),
            "{path}"
        );
    }

    // Over-large bodies, also on routes that never read theirs.
    let big = "x".repeat(300 * 1024);
    for uri in [
        "/api/auth/logout",
        "/api/auth/login",
        "/api/stripe/webhook",
        "/checkout/cs_local_0123456789abcdef01234567/pay",
    ] {
        let request = TestRequest::post()
            .uri(uri)
            .insert_header(("content-type", "application/json"))
            .set_payload(big.clone());
        let (status, _, body) = error_of(&service, request).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (413, Some("payload_too_large")),
            "{uri}"
        );
    }

    // A payment link that cannot be one never reaches a header.
    for id in ["%0d%0aX", "%00", "cs_local_nothex"] {
        for action in ["pay", "cancel"] {
            let uri = format!("/checkout/{id}/{action}");
            let (status, _, body) = error_of(&service, TestRequest::post().uri(&uri)).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (404, Some("checkout_not_found")),
                "{uri}"
            );
        }
    }
}
