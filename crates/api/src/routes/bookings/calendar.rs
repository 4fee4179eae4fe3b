use actix_web::{HttpResponse, web};
use playspace_app::bookings::booking_calendar;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/bookings/{id}/calendar.ics`: the owner's calendar file, named by reference.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let (reference, ics) =
        web::block(move || booking_calendar(&app.booking_deps(), &current.user, &id))
            .await?
            .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{reference}.ics\""),
        ))
        .body(ics))
}
