use std::future::Future;
use std::pin::Pin;

use actix_web::http::header::AUTHORIZATION;
use actix_web::{FromRequest, HttpRequest, web};
use playspace_app::accounts::{AccountDeps, AuthenticateError, ClientInfo, authenticate};
use playspace_domain::{Session, User};

use super::SESSION_COOKIE;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::rate_limit::client_ip;
use crate::state::AppState;
use crate::use_case_errors::unauthenticated;

/// The signed-in person. Handlers that take it answer 401 to everyone else.
#[derive(Debug)]
pub struct CurrentUser {
    pub user: User,
    pub session: Session,
}

impl CurrentUser {
    /// For handlers whose 401 carries the spec's own wording (taken as `Option<CurrentUser>`).
    pub fn required(current: Option<CurrentUser>, message: &str) -> Result<CurrentUser, ApiError> {
        current.ok_or_else(|| ApiError::new(ErrorCode::Unauthenticated, message))
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

/// The request's credentials, read without touching the database. Handlers on hot paths
/// take these and authenticate inside their own blocking call: one hop to the blocking pool
/// instead of two, so under a rush a request that has started finishes before later ones
/// start (the pool's queue is first come, first served).
#[derive(Clone)]
pub struct Credentials {
    token: Option<String>,
    client: ClientInfo,
}

impl Credentials {
    pub fn from_request(req: &HttpRequest) -> Self {
        Self {
            token: bearer_or_cookie(req),
            client: client_info(req),
        }
    }

    /// Blocking. The signed-in person, or `None` when the token is missing, invalid, or
    /// names an ended session.
    pub fn authenticate(self, deps: &AccountDeps) -> Result<Option<CurrentUser>, ApiError> {
        let Some(token) = self.token else {
            return Ok(None);
        };
        match authenticate(deps, &token, self.client) {
            Ok((user, session)) => Ok(Some(CurrentUser { user, session })),
            Err(AuthenticateError::Unauthenticated) => Ok(None),
            Err(AuthenticateError::Store(e)) => Err(e.into()),
        }
    }
}

impl FromRequest for Credentials {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Ok(Credentials::from_request(req)))
    }
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let credentials = Credentials::from_request(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal("application state missing"))?;
            if credentials.token.is_none() {
                return Err(unauthenticated());
            }
            web::block(move || credentials.authenticate(&state.account_deps()))
                .await??
                .ok_or_else(unauthenticated)
        })
    }
}
