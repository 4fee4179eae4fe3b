use actix_web::{HttpResponse, web};
use playspace_app::admin::send_bulk_email;
use playspace_domain::bulk_email::BulkEmailForm;
use serde::Deserialize;

use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    recipient_group: String,
    subject: String,
    message: String,
}

/// `POST /api/admin/send-bulk-email`: queues the email for every live member of the group
/// who agreed to marketing email → `{sentCount}`.
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let form = BulkEmailForm {
        recipient_group: b.recipient_group,
        subject: b.subject,
        message: b.message,
    };
    let by = admin.actor();
    let app = state.clone();
    let sent = web::block(move || send_bulk_email(&app.admin_deps(), &by, form))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "sentCount": sent })))
}
