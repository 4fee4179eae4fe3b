//! `/api/auth/*`: sign-up and its confirmation, sign-in, sign-out, password reset and email verification.
use actix_web::HttpResponse;
use playspace_app::accounts::SignedIn;

use crate::auth::session_cookie;
use crate::dto::UserDto;
use crate::state::AppState;

pub mod confirm_sign_up;
pub mod current;
pub mod forgot_password;
pub mod login;
pub mod logout;
pub mod register;
pub mod resend_verification;
pub mod reset_password;
pub mod verify_email;

/// `{token, user}` plus the session cookie, for login and finishing a sign-up.
fn signed_in_response(
    state: &AppState,
    signed_in: &SignedIn,
    status: actix_web::http::StatusCode,
) -> HttpResponse {
    let max_age = (signed_in.session.expires_at - signed_in.session.created_at).num_days();
    HttpResponse::build(status)
        .cookie(session_cookie(
            &signed_in.token,
            state.config.is_https(),
            max_age,
        ))
        .json(
            serde_json::json!({ "token": signed_in.token, "user": UserDto::from(&signed_in.user) }),
        )
}
