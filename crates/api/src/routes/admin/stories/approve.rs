use actix_web::{HttpResponse, web};
use playspace_app::admin::stories::approve_story;

use super::one;
use crate::auth::StoryReviewer;
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /api/admin/blog-posts/{id}/approve`: publishes a submitted story (admins and
/// moderators, audited).
pub async fn handle(
    state: web::Data<AppState>,
    reviewer: StoryReviewer,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let by = reviewer.actor();
    let story =
        web::block(move || approve_story(&app.store, app.clock.as_ref(), &by, &id)).await??;
    Ok(HttpResponse::Ok().json(one(&story)))
}
