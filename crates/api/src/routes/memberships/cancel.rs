use actix_web::{HttpResponse, web};
use playspace_app::bookings::cancel_plan;
use playspace_domain::london;
use playspace_domain::plans::PLAN_CANCELLED;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /api/memberships/cancel`: the caller's paid plan stops renewing and ends when the
/// period already paid for does (200 `{message, membership}` with its `endDate`).
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let membership = web::block(move || cancel_plan(&app.booking_deps(), &current.user))
        .await?
        .map_err(ApiError::from)?;
    let message = match membership.end_date {
        Some(ends) => format!(
            "Your {} plan ends on {}. Its benefits are yours until then.",
            membership.plan.name(),
            london::format_long(ends)
        ),
        None => PLAN_CANCELLED.to_owned(),
    };
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "title": PLAN_CANCELLED,
        "message": message,
        "membership": super::membership_json(&membership),
    })))
}
