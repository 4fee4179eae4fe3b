//! Builders and fixtures shared by tests across the workspace. Never a normal dependency.
#![allow(clippy::unwrap_used, clippy::expect_used)]

pub mod mock_http;
pub mod templates;

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use playspace_domain::{Category, Event, EventId, Money, Venue};
use playspace_ports::Clock;

/// A fixed instant most tests treat as "now": Saturday 21 November 2026, 12:00 UTC.
pub fn test_now() -> DateTime<Utc> {
    utc("2026-11-21T12:00:00Z")
}

pub fn utc(rfc3339: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(rfc3339)
        .expect("valid RFC 3339 in test")
        .to_utc()
}

/// A clock that always reads the same instant.
#[derive(Clone, Copy, Debug)]
pub struct FixedClock(pub DateTime<Utc>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

/// Builds a valid event with sensible defaults: free football at a venue of its own in
/// Hackney (nothing checked), a day from [`test_now`], 20 places, none taken.
#[derive(Clone, Debug)]
pub struct EventBuilder(Event);

impl Default for EventBuilder {
    fn default() -> Self {
        let created = test_now() - Duration::days(7);
        Self(Event {
            id: EventId::new(),
            title: "Queer Newcomers Football".into(),
            description: "A friendly five-a-side for people new to the game.".into(),
            category: Category::parse("Football").unwrap(),
            venue: Arc::new(Venue::from_location("Haggerston Park, Hackney")),
            starts_at: test_now() + Duration::days(1),
            duration_minutes: 90,
            price: Money::ZERO,
            max_participants: 20,
            current_participants: 0,
            free_places: playspace_domain::FreePlaces::default(),
            is_active: true,
            created_at: created,
        })
    }
}

impl EventBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn title(mut self, title: &str) -> Self {
        self.0.title = title.into();
        self
    }

    pub fn description(mut self, description: &str) -> Self {
        self.0.description = description.into();
        self
    }

    pub fn category(mut self, category: &str) -> Self {
        self.0.category = Category::parse(category).unwrap();
        self
    }

    /// At a new venue made from an old-style location line ("Jubilee Hall, Camden").
    pub fn location(mut self, location: &str) -> Self {
        self.0.venue = Arc::new(Venue::from_location(location));
        self
    }

    pub fn venue(mut self, venue: &Arc<Venue>) -> Self {
        self.0.venue = Arc::clone(venue);
        self
    }

    pub fn starts_at(mut self, starts_at: DateTime<Utc>) -> Self {
        self.0.starts_at = starts_at;
        self
    }

    pub fn starts_in(self, from_now: Duration) -> Self {
        self.starts_at(test_now() + from_now)
    }

    pub fn price_pence(mut self, pence: i64) -> Self {
        self.0.price = Money::from_pence(pence).unwrap();
        self
    }

    pub fn places(mut self, current: u32, max: u32) -> Self {
        self.0.current_participants = current;
        self.0.max_participants = max;
        self
    }

    /// When the event was published.
    pub fn created_at(mut self, created_at: DateTime<Utc>) -> Self {
        self.0.created_at = created_at;
        self
    }

    pub fn inactive(mut self) -> Self {
        self.0.is_active = false;
        self
    }

    /// Members may bring a companion on a second, free place.
    pub fn companions(mut self) -> Self {
        self.0.free_places.companion_allowed = true;
        self
    }

    /// `places` solidarity places, `used` of them taken (count them in `places(..)` too).
    pub fn solidarity(mut self, places: u32, used: u32) -> Self {
        self.0.free_places.solidarity_places = places;
        self.0.free_places.solidarity_used = used;
        self
    }

    pub fn build(self) -> Event {
        self.0
    }
}

/// A temporary directory holding a SQLite database file, removed when dropped.
pub struct TempSqlite {
    dir: tempfile::TempDir,
}

impl TempSqlite {
    pub fn new() -> Self {
        Self {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub fn url(&self) -> String {
        format!("sqlite://{}", self.dir.path().join("test.db").display())
    }

    pub fn path(&self) -> &std::path::Path {
        self.dir.path()
    }
}

impl Default for TempSqlite {
    fn default() -> Self {
        Self::new()
    }
}

/// A unique database name for one test's PostgreSQL database.
pub fn unique_database_name() -> String {
    format!("playspace_test_{}", uuid::Uuid::now_v7().simple())
}

/// A valid member with the given email, created at [`test_now`].
pub fn user_with_email(email: &str) -> playspace_domain::User {
    playspace_domain::User {
        id: playspace_domain::UserId::new(),
        email: playspace_domain::Email::parse(email).unwrap(),
        role: playspace_domain::Role::User,
        profile: playspace_domain::Profile {
            first_name: "Ana".into(),
            last_name: "Silva".into(),
            phone: Some("07700 900123".into()),
            medical_conditions: Some("Asthma".into()),
            sports_interests: vec!["Football".into()],
            ..Default::default()
        },
        is_email_verified: false,
        profile_image_url: None,
        last_login: None,
        created_at: test_now(),
    }
}

/// An email for the outbox, to `to`.
pub fn outgoing_email(to: &str) -> playspace_domain::OutgoingEmail {
    playspace_domain::OutgoingEmail {
        from_email: "hello@playspace.test".into(),
        to_email: to.into(),
        to_name: Some("Ana".into()),
        subject: "Hello".into(),
        html_body: "<p>Hello</p>".into(),
        text_body: "Hello".into(),
        email_type: "welcome",
        user_id: None,
        booking_id: None,
        event_id: None,
    }
}
