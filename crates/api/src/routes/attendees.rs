use actix_web::{HttpResponse, web};
use playspace_app::attendees::who_is_going;
use playspace_domain::attendance::Viewer;
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// One person named as going: the name others see and their pronouns, never an id, an
/// email or anything else about them.
#[derive(Debug, Serialize)]
struct PersonDto<'a> {
    name: &'a str,
    pronouns: Option<&'a str>,
}

#[derive(Debug, Serialize)]
struct AttendeesDto<'a> {
    count: u32,
    people: Vec<PersonDto<'a>>,
}

/// `GET /api/events/{id}/attendees`: `{count, people: [{name, pronouns}]}`. Signed in, the
/// people whose preferences name them to members; signed out, only the count (ADR 0023).
pub async fn handle(
    state: web::Data<AppState>,
    current: Option<CurrentUser>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let viewer = if current.is_some() {
        Viewer::Member
    } else {
        Viewer::Visitor
    };
    let app = state.clone();
    let going = web::block(move || who_is_going(&app.store, &app.store, &id, viewer))
        .await?
        .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(AttendeesDto {
        count: going.count,
        people: going
            .people
            .iter()
            .map(|p| PersonDto {
                name: &p.name,
                pronouns: p.pronouns.as_deref(),
            })
            .collect(),
    }))
}
