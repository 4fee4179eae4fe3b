use actix_web::{HttpResponse, web};
use playspace_app::accounts::my_access_needs;

use crate::auth::CurrentUser;
use crate::dto::AccessNeedsDto;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/user/access-needs`: the person's own access needs and whether they share them
/// with the leaders of the sessions they book (ADR 0023).
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let needs = web::block(move || my_access_needs(&app.store, current.user.id)).await??;
    Ok(HttpResponse::Ok().json(AccessNeedsDto::from(&needs)))
}
