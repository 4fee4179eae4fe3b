use actix_web::{HttpResponse, web};
use playspace_app::stories::list_stories;
use serde::Deserialize;

use super::StorySummaryDto;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Query {
    cursor: Option<String>,
    limit: Option<u32>,
}

/// `GET /api/blog-posts?cursor=&limit=`: published stories newest first, 6 a page by
/// default and at most 24; `nextCursor` is null on the last page.
pub async fn handle(
    state: web::Data<AppState>,
    query: web::Query<Query>,
) -> Result<HttpResponse, ApiError> {
    let Query { cursor, limit } = query.into_inner();
    let app = state.clone();
    let page = web::block(move || list_stories(&app.store, cursor.as_deref(), limit))
        .await?
        .map_err(ApiError::from)?;
    let posts: Vec<StorySummaryDto> = page.items.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "posts": posts,
        "nextCursor": page.next.map(|next| next.encode()),
    })))
}
