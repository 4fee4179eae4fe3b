use actix_web::{HttpResponse, web};
use playspace_app::admin::stories::decline_story;
use serde::Deserialize;

use super::AdminStoryDto;
use crate::auth::StoryReviewer;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    reason: String,
}

/// `POST /api/admin/blog-posts/{id}/decline`: declines a submitted story with a reason
/// (required, at most 1,000 characters), emailed to its author when they sent it signed in
/// (admins and moderators, audited).
pub async fn handle(
    state: web::Data<AppState>,
    reviewer: StoryReviewer,
    id: web::Path<String>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let by = reviewer.actor();
    let declined = web::block(move || {
        decline_story(
            &app.store,
            app.clock.as_ref(),
            &app.email,
            &by,
            &id,
            &body.reason,
        )
    })
    .await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "post": AdminStoryDto::from(&declined.story),
        "emailed": declined.emailed,
    })))
}
