use actix_web::{HttpResponse, web};
use playspace_app::admin::events::{ListEventsInput, list_admin_events};
use serde::Deserialize;

use super::AdminEventDto;
use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Query {
    when: Option<String>,
    q: Option<String>,
    cursor: Option<String>,
}

/// `GET /api/admin/events?when=upcoming|past|all&q=&cursor=`: 20 a page.
pub async fn handle(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<Query>,
) -> Result<HttpResponse, ApiError> {
    let Query { when, q, cursor } = query.into_inner();
    let app = state.clone();
    let page = web::block(move || {
        list_admin_events(&app.admin_deps(), ListEventsInput { when, q, cursor })
    })
    .await??;
    let events: Vec<AdminEventDto> = page.items.iter().map(AdminEventDto::from).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "events": events,
        "nextCursor": page.next.map(|c| c.encode()),
        "total": page.total,
    })))
}
