use actix_web::{HttpResponse, web};
use playspace_app::accounts::logout;

use crate::auth::{CurrentUser, clear_session_cookie};
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /api/auth/logout`: revokes this session and clears the cookie.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let session = current.session.id;
    web::block(move || logout(&app.account_deps(), session)).await??;
    Ok(HttpResponse::Ok()
        .cookie(clear_session_cookie(state.config.is_https()))
        .json(serde_json::json!({ "message": "You have been successfully logged out." })))
}
