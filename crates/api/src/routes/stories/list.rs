use actix_web::{HttpResponse, web};
use playspace_app::stories::list_stories;
use playspace_ports::StoryPage;
use serde::{Deserialize, Serialize};

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
    Ok(HttpResponse::Ok().json(StoryPageDto::from(page)))
}

/// One page of stories as the API answers it (and the prerendered /blog inlines it).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoryPageDto {
    pub(crate) posts: Vec<StorySummaryDto>,
    pub(crate) next_cursor: Option<String>,
}

impl From<StoryPage> for StoryPageDto {
    fn from(page: StoryPage) -> Self {
        Self {
            posts: page.items.into_iter().map(Into::into).collect(),
            next_cursor: page.next.map(|next| next.encode()),
        }
    }
}
