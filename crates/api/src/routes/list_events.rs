use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use playspace_app::{list_events, summarise_events};
use playspace_domain::{Event, EventFilter, EventQuery, EventsSummary};
use playspace_ports::Clock;
use serde::Deserialize;

use crate::dto::{events_json, summary_json};
use crate::encoding::{encoded_json, json};
use crate::error::ApiError;
use crate::events_cache::CachedList;
use crate::state::AppState;

/// The events page's filters, as both the list and its summary take them.
#[derive(Debug, Default, Deserialize)]
pub struct Filters {
    sport: Option<String>,
    area: Option<String>,
    q: Option<String>,
    date: Option<String>,
    from: Option<String>,
    to: Option<String>,
    /// Access fact keys, comma-separated (`stepFree,lift`).
    access: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct ListParams {
    #[serde(flatten)]
    filters: Filters,
    limit: Option<String>,
}

impl Filters {
    fn into_query(self, limit: Option<String>, now: DateTime<Utc>) -> Result<EventQuery, ApiError> {
        let Filters {
            sport,
            area,
            q,
            date,
            from,
            to,
            access,
        } = self;
        EventFilter {
            sport,
            area,
            q,
            date,
            from,
            to,
            limit,
            access,
        }
        .into_query(now)
        .map_err(ApiError::validation)
    }
}

/// `GET /api/events`: active upcoming events, soonest first, optionally filtered and cut at
/// `limit`. The whole list and its first few come from memory.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    params: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let ListParams { filters, limit } = params.into_inner();
    // One instant for the query and the question whether it is the whole list.
    let now = state.clock.now();
    let query = filters.into_query(limit, now)?;
    if query.is_unfiltered(now) {
        let cached = upcoming(&state).await?;
        return Ok(match query.limit {
            None => encoded_json(&req, &cached.list),
            Some(limit) => json(&req, first(&cached, limit)?),
        });
    }
    if let Some(part) = query.part_of_whole_list(now) {
        // A sport's or an access need's sessions are a part of the cached list: no database
        // round trip. Each sport's whole part is kept encoded; access choices (a thousand
        // combinations) are cut from the list as asked.
        let cached = upcoming(&state).await?;
        if let (Some(sport), true, None) = (part.sport, part.access.is_empty(), query.limit) {
            let encoded = cached.sport(sport).map_err(ApiError::internal)?;
            return Ok(encoded_json(&req, &encoded));
        }
        let events = cached
            .events
            .iter()
            .filter(|event| part.contains(event))
            .take(query.limit.map_or(usize::MAX, |limit| limit as usize));
        return Ok(json(&req, events_json(events).map_err(ApiError::internal)?));
    }
    let app = state.clone();
    let events = web::block(move || list_events(&app.store, &query)).await??;
    Ok(json(
        &req,
        events_json(&events).map_err(ApiError::internal)?,
    ))
}

/// `GET /api/events/summary`: the sport cards and area choices of the events page, for the
/// same filters as the list, so the page never downloads the programme to count it.
pub async fn summary(
    req: HttpRequest,
    state: web::Data<AppState>,
    params: web::Query<Filters>,
) -> Result<HttpResponse, ApiError> {
    let now = state.clock.now();
    let query = params.into_inner().into_query(None, now)?;
    if query.is_unfiltered(now) {
        let cached = upcoming(&state).await?;
        return Ok(encoded_json(&req, &cached.summary));
    }
    if let Some(part) = query.part_of_whole_list(now)
        && !part.access.is_empty()
    {
        let cached = upcoming(&state).await?;
        let events: Vec<Event> = cached
            .events
            .iter()
            .filter(|event| part.contains(event))
            .cloned()
            .collect();
        let summary = EventsSummary::of(&events);
        return Ok(json(
            &req,
            summary_json(&summary).map_err(ApiError::internal)?,
        ));
    }
    let app = state.clone();
    let summary = web::block(move || summarise_events(&app.store, &query)).await??;
    Ok(json(
        &req,
        summary_json(&summary).map_err(ApiError::internal)?,
    ))
}

/// The cached upcoming list, loading it when it has expired.
pub(crate) async fn upcoming(state: &web::Data<AppState>) -> Result<Arc<CachedList>, ApiError> {
    let now = state.clock.now();
    if let Some(cached) = state.events_cache.get(now) {
        return Ok(cached);
    }
    let app = state.clone();
    let listed = match web::block(move || list_events(&app.store, &EventQuery::upcoming(now))).await
    {
        Ok(listed) => listed.map_err(ApiError::from),
        Err(blocking) => Err(ApiError::from(blocking)),
    };
    // After a failure the next request tries the refresh again.
    let events = listed.inspect_err(|_| state.events_cache.refresh_failed())?;
    state.events_cache.put(events).map_err(ApiError::internal)
}

/// The first `limit` upcoming events, as JSON.
pub(crate) fn first(cached: &CachedList, limit: u32) -> Result<Vec<u8>, ApiError> {
    let end = cached.events.len().min(limit as usize);
    events_json(&cached.events[..end]).map_err(ApiError::internal)
}
