use actix_web::http::header::CACHE_CONTROL;
use actix_web::{HttpResponse, web};
use playspace_app::community::community;

use crate::dto::CommunityDto;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/whatsapp-community`: public, and the same for everyone, so browsers may keep it
/// for a minute (an admin's change shows within that).
pub async fn handle(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let community = web::block(move || community(&app.store)).await??;
    Ok(HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, "public, max-age=60"))
        .json(CommunityDto::from(&community)))
}
