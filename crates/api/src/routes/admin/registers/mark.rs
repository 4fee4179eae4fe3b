use actix_web::{HttpResponse, web};
use playspace_app::admin::registers::mark_register;
use playspace_domain::admin::Attendance;
use playspace_ports::RegisterChange;
use serde::{Deserialize, Deserializer};

use super::AttendeeDto;
use crate::auth::SessionLeader;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Body {
    /// Absent: unchanged; null: unmarked.
    #[serde(deserialize_with = "present")]
    attendance: Option<Option<String>>,
    payment_status: Option<String>,
}

fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

fn change(body: Body) -> Result<RegisterChange, ApiError> {
    let invalid = || {
        ApiError::new(
            ErrorCode::InvalidMark,
            "Send attendance (attended, no_show or null) or paymentStatus \"paid\"",
        )
    };
    match (body.attendance, body.payment_status.as_deref()) {
        (Some(None), None) => Ok(RegisterChange::Attendance(None)),
        (Some(Some(mark)), None) => mark
            .parse::<Attendance>()
            .map(|a| RegisterChange::Attendance(Some(a)))
            .map_err(|_| invalid()),
        (None, Some("paid")) => Ok(RegisterChange::CashPaid),
        _ => Err(invalid()),
    }
}

/// `PATCH /api/admin/events/{id}/register/{bookingId}`: attended, no-show, or cash paid.
pub async fn handle(
    state: web::Data<AppState>,
    caller: SessionLeader,
    path: web::Path<(String, String)>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let change = change(body.into_inner())?;
    let (event, booking) = path.into_inner();
    let actor = caller.actor();
    let (me, area) = (caller.user.id, caller.area);
    let app = state.clone();
    let line = web::block(move || {
        mark_register(
            &app.admin_deps(),
            me,
            area,
            &event,
            &booking,
            change,
            &actor,
        )
    })
    .await??;
    Ok(HttpResponse::Ok().json(AttendeeDto::from(&line)))
}
