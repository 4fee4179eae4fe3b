use actix_web::{HttpResponse, web};
use playspace_app::get_event;

use crate::dto::EventDto;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/events/{id}`: one active event; unknown and malformed ids are the same 404.
pub async fn handle(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let event = web::block(move || get_event(&app.store, &id))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(EventDto::from(&event)))
}
