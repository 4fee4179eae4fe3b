//! Demo content so a fresh install shows a living site: recurring sessions from the
//! catalogue over the next eight weeks, with real demo bookings behind the participant
//! counts (some sessions full).
mod catalogue;
mod stories;
pub mod venues;

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{Datelike, Duration, NaiveDate, NaiveTime};
use playspace_domain::{
    Booking, BookingReference, Category, Event, EventId, Money, PaymentMethod, UserId, Venue,
    london,
};
use playspace_ports::{Clock, DemoData, DemoMember, DemoSeedStore, RepoError};
use rand::SeedableRng;
use rand::rngs::StdRng;

pub use catalogue::{SessionTemplate, TEMPLATES};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedMode {
    /// Seed only a database without events: safe to run at every start.
    IfEmpty,
    /// Delete all events, their bookings and the demo members, then seed afresh.
    Reset,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedOutcome {
    Seeded { events: usize, bookings: usize },
    AlreadySeeded,
}

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error(transparent)]
    Store(#[from] RepoError),
    #[error("demo catalogue is invalid: {0}")]
    Catalogue(String),
}

/// Demo members who fill places; enough to fill the largest session.
const MEMBERS: usize = 30;
/// Every seventh session is shown fully booked.
const FULL_EVERY: usize = 7;
/// Each template runs twice, four weeks apart, so eight weeks hold 2 × templates sessions.
const WEEK_OFFSETS: [i64; 2] = [0, 4];

pub fn seed_demo_data(
    store: &impl DemoSeedStore,
    clock: &impl Clock,
    mode: SeedMode,
) -> Result<SeedOutcome, SeedError> {
    match mode {
        SeedMode::IfEmpty if store.has_events()? => return Ok(SeedOutcome::AlreadySeeded),
        SeedMode::IfEmpty => {}
        SeedMode::Reset => store.clear_demo_data()?,
    }
    let data = demo_data(clock)?;
    store.insert_demo_data(&data)?;
    tracing::info!(
        events = data.events.len(),
        bookings = data.bookings.len(),
        "demo data seeded"
    );
    Ok(SeedOutcome::Seeded {
        events: data.events.len(),
        bookings: data.bookings.len(),
    })
}

fn demo_data(clock: &impl Clock) -> Result<DemoData, SeedError> {
    let now = clock.now();
    let today = london::day_of(now);
    // Fixed seed: the same references and fill levels on every install.
    let mut rng = StdRng::seed_from_u64(2026);

    let members: Vec<DemoMember> = (1..=MEMBERS)
        .map(|n| DemoMember {
            id: UserId::new(),
            email: DemoMember::email_for(n),
            first_name: "Demo".into(),
            last_name: format!("Member {n}"),
            // A third said yes to news: a bulk email from the demo admin reaches them (in
            // the file mailbox; `.invalid` addresses are never delivered).
            marketing_consent: n % 3 == 0,
            created_at: now - Duration::days(30),
        })
        .collect();

    let venues = venues::by_name(now).map_err(SeedError::Catalogue)?;
    let mut events = Vec::new();
    let mut bookings = Vec::new();
    for (i, template) in TEMPLATES.iter().enumerate() {
        for (j, weeks) in WEEK_OFFSETS.iter().enumerate() {
            let week = (i as i64) % 4 + weeks;
            let day = next_weekday_after(today, template.weekday) + Duration::weeks(week);
            let index = i * WEEK_OFFSETS.len() + j;
            let mut event = event_from(template, &venues, day, now)?;
            let taken = if index % FULL_EVERY == 3 {
                event.max_participants
            } else {
                // A varied but stable fill: between none and about two thirds.
                (index as u32 * 5 + 2) % (event.max_participants * 2 / 3 + 1)
            };
            for member in members.iter().take(taken as usize) {
                bookings.push(Booking::new(
                    member.id,
                    &event,
                    PaymentMethod::Cash,
                    None,
                    BookingReference::generate(&mut rng),
                    now - Duration::days(1),
                ));
            }
            event.current_participants = taken;
            events.push(event);
        }
    }
    Ok(DemoData {
        events,
        members,
        bookings,
        community: Some(catalogue::community()),
        stories: stories::stories(now),
        seeded_at: now,
    })
}

/// The venue a template's sessions are at.
pub(crate) fn venue_of(
    t: &SessionTemplate,
    venues: &HashMap<&'static str, Arc<Venue>>,
) -> Result<Arc<Venue>, SeedError> {
    venues
        .get(t.venue)
        .cloned()
        .ok_or_else(|| SeedError::Catalogue(format!("{}: no venue {}", t.title, t.venue)))
}

