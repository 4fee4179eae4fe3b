use actix_web::{HttpResponse, web};
use playspace_app::community::update_community;
use playspace_domain::CommunityForm;
use serde::Deserialize;

use crate::auth::Admin;
use crate::dto::CommunityDto;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    community_name: String,
    description: Option<String>,
    invite_link: Option<String>,
    benefits: Vec<String>,
    guidelines: Vec<String>,
}

/// `PUT /api/admin/whatsapp-community`: replaces the community's settings (admins only,
/// audited) and answers the saved settings.
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let Body {
        community_name,
        description,
        invite_link,
        benefits,
        guidelines,
    } = body.into_inner();
    let form = CommunityForm {
        community_name,
        description,
        invite_link,
        benefits,
        guidelines,
    };
    let by = admin.actor();
    let app = state.clone();
    let saved = web::block(move || update_community(&app.store, app.clock.as_ref(), &by, form))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(CommunityDto::from(&saved)))
}
