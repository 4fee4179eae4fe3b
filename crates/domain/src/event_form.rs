//! Creating and editing sessions from the admin area: the fields' rules and messages, the
//! spec's defaults for a new event, and what of a change the people booked must hear about.
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use crate::category::Category;
use crate::event::Event;
use crate::free_places::{self, FreePlaces};
use crate::ids::EventId;
use crate::london;
use crate::money::Money;
use crate::text;
use crate::validation::{FieldErrors, ValidationError};
use crate::venue::Venue;

/// The spec's defaults for a new event.
pub const DEFAULT_DURATION_MINUTES: u32 = 60;
pub const DEFAULT_MAX_PARTICIPANTS: u32 = 20;
/// The spec's admin event categories, offered beside the sports.
pub const EVENT_CATEGORIES: [&str; 3] = ["fitness", "sports", "wellness"];

const TITLE_CHARS: usize = 200;
const DESCRIPTION_CHARS: usize = 5000;
const MAX_DURATION_MINUTES: i64 = 1440;
const MAX_CAPACITY: i64 = 10_000;

/// A new event as an admin typed it; unset numbers take the spec's defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventForm {
    pub title: String,
    pub description: String,
    pub category: String,
    /// The venue picked, by id (the use case looks it up: see [`EventForm::details`]).
    pub venue_id: String,
    /// ISO 8601 with an offset, e.g. "2026-12-01T18:30:00Z".
    pub date: String,
    pub duration: Option<i64>,
    pub max_participants: Option<i64>,
    /// Pounds, "12.50"; unset is free.
    pub price: Option<String>,
    pub is_active: Option<bool>,
    /// Companion places (ADR 0022); unset is none.
    pub companion_allowed: Option<bool>,
    /// Solidarity places on a paid session; unset is none.
    pub solidarity_places: Option<i64>,
}

/// Field values shared by a single event and a series (everything but the date).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventDetails {
    pub title: String,
    pub description: String,
    pub category: Category,
    pub venue: Arc<Venue>,
    pub duration_minutes: u32,
    pub max_participants: u32,
    pub price: Money,
    pub is_active: bool,
    pub companion_allowed: bool,
    pub solidarity_places: u32,
}

impl EventDetails {
    /// A new event with these details starting at `starts_at`.
    pub fn at(&self, starts_at: DateTime<Utc>, now: DateTime<Utc>) -> Event {
        Event {
            id: EventId::new(),
            title: self.title.clone(),
            description: self.description.clone(),
            category: self.category.clone(),
            venue: Arc::clone(&self.venue),
            starts_at,
            duration_minutes: self.duration_minutes,
            price: self.price,
            max_participants: self.max_participants,
            current_participants: 0,
            free_places: FreePlaces {
                companion_allowed: self.companion_allowed,
                solidarity_places: self.solidarity_places,
                solidarity_used: 0,
            },
            is_active: self.is_active,
            created_at: now,
        }
    }
}

impl EventForm {
    /// Checks every field but the date, reporting into `errors`. `venue` is the venue
    /// `venue_id` names, as the caller found it (or why it cannot be used: see
    /// [`Venue::for_new_session`]).
    pub fn details(
        &self,
        venue: Result<Arc<Venue>, ValidationError>,
        errors: &mut FieldErrors,
    ) -> Option<EventDetails> {
        let title = errors.check("title", title(&self.title));
        let description = errors.check("description", description(&self.description));
        let category = errors.check("category", Category::parse(&self.category));
        let venue = errors.check("venueId", venue);
        let duration = errors.check(
            "duration",
            duration(self.duration.unwrap_or(i64::from(DEFAULT_DURATION_MINUTES))),
        );
        let max_participants = errors.check(
            "maxParticipants",
            capacity(
                self.max_participants
                    .unwrap_or(i64::from(DEFAULT_MAX_PARTICIPANTS)),
                0,
            ),
        );
        let price = errors.check(
            "price",
            self.price.as_deref().map_or(Ok(Money::ZERO), Money::parse),
        );
        // Checked against the capacity and price only once both are valid.
        let solidarity_places = match (max_participants, price) {
            (Some(capacity), Some(price)) => errors.check(
                "solidarityPlaces",
                free_places::solidarity_places(
                    self.solidarity_places.unwrap_or(0),
                    capacity,
                    0,
                    price,
                ),
            ),
            _ => None,
        };
        Some(EventDetails {
            title: title?,
            description: description?,
            category: category?,
            venue: venue?,
            duration_minutes: duration?,
            max_participants: max_participants?,
            price: price?,
            is_active: self.is_active.unwrap_or(true),
            companion_allowed: self.companion_allowed.unwrap_or(false),
            solidarity_places: solidarity_places?,
        })
    }

