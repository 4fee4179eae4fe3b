use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::accounts::request_password_reset;
use serde::Deserialize;

use crate::error::ApiError;
use crate::rate_limit::PASSWORD_RESETS;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    email: String,
}

/// `POST /api/auth/forgot-password`: the same answer whether or not the address has an
/// account. Only addresses are limited here: how many links one account is sent is the use
/// case's rule, so nobody can stop the owner asking.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let email = body.into_inner().email;
    state.limit_anonymous_write(PASSWORD_RESETS, &req).await?;
    let app = state.clone();
    web::block(move || request_password_reset(&app.account_deps(), &email))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "message": "Password reset link sent to your email." })))
}
