//! Cross-cutting response behaviour: security headers on everything, one log line per
//! request.
use std::time::Instant;

use actix_web::middleware::DefaultHeaders;

/// Radix positions popovers with inline styles, hence 'unsafe-inline' for styles only;
/// scripts are same-origin files, never inline.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

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
