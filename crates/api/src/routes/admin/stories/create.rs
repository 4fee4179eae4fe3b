use actix_web::{HttpResponse, web};
use playspace_app::admin::stories::create_admin_story;
use serde::Deserialize;

use super::{StoryFields, one};
use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    #[serde(flatten)]
    fields: StoryFields,
    /// Published unless sent false (the table's default).
    #[serde(default)]
    is_published: Option<bool>,
}

/// `POST /api/admin/blog-posts`: a post the team writes, checked and cleaned like a
/// submission; published at once or kept as a draft (admins only, audited).
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let Body {
        fields,
        is_published,
    } = body.into_inner();
    let app = state.clone();
    let by = admin.actor();
    let created = web::block(move || {
        create_admin_story(
            &app.store,
            app.clock.as_ref(),
            &by,
            fields.into(),
            is_published.unwrap_or(true),
        )
    })
    .await??;
    Ok(HttpResponse::Created().json(one(&created)))
}
