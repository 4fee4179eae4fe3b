use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::accounts::{ConfirmSignUpError, confirm_sign_up, set_language};
use serde::Deserialize;

use crate::auth::client_info;
use crate::error::ApiError;
use crate::locale::asked_language;
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
/// The password is checked with argon2 like a login, so it spends the login limit. The new
/// member's language is the one they were reading the site in, for their emails.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state.limit_ip(LOGIN_PER_IP, &req).await?;
    let Body { token, password } = body.into_inner();
    let client = client_info(&req);
    let language = asked_language(&req);
    let app = state.clone();
    let signed_in = web::block(move || {
        let deps = app.account_deps();
        let signed_in = confirm_sign_up(&deps, &token, &password, client)?;
        if let Some(language) = language
            && let Err(error) = set_language(&deps, signed_in.user.id, language.as_str())
        {
            // The account is made and signed in: a language not saved is chosen again later.
            tracing::warn!(%error, "could not save a new member's language");
        }
        Ok::<_, ConfirmSignUpError>(signed_in)
    })
    .await?
    .map_err(ApiError::from)?;
    Ok(super::signed_in_response(
        &state,
        &signed_in,
        StatusCode::CREATED,
    ))
}
