use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use playspace_app::bookings::{CheckoutError, start_card_checkout};
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    event_id: String,
    accessibility_requirements: Option<String>,
}

/// `POST /api/create-checkout-session`: holds a place and returns `{sessionId, url}`.
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let current = CurrentUser::required(current, "Please log in to book this event.")?;
    let Body {
        event_id,
        accessibility_requirements,
    } = body.into_inner();
    let app = state.clone();
    let session = web::block(move || {
        start_card_checkout(
            &app.booking_deps(),
            &current.user,
            &event_id,
            accessibility_requirements.as_deref(),
        )
    })
    .await?
    .map_err(|e| match e {
        CheckoutError::EventNotFound => ApiError::not_found("event_not_found", "Event not found"),
        CheckoutError::Refused(r) => r.into(),
        CheckoutError::PaymentNotRequired => {
            ApiError::new(StatusCode::CONFLICT, "payment_not_required", e.to_string())
        }
        CheckoutError::Invalid(error) => {
            let mut fields = playspace_domain::FieldErrors::new();
            fields.add("accessibilityRequirements", error);
            ApiError::validation(fields)
        }
        CheckoutError::Gateway(cause) => {
            tracing::warn!(error = %cause, "checkout could not start");
            ApiError::new(
                StatusCode::BAD_GATEWAY,
                "payment_setup_failed",
                "Failed to setup payment. Please try again.",
            )
        }
        CheckoutError::Store(e) => e.into(),
    })?;
    state.events_cache.invalidate();
    Ok(HttpResponse::Ok().json(serde_json::json!({ "sessionId": session.id, "url": session.url })))
}
