//! "A session you'd like was just added": who gets a digest of newly published sessions,
//! how often, which sessions it lists, and its unsubscribe link (ADR 0015). Days and times
//! are read in London with the recommendation bands.
use chrono::{DateTime, Duration, Utc};

use crate::event::Event;
use crate::ids::UserId;
use crate::london;
use crate::preferences::{FREQUENCIES, Preferences};
use crate::recommendation::{TimeBand, day_label};

/// How often a person who opted in may get a digest, in the order of `FREQUENCIES`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DigestFrequency {
    Daily,
    Weekly,
    BiWeekly,
}

impl DigestFrequency {
    pub const ALL: [Self; 3] = [Self::Daily, Self::Weekly, Self::BiWeekly];

    /// The preference value: "daily", "weekly", "bi-weekly".
    pub fn label(self) -> &'static str {
        FREQUENCIES[self as usize]
    }

    /// A preference value; `None` for anything not in the list.
    pub fn parse(value: &str) -> Option<Self> {
        FREQUENCIES
            .iter()
            .position(|f| *f == value)
            .map(|i| Self::ALL[i])
    }

    /// The least time between two digests to one person.
    pub fn period(self) -> Duration {
        match self {
            Self::Daily => Duration::days(1),
            Self::Weekly => Duration::days(7),
            Self::BiWeekly => Duration::days(14),
        }
    }
}

/// The longest period: no digest lists a session published longer ago than this.
pub const LONGEST_PERIOD: Duration = Duration::days(14);
/// The shortest period: anyone sent a digest more recently than this is never due.
pub const SHORTEST_PERIOD: Duration = Duration::days(1);
/// How many sessions one digest lists at most (soonest first).
pub const MAX_LISTED: usize = 10;

/// The person's digest frequency when they want digests at all: recommendations on, at
/// least one favourite sport and a known frequency.
pub fn wanted_frequency(preferences: &Preferences) -> Option<DigestFrequency> {
    let recommendations = &preferences.notifications.recommendations;
    if !recommendations.enabled || preferences.sports.favorites.is_empty() {
        return None;
    }
    DigestFrequency::parse(&recommendations.frequency)
}

/// Whether a digest may go now: a whole period has passed since the last one, or, for a
/// first digest, since the account was made (so nobody gets one on the day they join).
pub fn digest_due(
    last_sent: Option<DateTime<Utc>>,
    joined_at: DateTime<Utc>,
    frequency: DigestFrequency,
    now: DateTime<Utc>,
) -> bool {
    now - last_sent.unwrap_or(joined_at) >= frequency.period()
}

/// Sessions published after this instant are new to the person: those since their last
/// digest (a sweep that missed some while the server was down catches up), or since they
/// joined for a first one. Callers never look further back than [`LONGEST_PERIOD`].
pub fn published_since(
    last_sent: Option<DateTime<Utc>>,
    joined_at: DateTime<Utc>,
) -> DateTime<Utc> {
    last_sent.unwrap_or(joined_at)
}

/// Whether a session suits the person: one of their favourite sports, on one of their
/// days (Flexible is any day) and in one of their time bands, in London.
pub fn matches(event: &Event, preferences: &Preferences) -> bool {
    let favourite = preferences
        .sports
        .favorites
        .iter()
        .any(|f| event.category.matches(f));
    let days = &preferences.availability.days;
    let day = days
        .iter()
        .any(|d| d == "Flexible" || d == day_label(event.starts_at));
    let band = TimeBand::of(london::time_of(event.starts_at)).label();
    let time = preferences.availability.times.iter().any(|t| t == band);
    favourite && day && time
}

/// The notification's title and the email's subject.
pub const DIGEST_TITLE: &str = "New sessions for you";
pub const DIGEST_SUBJECT: &str = "New sessions you might like";

/// "2 new sessions match your preferences." (1 session, singular).
pub fn digest_message(count: usize) -> String {
    if count == 1 {
        "1 new session matches your preferences.".into()
    } else {
        format!("{count} new sessions match your preferences.")
    }
}

