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
    req.headers()
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|enc| enc.trim().starts_with("gzip")))
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
