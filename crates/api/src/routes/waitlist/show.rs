use actix_web::{HttpResponse, web};
use playspace_app::bookings::my_waitlist_entry;

use crate::auth::CurrentUser;
use crate::dto::WaitlistEntryDto;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/events/{id}/waitlist`: `{entry}`, the caller's entry or null.
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let current = CurrentUser::required(current, super::LOGIN_REQUIRED)?;
    let entry = web::block(move || my_waitlist_entry(&state.booking_deps(), &current.user, &id))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "entry": entry.as_ref().map(WaitlistEntryDto::from) })))
}
