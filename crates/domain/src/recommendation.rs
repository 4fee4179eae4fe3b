//! "Recommended for you": the spec's scoring of upcoming events against a person's
//! preferences (+10 favourite category, +5 skill match, +5 day match or +3 when the
//! person is Flexible, +3 time match; top 6 scoring above 0). Days and times are read in
//! London, where the sessions happen.
use std::cmp::Reverse;
use std::collections::HashSet;

use chrono::{DateTime, Datelike, NaiveTime, Timelike, Utc, Weekday};

use crate::event::Event;
use crate::ids::EventId;
use crate::london;
use crate::preferences::Preferences;

pub const FAVOURITE_POINTS: u32 = 10;
pub const SKILL_POINTS: u32 = 5;
pub const DAY_POINTS: u32 = 5;
/// A person whose days are Flexible gets this when no named day preference matches.
pub const FLEXIBLE_DAY_POINTS: u32 = 3;
pub const TIME_POINTS: u32 = 3;
/// London hours at which the Morning, Afternoon and Evening bands end; from
/// [`EVENING_ENDS_HOUR`] to midnight is Late Night. The spec's bands have no lower edge, so
/// a session before dawn falls in Morning.
pub const MORNING_ENDS_HOUR: u32 = 12;
pub const AFTERNOON_ENDS_HOUR: u32 = 17;
pub const EVENING_ENDS_HOUR: u32 = 21;
/// How many recommendations a person is shown.
pub const MAX_RECOMMENDATIONS: usize = 6;

/// The preferences page's time choices, as bands of the London clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeBand {
    Morning,
    Afternoon,
    Evening,
    LateNight,
}

impl TimeBand {
    /// The band a London wall-clock time falls in.
    pub fn of(time: NaiveTime) -> Self {
        match time.hour() {
            h if h < MORNING_ENDS_HOUR => Self::Morning,
            h if h < AFTERNOON_ENDS_HOUR => Self::Afternoon,
            h if h < EVENING_ENDS_HOUR => Self::Evening,
            _ => Self::LateNight,
        }
    }

    /// The name the preferences store (one of [`crate::preferences::TIMES`]).
    pub fn label(self) -> &'static str {
        match self {
            Self::Morning => "Morning",
            Self::Afternoon => "Afternoon",
            Self::Evening => "Evening",
            Self::LateNight => "Late Night",
        }
    }
}

/// An event worth showing and how well it fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recommendation<'a> {
    pub event: &'a Event,
    pub score: u32,
}

/// How well `event` fits `preferences` by the spec's rule.
pub fn score(event: &Event, preferences: &Preferences) -> u32 {
    let sports = &preferences.sports;
    let mut total = 0;
    if sports.favorites.iter().any(|f| event.category.matches(f)) {
        total += FAVOURITE_POINTS;
    }
    if mentions_level(event, &sports.skill_level) {
        total += SKILL_POINTS;
    }
    total += day_points(event.starts_at, &preferences.availability.days);
    let band = TimeBand::of(london::time_of(event.starts_at)).label();
    if preferences.availability.times.iter().any(|t| t == band) {
        total += TIME_POINTS;
    }
    total
}

/// Events carry no skill level of their own, so an event matches a level when its title or
/// description names it: a word starting with the level, so "Beginners" counts for Beginner.
fn mentions_level(event: &Event, level: &str) -> bool {
    let level = level.trim().to_lowercase();
    if level.is_empty() {
        return false;
    }
    [&event.title, &event.description].iter().any(|text| {
        text.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| word.starts_with(&level))
    })
}

/// The availability day choice a start falls on in London: "Weekends" or "Weekdays".
pub fn day_label(starts_at: DateTime<Utc>) -> &'static str {
    let weekend = matches!(
        london::day_of(starts_at).weekday(),
        Weekday::Sat | Weekday::Sun
    );
    if weekend { "Weekends" } else { "Weekdays" }
}

fn day_points(starts_at: DateTime<Utc>, days: &[String]) -> u32 {
    let wanted = day_label(starts_at);
    if days.iter().any(|d| d == wanted) {
        DAY_POINTS
    } else if days.iter().any(|d| d == "Flexible") {
        FLEXIBLE_DAY_POINTS
    } else {
        0
    }
}