    /// A valid new event at `venue` (see [`EventForm::details`]), or every broken rule by
    /// field.
    pub fn validate(
        self,
        venue: Result<Arc<Venue>, ValidationError>,
        now: DateTime<Utc>,
    ) -> Result<Event, FieldErrors> {
        let mut errors = FieldErrors::new();
        let starts_at = errors.check("date", date(&self.date));
        let details = self.details(venue, &mut errors);
        match (details, starts_at) {
            (Some(details), Some(starts_at)) if errors.is_empty() => Ok(details.at(starts_at, now)),
            _ => Err(errors),
        }
    }
}

/// An edit: only the fields given change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventPatch {
    pub title: Option<String>,
    pub description: Option<String>,
    pub category: Option<String>,
    /// A venue to move to, already looked up and allowed by the use case.
    pub venue: Option<Arc<Venue>>,
    pub date: Option<String>,
    pub duration: Option<i64>,
    pub max_participants: Option<i64>,
    pub price: Option<String>,
    pub is_active: Option<bool>,
    pub companion_allowed: Option<bool>,
    pub solidarity_places: Option<i64>,
}

impl EventPatch {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// `event` with this edit applied. Capacity can never go below the places taken.
    pub fn apply(&self, event: &Event) -> Result<Event, FieldErrors> {
        let starts_at = self.date.as_deref().map(date).transpose();
        self.apply_with(event, starts_at)
    }

    /// The same edit applied to a later session of a series of which `edited` is the
    /// session the admin edited: a new date moves every later session by the same number of
    /// London days, to the new London time of day.
    pub fn apply_following(&self, edited: &Event, later: &Event) -> Result<Event, FieldErrors> {
        let starts_at = self
            .date
            .as_deref()
            .map(|d| date(d).map(|new| shift_like(edited.starts_at, new, later.starts_at)))
            .transpose();
        self.apply_with(later, starts_at)
    }

    fn apply_with(
        &self,
        event: &Event,
        starts_at: Result<Option<DateTime<Utc>>, ValidationError>,
    ) -> Result<Event, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut next = event.clone();
        if let Some(t) = errors.check("title", self.title.as_deref().map(title).transpose()) {
            next.title = t.unwrap_or(next.title);
        }
        if let Some(d) = errors.check(
            "description",
            self.description.as_deref().map(description).transpose(),
        ) {
            next.description = d.unwrap_or(next.description);
        }
        if let Some(c) = errors.check(
            "category",
            self.category.as_deref().map(Category::parse).transpose(),
        ) {
            next.category = c.unwrap_or(next.category);
        }
        if let Some(venue) = &self.venue {
            next.venue = Arc::clone(venue);
        }
        if let Some(s) = errors.check("date", starts_at) {
            next.starts_at = s.unwrap_or(next.starts_at);
        }
        if let Some(d) = errors.check("duration", self.duration.map(duration).transpose()) {
            next.duration_minutes = d.unwrap_or(next.duration_minutes);
        }
        if let Some(m) = errors.check(
            "maxParticipants",
            self.max_participants
                .map(|m| capacity(m, event.current_participants))
                .transpose(),
        ) {
            next.max_participants = m.unwrap_or(next.max_participants);
        }
        if let Some(p) = errors.check("price", self.price.as_deref().map(Money::parse).transpose())
        {
            next.price = p.unwrap_or(next.price);
        }
        if let Some(active) = self.is_active {
            next.is_active = active;
        }
        if let Some(allowed) = self.companion_allowed {
            next.free_places.companion_allowed = allowed;
        }
        // Held to the session as it will be (its capacity and price may change with it),
        // and never below the places live bookings use.
        if errors.is_empty()
            && let Some(places) = errors.check(
                "solidarityPlaces",
                free_places::solidarity_places(
                    self.solidarity_places
                        .unwrap_or(i64::from(next.free_places.solidarity_places)),
                    next.max_participants,
                    event.free_places.solidarity_used,
                    next.price,
                ),
            )
        {
            next.free_places.solidarity_places = places;
        }
        errors.into_result().map(|()| next)
    }
}

