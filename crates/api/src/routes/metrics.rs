//! `GET /metrics` (ADR 0031): what crate::metrics records, for whoever holds `METRICS_TOKEN`.
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::metrics;
use crate::state::AppState;

/// Whether `header` is `Bearer {token}`. Both sides are hashed first, so the comparison
/// takes the same time whatever the lengths and wherever they differ.
fn bearer_matches(header: Option<&HeaderValue>, token: &str) -> bool {
    let given = header
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .unwrap_or_default();
    let given = Sha256::digest(given.as_bytes());
    let expected = Sha256::digest(token.as_bytes());
    bool::from(given.ct_eq(&expected)) && !token.is_empty()
}

/// `GET /metrics`: 404 unless `METRICS_TOKEN` is set, then 401 without it as a bearer token.
pub async fn handle(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let Some(token) = state.config.metrics_token.as_ref() else {
        return Err(ApiError::new(ErrorCode::NotFound, "Not found"));
    };
    if !bearer_matches(req.headers().get(header::AUTHORIZATION), token.expose()) {
        return Err(ApiError::new(
            ErrorCode::MetricsTokenRequired,
            "A valid metrics token is required",
        ));
    }
    let app = state.clone();
    let text = web::block(move || app.metrics.render(&app.store, app.streams.count())).await??;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, metrics::CONTENT_TYPE))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_must_match_exactly_as_a_bearer_token() {
        let header = |text: &str| HeaderValue::from_str(text).unwrap();
        assert!(bearer_matches(Some(&header("Bearer s3cret")), "s3cret"));
        assert!(!bearer_matches(Some(&header("Bearer s3cre")), "s3cret"));
        assert!(!bearer_matches(Some(&header("Bearer s3cretx")), "s3cret"));
        assert!(!bearer_matches(Some(&header("bearer s3cret")), "s3cret"));
        assert!(!bearer_matches(Some(&header("s3cret")), "s3cret"));
        assert!(!bearer_matches(None, "s3cret"));
        assert!(
            !bearer_matches(Some(&header("Bearer ")), ""),
            "never an empty token"
        );
    }
}
