//! `GET /metrics` in the Prometheus text format (ADR 0031), for whoever holds
//! `METRICS_TOKEN`: requests and their latency by route pattern and status class, bookings
//! and webhooks by outcome, the outbox's depth and failures, the database pool's use and
//! the notification streams open in this process.
//!
//! Labels are bounded and carry no personal data: a route is its pattern
//! (`/api/events/{id}`), never the path; a booking's or webhook's outcome is a fixed word or
//! an error code. Without `METRICS_TOKEN` nothing is recorded and `/metrics` is a 404.
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Registry, Unit};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::state::AppState;

/// The content type of the text exposition format.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The route label of answers no route pattern made: files, pages and unknown addresses.
pub const OTHER_ROUTE: &str = "other";

/// Latency buckets in seconds: a cached list answers in well under a millisecond, a
/// password check takes tens, the request deadline is a minute.
const LATENCY_BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: String,
    status: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

fn latency_histogram() -> Histogram {
    Histogram::new(LATENCY_BUCKETS)
}

/// A booking attempt's result, for `playspace_bookings_total{outcome}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookingOutcome {
    /// A place taken at once (cash, free or solidarity).
    Confirmed,
    /// A place held while the person pays by card.
    HeldForPayment,
    /// Refused: the error's code (`event_full`, `already_booked`, `validation_failed`…).
    Refused(&'static str),
}

pub struct Metrics {
    enabled: bool,
    registry: Registry,
    requests: Family<RequestLabels, Histogram, fn() -> Histogram>,
    bookings: Family<OutcomeLabels, Counter>,
    webhooks: Family<OutcomeLabels, Counter>,
    outbox_sends: Family<OutcomeLabels, Counter>,
    outbox_waiting: Gauge,
    outbox_failed: Gauge,
    pool_max: Gauge,
    pool_open: Gauge,
    pool_in_use: Gauge,
    streams_open: Gauge,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics")
            .field("enabled", &self.enabled)
            .finish_non_exhaustive()
    }
}

