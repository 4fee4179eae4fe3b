use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::accounts::{LoginError, get_preferences, login};
use serde::Deserialize;

use crate::auth::client_info;
use crate::error::ApiError;
use crate::locale::language_cookie;
use crate::rate_limit::{LOGIN_PER_IP, PasswordGuesses, client_key};
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    email: String,
    password: String,
}

/// `POST /api/auth/login`: `{token, user}`, the session cookie, and the language cookie when
/// the member chose a language (so a new device shows the site in it).
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
    let (signed_in, language) = web::block(move || {
        guesses.admit().map_err(ApiError::too_many_requests)?;
        let deps = app.account_deps();
        let signed_in = login(&deps, &email, &password, client)
            .inspect_err(|e| {
                if matches!(e, LoginError::WrongCredentials) {
                    guesses.failed();
                }
            })
            .map_err(ApiError::from)?;
        // A preference that cannot be read only costs the cookie, never the sign-in.
        let language = get_preferences(&deps, signed_in.user.id)
            .ok()
            .and_then(|preferences| preferences.language());
        Ok::<_, ApiError>((signed_in, language))
    })
    .await??;
    let mut response = super::signed_in_response(&state, &signed_in, StatusCode::OK);
    if let Some(language) = language {
        // Only a header value that is not valid text fails here: the tag never is.
        let _ = response.add_cookie(&language_cookie(language, state.config.is_https()));
    }
    Ok(response)
}
