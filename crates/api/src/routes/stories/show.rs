use actix_web::{HttpResponse, web};
use playspace_app::stories::get_story;
use serde::Serialize;

use super::StorySummaryDto;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Serialize)]
struct StoryDto {
    #[serde(flatten)]
    summary: StorySummaryDto,
    /// Allow-listed HTML, cleaned when saved.
    content: String,
}

/// `GET /api/blog-posts/{id}`: one published story; unknown, malformed and unpublished
/// ids are the same 404.
pub async fn handle(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let story = web::block(move || get_story(&app.store, &id))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(StoryDto {
        summary: story.summary.into(),
        content: story.content,
    }))
}
