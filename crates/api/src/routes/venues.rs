//! `GET /api/venues`: every venue sessions may be booked at, with its access facts.
use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::list_venues;

use crate::dto::VenueDto;
use crate::encoding::json;
use crate::error::ApiError;
use crate::state::AppState;

/// Venues not retired, by name, as `{venues: [...]}`; public, like the events they serve.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let venues = web::block(move || list_venues(&app.store)).await??;
    let venues: Vec<VenueDto<'_>> = venues.iter().map(VenueDto::from).collect();
    let body =
        serde_json::to_vec(&serde_json::json!({ "venues": venues })).map_err(ApiError::internal)?;
    Ok(json(&req, body))
}
