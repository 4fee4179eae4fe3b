//! Event reminders: when each of a person's chosen timings is due for a booking, and what
//! the reminder says (ADR 0014).
use chrono::{DateTime, Duration, Utc};

use crate::preferences::{Preferences, REMINDER_TIMINGS};

/// One of the reminder timings a person can choose, in the order of `REMINDER_TIMINGS`
/// (whose strings are the labels, the stored form and the preference values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReminderTiming {
    OneHour,
    FourHours,
    OneDay,
    OneWeek,
}

impl ReminderTiming {
    pub const ALL: [Self; 4] = [Self::OneHour, Self::FourHours, Self::OneDay, Self::OneWeek];

    /// The preference value, stored form and the "{time}" of the message: "1 hour",
    /// "4 hours", "24 hours", "1 week".
    pub fn label(self) -> &'static str {
        REMINDER_TIMINGS[self as usize]
    }

    /// A preference value; `None` for anything not in the list.
    pub fn parse(value: &str) -> Option<Self> {
        REMINDER_TIMINGS
            .iter()
            .position(|t| *t == value)
            .map(|i| Self::ALL[i])
    }

    /// How long before the start the reminder is meant to arrive.
    pub fn offset(self) -> Duration {
        match self {
            Self::OneHour => Duration::hours(1),
            Self::FourHours => Duration::hours(4),
            Self::OneDay => Duration::hours(24),
            Self::OneWeek => Duration::weeks(1),
        }
    }

    /// How late after its moment a reminder is still worth sending (a server that was
    /// down catches up within it): each still leaves at least three quarters of its lead
    /// time, and the windows never overlap, so at most one timing is due at any instant.
    pub fn catch_up_window(self) -> Duration {
        match self {
            Self::OneHour => Duration::minutes(15),
            Self::FourHours => Duration::hours(1),
            Self::OneDay => Duration::hours(6),
            Self::OneWeek => Duration::days(1),
        }
    }

    /// The instant this reminder is meant for an event starting at `starts_at`.
    pub fn moment(self, starts_at: DateTime<Utc>) -> DateTime<Utc> {
        starts_at - self.offset()
    }

    /// The starts, inclusive at both ends, of events whose reminder of this timing may be
    /// due at `now`: the moment has come and its window has not passed. Stores use it to
    /// select candidates.
    pub fn starts_due(self, now: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
        let latest = now + self.offset();
        (latest - self.catch_up_window(), latest)
    }
}

/// What a booking's reminder rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReminderFacts {
    pub starts_at: DateTime<Utc>,
    pub booked_at: DateTime<Utc>,
    pub now: DateTime<Utc>,
}

/// What one live booking's reminders come to at `now`. Each is decided once, at its moment:
/// `send` holds the person's chosen timings that are due, `pass` the timings whose moment
/// has come that this person does not get (not chosen, reminders off, or the booking made
/// after the moment). Stores record both, so a passed timing is never looked at again and a
/// timing chosen after its moment is not sent late.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReminderDecision {
    pub send: Vec<ReminderTiming>,
    pub pass: Vec<ReminderTiming>,
}

/// Decides a booking's reminders. A timing is current when its moment (start minus the
/// offset) has come, the event has not started and the moment passed no longer ago than the
/// timing's window; a current timing is sent when the person has reminders on, chose it,
/// and the booking existed at the moment.
pub fn decide_reminders(preferences: &Preferences, facts: ReminderFacts) -> ReminderDecision {
    let reminders = &preferences.notifications.event_reminders;
    let mut decision = ReminderDecision::default();
    if facts.now >= facts.starts_at {
        return decision;
    }
    for timing in ReminderTiming::ALL {
        let moment = timing.moment(facts.starts_at);
        if moment > facts.now || facts.now - moment > timing.catch_up_window() {
            continue;
        }
        let wanted = reminders.enabled
            && reminders
                .timing
                .iter()
                .any(|chosen| chosen == timing.label())
            && facts.booked_at <= moment;
        if wanted {
            decision.send.push(timing);
        } else {
            decision.pass.push(timing);
        }
    }
    decision
}

