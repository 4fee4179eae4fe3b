use actix_web::{HttpResponse, web};
use playspace_app::admin::authorize_admin;

use crate::auth::Credentials;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/admin/check-auth`: `{authenticated, role?}`. Whether this request could use
/// the admin area now; never an error for the signed out or members.
pub async fn handle(
    state: web::Data<AppState>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let role = web::block(move || -> Result<_, ApiError> {
        let Some(current) = credentials.authenticate(&app.account_deps())? else {
            return Ok(None);
        };
        Ok(
            authorize_admin(&app.admin_deps(), &current.user, &current.session)
                .ok()
                .map(|_| current.user.role),
        )
    })
    .await??;
    Ok(HttpResponse::Ok().json(match role {
        Some(role) => serde_json::json!({ "authenticated": true, "role": role.as_str() }),
        None => serde_json::json!({ "authenticated": false }),
    }))
}
