use actix_web::{HttpResponse, web};
use playspace_app::admin::stories::set_story_published;

use super::one;
use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

async fn set(
    state: web::Data<AppState>,
    admin: Admin,
    id: String,
    publish: bool,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let by = admin.actor();
    let story =
        web::block(move || set_story_published(&app.store, app.clock.as_ref(), &by, &id, publish))
            .await??;
    Ok(HttpResponse::Ok().json(one(&story)))
}

/// `POST /api/admin/blog-posts/{id}/publish`: publishes a post the team wrote or approved,
/// dated now (admins only, audited).
pub async fn publish(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    set(state, admin, id.into_inner(), true).await
}

/// `POST /api/admin/blog-posts/{id}/unpublish`: takes a post off /blog (admins only,
/// audited).
pub async fn unpublish(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    set(state, admin, id.into_inner(), false).await
}
