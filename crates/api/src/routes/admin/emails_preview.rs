use actix_web::{HttpResponse, web};
use playspace_app::admin::preview_bulk_email;
use serde::Deserialize;

use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    subject: String,
    message: String,
}

/// `POST /api/admin/emails/preview`: `{subject, html, text}` exactly as members receive it.
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let Body { subject, message } = body.into_inner();
    let by = admin.actor();
    let app = state.clone();
    let preview =
        web::block(move || preview_bulk_email(&app.admin_deps(), &by, &subject, &message))
            .await?
            .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "subject": preview.subject,
        "html": preview.html,
        "text": preview.text,
    })))
}
