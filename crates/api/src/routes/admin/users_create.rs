use actix_web::{HttpResponse, web};
use playspace_app::admin::create_user;
use playspace_domain::admin_users::NewUserForm;
use serde::Deserialize;

use super::admin_user::AdminUserDto;
use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

/// Unknown fields (isEmailVerified, marketingConsent...) are ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    first_name: String,
    last_name: String,
    email: String,
    password: String,
    phone: Option<String>,
    role: String,
}

/// `POST /api/admin/users`: creates an unverified account and emails its verification link.
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let form = NewUserForm {
        first_name: b.first_name,
        last_name: b.last_name,
        email: b.email,
        password: b.password,
        phone: b.phone,
        role: b.role,
    };
    let by = admin.actor();
    let app = state.clone();
    let user = web::block(move || create_user(&app.admin_deps(), &by, form))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Created().json(serde_json::json!({ "user": AdminUserDto::from(user) })))
}
