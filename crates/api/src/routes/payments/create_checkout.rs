use actix_web::{HttpResponse, web};
use playspace_app::bookings::{NeedsInput, start_card_checkout};
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::dto::CheckoutSessionDto;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    event_id: String,
    accessibility_requirements: Option<String>,
    /// As on `POST /api/bookings`.
    access_needs: Option<Vec<String>>,
}

/// `POST /api/create-checkout-session`: holds a place and returns `{sessionId, url}`.
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let current = CurrentUser::required(current, "Please log in to book this event.")?;
    let Body {
        event_id,
        accessibility_requirements,
        access_needs,
    } = body.into_inner();
    let needs = NeedsInput {
        access_needs,
        accessibility_requirements,
    };
    let app = state.clone();
    let session = web::block(move || {
        start_card_checkout(&app.booking_deps(), &current.user, &event_id, &needs)
    })
    .await?
    .map_err(ApiError::from)?;
    state.events_cache.invalidate();
    Ok(HttpResponse::Ok().json(CheckoutSessionDto::from(&session)))
}
