//! The organisation lives in London: calendar days and wall-clock times mean Europe/London,
//! while everything stored and sent is UTC.
use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Europe::London;

/// The UTC instant of a London wall-clock time. In the spring-forward gap (01:00-02:00 on
/// the last Sunday of March) the clock reading does not exist; we take the instant an hour
/// later, which is what a person arriving by that clock would mean.
pub fn to_utc(local: NaiveDateTime) -> DateTime<Utc> {
    match London.from_local_datetime(&local) {
        LocalResult::Single(t) => t.with_timezone(&Utc),
        // Autumn fall-back repeats 01:00-02:00: the first occurrence is the natural reading.
        LocalResult::Ambiguous(first, _) => first.with_timezone(&Utc),
        LocalResult::None => to_utc(local + Duration::hours(1)),
    }
}

/// The London calendar day containing `instant`.
pub fn day_of(instant: DateTime<Utc>) -> NaiveDate {
    instant.with_timezone(&London).date_naive()
}

/// The London wall-clock time of `instant`.
pub fn time_of(instant: DateTime<Utc>) -> chrono::NaiveTime {
    instant.with_timezone(&London).time()
}

/// `[start, end)` in UTC of a London calendar day (23 or 25 hours long on clock-change days).
pub fn day_bounds(day: NaiveDate) -> (DateTime<Utc>, DateTime<Utc>) {
    let start = to_utc(day.and_time(chrono::NaiveTime::MIN));
    let next = day.succ_opt().unwrap_or(day);
    (start, to_utc(next.and_time(chrono::NaiveTime::MIN)))
}

/// `[start, end)` in UTC of the London calendar month containing `instant`.
pub fn month_bounds(instant: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
    let day = day_of(instant);
    let first = day.with_day(1).unwrap_or(day);
    let next_first = if first.month() == 12 {
        NaiveDate::from_ymd_opt(first.year() + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(first.year(), first.month() + 1, 1)
    }
    .unwrap_or(first);
    (day_bounds(first).0, day_bounds(next_first).0)
}

/// A long en-GB date and time in London, as emails show it: "Tuesday 1 December 2026, 18:30".
pub fn format_long(instant: DateTime<Utc>) -> String {
    instant
        .with_timezone(&London)
        .format("%A %-d %B %Y, %H:%M")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn long_format_is_london_time() {
        assert_eq!(
            format_long(utc("2026-12-01T18:30:00Z")),
            "Tuesday 1 December 2026, 18:30"
        );
        assert_eq!(
            format_long(utc("2027-07-01T17:30:00Z")),
            "Thursday 1 July 2027, 18:30"
        );
    }

    #[test]
    fn winter_day_is_utc_aligned() {
        assert_eq!(
            day_bounds(date(2026, 12, 1)),
            (utc("2026-12-01T00:00:00Z"), utc("2026-12-02T00:00:00Z"))
        );
    }

    #[test]
    fn summer_day_starts_at_23_utc_the_evening_before() {
        assert_eq!(
            day_bounds(date(2026, 7, 1)),
            (utc("2026-06-30T23:00:00Z"), utc("2026-07-01T23:00:00Z"))
        );
    }

    #[test]
    fn clock_change_days_are_23_and_25_hours() {
        let (s, e) = day_bounds(date(2026, 3, 29));
        assert_eq!(e - s, Duration::hours(23));
        let (s, e) = day_bounds(date(2026, 10, 25));
        assert_eq!(e - s, Duration::hours(25));
    }

    #[test]
    fn spring_gap_moves_forward_an_hour() {
        let gap = date(2026, 3, 29).and_hms_opt(1, 30, 0).unwrap();
        assert_eq!(to_utc(gap), utc("2026-03-29T01:30:00Z"));
    }

    #[test]
    fn late_evening_utc_in_summer_is_next_london_day() {
        assert_eq!(day_of(utc("2026-07-01T23:30:00Z")), date(2026, 7, 2));
    }

    #[test]
    fn month_bounds_follow_london_time() {
        // 23:30 UTC on 31 May is already June in London.
        let (start, end) = month_bounds(utc("2026-05-31T23:30:00Z"));
        assert_eq!(start, utc("2026-05-31T23:00:00Z"));
        assert_eq!(end, utc("2026-06-30T23:00:00Z"));
        let (start, end) = month_bounds(utc("2026-12-15T12:00:00Z"));
        assert_eq!(start, utc("2026-12-01T00:00:00Z"));
        assert_eq!(end, utc("2027-01-01T00:00:00Z"));
    }
}
