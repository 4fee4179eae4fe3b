use actix_web::{HttpResponse, web};
use playspace_app::admin::stories::edit_admin_story;

use super::{StoryFields, one};
use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

/// `PUT /api/admin/blog-posts/{id}`: replaces a story's title, content, summary, category
/// and author name, with the same rules and cleaning (admins only, audited).
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
    body: web::Json<StoryFields>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let by = admin.actor();
    let edited = web::block(move || {
        edit_admin_story(
            &app.store,
            app.clock.as_ref(),
            &by,
            &id,
            body.into_inner().into(),
        )
    })
    .await??;
    Ok(HttpResponse::Ok().json(one(&edited)))
}
