//! Recurring sessions: "every Tuesday 18:30 until 31 March" becomes a run of ordinary
//! events, each with its own capacity and bookings. Dates and times are London's.
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};

use crate::london;
use crate::validation::{FieldErrors, ValidationError};

/// A series makes at most this many sessions (two years of weekly sessions).
pub const MAX_SESSIONS: usize = 104;

/// The repeat rule as an admin typed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeriesForm {
    /// "YYYY-MM-DD": the first session's London date (its weekday repeats).
    pub first_date: String,
    /// "HH:MM", London time.
    pub time: String,
    /// 1 (weekly) or 2 (fortnightly).
    pub interval_weeks: i64,
    /// "YYYY-MM-DD", inclusive.
    pub until: String,
    /// London dates to leave out ("YYYY-MM-DD").
    pub skip_dates: Vec<String>,
}

/// A valid repeat rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesRule {
    pub first_date: NaiveDate,
    pub time: NaiveTime,
    pub interval_weeks: u32,
    pub until: NaiveDate,
    pub skip: Vec<NaiveDate>,
}

impl SeriesForm {
    /// Checks the rule, reporting into `errors`; `today` is London's, and the first session
    /// may not be in the past.
    pub fn validate(&self, today: NaiveDate, errors: &mut FieldErrors) -> Option<SeriesRule> {
        let first = errors.check(
            "firstDate",
            day(&self.first_date, "Please choose the first date"),
        );
        let first = first.filter(|d| {
            let ok = *d >= today;
            if !ok {
                errors.add(
                    "firstDate",
                    ValidationError::new("The first session can't be in the past"),
                );
            }
            ok
        });
        let time = errors.check(
            "time",
            NaiveTime::parse_from_str(self.time.trim(), "%H:%M")
                .map_err(|_| ValidationError::new("Please enter a time like 18:30")),
        );
        let interval = errors.check(
            "intervalWeeks",
            match self.interval_weeks {
                1 => Ok(1),
                2 => Ok(2),
                _ => Err(ValidationError::new("Repeat every week or every 2 weeks")),
            },
        );
        let until = errors.check("until", day(&self.until, "Please choose the last date"));
        let skip = errors.check(
            "skipDates",
            self.skip_dates
                .iter()
                .map(|d| day(d, "Skipped dates must look like 2026-12-22"))
                .collect::<Result<Vec<_>, _>>(),
        );
        let rule = SeriesRule {
            first_date: first?,
            time: time?,
            interval_weeks: interval?,
            until: until?,
            skip: skip?,
        };
        if rule.until < rule.first_date {
            errors.add(
                "until",
                ValidationError::new("The last date must be on or after the first date"),
            );
            return None;
        }
        let count = rule.dates().len();
        if count == 0 {
            errors.add(
                "skipDates",
                ValidationError::new("Every date is skipped: nothing to create"),
            );
            return None;
        }
        if count > MAX_SESSIONS {
            errors.add(
                "until",
                ValidationError::new(format!("A series can have at most {MAX_SESSIONS} sessions")),
            );
            return None;
        }
        Some(rule)
    }
}

impl SeriesRule {
    /// The London dates of the sessions, skipped dates left out. Stops counting just past
    /// the cap so an absurd end date costs nothing.
    pub fn dates(&self) -> Vec<NaiveDate> {
        let step = Duration::weeks(i64::from(self.interval_weeks));
        std::iter::successors(Some(self.first_date), |d| d.checked_add_signed(step))
            .take_while(|d| *d <= self.until)
            .filter(|d| !self.skip.contains(d))
            .take(MAX_SESSIONS + 1)
            .collect()
    }

    /// Each session's start in UTC: the same London wall-clock time every week, whatever
    /// the clocks do.
    pub fn starts(&self) -> Vec<DateTime<Utc>> {
        self.dates()
            .into_iter()
            .map(|d| london::to_utc(d.and_time(self.time)))
            .collect()
    }
}

