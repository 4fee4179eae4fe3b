use actix_web::{HttpResponse, web};
use playspace_app::bookings::{BookEventInput, BookingChoices, NeedsInput, book_event};
use serde::Deserialize;

use crate::auth::{Credentials, CurrentUser};
use crate::changes::Cache;
use crate::dto::BookingDto;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::metrics::BookingOutcome;
use crate::state::AppState;

/// The spec's payload, with a companion (ADR 0022: `companion: true`, an optional
/// `companionName`) and `solidarity: true` for a free solidarity place. Status, payment
/// status and price are not fields: whatever a client sends for them is ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Body {
    user_id: Option<String>,
    event_id: String,
    accessibility_requirements: Option<String>,
    /// The common access needs ticked (ADR 0023); left out, the booking carries the
    /// person's shared needs, if any.
    access_needs: Option<Vec<String>>,
    companion: bool,
    companion_name: Option<String>,
    solidarity: bool,
}

/// `POST /api/bookings`: a cash booking (or a solidarity place) for the signed-in person. Signing in and booking
/// run in one blocking call (see `Credentials`): this is the path a rush for places takes.
pub async fn handle(
    state: web::Data<AppState>,
    credentials: Credentials,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let app = state.clone();
    let booked = web::block(move || -> Result<_, ApiError> {
        let current = CurrentUser::required(
            credentials.authenticate(&app.account_deps())?,
            "You must be logged in to book events",
        )?;
        if body
            .user_id
            .as_deref()
            .is_some_and(|id| id != current.user.id.to_string())
        {
            return Err(ApiError::new(
                ErrorCode::Forbidden,
                "You can only book for yourself",
            ));
        }
        let input = BookEventInput {
            event_id: body.event_id,
            choices: BookingChoices {
                needs: NeedsInput {
                    access_needs: body.access_needs,
                    accessibility_requirements: body.accessibility_requirements,
                },
                companion: body.companion,
                companion_name: body.companion_name,
            },
            solidarity: body.solidarity,
        };
        let (booking, _) =
            book_event(&app.booking_deps(), &current.user, input).map_err(ApiError::from)?;
        Ok(booking)
    })
    .await?;
    state.metrics.booking(match &booked {
        Ok(_) => BookingOutcome::Confirmed,
        Err(refused) => BookingOutcome::Refused(refused.code().as_str()),
    });
    let booking = booked?;
    // The list shows participant counts.
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Created().json(BookingDto::new(&booking, None)))
}
