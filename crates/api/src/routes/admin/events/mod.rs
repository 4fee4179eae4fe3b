//! `/api/admin/events`, `/api/admin/event-series`, `/api/admin/leaders`.
use chrono::SecondsFormat;
use playspace_domain::event_form::EventForm;
use playspace_ports::AdminEvent;
use serde::{Deserialize, Serialize};

use crate::dto::EventDto;

pub mod create;
pub mod leaders;
pub mod list;
pub mod series;
pub mod update;

/// An event as the admin area shows it: the public fields plus its leader and series.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminEventDto<'a> {
    #[serde(flatten)]
    pub event: EventDto<'a>,
    pub leader_id: Option<String>,
    pub leader_name: Option<&'a str>,
    pub series_id: Option<String>,
    pub created_at: String,
}

impl<'a> From<&'a AdminEvent> for AdminEventDto<'a> {
    fn from(e: &'a AdminEvent) -> Self {
        Self {
            event: EventDto::from(&e.event),
            leader_id: e.leader.as_ref().map(|l| l.id.to_string()),
            leader_name: e.leader.as_ref().map(|l| l.name.as_str()),
            series_id: e.series_id.map(|s| s.to_string()),
            created_at: e
                .event
                .created_at
                .to_rfc3339_opts(SecondsFormat::Secs, true),
        }
    }
}

/// The fields of a new session (one, or each of a series).
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct EventFields {
    title: String,
    description: String,
    category: String,
    /// The venue's id (`GET /api/admin/venues`); a session's place is always a venue.
    venue_id: String,
    date: String,
    duration: Option<i64>,
    max_participants: Option<i64>,
    price: Option<String>,
    is_active: Option<bool>,
    leader_id: Option<String>,
    /// Companion and solidarity places (ADR 0022).
    companion_allowed: Option<bool>,
    solidarity_places: Option<i64>,
}

impl EventFields {
    fn into_input(self) -> playspace_app::admin::events::NewEventInput {
        playspace_app::admin::events::NewEventInput {
            form: EventForm {
                title: self.title,
                description: self.description,
                category: self.category,
                venue_id: self.venue_id,
                date: self.date,
                duration: self.duration,
                max_participants: self.max_participants,
                price: self.price,
                is_active: self.is_active,
                companion_allowed: self.companion_allowed,
                solidarity_places: self.solidarity_places,
            },
            leader_id: self.leader_id,
        }
    }
}
