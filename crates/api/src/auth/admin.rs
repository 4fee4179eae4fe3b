use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, web};
use playspace_app::accounts::ClientInfo;
use playspace_app::admin::{Actor, authorize_admin};
use playspace_domain::admin::AdminArea;
use playspace_domain::{Session, User};

use super::current_user::{Credentials, client_info};
use crate::error::ApiError;
use crate::state::AppState;
use crate::use_case_errors::{forbidden, unauthenticated};

/// Someone using the admin area: an admin, or a moderator in the registers of the
/// sessions they lead. Handlers take [`Admin`] or [`SessionLeader`], never this directly.
#[derive(Debug)]
pub struct AdminCaller {
    pub user: User,
    pub session: Session,
    pub area: AdminArea,
    pub client: ClientInfo,
}

impl AdminCaller {
    /// The caller as the admin use cases record them in the audit trail.
    pub fn actor(&self) -> Actor {
        Actor {
            id: self.user.id,
            client: self.client.clone(),
        }
    }
}

/// Authenticates and authorises in one blocking call: 401 signed out, 403 for members,
/// 401 `admin_session_required` without an open admin session.
fn extract(req: &HttpRequest) -> Pin<Box<dyn Future<Output = Result<AdminCaller, ApiError>>>> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let credentials = Credentials::from_request(req);
    let client = client_info(req);
    Box::pin(async move {
        let state = state.ok_or_else(|| ApiError::internal("application state missing"))?;
        web::block(move || {
            let current = credentials
                .authenticate(&state.account_deps())?
                .ok_or_else(unauthenticated)?;
            let area = authorize_admin(&state.admin_deps(), &current.user, &current.session)?;
            Ok(AdminCaller {
                user: current.user,
                session: current.session,
                area,
                client,
            })
        })
        .await?
    })
}

/// An admin with an open admin session: every tab of the admin area.
#[derive(Debug)]
pub struct Admin(pub AdminCaller);

impl std::ops::Deref for Admin {
    type Target = AdminCaller;
    fn deref(&self) -> &AdminCaller {
        &self.0
    }
}

impl FromRequest for Admin {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let caller = extract(req);
        Box::pin(async move {
            let caller = caller.await?;
            match caller.area {
                AdminArea::Everything => Ok(Admin(caller)),
                AdminArea::OwnRegisters => Err(forbidden()),
            }
        })
    }
}

/// An admin, or a moderator: may use the registers of sessions they may see (each handler
/// checks the session with `may_see_register`).
#[derive(Debug)]
pub struct SessionLeader(pub AdminCaller);

impl std::ops::Deref for SessionLeader {
    type Target = AdminCaller;
    fn deref(&self) -> &AdminCaller {
        &self.0
    }
}

impl FromRequest for SessionLeader {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let caller = extract(req);
        Box::pin(async move { caller.await.map(SessionLeader) })
    }
}

/// An admin, or a moderator, with an open admin session: may work the stories' review
/// queue (list it, approve, decline). Everything else in the Blog tab takes [`Admin`].
#[derive(Debug)]
pub struct StoryReviewer(pub AdminCaller);

impl std::ops::Deref for StoryReviewer {
    type Target = AdminCaller;
    fn deref(&self) -> &AdminCaller {
        &self.0
    }
}

impl FromRequest for StoryReviewer {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let caller = extract(req);
        // Both areas review stories (spec: moderators moderate them).
        Box::pin(async move { caller.await.map(StoryReviewer) })
    }
}
