//! Cross-cutting response behaviour: security headers on everything, one log line per
//! request.
use std::time::Instant;

use actix_web::middleware::DefaultHeaders;

/// Radix positions popovers with inline styles, hence 'unsafe-inline' for styles only.
/// Scripts are same-origin files, plus exactly one inline script, allowed by its hash: the
/// one in frontend/index.html that applies the theme before first paint and starts the app
/// on prerendered pages (a test below keeps the hash in step with it).
const CSP: &str = "default-src 'self'; \
     script-src 'self' 'sha256-mP2bdfUOyO4BPmjlyFGHL7GlXlmLOoxSpzldbL/8U/w='; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; \
     connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
     frame-ancestors 'none'";

pub fn security_headers(https: bool) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add(("Content-Security-Policy", CSP))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
        .add((
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=(), payment=()",
        ));
    if https {
        headers.add((
            "Strict-Transport-Security",
            "max-age=63072000; includeSubDomains",
        ))
    } else {
        headers
    }
}

/// Logs method, path (never the query string, which can carry tokens), status and latency.
pub fn log_request(method: &actix_web::http::Method, path: &str, status: u16, started: Instant) {
    let latency_ms = started.elapsed().as_secs_f64() * 1000.0;
    tracing::info!(%method, path, status, latency_ms = format!("{latency_ms:.2}"), "request");
}

/// A state-changing request a browser sent from another site: `Sec-Fetch-Site: cross-site`,
/// or an `Origin` whose host differs from the request's own `Host`.
pub fn is_cross_site_write(req: &actix_web::HttpRequest) -> bool {
    use actix_web::http::Method;
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return false;
    }
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    if header("sec-fetch-site") == Some("cross-site") {
        return true;
    }
    match (header("origin"), header("host")) {
        (Some("null"), _) => true,
        (Some(origin), Some(host)) => origin.split_once("://").map(|(_, rest)| rest) != Some(host),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;
    use base64::Engine;
    use sha2::{Digest, Sha256};

    #[test]
    fn the_csp_allows_exactly_index_htmls_inline_script() {
        let index = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/index.html"),
        )
        .unwrap();
        let scripts: Vec<&str> = index
            .split("<script>")
            .skip(1)
            .map(|rest| rest.split("</script>").next().unwrap())
            .collect();
        assert_eq!(scripts.len(), 1, "one inline script in index.html");
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(scripts[0]));
        assert!(
            CSP.contains(&format!("'sha256-{hash}'")),
            "update the script hash in CSP to 'sha256-{hash}'"
        );
        let script_src = CSP
            .split(';')
            .map(str::trim)
            .find(|directive| directive.starts_with("script-src"))
            .unwrap();
        assert_eq!(script_src.matches("'sha256-").count(), 1);
        assert!(!script_src.contains("unsafe"));
    }

    #[test]
    fn cross_site_writes_are_recognised() {
        let same = TestRequest::post()
            .insert_header(("host", "playspace.test"))
            .insert_header(("origin", "https://playspace.test"));
        assert!(!is_cross_site_write(&same.to_http_request()));
        let other = TestRequest::post()
            .insert_header(("host", "playspace.test"))
            .insert_header(("origin", "https://evil.test"));
        assert!(is_cross_site_write(&other.to_http_request()));
        let fetch = TestRequest::post().insert_header(("sec-fetch-site", "cross-site"));
        assert!(is_cross_site_write(&fetch.to_http_request()));
        let same_site = TestRequest::post().insert_header(("sec-fetch-site", "same-origin"));
        assert!(!is_cross_site_write(&same_site.to_http_request()));
        let api_client = TestRequest::post();
        assert!(!is_cross_site_write(&api_client.to_http_request()));
        let read = TestRequest::get().insert_header(("sec-fetch-site", "cross-site"));
        assert!(!is_cross_site_write(&read.to_http_request()));
        let opaque = TestRequest::post().insert_header(("origin", "null"));
        assert!(is_cross_site_write(&opaque.to_http_request()));
    }
}
