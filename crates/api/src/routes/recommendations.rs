use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::bookings::recommended_events;
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::dto::EventDto;
use crate::encoding::json;
use crate::error::ApiError;
use crate::routes::list_events::upcoming;
use crate::state::AppState;

/// An event as the events list shows it, with how well it fits the person.
#[derive(Serialize)]
struct RecommendedDto<'a> {
    #[serde(flatten)]
    event: EventDto<'a>,
    score: u32,
}

/// `GET /api/recommendations`: up to six upcoming events for the signed-in person, best
/// match first. The events come from the in-memory upcoming list; only the person's
/// preferences and booked event ids are read from the store.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let cached = upcoming(&state).await?;
    let app = state.clone();
    let body = web::block(move || -> Result<Vec<u8>, ApiError> {
        let picked = recommended_events(&app.booking_deps(), current.user.id, &cached.events)?;
        let body: Vec<RecommendedDto> = picked
            .iter()
            .map(|r| RecommendedDto {
                event: EventDto::from(r.event),
                score: r.score,
            })
            .collect();
        serde_json::to_vec(&body).map_err(ApiError::internal)
    })
    .await??;
    Ok(json(&req, body))
}
