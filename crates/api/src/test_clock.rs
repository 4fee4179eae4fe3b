//! The browser tests' clock (`TEST_CLOCK=on`, refused unless the site is served on this
//! machine): real time plus an offset the tests set through `POST /api/test/clock`, so a
//! test can see a reminder arrive without waiting hours. Never in production: the config
//! refuses it for a public address, and without it the route answers 404.
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Duration, Utc};
use playspace_ports::Clock;

/// The furthest the tests may move time either way.
pub const MAX_OFFSET_SECONDS: i64 = 366 * 24 * 3600;

#[derive(Debug, Default)]
pub struct ShiftedClock {
    offset_seconds: AtomicI64,
}

impl ShiftedClock {
    /// Moves the clock to real time plus `seconds` (0 puts it back); `None` when out of range.
    pub fn set_offset(&self, seconds: i64) -> Option<DateTime<Utc>> {
        if !(-MAX_OFFSET_SECONDS..=MAX_OFFSET_SECONDS).contains(&seconds) {
            return None;
        }
        self.offset_seconds.store(seconds, Ordering::SeqCst);
        Some(self.now())
    }
}

impl Clock for ShiftedClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::seconds(self.offset_seconds.load(Ordering::SeqCst))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn moves_by_the_offset_and_back() {
        let clock = ShiftedClock::default();
        let moved = clock.set_offset(3600).unwrap();
        let ahead = moved - Utc::now();
        assert!(
            ahead > Duration::minutes(59) && ahead <= Duration::hours(1),
            "{ahead}"
        );
        clock.set_offset(0).unwrap();
        assert!((clock.now() - Utc::now()).num_seconds().abs() < 2);
        assert_eq!(clock.set_offset(MAX_OFFSET_SECONDS + 1), None);
        assert_eq!(clock.set_offset(-MAX_OFFSET_SECONDS - 1), None);
    }
}
