use actix_web::{HttpResponse, web};
use playspace_app::admin::bookings::{BookingEdit, update_booking};
use serde::Deserialize;

use super::AdminBookingDto;
use crate::auth::Admin;
use crate::changes::Cache;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Body {
    status: Option<String>,
    payment_status: Option<String>,
}

/// `PATCH /api/admin/bookings/{id}`: `{status}` or `{paymentStatus}`.
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let edit = match body.into_inner() {
        Body {
            status: Some(s),
            payment_status: None,
        } => BookingEdit::Status(s),
        Body {
            status: None,
            payment_status: Some(s),
        } => BookingEdit::PaymentStatus(s),
        _ => {
            return Err(ApiError::new(
                ErrorCode::OneField,
                "Change either the status or the payment status",
            ));
        }
    };
    let actor = admin.actor();
    let app = state.clone();
    let booking =
        web::block(move || update_booking(&app.admin_deps(), &id, edit, &actor)).await??;
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok().json(serde_json::json!({ "booking": AdminBookingDto::from(&booking) })))
}
