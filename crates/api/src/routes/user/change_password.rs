use actix_web::{HttpResponse, web};
use playspace_app::accounts::change_password;
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::rate_limit::REAUTH_PER_USER;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    current_password: String,
    new_password: String,
}

/// `POST /api/user/change-password`: signs out every other session.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state
        .limit_key(REAUTH_PER_USER, current.user.id.to_string())
        .await?;
    let Body {
        current_password,
        new_password,
    } = body.into_inner();
    let app = state.clone();
    web::block(move || {
        change_password(
            &app.account_deps(),
            &current.session,
            &current_password,
            &new_password,
        )
    })
    .await?
    .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "message": "Your password has been changed. Other devices have been signed out." })))
}
