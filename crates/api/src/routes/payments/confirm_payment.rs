use actix_web::{HttpResponse, web};
use playspace_app::bookings::{PaymentError, confirm_payment};
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::changes::Cache;
use crate::dto::BookingDto;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct Params {
    session_id: Option<String>,
}

/// `GET /api/confirm-payment?session_id=`: `{success, booking, error}` for the /success page.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    params: web::Query<Params>,
) -> Result<HttpResponse, ApiError> {
    let Some(session_id) = params.into_inner().session_id.filter(|s| !s.is_empty()) else {
        return Ok(HttpResponse::BadRequest()
            .json(serde_json::json!({ "success": false, "error": "No payment session found" })));
    };
    let app = state.clone();
    let outcome =
        web::block(move || confirm_payment(&app.booking_deps(), &current.user, &session_id))
            .await?;
    match outcome {
        Ok(found) => {
            state.changes.changed(Cache::Events);
            let paid = found.booking.payment_status == playspace_domain::PaymentStatus::Paid;
            Ok(HttpResponse::Ok().json(serde_json::json!({
                "success": paid,
                "booking": BookingDto::new(&found.booking, Some(&found.event)),
                "error": if paid { None } else { Some("Payment confirmation failed") },
            })))
        }
        Err(PaymentError::NotFound) => Ok(HttpResponse::NotFound()
            .json(serde_json::json!({ "success": false, "error": "No payment session found" }))),
        Err(PaymentError::Gateway(cause)) => {
            tracing::warn!(error = %cause, "payment confirmation failed");
            Ok(HttpResponse::BadGateway().json(
                serde_json::json!({ "success": false, "error": "Failed to confirm payment" }),
            ))
        }
        Err(PaymentError::Store(e)) => Err(e.into()),
    }
}
