use actix_web::{HttpResponse, web};
use playspace_app::notifications::mark_notification_read;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /api/notifications/{id}/read`: marks one of the person's own read.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let count =
        web::block(move || mark_notification_read(&app.notification_deps(), current.user.id, &id))
            .await??;
    Ok(super::unread(count))
}
