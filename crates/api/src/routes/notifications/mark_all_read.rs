use actix_web::{HttpResponse, web};
use playspace_app::notifications::mark_all_notifications_read;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /api/notifications/read-all`: marks all the person's notifications read.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let count =
        web::block(move || mark_all_notifications_read(&app.notification_deps(), current.user.id))
            .await??;
    Ok(super::unread(count))
}
