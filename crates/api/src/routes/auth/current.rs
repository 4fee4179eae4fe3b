use actix_web::HttpResponse;

use crate::auth::CurrentUser;
use crate::dto::UserDto;

/// `GET /api/auth/user`: `{user}`, or 401 when not signed in.
pub async fn handle(current: CurrentUser) -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "user": UserDto::from(&current.user) }))
}
