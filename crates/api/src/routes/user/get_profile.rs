use actix_web::HttpResponse;

use crate::auth::CurrentUser;
use crate::dto::ProfileDto;

/// `GET /api/user/profile`: everything the person told us, for them alone.
pub async fn handle(current: CurrentUser) -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "profile": ProfileDto::from(&current.user) }))
}
