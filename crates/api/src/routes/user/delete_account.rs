use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::accounts::delete_account;
use serde::Deserialize;

use crate::auth::{CurrentUser, clear_session_cookie, client_info};
use crate::changes::Cache;
use crate::error::ApiError;
use crate::rate_limit::REAUTH_PER_USER;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    password: String,
}

/// `POST /api/user/delete`: erases the account after the password is re-entered.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    current: CurrentUser,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state
        .limit_key(REAUTH_PER_USER, current.user.id.to_string())
        .await?;
    let password = body.into_inner().password;
    let client = client_info(&req);
    let app = state.clone();
    web::block(move || delete_account(&app.account_deps(), &current.user, &password, client))
        .await?
        .map_err(ApiError::from)?;
    // Their upcoming places were given back.
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok()
        .cookie(clear_session_cookie(state.config.is_https()))
        .json(
            serde_json::json!({ "message": "Your account and personal data have been deleted." }),
        ))
}
