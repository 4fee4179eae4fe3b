use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::accounts::{LoginError, login};
use serde::Deserialize;

use crate::auth::client_info;
use crate::error::ApiError;
use crate::rate_limit::{LOGIN_PER_IP, PasswordGuesses, client_key};
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    email: String,
    password: String,
}

/// `POST /api/auth/login`: `{token, user}` and the session cookie.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let Body { email, password } = body.into_inner();
    state.limit_ip(LOGIN_PER_IP, &req).await?;
    let guesses = PasswordGuesses::new(
        state.rate_limiter.clone(),
        &email,
        &client_key(&req, &state.config.trusted_proxies),
    );
    let client = client_info(&req);
    let app = state.clone();
    let signed_in = web::block(move || {
        guesses.admit().map_err(ApiError::too_many_requests)?;
        login(&app.account_deps(), &email, &password, client)
            .inspect_err(|e| {
                if matches!(e, LoginError::WrongCredentials) {
                    guesses.failed();
                }
            })
            .map_err(ApiError::from)
    })
    .await??;
    Ok(super::signed_in_response(
        &state,
        &signed_in,
        StatusCode::OK,
    ))
}