/// `later` moved the way `old` moved to `new`: by the same number of London calendar days,
/// at `new`'s London time of day (so 18:30 stays 18:30 across a clock change).
fn shift_like(old: DateTime<Utc>, new: DateTime<Utc>, later: DateTime<Utc>) -> DateTime<Utc> {
    let days = (london::day_of(new) - london::day_of(old)).num_days();
    let day = london::day_of(later) + Duration::days(days);
    london::to_utc(day.and_time(london::time_of(new)))
}

/// What of a session changed that the people booked on it must be told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttendeeChange {
    Time {
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    },
    Location {
        from: String,
        to: String,
    },
}

impl AttendeeChange {
    /// One plain sentence for emails and notifications ("New time: Wednesday 2 December
    /// 2026, 19:00 (was Tuesday 1 December 2026, 18:30).").
    pub fn describe(&self) -> String {
        match self {
            Self::Time { from, to } => format!(
                "New time: {} (was {}).",
                london::format_long(*to),
                london::format_long(*from)
            ),
            Self::Location { from, to } => format!("New place: {to} (was {from})."),
        }
    }
}

/// The changes between `before` and `after` that people booked must hear about: the date,
/// time or location. (Cancelling is told separately.)
pub fn attendee_changes(before: &Event, after: &Event) -> Vec<AttendeeChange> {
    let mut changes = Vec::new();
    if before.starts_at != after.starts_at {
        changes.push(AttendeeChange::Time {
            from: before.starts_at,
            to: after.starts_at,
        });
    }
    let (from, to) = (before.location(), after.location());
    if before.venue.id != after.venue.id || from != to {
        changes.push(AttendeeChange::Location { from, to });
    }
    changes
}

fn title(input: &str) -> Result<String, ValidationError> {
    text::required(input, TITLE_CHARS, "Title is required")
}

fn description(input: &str) -> Result<String, ValidationError> {
    text::required(input, DESCRIPTION_CHARS, "Description is required")
}

fn date(input: &str) -> Result<DateTime<Utc>, ValidationError> {
    DateTime::parse_from_rfc3339(input.trim())
        .map(|d| d.to_utc())
        .map_err(|_| ValidationError::new("Please choose a date and time"))
}

fn duration(minutes: i64) -> Result<u32, ValidationError> {
    if (1..=MAX_DURATION_MINUTES).contains(&minutes) {
        u32::try_from(minutes).map_err(|_| duration_error())
    } else {
        Err(duration_error())
    }
}

fn duration_error() -> ValidationError {
    ValidationError::new("Duration must be between 1 and 1440 minutes")
}

