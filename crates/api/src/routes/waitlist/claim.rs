use actix_web::{HttpResponse, web};
use playspace_app::bookings::{
    BookingChoices, NeedsInput, claim_offered_place, claim_offered_place_by_card,
};
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
    /// `"cash"` (the default), `"card"` or `"solidarity"` (a free solidarity place); read
    /// loosely so a wrong value is named as such rather than dropping the whole body.
    payment_method: Option<Value>,
    /// A companion comes on a second, free place (ADR 0022).
    companion: bool,
    companion_name: Option<String>,
}

enum Payment {
    Cash,
    Card,
    Solidarity,
}

fn payment(value: Option<&Value>) -> Result<Payment, ApiError> {
    match value.and_then(Value::as_str) {
        None if value.is_none_or(Value::is_null) => Ok(Payment::Cash),
        Some("cash") => Ok(Payment::Cash),
        Some("card") => Ok(Payment::Card),
        Some("solidarity") => Ok(Payment::Solidarity),
        _ => {
            let mut fields = FieldErrors::new();
            fields.add(
                "paymentMethod",
                ValidationError::new("Choose cash, card or a free solidarity place."),
            );
            Err(ApiError::validation(fields))
        }
    }
}

/// `POST /api/events/{id}/waitlist/claim`: books the place held for the caller. In cash
/// (the default, paid on arrival) or as a solidarity place it answers 201 with the booking; by card it holds the
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
    let payment = payment(body.payment_method.as_ref())?;
    let choices = BookingChoices {
        needs: NeedsInput {
            access_needs: body.access_needs,
            accessibility_requirements: body.accessibility_requirements,
        },
        companion: body.companion,
        companion_name: body.companion_name,
    };
    match payment {
        Payment::Cash | Payment::Solidarity => {
            let solidarity = matches!(payment, Payment::Solidarity);
            let (booking, _) = web::block(move || {
                claim_offered_place(
                    &state.booking_deps(),
                    &current.user,
                    &id,
                    &choices,
                    solidarity,
                )
            })
            .await?
            .map_err(ApiError::from)?;
            Ok(HttpResponse::Created().json(BookingDto::new(&booking, None)))
        }
        Payment::Card => {
            let session = web::block(move || {
                claim_offered_place_by_card(&state.booking_deps(), &current.user, &id, &choices)
            })
            .await?
            .map_err(ApiError::from)?;
            Ok(HttpResponse::Ok().json(CheckoutSessionDto::from(&session)))
        }
    }
}