/// Whether the person also wants the reminder by email (the in-app notification is always
/// written when reminders are on).
pub fn wants_email(preferences: &Preferences) -> bool {
    preferences
        .notifications
        .methods
        .iter()
        .any(|m| m == "email")
}

/// The notification's title.
pub const REMINDER_TITLE: &str = "Event Reminder";

/// The spec's message: 'Reminder: "{title}" starts in {time}!'.
pub fn reminder_message(title: &str, timing: ReminderTiming) -> String {
    format!("Reminder: \"{title}\" starts in {}!", timing.label())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(rfc3339: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(rfc3339)
            .unwrap()
            .with_timezone(&Utc)
    }

    const START: &str = "2026-12-10T18:00:00Z";

    fn facts(now: DateTime<Utc>) -> ReminderFacts {
        ReminderFacts {
            starts_at: at(START),
            booked_at: at("2026-11-01T09:00:00Z"),
            now,
        }
    }

    fn choosing(timings: &[&str]) -> Preferences {
        let mut p = Preferences::default();
        p.notifications.event_reminders.timing = timings.iter().map(|t| (*t).into()).collect();
        p
    }

    fn sent(p: &Preferences, facts: ReminderFacts) -> Vec<ReminderTiming> {
        decide_reminders(p, facts).send
    }

    fn all_timings() -> Preferences {
        choosing(&REMINDER_TIMINGS)
    }

    #[test]
    fn timings_are_the_preference_list_in_order() {
        let labels: Vec<&str> = ReminderTiming::ALL.iter().map(|t| t.label()).collect();
        assert_eq!(labels, REMINDER_TIMINGS);
        for t in ReminderTiming::ALL {
            assert_eq!(ReminderTiming::parse(t.label()), Some(t));
        }
        assert_eq!(ReminderTiming::parse("2 hours"), None);
        assert_eq!(ReminderTiming::parse("1 Hour"), None);
    }

    #[test]
    fn windows_never_overlap_and_keep_three_quarters_of_the_lead() {
        for pair in ReminderTiming::ALL.windows(2) {
            let (shorter, longer) = (pair[0], pair[1]);
            // The longer timing's window closes before the shorter one's moment.
            assert!(longer.offset() - longer.catch_up_window() > shorter.offset());
        }
        for t in ReminderTiming::ALL {
            assert!(t.catch_up_window() * 4 <= t.offset(), "{t:?}");
        }
    }

    #[test]
    fn due_exactly_at_the_moment_and_at_the_end_of_the_window() {
        let p = all_timings();
        assert_eq!(
            sent(&p, facts(at("2026-12-10T17:00:00Z"))),
            [ReminderTiming::OneHour]
        );
        assert_eq!(
            sent(&p, facts(at("2026-12-10T17:15:00Z"))),
            [ReminderTiming::OneHour]
        );
        assert_eq!(
            sent(&p, facts(at("2026-12-09T18:00:00Z"))),
            [ReminderTiming::OneDay]
        );
        assert_eq!(
            sent(&p, facts(at("2026-12-03T18:00:00Z"))),
            [ReminderTiming::OneWeek]
        );
        assert_eq!(
            sent(&p, facts(at("2026-12-10T14:30:00Z"))),
            [ReminderTiming::FourHours]
        );
    }

    #[test]
    fn not_due_before_the_moment_or_past_the_window() {
        let p = all_timings();
        for now in [
            "2026-12-10T16:59:59Z", // a second before the 1 hour moment
            "2026-12-10T17:15:01Z", // a second past its 15 minute window
            "2026-12-10T15:00:01Z", // past the 4 hours window
            "2026-12-10T00:00:01Z", // past the 24 hours window
            "2026-12-04T18:00:01Z", // past the 1 week window
            "2026-11-20T18:00:00Z", // long before any moment
        ] {
            assert!(sent(&p, facts(at(now))).is_empty(), "{now}");
        }
    }

    #[test]
    fn never_once_the_event_has_started() {
        let p = all_timings();
        assert!(sent(&p, facts(at(START))).is_empty());
        assert!(sent(&p, facts(at("2026-12-10T18:05:00Z"))).is_empty());
    }

    #[test]
    fn a_booking_made_after_the_moment_does_not_get_that_reminder() {
        let p = all_timings();
        let now = at("2026-12-10T17:05:00Z");
        let mut late = facts(now);
        late.booked_at = at("2026-12-10T17:00:01Z");
        assert!(sent(&p, late).is_empty());
        // Made exactly at the moment: it existed then.
        late.booked_at = at("2026-12-10T17:00:00Z");
        assert_eq!(sent(&p, late), [ReminderTiming::OneHour]);
    }

    #[test]
    fn only_chosen_timings_and_none_when_disabled() {
        let now = at("2026-12-10T17:00:00Z");
        assert!(sent(&choosing(&["24 hours"]), facts(now)).is_empty());
        assert!(sent(&choosing(&[]), facts(now)).is_empty());
        let mut off = all_timings();
        off.notifications.event_reminders.enabled = false;
        assert!(sent(&off, facts(now)).is_empty());
    }

    #[test]
    fn a_current_timing_not_sent_is_passed_and_nothing_else_is() {
        let now = at("2026-12-10T17:00:00Z"); // the 1 hour moment
        let decided = |p: &Preferences, f: ReminderFacts| {
            let d = decide_reminders(p, f);
            (d.send, d.pass)
        };
        let one_hour = vec![ReminderTiming::OneHour];
        assert_eq!(
            decided(&all_timings(), facts(now)),
            (one_hour.clone(), vec![])
        );
        assert_eq!(
            decided(&choosing(&["24 hours"]), facts(now)),
            (vec![], one_hour.clone())
        );
        let mut off = all_timings();
        off.notifications.event_reminders.enabled = false;
        assert_eq!(decided(&off, facts(now)), (vec![], one_hour.clone()));
        let mut late = facts(now);
        late.booked_at = now + Duration::seconds(1);
        assert_eq!(decided(&all_timings(), late), (vec![], one_hour));
        // Nothing is current between moments, past a window, or once the event started.
        for now in ["2026-12-10T16:59:59Z", "2026-12-10T17:15:01Z", START] {
            assert_eq!(decided(&off, facts(at(now))), (vec![], vec![]), "{now}");
        }
    }

    #[test]
    fn defaults_are_24_hours_and_1_hour_by_email() {
        let p = Preferences::default();
        assert_eq!(
            sent(&p, facts(at("2026-12-09T18:00:00Z"))),
            [ReminderTiming::OneDay]
        );
        assert!(sent(&p, facts(at("2026-12-10T14:00:00Z"))).is_empty());
        assert!(wants_email(&p));
        let mut browser_only = p;
        browser_only.notifications.methods = vec!["browser".into()];
        assert!(!wants_email(&browser_only));
    }

    #[test]
    fn starts_due_brackets_exactly_the_events_whose_reminder_is_due() {
        let now = at("2026-12-10T17:00:00Z");
        let (earliest, latest) = ReminderTiming::OneHour.starts_due(now);
        assert_eq!(earliest, at("2026-12-10T17:45:00Z"));
        assert_eq!(latest, at("2026-12-10T18:00:00Z"));
        for t in ReminderTiming::ALL {
            let (earliest, latest) = t.starts_due(now);
            for start in [earliest, latest] {
                let f = ReminderFacts {
                    starts_at: start,
                    booked_at: start - Duration::weeks(2),
                    now,
                };
                assert_eq!(sent(&all_timings(), f), [t]);
            }
        }
    }

    #[test]
    fn the_message_uses_the_timings_own_label() {
        assert_eq!(
            reminder_message("Yoga in the Park", ReminderTiming::OneDay),
            "Reminder: \"Yoga in the Park\" starts in 24 hours!"
        );
        assert_eq!(
            reminder_message("Swim", ReminderTiming::OneWeek),
            "Reminder: \"Swim\" starts in 1 week!"
        );
    }
}
