use actix_web::{HttpResponse, web};
use playspace_app::bookings::cancel_payment;
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::changes::Cache;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    booking_id: String,
}

/// `POST /api/cancel-payment {booking_id}`: the owner left the checkout; the held place is
/// released.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let booking_id = body.into_inner().booking_id;
    let app = state.clone();
    web::block(move || cancel_payment(&app.booking_deps(), &current.user, &booking_id))
        .await?
        .map_err(ApiError::from)?;
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok().json(serde_json::json!({ "success": true })))
}