fn day(input: &str, message: &str) -> Result<NaiveDate, ValidationError> {
    NaiveDate::parse_from_str(input.trim(), "%Y-%m-%d").map_err(|_| ValidationError::new(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn form(first: &str, until: &str) -> SeriesForm {
        SeriesForm {
            first_date: first.into(),
            time: "18:30".into(),
            interval_weeks: 1,
            until: until.into(),
            skip_dates: vec![],
        }
    }

    fn rule(f: &SeriesForm) -> Result<SeriesRule, FieldErrors> {
        let mut errors = FieldErrors::new();
        f.validate(date("2026-11-24"), &mut errors).ok_or(errors)
    }

    #[test]
    fn every_tuesday_until_the_end_of_march_at_the_same_london_time() {
        let r = rule(&form("2026-12-01", "2027-03-31")).unwrap();
        let starts = r.starts();
        assert_eq!(starts.len(), 18);
        assert_eq!(starts[0].to_rfc3339(), "2026-12-01T18:30:00+00:00");
        // 30 March 2027 is after the clocks go forward: 18:30 BST is 17:30 UTC.
        assert_eq!(
            starts.last().unwrap().to_rfc3339(),
            "2027-03-30T17:30:00+00:00"
        );
        assert!(
            r.dates()
                .iter()
                .all(|d| d.format("%a").to_string() == "Tue")
        );
    }

    #[test]
    fn the_last_date_is_included_and_dates_can_be_skipped() {
        let mut f = form("2026-12-01", "2026-12-29");
        assert_eq!(rule(&f).unwrap().dates().len(), 5);
        f.skip_dates = vec!["2026-12-22".into(), "2026-12-29".into()];
        assert_eq!(
            rule(&f).unwrap().dates(),
            vec![date("2026-12-01"), date("2026-12-08"), date("2026-12-15")]
        );
    }

    #[test]
    fn fortnightly() {
        let mut f = form("2026-12-01", "2026-12-29");
        f.interval_weeks = 2;
        assert_eq!(
            rule(&f).unwrap().dates(),
            vec![date("2026-12-01"), date("2026-12-15"), date("2026-12-29")]
        );
    }

    #[test]
    fn at_most_104_sessions() {
        assert_eq!(
            rule(&form("2026-12-01", "2028-11-21"))
                .unwrap()
                .dates()
                .len(),
            104
        );
        for too_far in ["2028-11-28", "2099-01-01"] {
            assert_eq!(
                rule(&form("2026-12-01", too_far)).unwrap_err().get("until"),
                Some("A series can have at most 104 sessions")
            );
        }
    }

    #[test]
    fn broken_rules_have_messages() {
        let errors = rule(&SeriesForm {
            first_date: "soon".into(),
            time: "6pm".into(),
            interval_weeks: 3,
            until: String::new(),
            skip_dates: vec!["22/12".into()],
        })
        .unwrap_err();
        assert_eq!(
            errors.get("firstDate"),
            Some("Please choose the first date")
        );
        assert_eq!(errors.get("time"), Some("Please enter a time like 18:30"));
        assert_eq!(
            errors.get("intervalWeeks"),
            Some("Repeat every week or every 2 weeks")
        );
        assert_eq!(errors.get("until"), Some("Please choose the last date"));
        assert_eq!(
            errors.get("skipDates"),
            Some("Skipped dates must look like 2026-12-22")
        );
        assert_eq!(
            rule(&form("2026-12-08", "2026-12-01"))
                .unwrap_err()
                .get("until"),
            Some("The last date must be on or after the first date")
        );
        assert_eq!(
            rule(&form("2026-11-23", "2026-12-01"))
                .unwrap_err()
                .get("firstDate"),
            Some("The first session can't be in the past")
        );
        let mut all_skipped = form("2026-12-01", "2026-12-01");
        all_skipped.skip_dates = vec!["2026-12-01".into()];
        assert_eq!(
            rule(&all_skipped).unwrap_err().get("skipDates"),
            Some("Every date is skipped: nothing to create")
        );
    }
}
