use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::{ListEventsError, list_events};
use playspace_domain::EventFilter;
use playspace_ports::Clock;
use serde::Deserialize;

use crate::dto::events_json;
use crate::error::ApiError;
use crate::events_cache::CachedList;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
pub struct Params {
    sport: Option<String>,
    area: Option<String>,
    q: Option<String>,
    date: Option<String>,
    from: Option<String>,
    to: Option<String>,
}

/// `GET /api/events`: active upcoming events, soonest first, optionally filtered.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    params: web::Query<Params>,
) -> Result<HttpResponse, ApiError> {
    let Params {
        sport,
        area,
        q,
        date,
        from,
        to,
    } = params.into_inner();
    let filter = EventFilter {
        sport,
        area,
        q,
        date,
        from,
        to,
    };
    let now = state.clock.now();
    let unfiltered = filter == EventFilter::default();
    if unfiltered && let Some(cached) = state.events_cache.get(now) {
        return Ok(cached_response(&req, &cached));
    }

    let app = state.clone();
    let listed = web::block(move || list_events(&app.store, &app.clock, filter)).await;
    if unfiltered && !matches!(listed, Ok(Ok(_))) {
        // Let the next request try the refresh again.
        state.events_cache.refresh_failed();
    }
    let events = listed?.map_err(|e| match e {
        ListEventsError::Invalid(fields) => ApiError::validation(fields),
        ListEventsError::Store(e) => e.into(),
    })?;
    if unfiltered {
        let cached = state
            .events_cache
            .put(&events)
            .map_err(ApiError::internal)?;
        return Ok(cached_response(&req, &cached));
    }
    let body = events_json(&events).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(body))
}

/// The cached list, pre-gzipped for clients that accept it.
fn cached_response(req: &HttpRequest, cached: &CachedList) -> HttpResponse {
    let accepts_gzip = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|enc| enc.trim().starts_with("gzip")));
    let mut response = HttpResponse::Ok();
    response
        .content_type("application/json")
        .insert_header((header::VARY, HeaderValue::from_static("Accept-Encoding")));
    if accepts_gzip {
        response
            .insert_header((header::CONTENT_ENCODING, HeaderValue::from_static("gzip")))
            .body(cached.gzip.clone())
    } else {
        response.body(cached.json.clone())
    }
}
