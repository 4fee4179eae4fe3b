use actix_web::{HttpResponse, web};
use playspace_app::admin::registers::sessions_to_lead;

use crate::auth::SessionLeader;
use crate::error::ApiError;
use crate::routes::admin::events::AdminEventDto;
use crate::state::AppState;

/// `GET /api/admin/registers`: the sessions whose registers the caller may open, from
/// yesterday on, soonest first.
pub async fn handle(
    state: web::Data<AppState>,
    caller: SessionLeader,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let (me, area) = (caller.user.id, caller.area);
    let events = web::block(move || sessions_to_lead(&app.admin_deps(), me, area)).await??;
    let events: Vec<AdminEventDto> = events.iter().map(AdminEventDto::from).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({ "events": events })))
}
