use actix_web::{HttpResponse, web};
use playspace_app::community::community;

use crate::dto::CommunityDto;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/whatsapp-community`: public, the same for everyone. Not kept by browsers: one
/// small row, and an admin who has just saved it must see the new settings on every page.
pub async fn handle(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let community = web::block(move || community(&app.store)).await??;
    Ok(HttpResponse::Ok().json(CommunityDto::from(&community)))
}
