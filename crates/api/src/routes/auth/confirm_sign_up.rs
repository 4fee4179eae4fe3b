use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::accounts::confirm_sign_up;
use serde::Deserialize;

use crate::auth::client_info;
use crate::error::ApiError;
use crate::rate_limit::LOGIN_PER_IP;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    token: String,
    password: String,
}

/// `POST /api/auth/register/confirm {token, password}`: makes the account from the emailed
/// link and signs in, answering as sign-in does: 201 `{token, user}` and the session cookie.
/// The password is checked with argon2 like a login, so it spends the login limit.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state.limit_ip(LOGIN_PER_IP, &req).await?;
    let Body { token, password } = body.into_inner();
    let client = client_info(&req);
    let app = state.clone();
    let signed_in =
        web::block(move || confirm_sign_up(&app.account_deps(), &token, &password, client))
            .await?
            .map_err(ApiError::from)?;
    Ok(super::signed_in_response(
        &state,
        &signed_in,
        StatusCode::CREATED,
    ))
}
