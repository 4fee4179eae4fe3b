use actix_web::{HttpResponse, web};
use playspace_app::notifications::delete_notification;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `DELETE /api/notifications/{id}`: deletes one of the person's own.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let count =
        web::block(move || delete_notification(&app.notification_deps(), current.user.id, &id))
            .await??;
    Ok(super::unread(count))
}
