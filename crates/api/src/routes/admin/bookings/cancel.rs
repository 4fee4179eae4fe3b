use actix_web::{HttpResponse, web};
use playspace_app::admin::bookings::cancel_booking_as_admin;
use serde::Deserialize;

use super::AdminBookingDto;
use crate::auth::Admin;
use crate::changes::Cache;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    refund: bool,
    reason: Option<String>,
}

/// `POST /api/admin/bookings/{id}/cancel` `{refund, reason?}`: cancels for the person (who
/// is emailed), refunding a card payment when asked.
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let Body { refund, reason } = body.into_inner();
    let actor = admin.actor();
    let app = state.clone();
    let booking =
        web::block(move || cancel_booking_as_admin(&app.admin_deps(), &id, refund, reason, &actor))
            .await??;
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok().json(serde_json::json!({ "booking": AdminBookingDto::from(&booking) })))
}
