use std::future::Future;
use std::pin::Pin;

use actix_web::http::StatusCode;
use actix_web::http::header::AUTHORIZATION;
use actix_web::{FromRequest, HttpRequest, web};
use playspace_app::accounts::{AuthenticateError, ClientInfo, authenticate};
use playspace_domain::{Session, User};

use super::SESSION_COOKIE;
use crate::error::ApiError;
use crate::rate_limit::client_ip;
use crate::state::AppState;

/// The signed-in person. Handlers that take it answer 401 to everyone else.
#[derive(Debug)]
pub struct CurrentUser {
    pub user: User,
    pub session: Session,
}

pub fn unauthenticated() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
        "Please log in to continue.",
    )
}

impl CurrentUser {
    /// For handlers whose 401 carries the spec's own wording (taken as `Option<CurrentUser>`).
    pub fn required(current: Option<CurrentUser>, message: &str) -> Result<CurrentUser, ApiError> {
        current.ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "unauthenticated", message))
    }
}

/// The token from `Authorization: Bearer` (API clients) or the session cookie (browsers).
pub fn bearer_or_cookie(req: &HttpRequest) -> Option<String> {
    let bearer = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_owned());
    bearer
        .or_else(|| req.cookie(SESSION_COOKIE).map(|c| c.value().to_owned()))
        .filter(|t| !t.is_empty())
}

pub fn client_info(req: &HttpRequest) -> ClientInfo {
    ClientInfo {
        ip: Some(client_ip(req)),
        user_agent: req
            .headers()
            .get("user-agent")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned),
    }
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = bearer_or_cookie(req);
        let client = client_info(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal("application state missing"))?;
            let token = token.ok_or_else(unauthenticated)?;
            let outcome =
                web::block(move || authenticate(&state.account_deps(), &token, client)).await?;
            match outcome {
                Ok((user, session)) => Ok(CurrentUser { user, session }),
                Err(AuthenticateError::Unauthenticated) => Err(unauthenticated()),
                Err(AuthenticateError::Store(e)) => Err(e.into()),
            }
        })
    }
}
