use actix_web::{HttpResponse, web};
use playspace_app::bookings::cancel_booking;
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::changes::Cache;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    reason: Option<String>,
}

/// `POST /api/bookings/{id}/cancel`: the owner cancels up to 2 hours before the start.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    id: web::Path<String>,
    body: Option<web::Json<Body>>,
) -> Result<HttpResponse, ApiError> {
    let reason = body.and_then(|b| b.into_inner().reason);
    let app = state.clone();
    web::block(move || cancel_booking(&app.booking_deps(), &current.user, &id, reason))
        .await?
        .map_err(ApiError::from)?;
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "message": "Your booking has been cancelled." })))
}
