use actix_web::{HttpResponse, web};
use playspace_app::admin::events::{EditScope, EventEdit, update_event};
use playspace_domain::event_form::EventPatch;
use serde::{Deserialize, Deserializer};

use super::AdminEventDto;
use crate::auth::Admin;
use crate::changes::Cache;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Body {
    title: Option<String>,
    description: Option<String>,
    category: Option<String>,
    /// Moves the session (and, with `scope=following`, the later ones) to this venue.
    venue_id: Option<String>,
    date: Option<String>,
    duration: Option<i64>,
    max_participants: Option<i64>,
    price: Option<String>,
    is_active: Option<bool>,
    companion_allowed: Option<bool>,
    solidarity_places: Option<i64>,
    /// Absent: unchanged; null or "": no leader.
    #[serde(deserialize_with = "present")]
    leader_id: Option<Option<String>>,
}

/// A field that was sent, even as null.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Query {
    scope: Option<String>,
}

/// `PATCH /api/admin/events/{id}?scope=this|following`: any of the event's fields.
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
    query: web::Query<Query>,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    let scope = match query.into_inner().scope.as_deref() {
        None | Some("this") => EditScope::This,
        Some("following") => EditScope::Following,
        Some(_) => {
            return Err(ApiError::new(
                ErrorCode::InvalidScope,
                "Choose this session or this and the following sessions",
            ));
        }
    };
    let b = body.into_inner();
    let edit = EventEdit {
        patch: EventPatch {
            title: b.title,
            description: b.description,
            category: b.category,
            venue: None,
            date: b.date,
            duration: b.duration,
            max_participants: b.max_participants,
            price: b.price,
            is_active: b.is_active,
            companion_allowed: b.companion_allowed,
            solidarity_places: b.solidarity_places,
        },
        leader_id: b.leader_id,
        venue_id: b.venue_id,
        scope,
    };
    let app = state.clone();
    let actor = admin.actor();
    let edited = web::block(move || update_event(&app.admin_deps(), &id, edit, &actor)).await??;
    state.changes.changed(Cache::Events);
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "event": AdminEventDto::from(&edited.event),
        "updated": edited.updated,
        "notified": edited.notified,
    })))
}
