//! JSON shapes of the API contract, in the spec's camelCase field names.
use chrono::SecondsFormat;
use playspace_domain::Event;
use serde::Serialize;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventDto<'a> {
    pub id: String,
    pub title: &'a str,
    pub description: &'a str,
    pub category: &'a str,
    /// ISO 8601 in UTC, e.g. "2026-11-24T18:30:00Z".
    pub date: String,
    /// Minutes.
    pub duration: u32,
    pub location: &'a str,
    /// Pounds with two decimals, e.g. "0.00".
    pub price: String,
    pub max_participants: u32,
    pub current_participants: u32,
    pub is_active: bool,
}

impl<'a> From<&'a Event> for EventDto<'a> {
    fn from(e: &'a Event) -> Self {
        Self {
            id: e.id.to_string(),
            title: &e.title,
            description: &e.description,
            category: e.category.as_str(),
            date: e.starts_at.to_rfc3339_opts(SecondsFormat::Secs, true),
            duration: e.duration_minutes,
            location: &e.location,
            price: e.price.to_string(),
            max_participants: e.max_participants,
            current_participants: e.current_participants,
            is_active: e.is_active,
        }
    }
}

/// Serialises events as the JSON array the list endpoint returns.
pub fn events_json(events: &[Event]) -> Result<Vec<u8>, serde_json::Error> {
    serde_json::to_vec(&events.iter().map(EventDto::from).collect::<Vec<_>>())
}
