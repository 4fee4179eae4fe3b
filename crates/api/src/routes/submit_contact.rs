use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::submit_contact_message;
use playspace_domain::ContactForm;
use serde::Deserialize;

use crate::error::ApiError;
use crate::rate_limit::CONTACT_MESSAGES;
use crate::state::AppState;

/// Missing fields read as empty so the answer is the form's own messages, not a JSON error.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    #[serde(default)]
    first_name: String,
    #[serde(default)]
    last_name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    subject: String,
    #[serde(default)]
    message: String,
}

/// `POST /api/contact`: keeps a message for the team.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state.limit_anonymous_write(CONTACT_MESSAGES, &req).await?;
    let Body {
        first_name,
        last_name,
        email,
        subject,
        message,
    } = body.into_inner();
    let form = ContactForm {
        first_name,
        last_name,
        email,
        subject,
        message,
    };
    let app = state.clone();
    web::block(move || submit_contact_message(&app.store, &app.clock, form))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Created()
        .json(serde_json::json!({ "message": "Thank you for contacting us. We'll get back to you within 24 hours." })))
}
