use actix_web::{HttpResponse, web};
use playspace_app::accounts::verify_email;
use serde::Deserialize;

use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    token: String,
}

/// `POST /api/auth/verify-email`: confirms the address from the emailed link.
pub async fn handle(
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let token = body.into_inner().token;
    let app = state.clone();
    web::block(move || verify_email(&app.account_deps(), &token))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "message": "Thank you! Your email address is confirmed." })))
}
