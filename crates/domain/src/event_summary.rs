//! What the events page shows before a sport is chosen: one card per sport with its number
//! of sessions and the areas it runs in, and every area for the area filter. Summarised on
//! the server so the page never downloads the whole programme to count it.
use crate::event::Event;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SportSummary {
    /// The spelling of the soonest session; sports are grouped ignoring case.
    pub category: String,
    pub event_count: usize,
    /// Distinct areas, alphabetical.
    pub areas: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventsSummary {
    pub event_count: usize,
    /// Alphabetical.
    pub sports: Vec<SportSummary>,
    /// Every distinct area of the summarised sessions, alphabetical.
    pub areas: Vec<String>,
}

impl EventsSummary {
    pub fn of(events: &[Event]) -> Self {
        let mut sports: Vec<SportSummary> = Vec::new();
        let mut areas = Vec::new();
        for event in events {
            let category = event.category.as_str();
            let area = event.area();
            add_distinct(&mut areas, area);
            match sports.iter_mut().find(|s| same(&s.category, category)) {
                Some(sport) => {
                    sport.event_count += 1;
                    add_distinct(&mut sport.areas, area);
                }
                None => sports.push(SportSummary {
                    category: category.to_owned(),
                    event_count: 1,
                    areas: vec![area.to_owned()],
                }),
            }
        }
        sports.sort_by(|a, b| alphabetical(&a.category, &b.category));
        for sport in &mut sports {
            sport.areas.sort_by(|a, b| alphabetical(a, b));
        }
        areas.sort_by(|a, b| alphabetical(a, b));
        Self {
            event_count: events.len(),
            sports,
            areas,
        }
    }
}

fn same(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// Keeps the first spelling of each value, ignoring case; blank areas are left out.
fn add_distinct(values: &mut Vec<String>, value: &str) {
    if !value.is_empty() && !values.iter().any(|v| same(v, value)) {
        values.push(value.to_owned());
    }
}

/// Case-insensitive order, as a person reads a list ("badminton" beside "Basketball").
fn alphabetical(a: &str, b: &str) -> std::cmp::Ordering {
    a.to_lowercase()
        .cmp(&b.to_lowercase())
        .then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::event;

    fn at(category: &str, location: &str) -> Event {
        let mut e = event(0, 20, chrono::Duration::hours(1));
        e.category = crate::Category::parse(category).unwrap();
        e.venue = std::sync::Arc::new(crate::Venue::from_location(location));
        e
    }

    #[test]
    fn counts_sessions_and_areas_per_sport_ignoring_case() {
        let summary = EventsSummary::of(&[
            at("Tennis", "Court 1, Camden"),
            at("Football", "Haggerston Park, Hackney"),
            at("football", "Mabley Green, hackney"),
            at("Football", "Market Road, Islington"),
            at("Tennis", "Regent's Park, Camden"),
        ]);
        assert_eq!(summary.event_count, 5);
        assert_eq!(
            summary.sports,
            vec![
                SportSummary {
                    category: "Football".into(),
                    event_count: 3,
                    areas: vec!["Hackney".into(), "Islington".into()],
                },
                SportSummary {
                    category: "Tennis".into(),
                    event_count: 2,
                    areas: vec!["Camden".into()],
                },
            ]
        );
        assert_eq!(summary.areas, vec!["Camden", "Hackney", "Islington"]);
    }

    #[test]
    fn order_ignores_case_and_a_location_without_a_comma_is_its_own_area() {
        let summary = EventsSummary::of(&[
            at("yoga", "Online"),
            at("Badminton", "Sports Hall, Brent"),
            at("Table Tennis", "brent"),
        ]);
        let names: Vec<_> = summary.sports.iter().map(|s| s.category.as_str()).collect();
        assert_eq!(names, ["Badminton", "Table Tennis", "yoga"]);
        assert_eq!(summary.areas, vec!["Brent", "Online"]);
    }

    #[test]
    fn nothing_to_summarise() {
        assert_eq!(EventsSummary::of(&[]), EventsSummary::default());
    }
}