/// What a session-alert unsubscribe link's signature covers besides its subject, so a
/// marketing link (or any other) never works for this list, nor this one for marketing.
pub const SESSION_ALERTS_PURPOSE: &str = "session-alerts";
/// How long a session-alert unsubscribe link works: longer than the longest period, so the
/// most recent digest's link always does.
pub const ALERT_LINK_VALID_FOR: Duration = Duration::days(60);
pub const ALERTS_UNSUBSCRIBED: &str =
    "You will no longer receive new session emails and notifications from PlaySpace.";

/// The signed part of a session-alert link: the person and when the link stops working.
pub fn alert_link_subject(user: UserId, now: DateTime<Utc>) -> String {
    format!("{user}:{}", (now + ALERT_LINK_VALID_FOR).timestamp())
}

/// The person a verified session-alert subject names, unless it has expired or is not one.
pub fn alert_link_person(subject: &str, now: DateTime<Utc>) -> Option<UserId> {
    let (user, expires) = subject.split_once(':')?;
    let expires = DateTime::from_timestamp(expires.parse().ok()?, 0)?;
    if now >= expires {
        return None;
    }
    user.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Category;
    use crate::testing::event;

    fn at(rfc3339: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().to_utc()
    }

    fn prefs(favourites: &[&str], days: &[&str], times: &[&str]) -> Preferences {
        let mut p = Preferences::default();
        p.notifications.recommendations.enabled = true;
        p.sports.favorites = favourites.iter().map(|s| (*s).into()).collect();
        p.availability.days = days.iter().map(|s| (*s).into()).collect();
        p.availability.times = times.iter().map(|s| (*s).into()).collect();
        p
    }

    fn football_at(rfc3339: &str) -> Event {
        let mut e = event(0, 20, Duration::days(1));
        e.category = Category::parse("Football").unwrap();
        e.starts_at = at(rfc3339);
        e
    }

    #[test]
    fn frequencies_are_the_preference_list_in_order() {
        let labels: Vec<&str> = DigestFrequency::ALL.iter().map(|f| f.label()).collect();
        assert_eq!(labels, FREQUENCIES);
        for f in DigestFrequency::ALL {
            assert_eq!(DigestFrequency::parse(f.label()), Some(f));
        }
        assert_eq!(DigestFrequency::parse("Daily"), None);
        assert_eq!(DigestFrequency::parse("monthly"), None);
        assert_eq!(DigestFrequency::Daily.period(), SHORTEST_PERIOD);
        assert_eq!(DigestFrequency::BiWeekly.period(), LONGEST_PERIOD);
    }

    #[test]
    fn due_exactly_at_the_period_and_not_a_second_before() {
        let last = at("2026-12-01T09:00:00Z");
        let joined = at("2026-01-01T00:00:00Z");
        for (f, days) in [
            (DigestFrequency::Daily, 1),
            (DigestFrequency::Weekly, 7),
            (DigestFrequency::BiWeekly, 14),
        ] {
            let edge = last + Duration::days(days);
            assert!(digest_due(Some(last), joined, f, edge), "{f:?}");
            assert!(
                !digest_due(Some(last), joined, f, edge - Duration::seconds(1)),
                "{f:?}"
            );
            assert!(digest_due(Some(last), joined, f, edge + Duration::days(30)));
        }
    }

    #[test]
    fn a_first_digest_waits_a_period_from_joining() {
        let joined = at("2026-12-01T09:00:00Z");
        let f = DigestFrequency::Weekly;
        assert!(!digest_due(None, joined, f, joined + Duration::days(6)));
        assert!(digest_due(None, joined, f, joined + Duration::days(7)));
    }

    #[test]
    fn published_since_the_last_digest_or_joining_for_a_first() {
        let joined = at("2026-12-01T09:00:00Z");
        let last = at("2026-12-10T09:00:00Z");
        assert_eq!(published_since(Some(last), joined), last);
        assert_eq!(published_since(None, joined), joined);
    }

    #[test]
    fn only_people_opted_in_with_a_favourite_want_digests() {
        let p = prefs(&["Football"], &["Flexible"], &["Evening"]);
        assert_eq!(wanted_frequency(&p), Some(DigestFrequency::Weekly));
        let mut off = p.clone();
        off.notifications.recommendations.enabled = false;
        assert_eq!(wanted_frequency(&off), None);
        let no_favourites = prefs(&[], &["Flexible"], &["Evening"]);
        assert_eq!(wanted_frequency(&no_favourites), None);
        let mut odd = p;
        odd.notifications.recommendations.frequency = "hourly".into();
        assert_eq!(wanted_frequency(&odd), None);
    }

    #[test]
    fn matches_need_a_favourite_a_day_and_a_time() {
        // Thursday 10 December 2026, 18:00 in London (GMT): a weekday evening.
        let e = football_at("2026-12-10T18:00:00Z");
        assert!(matches(
            &e,
            &prefs(&["football"], &["Weekdays"], &["Evening"])
        ));
        assert!(!matches(
            &e,
            &prefs(&["Tennis"], &["Weekdays"], &["Evening"])
        ));
        assert!(!matches(
            &e,
            &prefs(&["Football"], &["Weekends"], &["Evening"])
        ));
        assert!(!matches(
            &e,
            &prefs(&["Football"], &["Weekdays"], &["Morning"])
        ));
        assert!(!matches(&e, &prefs(&["Football"], &[], &["Evening"])));
        assert!(!matches(&e, &prefs(&["Football"], &["Weekdays"], &[])));
    }

    #[test]
    fn flexible_is_any_day() {
        let p = prefs(&["Football"], &["Flexible"], &["Evening"]);
        assert!(matches(&football_at("2026-12-10T18:00:00Z"), &p)); // Thursday
        assert!(matches(&football_at("2026-12-12T18:00:00Z"), &p)); // Saturday
    }

    #[test]
    fn day_and_band_edges_are_read_in_london() {
        let weekend_evening = prefs(&["Football"], &["Weekends"], &["Evening"]);
        // Sunday 23:30 UTC in summer is Monday 00:30 in London: a weekday.
        assert!(!matches(
            &football_at("2026-06-14T23:30:00Z"),
            &prefs(&["Football"], &["Weekends"], &["Late Night"])
        ));
        // Saturday 17:00 London is Evening, 16:59 is Afternoon, 21:00 is Late Night.
        assert!(matches(
            &football_at("2026-12-12T17:00:00Z"),
            &weekend_evening
        ));
        assert!(!matches(
            &football_at("2026-12-12T16:59:00Z"),
            &weekend_evening
        ));
        assert!(!matches(
            &football_at("2026-12-12T21:00:00Z"),
            &weekend_evening
        ));
        // 16:00 UTC in summer is 17:00 in London.
        assert!(matches(
            &football_at("2026-06-13T16:00:00Z"),
            &weekend_evening
        ));
        let morning = prefs(&["Football"], &["Flexible"], &["Morning"]);
        assert!(matches(&football_at("2026-12-12T11:59:00Z"), &morning));
        assert!(!matches(&football_at("2026-12-12T12:00:00Z"), &morning));
    }

    #[test]
    fn the_message_counts_the_sessions() {
        assert_eq!(digest_message(1), "1 new session matches your preferences.");
        assert_eq!(digest_message(3), "3 new sessions match your preferences.");
    }

    #[test]
    fn an_alert_link_names_its_person_until_it_expires() {
        let ana = UserId::new();
        let made = at("2026-12-01T09:00:00Z");
        let subject = alert_link_subject(ana, made);
        assert_eq!(alert_link_person(&subject, made), Some(ana));
        let expires = made + ALERT_LINK_VALID_FOR;
        assert_eq!(
            alert_link_person(&subject, expires - Duration::seconds(1)),
            Some(ana)
        );
        assert_eq!(alert_link_person(&subject, expires), None);
        for garbage in [
            "",
            ":",
            &ana.to_string(),
            &format!("{ana}:soon"),
            &format!("not-a-user:{}", expires.timestamp()),
        ] {
            assert_eq!(alert_link_person(garbage, made), None, "{garbage}");
        }
    }
}
