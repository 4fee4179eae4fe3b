use actix_web::{HttpResponse, web};
use playspace_app::accounts::resend_verification;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::rate_limit::VERIFY_RESEND_PER_USER;
use crate::state::AppState;

/// `POST /api/auth/resend-verification`: a fresh confirmation link for the signed-in person.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    state
        .limit_key(VERIFY_RESEND_PER_USER, current.user.id.to_string())
        .await?;
    let app = state.clone();
    web::block(move || resend_verification(&app.account_deps(), &current.user)).await??;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "message": "We've sent you a new confirmation link." })))
}
