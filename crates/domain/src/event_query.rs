//! Turning what a visitor typed into the events page's filters into a precise query.
use chrono::{DateTime, NaiveDate, Utc};

use crate::event::Event;
use crate::london;
use crate::validation::{FieldErrors, ValidationError};
use crate::venue::AccessSet;

/// The filters as received: every field optional, nothing yet trusted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventFilter {
    pub sport: Option<String>,
    pub area: Option<String>,
    pub q: Option<String>,
    /// A London calendar day, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// RFC 3339 instant, or a `YYYY-MM-DD` London day (from its start).
    pub from: Option<String>,
    /// RFC 3339 instant, or a `YYYY-MM-DD` London day (to its end).
    pub to: Option<String>,
    /// At most this many events, the soonest (the home page shows three).
    pub limit: Option<String>,
    /// Access fact keys, comma-separated: only sessions whose venue says yes to each.
    pub access: Option<String>,
}

/// A validated query over active events starting in `[starts_from, starts_before)`.
/// Text needles are lower-cased so a store can compare them case-insensitively.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventQuery {
    pub sport: Option<String>,
    pub area: Option<String>,
    pub text: Option<String>,
    pub starts_from: DateTime<Utc>,
    pub starts_before: Option<DateTime<Utc>>,
    pub limit: Option<u32>,
    /// Facts the venue must say yes to (none: any venue).
    pub access: AccessSet,
}

/// The part of the whole upcoming list a query selects when it narrows that list by sport
/// or access facts only (the events page's sport and access choices), so a cached copy of
/// the list can answer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListPart<'a> {
    /// Lower-cased.
    pub sport: Option<&'a str>,
    pub access: AccessSet,
}

impl ListPart<'_> {
    /// Whether `event`, from the whole upcoming list, is in this part: the store's rule for
    /// the same query (its sport, and a yes from its venue to every fact asked for).
    pub fn contains(&self, event: &Event) -> bool {
        self.sport.is_none_or(|sport| event.category.matches(sport))
            && self.access.met_by(&event.venue.access)
    }
}

const MAX_NEEDLE_CHARS: usize = 100;
/// The most a caller may ask for by `limit`; without one the list is the whole programme.
pub const MAX_LIMIT: u32 = 100;
const DATE_MESSAGE: &str = "Use a date like 2026-12-31";

impl EventQuery {
    /// Every upcoming active event: what the public list shows without filters.
    pub fn upcoming(now: DateTime<Utc>) -> Self {
        Self {
            sport: None,
            area: None,
            text: None,
            starts_from: now,
            starts_before: None,
            limit: None,
            access: AccessSet::default(),
        }
    }

    /// Whether the query selects the whole upcoming list, perhaps cut at `limit` (so a
    /// cached copy of that list can answer it).
    pub fn is_unfiltered(&self, now: DateTime<Utc>) -> bool {
        self.sport.is_none() && self.access.is_empty() && self.narrows_only_by_part(now)
    }

    /// The sport and access facts a query narrows the whole upcoming list by when that is
    /// all it does (the events page once a sport or an access need is chosen); `None` for
    /// the whole list itself and for queries the list cannot answer.
    pub fn part_of_whole_list(&self, now: DateTime<Utc>) -> Option<ListPart<'_>> {
        let part = ListPart {
            sport: self.sport.as_deref(),
            access: self.access,
        };
        (!(part.sport.is_none() && part.access.is_empty()) && self.narrows_only_by_part(now))
            .then_some(part)
    }

    fn narrows_only_by_part(&self, now: DateTime<Utc>) -> bool {
        self.area.is_none()
            && self.text.is_none()
            && self.starts_before.is_none()
            && self.starts_from == now
    }
}

impl EventFilter {
    /// Validates the filters. Past events are left out unless `from` says otherwise.
    pub fn into_query(self, now: DateTime<Utc>) -> Result<EventQuery, FieldErrors> {
        let mut errors = FieldErrors::new();
        let sport = errors
            .check("sport", needle(self.sport.as_deref()))
            .flatten();
        let area = errors.check("area", needle(self.area.as_deref())).flatten();
        let text = errors.check("q", needle(self.q.as_deref())).flatten();
        let day = errors
            .check("date", optional_day(self.date.as_deref()))
            .flatten();
        let from = errors
            .check("from", bound(self.from.as_deref(), Edge::Start))
            .flatten();
        let to = errors
            .check("to", bound(self.to.as_deref(), Edge::End))
            .flatten();
        let limit = errors
            .check("limit", optional_limit(self.limit.as_deref()))
            .flatten();
        let access = errors
            .check(
                "access",
                AccessSet::parse(self.access.as_deref().unwrap_or_default()),
            )
            .unwrap_or_default();
        errors.into_result()?;

        let mut starts_from = from.unwrap_or(now);
        let mut starts_before = to;
        if let Some(day) = day {
            let (start, end) = london::day_bounds(day);
            starts_from = starts_from.max(start);
            starts_before = Some(starts_before.map_or(end, |to| to.min(end)));
        }
        if let (Some(from), Some(to)) = (from, to)
            && to <= from
        {
            let mut errors = FieldErrors::new();
            errors.add(
                "to",
                ValidationError::new("The end must be after the start"),
            );
            return Err(errors);
        }
        Ok(EventQuery {
            sport,
            area,
            text,
            starts_from,
            starts_before,
            limit,
            access,
        })
    }
}

