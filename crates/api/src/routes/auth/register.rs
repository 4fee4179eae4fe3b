use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::accounts::{RegisterInput, register};
use playspace_domain::SignUpForm;
use playspace_domain::signup::CHECK_INBOX;
use serde::Deserialize;

use crate::auth::client_info;
use crate::error::ApiError;
use crate::rate_limit::SIGN_UPS;
use crate::state::AppState;

/// The spec's sign-up payload. Unknown fields (role, isEmailVerified...) are ignored: they
/// never reach the account.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    first_name: String,
    last_name: String,
    email: String,
    phone: String,
    password: String,
    date_of_birth: Option<String>,
    gender: String,
    address: String,
    city: String,
    postcode: String,
    emergency_contact_name: Option<String>,
    emergency_contact_phone: Option<String>,
    medical_conditions: Option<String>,
    fitness_level: String,
    sports_interests: Vec<String>,
    how_did_you_hear: String,
    marketing_consent: bool,
    accessibility_needs: Option<String>,
}

/// `POST /api/auth/register`: 202 `{message, email}` for every valid sign-up, whether or not
/// the address has an account (ADR 0018): no cookie, the same headers and body, and the
/// same work done first. The emailed link finishes it (`register/confirm`).
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state.limit_anonymous_write(SIGN_UPS, &req).await?;
    let b = body.into_inner();
    // Echoed as typed (trimmed): a valid form's address, so nothing the server knows.
    let typed = b.email.trim().to_owned();
    let form = SignUpForm {
        first_name: b.first_name,
        last_name: b.last_name,
        email: b.email,
        phone: b.phone,
        password: b.password,
        date_of_birth: b.date_of_birth,
        gender: b.gender,
        address: b.address,
        city: b.city,
        postcode: b.postcode,
        emergency_contact_name: b.emergency_contact_name,
        emergency_contact_phone: b.emergency_contact_phone,
        medical_conditions: b.medical_conditions,
        fitness_level: b.fitness_level,
        sports_interests: b.sports_interests,
        how_did_you_hear: b.how_did_you_hear,
        marketing_consent: b.marketing_consent,
        accessibility_needs: b.accessibility_needs,
    };
    let input = RegisterInput {
        form,
        client: client_info(&req),
    };
    let app = state.clone();
    web::block(move || register(&app.account_deps(), input))
        .await?
        .map_err(ApiError::from)?;
    Ok(
        HttpResponse::Accepted()
            .json(serde_json::json!({ "message": CHECK_INBOX, "email": typed })),
    )
}
