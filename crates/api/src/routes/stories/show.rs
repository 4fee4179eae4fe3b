use actix_web::{HttpResponse, web};
use playspace_app::stories::get_story;

use super::StoryDto;
use crate::error::ApiError;
use crate::state::AppState;

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
    Ok(HttpResponse::Ok().json(StoryDto::from(story)))
}