fn optional_limit(input: Option<&str>) -> Result<Option<u32>, ValidationError> {
    match input.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_LIMIT).contains(n))
            .map(Some)
            .ok_or_else(|| {
                ValidationError::new(format!("Use a whole number from 1 to {MAX_LIMIT}"))
            }),
    }
}

/// A trimmed, lower-cased needle; blank and the UI's "all" mean no filter.
fn needle(input: Option<&str>) -> Result<Option<String>, ValidationError> {
    let Some(trimmed) = input.map(str::trim) else {
        return Ok(None);
    };
    if trimmed.is_empty() || trimmed.eq_ignore_ascii_case("all") {
        return Ok(None);
    }
    if trimmed.chars().count() > MAX_NEEDLE_CHARS {
        return Err(ValidationError::new(format!(
            "Must be at most {MAX_NEEDLE_CHARS} characters"
        )));
    }
    Ok(Some(trimmed.to_lowercase()))
}

fn optional_day(input: Option<&str>) -> Result<Option<NaiveDate>, ValidationError> {
    match input.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ValidationError::new(DATE_MESSAGE)),
    }
}

enum Edge {
    Start,
    End,
}

fn bound(input: Option<&str>, edge: Edge) -> Result<Option<DateTime<Utc>>, ValidationError> {
    let Some(text) = input.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if let Ok(instant) = DateTime::parse_from_rfc3339(text) {
        return Ok(Some(instant.to_utc()));
    }
    let day = NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| {
        ValidationError::new("Use a date like 2026-12-31 or a time like 2026-12-31T18:00:00Z")
    })?;
    let (start, end) = london::day_bounds(day);
    Ok(Some(match edge {
        Edge::Start => start,
        Edge::End => end,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    fn now() -> DateTime<Utc> {
        utc("2026-11-21T12:00:00Z")
    }

    #[test]
    fn no_filters_lists_upcoming() {
        let query = EventFilter::default().into_query(now()).unwrap();
        assert_eq!(query, EventQuery::upcoming(now()));
        assert!(query.is_unfiltered(now()));
    }

    #[test]
    fn needles_are_trimmed_lowercased_and_all_means_none() {
        let filter = EventFilter {
            sport: Some(" Table Tennis ".into()),
            area: Some("all".into()),
            q: Some("  ".into()),
            ..Default::default()
        };
        let query = filter.into_query(now()).unwrap();
        assert_eq!(query.sport.as_deref(), Some("table tennis"));
        assert_eq!(query.area, None);
        assert_eq!(query.text, None);
        assert!(!query.is_unfiltered(now()));
        assert_eq!(
            query.part_of_whole_list(now()).and_then(|p| p.sport),
            Some("table tennis")
        );
        let in_camden = EventFilter {
            sport: Some("Yoga".into()),
            area: Some("Camden".into()),
            ..Default::default()
        };
        assert_eq!(
            in_camden
                .into_query(now())
                .unwrap()
                .part_of_whole_list(now()),
            None
        );
        assert_eq!(EventQuery::upcoming(now()).part_of_whole_list(now()), None);
    }

    #[test]
    fn a_part_holds_the_sessions_of_its_sport_at_venues_saying_yes() {
        use crate::testing::event;
        use crate::venue::{AccessFact, FactValue};
        use crate::{Category, Venue};
        let mut level = Venue::from_location("Clissold Leisure Centre, Hackney");
        level.access.set(AccessFact::StepFree, FactValue::Yes);
        level.access.set(AccessFact::Lift, FactValue::Unknown);
        let mut swim = event(0, 10, chrono::Duration::days(1));
        swim.category = Category::parse("Swimming").unwrap();
        swim.venue = std::sync::Arc::new(level);
        let step_free = AccessSet::of(&[AccessFact::StepFree]);
        let part = |sport, access| ListPart { sport, access };
        assert!(part(None, step_free).contains(&swim));
        assert!(part(Some("swimming"), step_free).contains(&swim));
        assert!(!part(Some("football"), step_free).contains(&swim));
        assert!(
            !part(None, step_free.with(AccessFact::Lift)).contains(&swim),
            "unknown is not yes"
        );
        let football = event(0, 10, chrono::Duration::days(1));
        assert!(
            !part(None, step_free).contains(&football),
            "nothing checked"
        );
        assert!(part(Some("football"), AccessSet::default()).contains(&football));
    }

    #[test]
    fn access_facts_narrow_the_whole_list_and_unknown_keys_are_refused() {
        use crate::venue::AccessFact;
        let filter = EventFilter {
            access: Some("stepFree,genderNeutralChanging".into()),
            ..Default::default()
        };
        let query = filter.into_query(now()).unwrap();
        let wanted = AccessSet::of(&[AccessFact::StepFree, AccessFact::GenderNeutralChanging]);
        assert_eq!(query.access, wanted);
        assert!(!query.is_unfiltered(now()));
        assert_eq!(
            query.part_of_whole_list(now()),
            Some(ListPart {
                sport: None,
                access: wanted
            })
        );
        let with_sport = EventFilter {
            sport: Some("Swimming".into()),
            access: Some("stepFree".into()),
            ..Default::default()
        }
        .into_query(now())
        .unwrap();
        assert_eq!(
            with_sport.part_of_whole_list(now()),
            Some(ListPart {
                sport: Some("swimming"),
                access: AccessSet::of(&[AccessFact::StepFree])
            })
        );
        let with_date = EventFilter {
            date: Some("2026-11-30".into()),
            access: Some("stepFree".into()),
            ..Default::default()
        }
        .into_query(now())
        .unwrap();
        assert_eq!(
            with_date.part_of_whole_list(now()),
            None,
            "the store answers"
        );
        let blank = EventFilter {
            access: Some(" , ".into()),
            ..Default::default()
        };
        assert!(blank.into_query(now()).unwrap().is_unfiltered(now()));
        let errors = EventFilter {
            access: Some("stepFree,steps".into()),
            ..Default::default()
        }
        .into_query(now())
        .unwrap_err();
        assert!(
            errors
                .get("access")
                .is_some_and(|m| m.contains("Use any of: stepFree, accessibleToilet")),
            "{errors}"
        );
    }

    #[test]
    fn date_is_a_london_day_clipped_to_now() {
        let filter = EventFilter {
            date: Some("2026-11-21".into()),
            ..Default::default()
        };
        let query = filter.into_query(now()).unwrap();
        assert_eq!(query.starts_from, now());
        assert_eq!(query.starts_before, Some(utc("2026-11-22T00:00:00Z")));

        let summer = EventFilter {
            date: Some("2027-07-01".into()),
            ..Default::default()
        };
        let query = summer.into_query(now()).unwrap();
        assert_eq!(query.starts_from, utc("2027-06-30T23:00:00Z"));
        assert_eq!(query.starts_before, Some(utc("2027-07-01T23:00:00Z")));
    }

    #[test]
    fn from_and_to_accept_days_and_instants() {
        let filter = EventFilter {
            from: Some("2026-12-01".into()),
            to: Some("2026-12-02T10:00:00+01:00".into()),
            ..Default::default()
        };
        let query = filter.into_query(now()).unwrap();
        assert_eq!(query.starts_from, utc("2026-12-01T00:00:00Z"));
        assert_eq!(query.starts_before, Some(utc("2026-12-02T09:00:00Z")));

        let to_day = EventFilter {
            to: Some("2026-12-02".into()),
            ..Default::default()
        };
        assert_eq!(
            to_day.into_query(now()).unwrap().starts_before,
            Some(utc("2026-12-03T00:00:00Z"))
        );
    }

    #[test]
    fn bad_input_names_each_field() {
        let filter = EventFilter {
            date: Some("21/11/2026".into()),
            from: Some("soon".into()),
            q: Some("x".repeat(101)),
            ..Default::default()
        };
        let errors = filter.into_query(now()).unwrap_err();
        assert_eq!(errors.get("date"), Some(DATE_MESSAGE));
        assert!(errors.get("from").is_some());
        assert_eq!(errors.get("q"), Some("Must be at most 100 characters"));
        assert_eq!(errors.get("sport"), None);
    }

    #[test]
    fn limit_cuts_the_whole_list_and_is_bounded() {
        let filter = EventFilter {
            limit: Some(" 3 ".into()),
            ..Default::default()
        };
        let query = filter.into_query(now()).unwrap();
        assert_eq!(query.limit, Some(3));
        assert!(query.is_unfiltered(now()), "a cut of the whole list");
        for bad in ["0", "101", "-1", "three", "2.5"] {
            let filter = EventFilter {
                limit: Some(bad.into()),
                ..Default::default()
            };
            assert_eq!(
                filter.into_query(now()).unwrap_err().get("limit"),
                Some("Use a whole number from 1 to 100"),
                "{bad}"
            );
        }
        let later = EventFilter {
            from: Some("2026-12-01".into()),
            ..Default::default()
        };
        assert!(!later.into_query(now()).unwrap().is_unfiltered(now()));
    }

    #[test]
    fn to_before_from_is_rejected() {
        let filter = EventFilter {
            from: Some("2026-12-05".into()),
            to: Some("2026-12-01".into()),
            ..Default::default()
        };
        assert_eq!(
            filter.into_query(now()).unwrap_err().get("to"),
            Some("The end must be after the start")
        );
    }
}
