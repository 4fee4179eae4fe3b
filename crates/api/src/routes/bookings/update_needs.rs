use actix_web::{HttpResponse, web};
use playspace_app::bookings::{NeedsInput, update_booking_needs};
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::dto::BookingDto;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    access_needs: Option<Vec<String>>,
    accessibility_requirements: Option<String>,
}

/// `PUT /api/bookings/{id}/access-needs` with `{accessNeeds, accessibilityRequirements}`:
/// what the person's own upcoming booking tells the session's leader (My Bookings).
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
    id: web::Path<String>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let input = NeedsInput {
        access_needs: body.access_needs,
        accessibility_requirements: body.accessibility_requirements,
    };
    let app = state.clone();
    let found =
        web::block(move || update_booking_needs(&app.booking_deps(), &current.user, &id, &input))
            .await?
            .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(BookingDto::new(&found.booking, Some(&found.event))))
}
