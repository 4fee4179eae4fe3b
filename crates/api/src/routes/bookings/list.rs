use actix_web::{HttpResponse, web};
use playspace_app::bookings::my_bookings;

use crate::auth::CurrentUser;
use crate::dto::BookingDto;
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/bookings`: the signed-in person's bookings with their events.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let list = web::block(move || my_bookings(&app.booking_deps(), current.user.id)).await??;
    let body: Vec<BookingDto> = list
        .iter()
        .map(|b| BookingDto::new(&b.booking, Some(&b.event)))
        .collect();
    Ok(HttpResponse::Ok().json(body))
}