/// The person's best [`MAX_RECOMMENDATIONS`] among `events`, best first, sooner first on
/// equal scores (then by id, so the order never depends on the input's). Left out: events
/// scoring 0, full, inactive or started at `now`, and those in `booked` (the person's live
/// bookings).
pub fn recommend<'a>(
    events: impl IntoIterator<Item = &'a Event>,
    preferences: &Preferences,
    booked: &HashSet<EventId>,
    now: DateTime<Utc>,
) -> Vec<Recommendation<'a>> {
    let mut scored: Vec<Recommendation<'a>> = events
        .into_iter()
        .filter(|e| e.is_active && !e.is_full() && !e.has_started(now) && !booked.contains(&e.id))
        .map(|event| Recommendation {
            event,
            score: score(event, preferences),
        })
        .filter(|r| r.score > 0)
        .collect();
    scored.sort_by_key(|r| (Reverse(r.score), r.event.starts_at, r.event.id));
    scored.truncate(MAX_RECOMMENDATIONS);
    scored
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{event, now};
    use crate::{Category, Event};
    use chrono::Duration;

    fn at(rfc3339: &str) -> Event {
        let mut e = event(0, 20, Duration::days(1));
        e.starts_at = DateTime::parse_from_rfc3339(rfc3339).unwrap().to_utc();
        e
    }

    /// Preferences that earn nothing: no favourites, no days, no times, a level no fixture
    /// mentions.
    fn nothing() -> Preferences {
        let mut p = Preferences::default();
        p.sports.skill_level = "Advanced".into();
        p.availability.days = vec![];
        p.availability.times = vec![];
        p
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    // Tuesday 1 December 2026, 18:30 London (GMT, so UTC too).
    const TUESDAY_EVENING: &str = "2026-12-01T18:30:00Z";
    // Saturday 5 December 2026, 10:00 London.
    const SATURDAY_MORNING: &str = "2026-12-05T10:00:00Z";

    #[test]
    fn nothing_scores_nothing() {
        assert_eq!(score(&at(TUESDAY_EVENING), &nothing()), 0);
    }

    #[test]
    fn favourite_category_alone_is_ten_whatever_the_case() {
        let mut p = nothing();
        p.sports.favorites = strings(&["Yoga", "football"]);
        assert_eq!(score(&at(TUESDAY_EVENING), &p), FAVOURITE_POINTS);
        assert_eq!(FAVOURITE_POINTS, 10);
        p.sports.favorites = strings(&["Yoga"]);
        assert_eq!(score(&at(TUESDAY_EVENING), &p), 0);
    }

    #[test]
    fn interests_are_not_favourites() {
        let mut p = nothing();
        p.sports.interests = strings(&["Football"]);
        assert_eq!(score(&at(TUESDAY_EVENING), &p), 0);
    }

    #[test]
    fn skill_match_alone_is_five_when_the_event_names_the_level() {
        let mut p = nothing();
        p.sports.skill_level = "Beginner".into();
        let mut e = at(TUESDAY_EVENING);
        assert_eq!(score(&e, &p), 0);
        e.title = "Beginners' Badminton".into();
        assert_eq!(score(&e, &p), SKILL_POINTS);
        assert_eq!(SKILL_POINTS, 5);
        e.title = "Badminton".into();
        e.description = "Coaching for INTERMEDIATE and advanced players.".into();
        assert_eq!(score(&e, &p), 0, "another level");
        p.sports.skill_level = "Intermediate".into();
        assert_eq!(score(&e, &p), SKILL_POINTS);
        e.description = "Nonadvanced".into();
        p.sports.skill_level = "Advanced".into();
        assert_eq!(score(&e, &p), 0, "only a word that starts with the level");
    }

    #[test]
    fn day_match_alone_is_five() {
        let mut p = nothing();
        p.availability.days = strings(&["Weekdays"]);
        assert_eq!(score(&at(TUESDAY_EVENING), &p), DAY_POINTS);
        assert_eq!(score(&at(SATURDAY_MORNING), &p), 0);
        p.availability.days = strings(&["Weekends"]);
        assert_eq!(score(&at(SATURDAY_MORNING), &p), DAY_POINTS);
        assert_eq!(score(&at(TUESDAY_EVENING), &p), 0);
        assert_eq!(DAY_POINTS, 5);
    }

    #[test]
    fn flexible_is_three_on_any_day_and_a_named_match_beats_it() {
        let mut p = nothing();
        p.availability.days = strings(&["Flexible"]);
        assert_eq!(score(&at(TUESDAY_EVENING), &p), FLEXIBLE_DAY_POINTS);
        assert_eq!(score(&at(SATURDAY_MORNING), &p), FLEXIBLE_DAY_POINTS);
        assert_eq!(FLEXIBLE_DAY_POINTS, 3);
        p.availability.days = strings(&["Flexible", "Weekends"]);
        assert_eq!(score(&at(SATURDAY_MORNING), &p), DAY_POINTS, "not 5 + 3");
        assert_eq!(score(&at(TUESDAY_EVENING), &p), FLEXIBLE_DAY_POINTS);
    }

    #[test]
    fn the_day_is_londons() {
        // 23:30 UTC on Friday 3 July 2026 is 00:30 on Saturday in London.
        let mut p = nothing();
        p.availability.days = strings(&["Weekends"]);
        assert_eq!(score(&at("2026-07-03T23:30:00Z"), &p), DAY_POINTS);
    }

    #[test]
    fn time_match_alone_is_three() {
        let mut p = nothing();
        p.availability.times = strings(&["Evening"]);
        assert_eq!(score(&at(TUESDAY_EVENING), &p), TIME_POINTS);
        assert_eq!(score(&at(SATURDAY_MORNING), &p), 0);
        assert_eq!(TIME_POINTS, 3);
    }

    #[test]
    fn every_band_edge() {
        let band = |hh_mm: &str| {
            let time = NaiveTime::parse_from_str(hh_mm, "%H:%M").unwrap();
            TimeBand::of(time).label()
        };
        assert_eq!(
            band("00:30"),
            "Morning",
            "early morning has no band of its own"
        );
        assert_eq!(band("05:00"), "Morning");
        assert_eq!(band("11:59"), "Morning");
        assert_eq!(band("12:00"), "Afternoon");
        assert_eq!(band("16:59"), "Afternoon");
        assert_eq!(band("17:00"), "Evening");
        assert_eq!(band("20:59"), "Evening");
        assert_eq!(band("21:00"), "Late Night");
        assert_eq!(band("23:59"), "Late Night");
        for label in ["Morning", "Afternoon", "Evening", "Late Night"] {
            assert!(crate::preferences::TIMES.contains(&label));
        }
    }

    #[test]
    fn band_edges_score_through_the_preferences() {
        let cases = [
            ("2026-12-01T11:59:00Z", "Morning"),
            ("2026-12-01T12:00:00Z", "Afternoon"),
            ("2026-12-01T16:59:00Z", "Afternoon"),
            ("2026-12-01T17:00:00Z", "Evening"),
            ("2026-12-01T20:59:00Z", "Evening"),
            ("2026-12-01T21:00:00Z", "Late Night"),
            ("2026-12-01T06:15:00Z", "Morning"),
        ];
        for (start, wanted) in cases {
            let mut p = nothing();
            p.availability.times = strings(&[wanted]);
            assert_eq!(score(&at(start), &p), TIME_POINTS, "{start} is {wanted}");
            let others: Vec<String> = crate::preferences::TIMES
                .iter()
                .filter(|t| **t != wanted)
                .map(|t| (*t).to_owned())
                .collect();
            p.availability.times = others;
            assert_eq!(score(&at(start), &p), 0, "{start} is only {wanted}");
        }
    }

    #[test]
    fn the_time_is_londons_across_the_clock_change() {
        let mut p = nothing();
        p.availability.times = strings(&["Morning"]);
        // 10:30 UTC in July is 11:30 BST: Morning. In December it is 10:30 GMT: Morning too.
        assert_eq!(score(&at("2026-07-01T10:30:00Z"), &p), TIME_POINTS);
        // 11:30 UTC in July is 12:30 London: Afternoon, though UTC says Morning.
        assert_eq!(score(&at("2026-07-01T11:30:00Z"), &p), 0);
        assert_eq!(score(&at("2026-12-01T11:30:00Z"), &p), TIME_POINTS);
        // 20:30 UTC in summer is 21:30 London: Late Night.
        p.availability.times = strings(&["Late Night"]);
        assert_eq!(score(&at("2026-07-01T20:30:00Z"), &p), TIME_POINTS);
        assert_eq!(score(&at("2026-12-01T20:30:00Z"), &p), 0);
    }

    #[test]
    fn the_terms_add_up() {
        let mut p = Preferences::default(); // Beginner, Flexible, Evening
        p.sports.favorites = strings(&["Football"]);
        p.availability.days = strings(&["Weekdays"]);
        let mut e = at(TUESDAY_EVENING);
        e.description = "Open to beginners.".into();
        assert_eq!(score(&e, &p), 10 + 5 + 5 + 3);
    }

    fn favourite(category: &str) -> Preferences {
        let mut p = nothing();
        p.sports.favorites = strings(&[category]);
        p
    }

    fn in_hours(hours: i64, category: &str) -> Event {
        let mut e = event(0, 20, Duration::hours(hours));
        e.category = Category::parse(category).unwrap();
        e
    }

    #[test]
    fn best_first_then_sooner() {
        let mut p = favourite("Yoga");
        p.availability.days = strings(&["Flexible"]);
        let later_yoga = in_hours(48, "Yoga");
        let soon_yoga = in_hours(24, "Yoga");
        let football = in_hours(2, "Football");
        let events = [football.clone(), later_yoga.clone(), soon_yoga.clone()];
        let picked = recommend(&events, &p, &HashSet::new(), now());
        let ids: Vec<_> = picked.iter().map(|r| r.event.id).collect();
        assert_eq!(ids, [soon_yoga.id, later_yoga.id, football.id]);
        assert_eq!(picked[0].score, 13);
        assert_eq!(picked[2].score, 3);
    }

    #[test]
    fn equal_scores_and_starts_are_ordered_by_id_whatever_the_input_order() {
        let p = favourite("Football");
        let a = in_hours(24, "Football");
        let mut b = in_hours(24, "Football");
        b.starts_at = a.starts_at;
        let forward = [a.clone(), b.clone()];
        let backward = [b.clone(), a.clone()];
        let one: Vec<_> = recommend(&forward, &p, &HashSet::new(), now())
            .iter()
            .map(|r| r.event.id)
            .collect();
        let two: Vec<_> = recommend(&backward, &p, &HashSet::new(), now())
            .iter()
            .map(|r| r.event.id)
            .collect();
        assert_eq!(one, two);
    }

    #[test]
    fn full_booked_inactive_and_started_events_are_left_out() {
        let p = favourite("Football");
        let open = in_hours(24, "Football");
        let full = event(20, 20, Duration::hours(24));
        let booked = in_hours(24, "Football");
        let mut inactive = in_hours(24, "Football");
        inactive.is_active = false;
        let started = in_hours(-1, "Football");
        let events = [
            open.clone(),
            full,
            booked.clone(),
            inactive,
            started.clone(),
        ];
        let picked = recommend(&events, &p, &HashSet::from([booked.id]), now());
        assert_eq!(picked.len(), 1);
        assert_eq!(picked[0].event.id, open.id);
        // The same events all count when nothing rules them out.
        let mut none_full = events.to_vec();
        none_full[1].current_participants = 0;
        none_full[3].is_active = true;
        let before = started.starts_at - Duration::seconds(1);
        let all = recommend(&none_full, &p, &HashSet::new(), before);
        assert_eq!(all.len(), 5);
    }

    #[test]
    fn at_most_six_and_nothing_scoring_zero() {
        let p = favourite("Yoga");
        let yoga: Vec<Event> = (1..=8).map(|h| in_hours(h, "Yoga")).collect();
        let picked = recommend(&yoga, &p, &HashSet::new(), now());
        assert_eq!(picked.len(), MAX_RECOMMENDATIONS);
        assert_eq!(MAX_RECOMMENDATIONS, 6);
        let kept: Vec<_> = picked.iter().map(|r| r.event.id).collect();
        let soonest: Vec<_> = yoga[..6].iter().map(|e| e.id).collect();
        assert_eq!(kept, soonest);

        let zero = [in_hours(3, "Boxing"), in_hours(4, "Boxing")];
        assert!(recommend(&zero, &p, &HashSet::new(), now()).is_empty());
        let mixed = [in_hours(3, "Boxing"), in_hours(4, "Yoga")];
        let picked = recommend(&mixed, &p, &HashSet::new(), now());
        assert_eq!(picked.len(), 1);
        assert!(picked[0].event.category.matches("yoga"));
    }
}
