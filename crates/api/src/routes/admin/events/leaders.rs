use actix_web::{HttpResponse, web};
use playspace_app::admin::events::leaders;

use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/admin/leaders`: who may lead sessions (moderators and admins), by name.
pub async fn handle(state: web::Data<AppState>, _admin: Admin) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let leaders = web::block(move || leaders(&app.admin_deps())).await??;
    let leaders: Vec<_> = leaders
        .iter()
        .map(|l| serde_json::json!({ "id": l.id.to_string(), "name": l.name, "role": l.role.as_str() }))
        .collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({ "leaders": leaders })))
}
