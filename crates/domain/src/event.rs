//! An event is one bookable session.
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use crate::category::Category;
use crate::free_places::FreePlaces;
use crate::ids::EventId;
use crate::money::Money;
use crate::venue::Venue;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub id: EventId,
    pub title: String,
    pub description: String,
    pub category: Category,
    /// Where it happens (shared by the sessions loaded with it).
    pub venue: Arc<Venue>,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: u32,
    pub price: Money,
    pub max_participants: u32,
    pub current_participants: u32,
    /// Companion and solidarity places (ADR 0022).
    pub free_places: FreePlaces,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

impl Event {
    /// Full when every place is taken: the spec's `currentParticipants >= maxParticipants`.
    pub fn is_full(&self) -> bool {
        self.current_participants >= self.max_participants
    }

    pub fn spots_remaining(&self) -> u32 {
        self.max_participants
            .saturating_sub(self.current_participants)
    }

    pub fn has_started(&self, now: DateTime<Utc>) -> bool {
        self.starts_at <= now
    }

    pub fn ends_at(&self) -> DateTime<Utc> {
        self.starts_at + Duration::minutes(i64::from(self.duration_minutes))
    }

    /// "Venue, Area", e.g. "Haggerston Park, Hackney": the venue's one line.
    pub fn location(&self) -> String {
        self.venue.location()
    }

    /// The venue's borough, which is its location's last comma part.
    pub fn area(&self) -> &str {
        &self.venue.borough
    }
}

impl Event {
    /// Solidarity places that can be booked now: those not yet used, as far as the
    /// session has places left at all. Zero on a free session.
    pub fn solidarity_places_left(&self) -> u32 {
        if self.price.is_free() {
            return 0;
        }
        let places = &self.free_places;
        places
            .solidarity_places
            .saturating_sub(places.solidarity_used)
            .min(self.spots_remaining())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(current: u32, max: u32) -> Event {
        let starts_at = DateTime::parse_from_rfc3339("2026-12-01T18:30:00Z")
            .unwrap()
            .to_utc();
        Event {
            id: EventId::new(),
            title: "Queer Newcomers Football".into(),
            description: "Friendly five-a-side.".into(),
            category: Category::parse("Football").unwrap(),
            venue: Arc::new(Venue::from_location("Haggerston Park, Hackney")),
            starts_at,
            duration_minutes: 90,
            price: Money::ZERO,
            max_participants: max,
            current_participants: current,
            free_places: FreePlaces::default(),
            is_active: true,
            created_at: starts_at,
        }
    }

    #[test]
    fn full_when_current_reaches_max() {
        assert!(!event(19, 20).is_full());
        assert!(event(20, 20).is_full());
        // Over capacity can only come from bad data, and must still read as full.
        assert!(event(21, 20).is_full());
        assert_eq!(event(21, 20).spots_remaining(), 0);
        assert_eq!(event(5, 20).spots_remaining(), 15);
    }

    #[test]
    fn solidarity_places_left_are_the_unused_ones_while_the_session_has_room() {
        let with = |current, solidarity_places, solidarity_used| Event {
            price: Money::from_pence(500).unwrap(),
            free_places: FreePlaces {
                companion_allowed: false,
                solidarity_places,
                solidarity_used,
            },
            ..event(current, 10)
        };
        assert_eq!(with(0, 3, 1).solidarity_places_left(), 2);
        assert_eq!(with(9, 3, 1).solidarity_places_left(), 1);
        assert_eq!(with(10, 3, 1).solidarity_places_left(), 0);
        assert_eq!(with(0, 3, 3).solidarity_places_left(), 0);
        let mut free = with(0, 3, 0);
        free.price = Money::ZERO;
        assert_eq!(free.solidarity_places_left(), 0);
    }

    #[test]
    fn the_area_is_the_venues_borough_the_last_part_of_its_location() {
        assert_eq!(event(0, 1).area(), "Hackney");
        assert_eq!(
            crate::venue::area_of(&event(0, 1).location()),
            event(0, 1).area()
        );
    }

    #[test]
    fn started_at_its_start_time() {
        let e = event(0, 10);
        assert!(!e.has_started(e.starts_at - Duration::seconds(1)));
        assert!(e.has_started(e.starts_at));
        assert_eq!(e.ends_at() - e.starts_at, Duration::minutes(90));
    }
}
