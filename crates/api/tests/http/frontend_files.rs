//! The frontend the binary carries (FRONTEND_DIR unset) answers exactly as the same build
//! served from a directory: pages, prerendered pages, files, precompressed assets, cache
//! headers, the SPA fallback and 404s. And FRONTEND_DIR, when set, is served instead.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use actix_web::test;
use common::TestApp;
use playspace_api::config::Config;
use playspace_api::frontend::Frontend;
use rust_embed::RustEmbed;

/// A small build, embedded as the release binary embeds frontend/dist (a debug build such
/// as this test's reads the folder at run time, through the same interface).
#[derive(RustEmbed)]
#[folder = "tests/http/fixtures/build"]
struct Fixture;

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/http/fixtures/build")
}

/// What a browser or a cache sees of an answer.
#[derive(Debug, PartialEq, Eq)]
struct Seen {
    status: u16,
    headers: Vec<(&'static str, Option<String>)>,
    body: Vec<u8>,
}

async fn seen(service: &svc!(), request: test::TestRequest) -> Seen {
    let response = test::call_service(service, request.to_request()).await;
    let status = response.status().as_u16();
    let headers = [
        "content-type",
        "content-encoding",
        "cache-control",
        "vary",
        "allow",
    ]
    .into_iter()
    .map(|name| {
        let value = response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned());
        (name, value)
    })
    .collect();
    let body = test::read_body(response).await.to_vec();
    // An error body names its own request.
    let body = match serde_json::from_slice::<serde_json::Value>(&body) {
        Ok(mut json) if json.get("requestId").is_some() => {
            json.as_object_mut().unwrap().remove("requestId");
            serde_json::to_vec(&json).unwrap()
        }
        _ => body,
    };
    Seen {
        status,
        headers,
        body,
    }
}

fn requests() -> Vec<(String, test::TestRequest)> {
    let get = |path: &str| test::TestRequest::get().uri(path);
    let asset = |accept: &str| {
        test::TestRequest::get()
            .uri("/assets/page-1a2b.js")
            .insert_header(("accept-encoding", accept))
    };
    vec![
        ("home (prerendered)".into(), get("/")),
        ("a client route".into(), get("/about")),
        ("an unknown page".into(), get("/no/such/page")),
        ("the shell's file".into(), get("/index.html")),
        ("a file".into(), get("/favicon.svg")),
        ("a preview picture".into(), get("/share/yoga.png")),
        (
            "a file, gzipped".into(),
            get("/favicon.svg").insert_header(("accept-encoding", "gzip")),
        ),
        ("an asset, brotli".into(), asset("gzip, deflate, br, zstd")),
        ("an asset, gzip".into(), asset("br;q=0, gzip")),
        ("an asset, plain".into(), asset("identity")),
        ("a missing asset".into(), get("/assets/missing-9z.js")),
        ("a hidden asset".into(), get("/assets/.hidden")),
        ("a hidden file".into(), get("/.prerendered/home.en-GB.html")),
        ("an escape".into(), get("/assets/..%2Findex.html")),
        ("a directory".into(), get("/share")),
        ("a missing file".into(), get("/share/none.png")),
        ("the API beside".into(), get("/api/nope")),
        (
            "HEAD of a file".into(),
            test::TestRequest::default()
                .method(actix_web::http::Method::HEAD)
                .uri("/favicon.svg"),
        ),
        (
            "a POST to a file".into(),
            test::TestRequest::post().uri("/favicon.svg"),
        ),
    ]
}

