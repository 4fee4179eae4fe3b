use actix_web::{HttpResponse, web};
use playspace_app::bookings::{BookingChoices, NeedsInput, start_card_checkout};
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::changes::Cache;
use crate::dto::CheckoutSessionDto;
use crate::error::ApiError;
use crate::metrics::BookingOutcome;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    event_id: String,
    accessibility_requirements: Option<String>,
    /// As on `POST /api/bookings`.
    access_needs: Option<Vec<String>>,
    /// A companion comes on a second, free place (ADR 0022).
    companion: bool,
    companion_name: Option<String>,
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
        companion,
        companion_name,
    } = body.into_inner();
    let choices = BookingChoices {
        needs: NeedsInput {
            access_needs,
            accessibility_requirements,
        },
        companion,
        companion_name,
    };
    let app = state.clone();
    let started = web::block(move || {
        start_card_checkout(&app.booking_deps(), &current.user, &event_id, &choices)
    })
    .await?
    .map_err(ApiError::from);
    state.metrics.booking(match &started {
        Ok(_) => BookingOutcome::HeldForPayment,
        Err(refused) => BookingOutcome::Refused(refused.code().as_str()),
    });
    let session = started?;
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok().json(CheckoutSessionDto::from(&session)))
}
