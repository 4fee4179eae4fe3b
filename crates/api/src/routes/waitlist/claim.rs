use actix_web::{HttpResponse, web};
use playspace_app::bookings::claim_offered_place;
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::dto::BookingDto;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    accessibility_requirements: Option<String>,
}

/// `POST /api/events/{id}/waitlist/claim`: books the place held for the caller (cash,
/// paid on arrival).
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
    id: web::Path<String>,
    body: Option<web::Json<Body>>,
) -> Result<HttpResponse, ApiError> {
    let current = CurrentUser::required(current, "You must be logged in to book events")?;
    let accessibility = body.and_then(|b| b.into_inner().accessibility_requirements);
    let (booking, _) = web::block(move || {
        claim_offered_place(
            &state.booking_deps(),
            &current.user,
            &id,
            accessibility.as_deref(),
        )
    })
    .await?
    .map_err(super::waitlist_error)?;
    Ok(HttpResponse::Created().json(BookingDto::new(&booking, None)))
}
