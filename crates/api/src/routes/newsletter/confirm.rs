use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::newsletter::confirm_newsletter_subscription;
use playspace_domain::newsletter::CONFIRMED;
use serde::Deserialize;

use crate::error::ApiError;
use crate::rate_limit::NEWSLETTER_CONFIRM_PER_IP;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    token: String,
}

/// `POST /api/newsletter/confirm` `{token}`: `{message}` once the address is confirmed
/// (again is fine); 400 `invalid_token` for a bad, expired or foreign link.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state.limit_ip(NEWSLETTER_CONFIRM_PER_IP, &req).await?;
    let token = body.into_inner().token;
    let app = state.clone();
    web::block(move || {
        confirm_newsletter_subscription(&app.store, app.links.as_ref(), app.clock.as_ref(), &token)
    })
    .await?
    .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "message": CONFIRMED })))
}
