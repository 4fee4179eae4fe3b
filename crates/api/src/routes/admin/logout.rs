use actix_web::{HttpResponse, web};
use playspace_app::admin::admin_logout;

use crate::auth::SessionLeader;
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /api/admin/logout`: closes the admin area; the person stays signed in.
pub async fn handle(
    state: web::Data<AppState>,
    caller: SessionLeader,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    web::block(move || {
        admin_logout(
            &app.admin_deps(),
            &caller.user,
            &caller.session,
            caller.client.clone(),
        )
    })
    .await??;
    Ok(HttpResponse::NoContent().finish())
}
