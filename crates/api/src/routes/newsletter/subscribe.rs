use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::newsletter::subscribe_to_newsletter;
use playspace_domain::newsletter::{SUBSCRIBE_MESSAGE, SUBSCRIBE_TITLE};
use serde::Deserialize;

use crate::error::ApiError;
use crate::rate_limit::NEWSLETTER_SIGN_UPS;
use crate::state::AppState;

/// A missing address reads as empty so the answer is the form's own message.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    email: String,
    /// The honeypot: a field people never see, which form-filling robots fill in.
    website: Option<String>,
}

/// `POST /api/newsletter` `{email, website?}`: `{title, message}`, the same whether the
/// address was new, pending or already subscribed (a confirmation link goes only to one
/// that is not confirmed). A filled honeypot gets the same answer and nothing happens.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state
        .limit_ip(NEWSLETTER_SIGN_UPS.per_address, &req)
        .await?;
    let Body { email, website } = body.into_inner();
    let answer = HttpResponse::Ok()
        .json(serde_json::json!({ "title": SUBSCRIBE_TITLE, "message": SUBSCRIBE_MESSAGE }));
    if website.as_deref().is_some_and(|w| !w.trim().is_empty()) {
        return Ok(answer);
    }
    // Only what would send an email counts towards everyone's ceiling.
    let app = state.clone();
    web::block(move || {
        app.limit_everyone(NEWSLETTER_SIGN_UPS.everyone)?;
        subscribe_to_newsletter(
            &app.store,
            app.links.as_ref(),
            app.clock.as_ref(),
            &app.email,
            &email,
        )
        .map_err(ApiError::from)
    })
    .await??;
    Ok(answer)
}
