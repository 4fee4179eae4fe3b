use actix_web::{HttpResponse, web};
use playspace_app::accounts::update_profile;
use playspace_domain::ProfileForm;
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::dto::{ProfileDto, UserDto};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    first_name: String,
    last_name: String,
    chosen_name: Option<String>,
    pronouns: Option<String>,
    phone: Option<String>,
    address: Option<String>,
    city: Option<String>,
    postcode: Option<String>,
    emergency_contact_name: Option<String>,
    emergency_contact_phone: Option<String>,
    medical_conditions: Option<String>,
}

/// `PUT /api/user/profile`: the profile page's fields (email and role are not among them).
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let form = ProfileForm {
        first_name: b.first_name,
        last_name: b.last_name,
        chosen_name: b.chosen_name,
        pronouns: b.pronouns,
        phone: b.phone,
        address: b.address,
        city: b.city,
        postcode: b.postcode,
        emergency_contact_name: b.emergency_contact_name,
        emergency_contact_phone: b.emergency_contact_phone,
        medical_conditions: b.medical_conditions,
    };
    let app = state.clone();
    let user = web::block(move || update_profile(&app.account_deps(), &current.user, form))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(
        serde_json::json!({ "profile": ProfileDto::from(&user), "user": UserDto::from(&user) }),
    ))
}
