//! Fixtures for this crate's unit tests (the other crates use playspace_test_support,
//! which depends on this one and so cannot serve it).
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use crate::{Category, Event, EventId, Money, Venue};

/// The fixed "now" of the rule tests.
pub(crate) fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-21T12:00:00Z")
        .unwrap()
        .to_utc()
}

/// A live £5 football event with `current` of `max` places taken, starting `starts_in`
/// after [`now`].
pub(crate) fn event(current: u32, max: u32, starts_in: Duration) -> Event {
    Event {
        id: EventId::new(),
        title: "Refugee Welcome Football".into(),
        description: "Friendly football.".into(),
        category: Category::parse("Football").unwrap(),
        venue: Arc::new(Venue::from_location("Memorial Recreation Ground, Newham")),
        starts_at: now() + starts_in,
        duration_minutes: 90,
        price: Money::from_pence(500).unwrap(),
        max_participants: max,
        current_participants: current,
        free_places: crate::free_places::FreePlaces::default(),
        is_active: true,
        created_at: now(),
    }
}
