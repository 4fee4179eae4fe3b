use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::admin::confirm_unsubscribe;
use playspace_domain::bulk_email::UNSUBSCRIBED;
use serde::Deserialize;

use crate::error::ApiError;
use crate::rate_limit::{UNSUBSCRIBE_PER_IP, client_ip};
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    token: String,
}

/// `POST /api/unsubscribe` `{token}`: marketing email stops (again is fine).
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state
        .rate_limiter
        .check(UNSUBSCRIBE_PER_IP, &client_ip(&req))
        .map_err(ApiError::too_many_requests)?;
    let token = body.into_inner().token;
    let app = state.clone();
    web::block(move || confirm_unsubscribe(&app.store, app.links.as_ref(), &token))
        .await?
        .map_err(super::error)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "message": UNSUBSCRIBED })))
}
