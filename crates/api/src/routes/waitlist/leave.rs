use actix_web::{HttpResponse, web};
use playspace_app::bookings::leave_waitlist;

use crate::auth::CurrentUser;
use crate::changes::Cache;
use crate::error::ApiError;
use crate::state::AppState;

/// `DELETE /api/events/{id}/waitlist`: leaves the queue, or lets an offered place go.
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let current = CurrentUser::required(current, super::LOGIN_REQUIRED)?;
    let app = state.clone();
    web::block(move || leave_waitlist(&app.booking_deps(), &current.user, &id))
        .await?
        .map_err(ApiError::from)?;
    // A declined offer with nobody waiting gives the place back to the event.
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok().json(serde_json::json!({ "message": "You have left the waitlist." })))
}
