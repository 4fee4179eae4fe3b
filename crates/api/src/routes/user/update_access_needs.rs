use actix_web::{HttpResponse, web};
use playspace_app::accounts::update_access_needs;
use playspace_domain::access_needs::AccessNeedsForm;
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::dto::AccessNeedsDto;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    needs: Vec<String>,
    note: Option<String>,
    share_with_leader: bool,
}

/// `PUT /api/user/access-needs` with `{needs, note, shareWithLeader}`: replaces them. The
/// person's upcoming bookings carrying their shared needs follow at once (ADR 0023).
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let Body {
        needs,
        note,
        share_with_leader,
    } = body.into_inner();
    let form = AccessNeedsForm {
        needs,
        note,
        share_with_leader,
    };
    let app = state.clone();
    let saved = web::block(move || {
        update_access_needs(&app.store, app.clock.as_ref(), current.user.id, form)
    })
    .await?
    .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(AccessNeedsDto::from(&saved)))
}
