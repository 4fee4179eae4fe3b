use actix_web::{HttpResponse, web};
use playspace_app::admin::{BulkActionInput, bulk_user_action};
use serde::Deserialize;

use crate::auth::Admin;
use crate::changes::Cache;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Data {
    role: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    action: String,
    user_ids: Vec<String>,
    data: Option<Data>,
}

/// `POST /api/admin/users/bulk-action`: `{action: "delete" | "updateRole", userIds,
/// data: {role}}` → `{affected}`, all or nothing.
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = BulkActionInput {
        action: b.action,
        user_ids: b.user_ids,
        role: b.data.and_then(|d| d.role),
    };
    let by = admin.actor();
    let app = state.clone();
    let affected = web::block(move || bulk_user_action(&app.admin_deps(), &by, input))
        .await?
        .map_err(ApiError::from)?;
    // Erased people's upcoming places were given back.
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok().json(serde_json::json!({ "affected": affected })))
}
