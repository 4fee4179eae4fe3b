use actix_web::{HttpResponse, web};
use playspace_app::admin::admin_login;
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::rate_limit::{LOGIN_PER_IP, REAUTH_PER_USER};
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    password: String,
}

/// `POST /api/admin/login`: the signed-in admin (or session leader) re-enters their own
/// password to open the admin area for 30 idle minutes.
pub async fn handle(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    current: CurrentUser,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state.limit_ip(LOGIN_PER_IP, &req).await?;
    state
        .limit_key(REAUTH_PER_USER, current.user.id.to_string())
        .await?;
    let client = crate::auth::client_info(&req);
    let app = state.clone();
    let password = body.into_inner().password;
    let role = web::block(move || {
        admin_login(
            &app.admin_deps(),
            &current.user,
            &current.session,
            &password,
            client,
        )
    })
    .await?
    .map_err(ApiError::from)?;
    Ok(
        HttpResponse::Ok()
            .json(serde_json::json!({ "authenticated": true, "role": role.as_str() })),
    )
}
