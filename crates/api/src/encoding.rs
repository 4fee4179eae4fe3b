//! Gzip done by the server itself for pages and the events lists rather than by the
//! Compress middleware: the middleware's fast level sends about 45% more bytes (a page of
//! up to about 14 KB compressed arrives in the first round trip of a new connection, which
//! matters for the first paint on slow networks), and it encodes bodies over 1 KiB on the
//! blocking thread pool, a hop that capped a 2 KB list at about 2,000 answers a second.
//! Answers that carry `Content-Encoding` are left alone by the middleware.
use std::io::Write;

use actix_web::http::header::{ACCEPT_ENCODING, CONTENT_ENCODING, HeaderValue, VARY};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use flate2::Compression;
use flate2::write::GzEncoder;

pub fn accepts_gzip(req: &HttpRequest) -> bool {
    accepts(req, "gzip")
}

/// Whether `Accept-Encoding` lists `coding` (or `*`) without refusing it with `q=0`.
pub fn accepts(req: &HttpRequest, coding: &str) -> bool {
    let Some(header) = req
        .headers()
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    header.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let refused = parts.any(|p| {
            p.strip_prefix("q=")
                .and_then(|q| q.parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        (name.eq_ignore_ascii_case(coding) || name == "*") && !refused
    })
}

pub fn gzip(bytes: &[u8]) -> Result<Vec<u8>, std::io::Error> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(bytes.len() / 4), Compression::default());
    encoder.write_all(bytes)?;
    encoder.finish()
}

/// One JSON answer, plain and gzipped, for keeping in memory.
pub struct Encoded {
    pub json: Bytes,
    pub gzip: Bytes,
}

impl Encoded {
    pub fn new(json: Vec<u8>) -> Result<Self, std::io::Error> {
        Ok(Self {
            gzip: Bytes::from(gzip(&json)?),
            json: Bytes::from(json),
        })
    }
}

/// A kept answer, gzipped for clients that accept it.
pub fn encoded_json(req: &HttpRequest, encoded: &Encoded) -> HttpResponse {
    respond(req, encoded.json.clone(), || Ok(encoded.gzip.clone()))
}

/// A JSON answer made for this request, gzipped for clients that accept it.
pub fn json(req: &HttpRequest, body: Vec<u8>) -> HttpResponse {
    let plain = Bytes::from(body);
    respond(req, plain.clone(), || gzip(&plain).map(Bytes::from))
}

fn respond(
    req: &HttpRequest,
    plain: Bytes,
    gzipped: impl FnOnce() -> Result<Bytes, std::io::Error>,
) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    response
        .content_type("application/json")
        .insert_header((VARY, HeaderValue::from_static("Accept-Encoding")));
    match accepts_gzip(req).then(gzipped) {
        Some(Ok(body)) => response
            .insert_header((CONTENT_ENCODING, HeaderValue::from_static("gzip")))
            .body(body),
        // Not accepted, or (never in practice) the encoder failed: the plain body is right.
        _ => response.body(plain),
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::accepts;

    #[test]
    fn an_encoding_is_accepted_when_listed_or_starred_and_not_refused() {
        let accepts_with = |header: &str, coding: &str| {
            accepts(
                &TestRequest::default()
                    .insert_header(("accept-encoding", header))
                    .to_http_request(),
                coding,
            )
        };
        assert!(accepts_with("gzip, deflate, br, zstd", "br"));
        assert!(accepts_with("GZIP;q=0.5", "gzip"));
        assert!(accepts_with("*", "br"));
        assert!(!accepts_with("br;q=0, gzip", "br"));
        assert!(!accepts_with("gzip;q=0.0", "gzip"));
        assert!(!accepts_with("x-gzip-like", "gzip"));
        assert!(!accepts_with("identity", "gzip"));
        assert!(!accepts(&TestRequest::default().to_http_request(), "gzip"));
    }
}
