use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::admin::confirm_unsubscribe;
use serde::Deserialize;

use crate::error::ApiError;
use crate::rate_limit::UNSUBSCRIBE_PER_IP;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    token: String,
}

/// `POST /api/unsubscribe` `{token}`: the person is off the link's list, marketing email
/// session alerts or the newsletter (again is fine): `{message, list}`.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state.limit_ip(UNSUBSCRIBE_PER_IP, &req).await?;
    let token = body.into_inner().token;
    let app = state.clone();
    let list = web::block(move || {
        confirm_unsubscribe(
            &app.store,
            &app.store,
            app.links.as_ref(),
            app.clock.as_ref(),
            &token,
        )
    })
    .await?
    .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "message": list.unsubscribed_message(),
        "list": list.label(),
    })))
}
