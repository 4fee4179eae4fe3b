use actix_web::{HttpResponse, web};
use chrono::SecondsFormat;
use playspace_app::bookings::solidarity_this_month;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/solidarity`: this London month's solidarity places used, how many Supporters
/// fund them, and (for a signed-in Supporter) `yourShare`, their equal share in places
/// with one decimal (ADR 0022). Counts only: nobody's name or booking.
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let month = web::block(move || {
        solidarity_this_month(&app.booking_deps(), current.as_ref().map(|c| &c.user))
    })
    .await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "monthStart": month.month_start.to_rfc3339_opts(SecondsFormat::Secs, true),
        "placesUsed": month.places_used,
        "supporters": month.supporters,
        "yourShare": month.your_share_tenths.map(|tenths| tenths as f64 / 10.0),
    })))
}