impl Metrics {
    /// `enabled` is whether anyone may read them (`METRICS_TOKEN` is set); when not,
    /// nothing is recorded, so an unwatched server pays nothing for them.
    pub fn new(enabled: bool) -> Self {
        let mut registry = Registry::with_prefix("playspace");
        let requests = Family::<RequestLabels, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram,
        );
        registry.register_with_unit(
            "http_request_duration",
            "Time until each answer's head was ready, by method, route pattern and status class (its _count is the requests)",
            Unit::Seconds,
            requests.clone(),
        );
        let bookings = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "bookings",
            "Booking attempts by outcome: confirmed, held_for_payment, or the refusal's code",
            bookings.clone(),
        );
        let webhooks = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "webhooks",
            "Payment webhooks by outcome: applied, duplicate, already_done, paid_but_no_place, invalid_signature, failed",
            webhooks.clone(),
        );
        let outbox_sends = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "outbox_sends",
            "Email send attempts by this process: delivered, retrying (failed, will retry), failed (given up)",
            outbox_sends.clone(),
        );
        let gauge = |registry: &mut Registry, name: &str, help: &str| {
            let gauge = Gauge::default();
            registry.register(name, help, gauge.clone());
            gauge
        };
        Self {
            enabled,
            outbox_waiting: gauge(
                &mut registry,
                "outbox_waiting",
                "Emails waiting to be sent (in the database, all servers)",
            ),
            outbox_failed: gauge(
                &mut registry,
                "outbox_failed",
                "Emails given up on after their last attempt (in the database, all servers)",
            ),
            pool_max: gauge(
                &mut registry,
                "db_pool_max_connections",
                "Database connections this process may open",
            ),
            pool_open: gauge(
                &mut registry,
                "db_pool_open_connections",
                "Database connections open in this process",
            ),
            pool_in_use: gauge(
                &mut registry,
                "db_pool_in_use_connections",
                "Database connections in use in this process",
            ),
            streams_open: gauge(
                &mut registry,
                "notification_streams_open",
                "Live notification streams open in this process",
            ),
            registry,
            requests,
            bookings,
            webhooks,
            outbox_sends,
        }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// One answered request: `route` is the pattern that matched, if any.
    pub fn observe_request(
        &self,
        method: &Method,
        route: Option<String>,
        status: StatusCode,
        seconds: f64,
    ) {
        if !self.enabled {
            return;
        }
        let labels = RequestLabels {
            method: method_label(method),
            route: route
                .filter(|pattern| !pattern.is_empty())
                .unwrap_or_else(|| OTHER_ROUTE.to_owned()),
            status: status_class(status),
        };
        self.requests.get_or_create(&labels).observe(seconds);
    }

    pub fn booking(&self, outcome: BookingOutcome) {
        let outcome = match outcome {
            BookingOutcome::Confirmed => "confirmed",
            BookingOutcome::HeldForPayment => "held_for_payment",
            BookingOutcome::Refused(code) => code,
        };
        self.count(&self.bookings, outcome);
    }

    /// `outcome` is one of the fixed words listed in the metric's help.
    pub fn webhook(&self, outcome: &'static str) {
        self.count(&self.webhooks, outcome);
    }

    pub fn outbox_report(&self, report: &playspace_app::DeliveryReport) {
        if !self.enabled {
            return;
        }
        for (outcome, n) in [
            ("delivered", report.delivered),
            ("retrying", report.retrying),
            ("failed", report.failed),
        ] {
            if n > 0 {
                self.outbox_sends
                    .get_or_create(&OutcomeLabels { outcome })
                    .inc_by(u64::try_from(n).unwrap_or(u64::MAX));
            }
        }
    }

    fn count(&self, family: &Family<OutcomeLabels, Counter>, outcome: &'static str) {
        if self.enabled {
            family.get_or_create(&OutcomeLabels { outcome }).inc();
        }
    }

    /// The text exposition, after reading the figures that are looked up rather than
    /// counted (the outbox from the database, the pool, the streams).
    fn render(&self, state: &AppState) -> Result<String, ApiError> {
        let backlog = state.store.outbox_backlog()?;
        self.outbox_waiting.set(saturating_i64(backlog.waiting));
        self.outbox_failed.set(saturating_i64(backlog.failed));
        let pool = state.store.pool_use();
        self.pool_max.set(i64::from(pool.max));
        self.pool_open.set(i64::from(pool.open));
        self.pool_in_use.set(i64::from(pool.in_use));
        self.streams_open
            .set(saturating_i64(state.streams.count() as u64));
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .map_err(ApiError::internal)?;
        Ok(text)
    }
}

fn saturating_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

fn status_class(status: StatusCode) -> &'static str {
    match status.as_u16() {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

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
    let text = web::block(move || app.metrics.render(&app)).await??;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, CONTENT_TYPE))
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

    #[test]
    fn status_classes_and_methods_are_a_fixed_few() {
        assert_eq!(status_class(StatusCode::OK), "2xx");
        assert_eq!(status_class(StatusCode::NOT_MODIFIED), "3xx");
        assert_eq!(status_class(StatusCode::NOT_FOUND), "4xx");
        assert_eq!(status_class(StatusCode::SERVICE_UNAVAILABLE), "5xx");
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "OTHER");
    }

    #[test]
    fn nothing_is_recorded_when_nobody_may_read_it() {
        use prometheus_client::encoding::EncodeMetric;
        let off = Metrics::new(false);
        off.observe_request(
            &Method::GET,
            Some("/api/events".into()),
            StatusCode::OK,
            0.01,
        );
        off.booking(BookingOutcome::Confirmed);
        assert!(off.requests.is_empty() && off.bookings.is_empty());
        let on = Metrics::new(true);
        on.observe_request(&Method::GET, None, StatusCode::OK, 0.01);
        on.booking(BookingOutcome::Refused("event_full"));
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &on.registry).unwrap();
        assert!(
            text.contains(
                r#"playspace_http_request_duration_seconds_count{method="GET",route="other",status="2xx"} 1"#
            ),
            "{text}"
        );
        assert!(
            text.contains(r#"playspace_bookings_total{outcome="event_full"} 1"#),
            "{text}"
        );
    }
}
