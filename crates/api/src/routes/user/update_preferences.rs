use actix_web::{HttpResponse, web};
use playspace_app::accounts::update_preferences;
use playspace_domain::Preferences;
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct Body {
    preferences: Preferences,
}

/// `PUT /api/user/preferences` with `{preferences}`: replaces them after validation.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let preferences = body.into_inner().preferences;
    let app = state.clone();
    let saved =
        web::block(move || update_preferences(&app.account_deps(), current.user.id, preferences))
            .await?
            .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "preferences": saved })))
}
