use actix_web::{HttpResponse, web};
use playspace_app::admin::events::create_series;
use playspace_domain::series::SeriesForm;
use serde::Deserialize;

use super::{AdminEventDto, EventFields};
use crate::auth::Admin;
use crate::changes::Cache;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Body {
    #[serde(flatten)]
    fields: EventFields,
    first_date: String,
    time: String,
    interval_weeks: i64,
    until: String,
    skip_dates: Vec<String>,
}

/// `POST /api/admin/event-series`: "every Tuesday 18:30 until 31 March" as a run of
/// ordinary sessions (weekly or fortnightly, at most 104).
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let Body {
        fields,
        first_date,
        time,
        interval_weeks,
        until,
        skip_dates,
    } = body.into_inner();
    let rule = SeriesForm {
        first_date,
        time,
        interval_weeks,
        until,
        skip_dates,
    };
    let app = state.clone();
    let actor = admin.actor();
    let (series, events) =
        web::block(move || create_series(&app.admin_deps(), fields.into_input(), rule, &actor))
            .await??;
    state.changes.changed(Cache::Events);
    let events: Vec<AdminEventDto> = events.iter().map(AdminEventDto::from).collect();
    Ok(HttpResponse::Created().json(serde_json::json!({
        "seriesId": series.to_string(),
        "events": events,
    })))
}
