use actix_web::{HttpResponse, web};
use playspace_app::admin::unsubscribe_address;
use serde::Deserialize;

use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Query {
    token: String,
}

/// `GET /api/unsubscribe?token=`: `{email, list}`, the address masked ("a***@example.org")
/// and the list the link is for ("marketing", "session-alerts" or "newsletter").
pub async fn handle(
    state: web::Data<AppState>,
    query: web::Query<Query>,
) -> Result<HttpResponse, ApiError> {
    let token = query.into_inner().token;
    let app = state.clone();
    let (email, list) = web::block(move || {
        unsubscribe_address(
            &app.store,
            &app.store,
            app.links.as_ref(),
            app.clock.as_ref(),
            &token,
        )
    })
    .await?
    .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "email": email, "list": list.label() })))
}
