//! Cross-cutting response behaviour: security headers on everything, one log line per
//! request.
use std::time::Instant;

use actix_web::middleware::DefaultHeaders;

/// Radix positions popovers with inline styles, hence 'unsafe-inline' for styles only.
/// Scripts are same-origin files, plus exactly one inline script, allowed by its hash: the
/// one in frontend/index.html that applies the theme before first paint and starts the app
/// on prerendered pages (a test below keeps the hash in step with it).
const CSP: &str = "default-src 'self'; \
     script-src 'self' 'sha256-egma/0jzpL9L7KchFsMvGw58oUtBa0TB2AFWHKqXk2g='; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; \
     connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
     frame-ancestors 'none'";

/// The headers every response carries (`Strict-Transport-Security` only over https).
pub fn security_header_list(https: bool) -> impl Iterator<Item = (&'static str, &'static str)> {
    [
        ("Content-Security-Policy", CSP),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "strict-origin-when-cross-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        (
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=(), payment=()",
        ),
    ]
    .into_iter()
    .chain(https.then_some((
        "Strict-Transport-Security",
        "max-age=63072000; includeSubDomains",
    )))
}

pub fn security_headers(https: bool) -> DefaultHeaders {
    security_header_list(https).fold(DefaultHeaders::new(), DefaultHeaders::add)
}

/// Logs method, path (never the query string, which can carry tokens), status and latency.
pub fn log_request(method: &actix_web::http::Method, path: &str, status: u16, started: Instant) {
    let latency_ms = started.elapsed().as_secs_f64() * 1000.0;
    tracing::info!(%method, path, status, latency_ms = format!("{latency_ms:.2}"), "request");
}

/// Where the site is served from, as browsers write it in `Origin` (scheme://host[:port]).
#[derive(Clone, Debug)]
pub struct SiteOrigin {
    public: String,
    /// A plain-http site (development, `scripts/run`) also answers to whatever host name
    /// reaches it (localhost, a LAN address); an https site only to its public URL.
    any_http_host: bool,
}

impl SiteOrigin {
    pub fn new(public_url: &str) -> Self {
        let lower = public_url.to_ascii_lowercase();
        let (scheme, rest) = lower.split_once("://").unwrap_or(("http", lower.as_str()));
        let authority = rest.split('/').next().unwrap_or_default();
        Self {
            public: format!("{scheme}://{authority}"),
            any_http_host: scheme == "http",
        }
    }

    fn accepts(&self, origin: &str, host: Option<&str>) -> bool {
        let origin = origin.to_ascii_lowercase();
        origin == self.public
            || (self.any_http_host
                && host
                    .is_some_and(|host| origin == format!("http://{}", host.to_ascii_lowercase())))
    }
}

/// A state-changing request a browser sent from another site: `Sec-Fetch-Site: cross-site`,
/// or an `Origin` other than the site's own, scheme, host and port compared.
pub fn is_cross_site_write(req: &actix_web::HttpRequest, site: &SiteOrigin) -> bool {
    use actix_web::http::Method;
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return false;
    }
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    if header("sec-fetch-site") == Some("cross-site") {
        return true;
    }
    match header("origin") {
        Some(origin) => !site.accepts(origin, header("host")),
        None => false,
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
        let site = SiteOrigin::new("https://playspace.test");
        let cross = |req: TestRequest| is_cross_site_write(&req.to_http_request(), &site);
        let same = TestRequest::post()
            .insert_header(("host", "playspace.test"))
            .insert_header(("origin", "https://PlaySpace.test"));
        assert!(!cross(same));
        let other = TestRequest::post()
            .insert_header(("host", "playspace.test"))
            .insert_header(("origin", "https://evil.test"));
        assert!(cross(other));
        let plain_http = TestRequest::post()
            .insert_header(("host", "playspace.test"))
            .insert_header(("origin", "http://playspace.test"));
        assert!(cross(plain_http), "the scheme counts");
        let other_port = TestRequest::post()
            .insert_header(("host", "playspace.test"))
            .insert_header(("origin", "https://playspace.test:8443"));
        assert!(cross(other_port), "the port counts");
        let fetch = TestRequest::post().insert_header(("sec-fetch-site", "cross-site"));
        assert!(cross(fetch));
        let same_site = TestRequest::post().insert_header(("sec-fetch-site", "same-origin"));
        assert!(!cross(same_site));
        assert!(
            !cross(TestRequest::post()),
            "API clients send neither header"
        );
        let read = TestRequest::get().insert_header(("sec-fetch-site", "cross-site"));
        assert!(!cross(read));
        let opaque = TestRequest::post().insert_header(("origin", "null"));
        assert!(cross(opaque));
    }

    #[test]
    fn an_http_site_takes_writes_from_the_host_it_was_reached_by_over_http_only() {
        let site = SiteOrigin::new("http://127.0.0.1:8080/");
        let cross = |origin: &str, host: &str| {
            let req = TestRequest::post()
                .insert_header(("host", host))
                .insert_header(("origin", origin));
            is_cross_site_write(&req.to_http_request(), &site)
        };
        assert!(!cross("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(!cross("http://localhost:8080", "localhost:8080"));
        assert!(cross("https://localhost:8080", "localhost:8080"));
        assert!(cross("http://evil.test", "localhost:8080"));
        assert!(cross("http://localhost:8081", "localhost:8080"));
    }
}
