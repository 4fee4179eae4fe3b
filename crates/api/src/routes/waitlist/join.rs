use actix_web::{HttpResponse, web};
use playspace_app::bookings::join_waitlist;

use crate::auth::CurrentUser;
use crate::dto::WaitlistEntryDto;
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /api/events/{id}/waitlist`: joins the back of the queue for a full event.
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let current = CurrentUser::required(current, super::LOGIN_REQUIRED)?;
    let entry = web::block(move || join_waitlist(&state.booking_deps(), &current.user, &id))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Created().json(WaitlistEntryDto::from(&entry)))
}
