use actix_web::{HttpResponse, web};
use playspace_app::notifications::clear_notifications;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `DELETE /api/notifications`: deletes all the person's notifications.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    web::block(move || clear_notifications(&app.notification_deps(), current.user.id)).await??;
    Ok(super::unread(0))
}
