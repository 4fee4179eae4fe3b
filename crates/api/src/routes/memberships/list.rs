use actix_web::{HttpResponse, web};
use playspace_app::bookings::my_memberships;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/memberships`: the signed-in person's memberships, newest first.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let list = web::block(move || my_memberships(&app.booking_deps(), &current.user)).await??;
    Ok(HttpResponse::Ok().json(list.iter().map(super::membership_json).collect::<Vec<_>>()))
}
