use actix_web::{HttpResponse, web};
use chrono::SecondsFormat;
use serde::Deserialize;

use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::state::AppState;
use crate::test_clock::MAX_OFFSET_SECONDS;
use crate::timed_work::{SEND_DIGESTS, SEND_REMINDERS};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    offset_seconds: i64,
}

/// `POST /api/test/clock {offsetSeconds}`: only on a server started with `TEST_CLOCK=on`
/// (404 otherwise). Sets the clock to real time plus the offset (0 puts it back), then
/// sends the reminders and session-alert digests that became due, through the server's own
/// timed steps: 200
/// `{now, remindersSent, digestsSent}`.
pub async fn handle(
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let Some(clock) = state.test_clock.clone() else {
        // As if the route did not exist.
        return crate::error::api_not_found().await;
    };
    // Read only now: without the test clock nothing here may tell the route exists.
    let body: Body = serde_json::from_slice(&body)
        .map_err(|_| ApiError::new(ErrorCode::InvalidBody, "Expected {offsetSeconds}"))?;
    let Some(now) = clock.set_offset(body.offset_seconds) else {
        return Err(ApiError::new(
            ErrorCode::InvalidOffset,
            format!("offsetSeconds must be within ±{MAX_OFFSET_SECONDS}"),
        ));
    };
    let app = state.clone();
    let (reminders, digests) =
        web::block(move || Ok::<_, String>((SEND_REMINDERS.run(&app)?, SEND_DIGESTS.run(&app)?)))
            .await?
            .map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "now": now.to_rfc3339_opts(SecondsFormat::Secs, true),
        "remindersSent": reminders,
        "digestsSent": digests,
    })))
}
