use actix_web::{HttpResponse, web};
use playspace_app::admin::update_user;
use playspace_domain::UserId;
use playspace_domain::admin_users::UserEditForm;
use serde_json::{Map, Value};

use super::admin_user::AdminUserDto;
use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;
use crate::use_case_errors::user_not_found;

/// A present field's text; a present non-text value counts as an empty one (and fails
/// that field's rule).
fn field(body: &Map<String, Value>, name: &str) -> Option<String> {
    body.get(name)
        .map(|v| v.as_str().unwrap_or_default().to_owned())
}

/// `PATCH /api/admin/users/{id}`: exactly one of firstName, lastName, email or role
/// (other fields are ignored).
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    path: web::Path<String>,
    body: web::Json<Map<String, Value>>,
) -> Result<HttpResponse, ApiError> {
    let id: UserId = path.parse().map_err(|_| user_not_found())?;
    let body = body.into_inner();
    let form = UserEditForm {
        first_name: field(&body, "firstName"),
        last_name: field(&body, "lastName"),
        email: field(&body, "email"),
        role: field(&body, "role"),
    };
    let by = admin.actor();
    let app = state.clone();
    let user = web::block(move || update_user(&app.admin_deps(), &by, id, form))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "user": AdminUserDto::from(user) })))
}