#[actix_web::test]
async fn the_embedded_build_answers_as_the_same_build_from_a_directory() {
    let app = TestApp::new();
    let from_dir = app
        .service_with(|state| state.frontend = Arc::new(Frontend::load(&fixture_dir())))
        .await;
    let embedded = app
        .service_with(|state| state.frontend = Arc::new(Frontend::embedded::<Fixture>()))
        .await;
    for ((what, from_dir_request), (_, embedded_request)) in requests().into_iter().zip(requests())
    {
        let expected = seen(&from_dir, from_dir_request).await;
        let got = seen(&embedded, embedded_request).await;
        assert_eq!(got, expected, "{what}");
    }
    // And what those answers are, so the comparison is not of two wrong ones.
    let (status, headers, html) = common::get(&embedded, "/").await;
    assert_eq!(status, 200);
    assert!(html.contains("<h1>Sport for everyone.</h1>"), "{html}");
    assert!(html.contains("initial-data"), "{html}");
    assert_eq!(headers.get("cache-control").unwrap(), "no-cache");
    let brotli = seen(
        &embedded,
        test::TestRequest::get()
            .uri("/assets/page-1a2b.js")
            .insert_header(("accept-encoding", "br")),
    )
    .await;
    assert_eq!(brotli.status, 200);
    assert_eq!(brotli.body, b"brotli bytes");
    assert_eq!(
        brotli.headers,
        vec![
            ("content-type", Some("text/javascript".into())),
            ("content-encoding", Some("br".into())),
            (
                "cache-control",
                Some("public, max-age=31536000, immutable".into())
            ),
            ("vary", Some("accept-encoding".into())),
            ("allow", None),
        ]
    );
    let picture = seen(&embedded, test::TestRequest::get().uri("/share/yoga.png")).await;
    assert_eq!(picture.status, 200);
    assert_eq!(picture.headers[0].1.as_deref(), Some("image/png"));
    assert_eq!(
        picture.headers[2].1.as_deref(),
        Some("public, max-age=2592000")
    );
    for path in ["/no/such/page", "/assets/missing-9z.js", "/share/none.png"] {
        let (status, _, html) = common::get(&embedded, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(html.contains("<div id=root>"), "{path}: the app's 404 page");
    }
    // The templates stay inside: a hidden path is refused, as from a directory.
    let (status, _, body) = common::get(&embedded, "/.prerendered/home.html").await;
    assert_eq!(status, 400, "{body}");
    assert!(!body.contains("Sport for everyone"));
}

#[actix_web::test]
async fn embedded_files_answer_conditional_requests() {
    let app = TestApp::new();
    let service = app
        .service_with(|state| state.frontend = Arc::new(Frontend::embedded::<Fixture>()))
        .await;
    for path in ["/assets/page-1a2b.js", "/favicon.svg"] {
        let response =
            test::call_service(&service, test::TestRequest::get().uri(path).to_request()).await;
        assert_eq!(response.status(), 200);
        let etag = response.headers().get("etag").unwrap().clone();
        let again = test::TestRequest::get()
            .uri(path)
            .insert_header(("if-none-match", etag.clone()))
            .to_request();
        let response = test::call_service(&service, again).await;
        assert_eq!(response.status(), 304, "{path}");
        assert_eq!(response.headers().get("etag"), Some(&etag));
        assert!(test::read_body(response).await.is_empty());
        let other = test::TestRequest::get()
            .uri(path)
            .insert_header(("if-none-match", "\"something-else\""))
            .to_request();
        assert_eq!(test::call_service(&service, other).await.status(), 200);
    }
}

#[actix_web::test]
async fn frontend_dir_when_set_is_served_instead_of_the_built_in_build() {
    let app = TestApp::new();
    let state_for = |frontend_dir: Option<&Path>| {
        let mut config = Config::from_lookup(|_| None).unwrap();
        config.frontend_dir = frontend_dir.map(Path::to_owned);
        config.data_dir = app.db.path().to_owned();
        playspace_api::server::state(config, app.store.clone()).unwrap()
    };
    let set = state_for(Some(app.frontend_path()));
    assert_eq!(set.frontend.dir(), Some(app.frontend_path()));
    assert!(set.frontend.embedded_files().is_none());
    let service = test::init_service(playspace_api::server::app(set)).await;
    let (status, _, body) = common::get(&service, "/assets/index-abc123.js").await;
    assert_eq!((status, body.as_str()), (200, "console.log('hi')"));

    let unset = state_for(None);
    assert_eq!(unset.frontend.dir(), None);
    // This test's (debug) build reads the repository's frontend build at run time, if any.
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/dist/index.html");
    assert_eq!(unset.frontend.embedded_files().is_some(), built.is_file());
}
