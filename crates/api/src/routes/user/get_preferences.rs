use actix_web::{HttpResponse, web};
use playspace_app::accounts::get_preferences;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/user/preferences`: `{preferences}`, defaults filled in.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let preferences =
        web::block(move || get_preferences(&app.account_deps(), current.user.id)).await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "preferences": preferences })))
}
