use actix_web::{HttpResponse, web};
use playspace_app::bookings::{NeedsInput, claim_offered_place, claim_offered_place_by_card};
use playspace_domain::{FieldErrors, ValidationError};
use serde::Deserialize;
use serde_json::Value;

use crate::auth::CurrentUser;
use crate::dto::{BookingDto, CheckoutSessionDto};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    accessibility_requirements: Option<String>,
    /// As on `POST /api/bookings`.
    access_needs: Option<Vec<String>>,
    /// `"cash"` (the default) or `"card"`; read loosely so a wrong value is named as such
    /// rather than dropping the whole body.
    payment_method: Option<Value>,
}

enum Payment {
    Cash,
    Card,
}

fn payment(value: Option<&Value>) -> Result<Payment, ApiError> {
    match value.and_then(Value::as_str) {
        None if value.is_none_or(Value::is_null) => Ok(Payment::Cash),
        Some("cash") => Ok(Payment::Cash),
        Some("card") => Ok(Payment::Card),
        _ => {
            let mut fields = FieldErrors::new();
            fields.add(
                "paymentMethod",
                ValidationError::new("Choose cash or card."),
            );
            Err(ApiError::validation(fields))
        }
    }
}

/// `POST /api/events/{id}/waitlist/claim`: books the place held for the caller. In cash
/// (the default, paid on arrival) it answers 201 with the booking; by card it holds the
/// place for payment and answers 200 with `{sessionId, url}`, like
/// `POST /api/create-checkout-session`.
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
    id: web::Path<String>,
    body: Option<web::Json<Body>>,
) -> Result<HttpResponse, ApiError> {
    let current = CurrentUser::required(current, "You must be logged in to book events")?;
    let body = body.map(web::Json::into_inner).unwrap_or_default();
    let needs = NeedsInput {
        access_needs: body.access_needs,
        accessibility_requirements: body.accessibility_requirements,
    };
    match payment(body.payment_method.as_ref())? {
        Payment::Cash => {
            let (booking, _) = web::block(move || {
                claim_offered_place(&state.booking_deps(), &current.user, &id, &needs)
            })
            .await?
            .map_err(super::waitlist_error)?;
            Ok(HttpResponse::Created().json(BookingDto::new(&booking, None)))
        }
        Payment::Card => {
            let session = web::block(move || {
                claim_offered_place_by_card(&state.booking_deps(), &current.user, &id, &needs)
            })
            .await?
            .map_err(super::waitlist_error)?;
            Ok(HttpResponse::Ok().json(CheckoutSessionDto::from(&session)))
        }
    }
}
