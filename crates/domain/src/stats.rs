//! The overview's figures: which stretch of time each one counts, in London's calendar.
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};

use crate::london;

/// Charts show this many weeks (and months).
pub const CHART_PERIODS: usize = 12;

/// One bucket of a chart: its label and `[start, end)` in UTC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// "2026-11-23" for a week (its Monday), "2026-11" for a month.
    pub label: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// The instants the overview counts from, worked out once per request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatsWindows {
    pub now: DateTime<Utc>,
    /// The start of this London month ("new this month", "revenue this month").
    pub month_start: DateTime<Utc>,
    /// A week from now ("upcoming this week").
    pub week_ahead: DateTime<Utc>,
    /// The last 12 London weeks (Monday to Monday), oldest first; the last is this week.
    pub weeks: Vec<Period>,
    /// The last 12 London months, oldest first; the last is this month.
    pub months: Vec<Period>,
}

impl StatsWindows {
    pub fn at(now: DateTime<Utc>) -> Self {
        let today = london::day_of(now);
        let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
        let weeks = (0..CHART_PERIODS)
            .rev()
            .map(|ago| {
                let start = monday - Duration::weeks(ago as i64);
                Period {
                    label: start.format("%Y-%m-%d").to_string(),
                    start: london::day_bounds(start).0,
                    end: london::day_bounds(start + Duration::weeks(1)).0,
                }
            })
            .collect();
        let first_of_month = today.with_day(1).unwrap_or(today);
        let months = (0..CHART_PERIODS)
            .rev()
            .map(|ago| {
                let start = months_before(first_of_month, ago as u32);
                Period {
                    label: start.format("%Y-%m").to_string(),
                    start: london::day_bounds(start).0,
                    end: london::day_bounds(
                        start
                            .checked_add_months(chrono::Months::new(1))
                            .unwrap_or(start),
                    )
                    .0,
                }
            })
            .collect();
        Self {
            now,
            month_start: london::month_bounds(now).0,
            week_ahead: now + Duration::days(7),
            weeks,
            months,
        }
    }

    /// Where the charts begin: the Monday 11 weeks before this one.
    pub fn charts_from(&self) -> DateTime<Utc> {
        self.weeks.first().map_or(self.now, |w| w.start)
    }
}

fn months_before(first: NaiveDate, n: u32) -> NaiveDate {
    first
        .checked_sub_months(chrono::Months::new(n))
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    #[test]
    fn twelve_london_weeks_from_monday_oldest_first() {
        // Tuesday 24 November 2026, 10:00 GMT.
        let w = StatsWindows::at(utc("2026-11-24T10:00:00Z"));
        assert_eq!(w.weeks.len(), 12);
        assert_eq!(w.weeks[11].label, "2026-11-23");
        assert_eq!(w.weeks[11].start, utc("2026-11-23T00:00:00Z"));
        assert_eq!(w.weeks[11].end, utc("2026-11-30T00:00:00Z"));
        assert_eq!(w.weeks[0].label, "2026-09-07");
        // British Summer Time: Monday 7 September starts at 23:00 UTC on the Sunday.
        assert_eq!(w.weeks[0].start, utc("2026-09-06T23:00:00Z"));
        assert!(
            w.weeks.windows(2).all(|p| p[0].end == p[1].start),
            "no gaps"
        );
        assert_eq!(w.charts_from(), w.weeks[0].start);
    }

    #[test]
    fn twelve_months_and_this_month() {
        let w = StatsWindows::at(utc("2026-11-24T10:00:00Z"));
        let labels: Vec<&str> = w.months.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(labels[0], "2025-12");
        assert_eq!(labels[11], "2026-11");
        assert_eq!(w.months[11].end, utc("2026-12-01T00:00:00Z"));
        assert!(w.months.windows(2).all(|p| p[0].end == p[1].start));
        assert_eq!(w.month_start, utc("2026-11-01T00:00:00Z"));
        assert_eq!(w.week_ahead, utc("2026-12-01T10:00:00Z"));
        // A Monday just after midnight in London (BST) is already the new week.
        let w = StatsWindows::at(utc("2026-06-14T23:30:00Z"));
        assert_eq!(w.weeks[11].label, "2026-06-15");
    }
}