fn event_from(
    t: &SessionTemplate,
    venues: &HashMap<&'static str, Arc<Venue>>,
    day: NaiveDate,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Event, SeedError> {
    let bad = |what: &str| SeedError::Catalogue(format!("{}: {what}", t.title));
    let time = NaiveTime::from_hms_opt(t.start_hour, t.start_minute, 0)
        .ok_or_else(|| bad("start time"))?;
    if t.max_participants == 0 || t.max_participants > MEMBERS as u32 {
        return Err(bad("max participants"));
    }
    Ok(Event {
        id: EventId::new(),
        title: t.title.into(),
        description: t.description.into(),
        category: Category::parse(t.category).map_err(|e| bad(e.message()))?,
        venue: venue_of(t, venues)?,
        starts_at: london::to_utc(day.and_time(time)),
        duration_minutes: t.duration_minutes,
        price: Money::from_pence(t.price_pence).map_err(|e| bad(e.message()))?,
        max_participants: t.max_participants,
        current_participants: 0,
        free_places: playspace_domain::FreePlaces::default(),
        is_active: true,
        created_at: now,
    })
}

/// The first `weekday` strictly after `day`, so no demo session has already started today.
fn next_weekday_after(day: NaiveDate, weekday: chrono::Weekday) -> NaiveDate {
    let ahead = (7 + weekday.num_days_from_monday() as i64
        - day.weekday().num_days_from_monday() as i64)
        % 7;
    day + Duration::days(if ahead == 0 { 7 } else { ahead })
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;
    use playspace_domain::SPORTS;
    use playspace_ports::MockDemoSeedStore;
    use playspace_test_support::{FixedClock, test_now};

    fn data() -> DemoData {
        demo_data(&FixedClock(test_now())).unwrap()
    }

    #[test]
    fn sixty_plus_upcoming_sessions_within_eight_weeks() {
        let data = data();
        assert!(data.events.len() >= 60, "{}", data.events.len());
        for event in &data.events {
            assert!(event.starts_at > test_now());
            assert!(
                event.starts_at < test_now() + Duration::weeks(8) + Duration::days(1),
                "{}",
                event.title
            );
            assert!(
                (45..=180).contains(&event.duration_minutes),
                "{}",
                event.title
            );
        }
    }

    #[test]
    fn covers_every_sport_and_twelve_boroughs() {
        let data = data();
        for sport in SPORTS {
            assert!(
                data.events.iter().any(|e| e.category.matches(sport)),
                "no {sport}"
            );
        }
        let areas: HashSet<&str> = data.events.iter().map(|e| e.area()).collect();
        assert_eq!(areas.len(), 12, "{areas:?}");
    }

    #[test]
    fn mixes_free_paid_and_full() {
        let data = data();
        assert!(data.events.iter().any(|e| e.price.is_free()));
        assert!(data.events.iter().any(|e| !e.price.is_free()));
        assert!(data.events.iter().filter(|e| e.is_full()).count() >= 5);
    }

    #[test]
    fn participant_counts_match_the_bookings() {
        let data = data();
        let mut per_event: HashMap<EventId, u32> = HashMap::new();
        for booking in &data.bookings {
            *per_event.entry(booking.event_id).or_default() += 1;
        }
        for event in &data.events {
            assert_eq!(
                per_event.get(&event.id).copied().unwrap_or(0),
                event.current_participants
            );
            assert!(event.current_participants <= event.max_participants);
        }
        let refs: HashSet<_> = data.bookings.iter().map(|b| b.reference.clone()).collect();
        assert_eq!(refs.len(), data.bookings.len(), "references are unique");
    }

    #[test]
    fn next_weekday_is_strictly_after() {
        let saturday = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        assert_eq!(
            next_weekday_after(saturday, chrono::Weekday::Sat),
            saturday + Duration::days(7)
        );
        assert_eq!(
            next_weekday_after(saturday, chrono::Weekday::Sun),
            saturday + Duration::days(1)
        );
        assert_eq!(
            next_weekday_after(saturday, chrono::Weekday::Fri),
            saturday + Duration::days(6)
        );
    }

    #[test]
    fn if_empty_leaves_a_seeded_store_alone() {
        let mut store = MockDemoSeedStore::new();
        store.expect_has_events().returning(|| Ok(true));
        store.expect_insert_demo_data().never();
        store.expect_clear_demo_data().never();
        let outcome = seed_demo_data(&store, &FixedClock(test_now()), SeedMode::IfEmpty).unwrap();
        assert_eq!(outcome, SeedOutcome::AlreadySeeded);
    }

    #[test]
    fn reset_clears_then_seeds() {
        let mut store = MockDemoSeedStore::new();
        let mut seq = mockall::Sequence::new();
        store
            .expect_clear_demo_data()
            .times(1)
            .in_sequence(&mut seq)
            .returning(|| Ok(()));
        store
            .expect_insert_demo_data()
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_| Ok(()));
        let outcome = seed_demo_data(&store, &FixedClock(test_now()), SeedMode::Reset).unwrap();
        assert!(matches!(outcome, SeedOutcome::Seeded { events, .. } if events >= 60));
    }
}
