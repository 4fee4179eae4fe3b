use actix_web::{HttpResponse, web};
use playspace_app::admin::registers::event_register;

use super::AttendeeDto;
use crate::auth::SessionLeader;
use crate::error::ApiError;
use crate::routes::admin::events::AdminEventDto;
use crate::state::AppState;

/// `GET /api/admin/events/{id}/register`: the session and everyone booked on it.
pub async fn handle(
    state: web::Data<AppState>,
    caller: SessionLeader,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let (me, area) = (caller.user.id, caller.area);
    let (event, lines) =
        web::block(move || event_register(&app.admin_deps(), me, area, &id)).await??;
    let attendees: Vec<AttendeeDto> = lines.iter().map(AttendeeDto::from).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "event": AdminEventDto::from(&event),
        "attendees": attendees,
    })))
}