/// At least one place, and never fewer than the places already taken.
fn capacity(places: i64, taken: u32) -> Result<u32, ValidationError> {
    if taken > 0 && places < i64::from(taken) {
        return Err(ValidationError::new(if taken == 1 {
            "There is already 1 place taken".to_owned()
        } else {
            format!("There are already {taken} places taken")
        }));
    }
    if !(1..=MAX_CAPACITY).contains(&places) {
        return Err(ValidationError::new("Capacity must be between 1 and 10000"));
    }
    u32::try_from(places).map_err(|_| ValidationError::new("Capacity must be between 1 and 10000"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{event, now};

    fn form() -> EventForm {
        EventForm {
            title: " Trans Swim ".into(),
            description: "Women-only swim, trans and non-binary people welcome.".into(),
            category: "Swimming".into(),
            venue_id: String::new(),
            date: "2026-12-01T18:30:00Z".into(),
            ..EventForm::default()
        }
    }

    fn lido() -> Result<Arc<Venue>, ValidationError> {
        Ok(Arc::new(Venue::from_location(
            "London Fields Lido, Hackney",
        )))
    }

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    #[test]
    fn a_new_event_takes_the_specs_defaults() {
        let e = form().validate(lido(), now()).unwrap();
        assert_eq!(e.title, "Trans Swim");
        assert_eq!(e.location(), "London Fields Lido, Hackney");
        assert_eq!(e.duration_minutes, 60);
        assert_eq!(e.max_participants, 20);
        assert_eq!(e.price, Money::ZERO);
        assert!(e.is_active);
        assert_eq!(e.current_participants, 0);
        assert_eq!(e.starts_at, utc("2026-12-01T18:30:00Z"));
    }

    #[test]
    fn every_broken_rule_is_reported_by_field() {
        let errors = EventForm {
            duration: Some(0),
            max_participants: Some(0),
            price: Some("12.345".into()),
            ..EventForm::default()
        }
        .validate(Err(ValidationError::new(crate::venue::CHOOSE_VENUE)), now())
        .unwrap_err();
        assert_eq!(errors.get("title"), Some("Title is required"));
        assert_eq!(errors.get("description"), Some("Description is required"));
        assert_eq!(errors.get("category"), Some("Category is required"));
        assert_eq!(errors.get("venueId"), Some("Please choose a venue"));
        assert_eq!(errors.get("date"), Some("Please choose a date and time"));
        assert_eq!(
            errors.get("duration"),
            Some("Duration must be between 1 and 1440 minutes")
        );
        assert_eq!(
            errors.get("maxParticipants"),
            Some("Capacity must be between 1 and 10000")
        );
        assert_eq!(
            errors.get("price"),
            Some("Price must be an amount like 12.50")
        );
    }

    #[test]
    fn capacity_never_goes_below_the_places_taken() {
        let e = event(5, 10, Duration::days(2));
        let patch = |m| EventPatch {
            max_participants: Some(m),
            ..EventPatch::default()
        };
        assert_eq!(
            patch(4).apply(&e).unwrap_err().get("maxParticipants"),
            Some("There are already 5 places taken")
        );
        assert_eq!(patch(5).apply(&e).unwrap().max_participants, 5);
        let one = event(1, 10, Duration::days(2));
        assert_eq!(
            patch(0).apply(&one).unwrap_err().get("maxParticipants"),
            Some("There is already 1 place taken")
        );
    }

    #[test]
    fn a_patch_changes_only_what_it_names() {
        let e = event(0, 10, Duration::days(2));
        let patched = EventPatch {
            title: Some("New title".into()),
            price: Some("7.50".into()),
            ..EventPatch::default()
        }
        .apply(&e)
        .unwrap();
        assert_eq!(patched.title, "New title");
        assert_eq!(patched.price.pence(), 750);
        assert_eq!(patched.venue, e.venue);
        assert_eq!(patched.starts_at, e.starts_at);
        assert!(EventPatch::default().is_empty());
        let blank = EventPatch {
            title: Some("  ".into()),
            ..EventPatch::default()
        };
        assert_eq!(
            blank.apply(&e).unwrap_err().get("title"),
            Some("Title is required")
        );
    }

    #[test]
    fn a_new_event_offers_companion_and_solidarity_places_when_asked() {
        let plain = form().validate(lido(), now()).unwrap();
        assert_eq!(plain.free_places, FreePlaces::default());
        let e = EventForm {
            price: Some("5.00".into()),
            companion_allowed: Some(true),
            solidarity_places: Some(4),
            ..form()
        }
        .validate(lido(), now())
        .unwrap();
        assert!(e.free_places.companion_allowed);
        assert_eq!(e.free_places.solidarity_places, 4);
        assert_eq!(e.free_places.solidarity_used, 0);
        let free = EventForm {
            solidarity_places: Some(4),
            ..form()
        }
        .validate(lido(), now())
        .unwrap_err();
        assert_eq!(
            free.get("solidarityPlaces"),
            Some("A free session needs no solidarity places")
        );
        let too_many = EventForm {
            price: Some("5.00".into()),
            max_participants: Some(3),
            solidarity_places: Some(4),
            ..form()
        }
        .validate(lido(), now())
        .unwrap_err();
        assert_eq!(
            too_many.get("solidarityPlaces"),
            Some("Solidarity places cannot be more than the session's places")
        );
    }

    #[test]
    fn an_edit_keeps_solidarity_places_between_those_used_and_the_capacity() {
        let mut e = event(5, 10, Duration::days(2));
        e.free_places = FreePlaces {
            companion_allowed: false,
            solidarity_places: 4,
            solidarity_used: 3,
        };
        let patch = |places: Option<i64>, max: Option<i64>, price: Option<&str>| EventPatch {
            solidarity_places: places,
            max_participants: max,
            price: price.map(str::to_owned),
            companion_allowed: Some(true),
            ..EventPatch::default()
        };
        let edited = patch(Some(3), None, None).apply(&e).unwrap();
        assert_eq!(edited.free_places.solidarity_places, 3);
        assert!(edited.free_places.companion_allowed);
        assert_eq!(
            edited.free_places.solidarity_used, 3,
            "the store's count stays"
        );
        assert_eq!(
            patch(Some(2), None, None)
                .apply(&e)
                .unwrap_err()
                .get("solidarityPlaces"),
            Some("3 solidarity places are already taken")
        );
        // A smaller session cannot keep more solidarity places than it has places.
        let mut roomy = e.clone();
        roomy.current_participants = 0;
        assert_eq!(
            patch(None, Some(3), None)
                .apply(&roomy)
                .unwrap_err()
                .get("solidarityPlaces"),
            Some("Solidarity places cannot be more than the session's places")
        );
        // Made free, it keeps the places taken and offers no more.
        assert_eq!(
            patch(None, None, Some("0.00"))
                .apply(&e)
                .unwrap_err()
                .get("solidarityPlaces"),
            Some("A free session needs no solidarity places")
        );
        assert_eq!(
            patch(Some(3), None, Some("0.00"))
                .apply(&e)
                .unwrap()
                .free_places
                .solidarity_places,
            3
        );
    }

    #[test]
    fn a_patch_moves_a_session_to_the_venue_given() {
        let e = event(0, 10, Duration::days(2));
        let park = Arc::new(Venue::from_location("Victoria Park, Tower Hamlets"));
        let moved = EventPatch {
            venue: Some(Arc::clone(&park)),
            ..EventPatch::default()
        }
        .apply(&e)
        .unwrap();
        assert_eq!(moved.venue, park);
        assert_eq!(moved.area(), "Tower Hamlets");
        assert!(
            !EventPatch {
                venue: Some(park),
                ..EventPatch::default()
            }
            .is_empty()
        );
    }

    #[test]
    fn a_move_to_another_venue_of_the_same_name_is_still_news() {
        let before = event(3, 10, Duration::days(2));
        let mut after = before.clone();
        after.venue = Arc::new(Venue::from_location(&before.location()));
        let changes = attendee_changes(&before, &after);
        assert_eq!(
            changes.len(),
            1,
            "a different venue, even with the same line"
        );
        let mut renamed = (*before.venue).clone();
        renamed.name = "Memorial Park".into();
        let mut after = before.clone();
        after.venue = Arc::new(renamed);
        assert_eq!(
            attendee_changes(&before, &after)[0].describe(),
            "New place: Memorial Park, Newham (was Memorial Recreation Ground, Newham)."
        );
    }

    #[test]
    fn later_sessions_move_by_the_same_days_at_the_new_london_time() {
        // Tuesday 27 October 2026 18:30 GMT (clocks went back on the 25th) moved to
        // Wednesday 28 October 19:00 GMT; a later session on Tuesday 31 March 2027 (BST)
        // moves to Wednesday 1 April 19:00 BST = 18:00 UTC.
        let mut edited = event(0, 10, Duration::days(2));
        edited.starts_at = utc("2026-10-27T18:30:00Z");
        let mut later = edited.clone();
        later.starts_at = utc("2027-03-30T17:30:00Z");
        let patch = EventPatch {
            date: Some("2026-10-28T19:00:00Z".into()),
            ..EventPatch::default()
        };
        assert_eq!(
            patch.apply_following(&edited, &later).unwrap().starts_at,
            utc("2027-03-31T18:00:00Z")
        );
    }

    #[test]
    fn people_hear_about_time_and_place_changes_only() {
        let before = event(3, 10, Duration::days(2));
        let mut after = before.clone();
        after.title = "Renamed".into();
        after.max_participants = 20;
        assert!(attendee_changes(&before, &after).is_empty());
        after.starts_at = before.starts_at + Duration::minutes(30);
        after.venue = Arc::new(Venue::from_location("Victoria Park, Tower Hamlets"));
        let changes = attendee_changes(&before, &after);
        assert_eq!(changes.len(), 2);
        assert_eq!(
            changes[1].describe(),
            "New place: Victoria Park, Tower Hamlets (was Memorial Recreation Ground, Newham)."
        );
        assert_eq!(
            AttendeeChange::Time {
                from: utc("2026-12-01T18:30:00Z"),
                to: utc("2026-12-02T19:00:00Z")
            }
            .describe(),
            "New time: Wednesday 2 December 2026, 19:00 (was Tuesday 1 December 2026, 18:30)."
        );
    }
}
