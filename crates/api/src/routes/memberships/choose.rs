use actix_web::{HttpResponse, web};
use playspace_app::bookings::{PlanChoice, choose_plan};
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `{plan, price}` as the spec's client sends it; the price is ignored (ours decides).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    plan: String,
}

/// `POST /api/memberships`: Community at once (201 `{membership}`), paid plans through a
/// subscription checkout (200 `{sessionId, url}`).
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let current = CurrentUser::required(current, "Please login to select a membership plan")?;
    let plan = body.into_inner().plan;
    let app = state.clone();
    let choice = web::block(move || choose_plan(&app.booking_deps(), &current.user, &plan))
        .await?
        .map_err(ApiError::from)?;
    Ok(match choice {
        PlanChoice::Active(m) => HttpResponse::Created()
            .json(serde_json::json!({ "membership": super::membership_json(&m) })),
        PlanChoice::Checkout(s) => {
            HttpResponse::Ok().json(serde_json::json!({ "sessionId": s.id, "url": s.url }))
        }
    })
}
