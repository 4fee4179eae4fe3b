use actix_web::{HttpResponse, web};
use playspace_app::admin::{ListUsersInput, list_users};
use serde::Deserialize;

use super::admin_user::AdminUserDto;
use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Query {
    q: Option<String>,
    role: Option<String>,
    cursor: Option<String>,
}

/// `GET /api/admin/users?q=&role=&cursor=`: live accounts newest first, 20 a page.
pub async fn handle(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<Query>,
) -> Result<HttpResponse, ApiError> {
    let Query { q, role, cursor } = query.into_inner();
    let app = state.clone();
    let page =
        web::block(move || list_users(&app.admin_deps(), ListUsersInput { q, role, cursor }))
            .await?
            .map_err(ApiError::from)?;
    let users: Vec<AdminUserDto> = page.items.into_iter().map(AdminUserDto::from).collect();
    let mut body = serde_json::json!({ "users": users, "total": page.total });
    if let Some(next) = page.next {
        body["nextCursor"] = serde_json::Value::String(next.encode());
    }
    Ok(HttpResponse::Ok().json(body))
}
