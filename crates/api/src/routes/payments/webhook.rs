use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::bookings::handle_gateway_event;
use playspace_ports::TransitionOutcome;

use crate::changes::Cache;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::state::AppState;

/// `POST /api/stripe/webhook`: verified against `Stripe-Signature` over the raw body; a
/// duplicate delivery is acknowledged and ignored.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Bytes,
) -> Result<HttpResponse, ApiError> {
    let Some(verifier) = state.webhooks.clone() else {
        // As if the route did not exist.
        return crate::error::api_not_found().await;
    };
    let header = req
        .headers()
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let event = verifier
        .verify(&body, header, state.clock.now())
        .map_err(|e| {
            state.metrics.webhook("invalid_signature");
            ApiError::new(
                ErrorCode::InvalidSignature,
                format!("Webhook rejected: {e}"),
            )
        })?;
    let app = state.clone();
    let outcome = web::block(move || handle_gateway_event(&app.booking_deps(), &event))
        .await?
        .map_err(|e| {
            state.metrics.webhook("failed");
            // A 5xx makes Stripe retry later, which is what a passing failure needs.
            ApiError::internal(e)
        })?;
    state.metrics.webhook(match outcome {
        TransitionOutcome::Applied => "applied",
        TransitionOutcome::DuplicateEvent => "duplicate",
        TransitionOutcome::AlreadyDone => "already_done",
        TransitionOutcome::PaidButNoPlace { .. } => "paid_but_no_place",
    });
    tracing::info!(outcome = ?outcome, "webhook handled");
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok().json(serde_json::json!({ "received": true })))
}
