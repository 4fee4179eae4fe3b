use actix_web::{HttpResponse, web};
use playspace_app::accounts::set_language;
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct Body {
    language: String,
}

/// `PUT /api/user/language` with `{language}` (`en-GB`, `ar` or `uk`): the language the
/// member chose with the site's switch, for their emails and their other devices.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let language = body.into_inner().language;
    let app = state.clone();
    let saved = web::block(move || set_language(&app.account_deps(), current.user.id, &language))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "language": saved.language })))
}
