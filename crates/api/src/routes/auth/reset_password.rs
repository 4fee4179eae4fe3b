use actix_web::{HttpResponse, web};
use playspace_app::accounts::{ResetPasswordForm, reset_password};
use serde::Deserialize;

use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    token: String,
    password: String,
    confirm_password: String,
}

/// `POST /api/auth/reset-password`.
pub async fn handle(
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let Body {
        token,
        password,
        confirm_password,
    } = body.into_inner();
    let form = ResetPasswordForm {
        token,
        password,
        confirm_password,
    };
    let app = state.clone();
    web::block(move || reset_password(&app.account_deps(), form))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "message": "Password reset successful. You can now log in with your new password." })))
}
