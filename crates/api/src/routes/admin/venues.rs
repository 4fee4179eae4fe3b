//! `/api/admin/venues`: the Venues tab. Admins list, create and edit venues (retiring one
//! is an edit, `{"retired": true}`), and delete one no session has ever used.
use actix_web::{HttpResponse, web};
use chrono::SecondsFormat;
use playspace_app::admin::venues::{admin_venues, create_venue, delete_venue, update_venue};
use playspace_domain::venue::{VenueForm, VenuePatch};
use playspace_ports::AdminVenue;
use serde::{Deserialize, Serialize};

use crate::auth::Admin;
use crate::changes::Cache;
use crate::dto::VenueDto;
use crate::error::ApiError;
use crate::state::AppState;

/// A venue as the Venues tab shows it: the public fields, who checked its facts, whether
/// it is retired and how many sessions it has.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminVenueDto<'a> {
    #[serde(flatten)]
    pub venue: VenueDto<'a>,
    /// The admin who last checked the facts, when known and still here.
    pub access_checked_by: Option<&'a str>,
    pub retired: bool,
    /// Sessions ever held there: any one keeps the venue from being deleted.
    pub sessions: u64,
    pub upcoming_sessions: u64,
}

impl<'a> From<&'a AdminVenue> for AdminVenueDto<'a> {
    fn from(v: &'a AdminVenue) -> Self {
        Self {
            venue: VenueDto::from(&v.venue),
            access_checked_by: v.checked_by_name.as_deref(),
            retired: v.venue.retired,
            sessions: v.sessions,
            upcoming_sessions: v.upcoming_sessions,
        }
    }
}

/// `{stepFree: "yes", ...}` as sent. Answers that are not text are kept as an empty
/// answer, so they get the field's message ("Choose yes, no or unknown") rather than a
/// malformed-body error.
#[derive(Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct AccessAnswers(serde_json::Map<String, serde_json::Value>);

impl AccessAnswers {
    fn into_pairs(self) -> Vec<(String, String)> {
        self.0
            .into_iter()
            .map(|(key, value)| match value {
                serde_json::Value::String(answer) => (key, answer),
                _ => (key, String::new()),
            })
            .collect()
    }
}

/// A new venue.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateBody {
    name: String,
    address: String,
    postcode: String,
    borough: String,
    map_url: Option<String>,
    nearest_step_free_station: Option<String>,
    transport_notes: Option<String>,
    access: AccessAnswers,
    /// The admin confirms the facts were checked just now (records them as the checker).
    access_checked: bool,
}

/// An edit: only the fields sent change (a blank optional text clears it).
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateBody {
    name: Option<String>,
    address: Option<String>,
    postcode: Option<String>,
    borough: Option<String>,
    map_url: Option<String>,
    nearest_step_free_station: Option<String>,
    transport_notes: Option<String>,
    access: Option<AccessAnswers>,
    access_checked: bool,
    retired: Option<bool>,
}

fn one(venue: &AdminVenue) -> serde_json::Value {
    serde_json::json!({ "venue": AdminVenueDto::from(venue) })
}

/// `GET /api/admin/venues`: every venue, retired ones included, by name.
pub async fn list(state: web::Data<AppState>, _admin: Admin) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let venues = web::block(move || admin_venues(&app.admin_deps())).await??;
    let venues: Vec<AdminVenueDto<'_>> = venues.iter().map(AdminVenueDto::from).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "venues": venues,
        "generatedAt": state.clock.now().to_rfc3339_opts(SecondsFormat::Secs, true),
    })))
}

/// `POST /api/admin/venues`.
pub async fn create(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<CreateBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let form = VenueForm {
        name: b.name,
        address: b.address,
        postcode: b.postcode,
        borough: b.borough,
        map_url: b.map_url,
        nearest_step_free_station: b.nearest_step_free_station,
        transport_notes: b.transport_notes,
        access: b.access.into_pairs(),
        access_checked: b.access_checked,
    };
    let app = state.clone();
    let actor = admin.actor();
    let created = web::block(move || create_venue(&app.admin_deps(), form, &actor)).await??;
    Ok(HttpResponse::Created().json(one(&created)))
}

/// `PATCH /api/admin/venues/{id}`: its sessions read the new name and borough at once.
pub async fn update(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
    body: web::Json<UpdateBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let patch = VenuePatch {
        name: b.name,
        address: b.address,
        postcode: b.postcode,
        borough: b.borough,
        map_url: b.map_url,
        nearest_step_free_station: b.nearest_step_free_station,
        transport_notes: b.transport_notes,
        access: b.access.map(AccessAnswers::into_pairs),
        access_checked: b.access_checked,
        retired: b.retired,
    };
    let app = state.clone();
    let actor = admin.actor();
    let updated = web::block(move || update_venue(&app.admin_deps(), &id, patch, &actor)).await??;
    // Sessions carry their venue: the cached list must show the change.
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok().json(one(&updated)))
}

/// `DELETE /api/admin/venues/{id}`: only a venue no session has used (409 otherwise).
pub async fn delete(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let actor = admin.actor();
    web::block(move || delete_venue(&app.admin_deps(), &id, &actor)).await??;
    Ok(HttpResponse::NoContent().finish())
}
