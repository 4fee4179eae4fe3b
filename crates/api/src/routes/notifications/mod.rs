//! `/api/notifications*`: the signed-in person's own in-app notifications. Writes answer
//! 200 `{unreadCount}` so the bell updates without a second request.
pub mod clear;
pub mod delete;
pub mod list;
pub mod mark_all_read;
pub mod mark_read;
pub mod stream;

use actix_web::HttpResponse;

fn unread(count: u64) -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "unreadCount": count }))
}
