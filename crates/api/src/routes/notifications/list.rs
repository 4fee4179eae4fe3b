use actix_web::{HttpResponse, web};
use playspace_app::notifications::list_notifications;

use crate::auth::CurrentUser;
use crate::dto::NotificationDto;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/notifications`: `{notifications, unreadCount}`, newest first.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let list =
        web::block(move || list_notifications(&app.notification_deps(), current.user.id)).await??;
    let notifications: Vec<NotificationDto> =
        list.items.iter().map(NotificationDto::from).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "notifications": notifications,
        "unreadCount": list.unread,
    })))
}
