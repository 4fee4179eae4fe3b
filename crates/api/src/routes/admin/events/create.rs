use actix_web::{HttpResponse, web};
use playspace_app::admin::events::create_event;

use super::{AdminEventDto, EventFields};
use crate::auth::Admin;
use crate::changes::Cache;
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /api/admin/events`: one new session (duration 60, 20 places, free unless given).
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<EventFields>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let actor = admin.actor();
    let created =
        web::block(move || create_event(&app.admin_deps(), body.into_inner().into_input(), &actor))
            .await??;
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Created().json(serde_json::json!({ "event": AdminEventDto::from(&created) })))
}
