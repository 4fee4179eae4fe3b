//! Where the counts live: in the database, so every server sharing it counts together
//! (ADR 0026). Each limit counts in fixed windows, and a hit is weighed against the current
//! window's count plus the previous window's, scaled by how much of it still falls inside a
//! window ending now: a sliding window in two rows, so a caller is never let through twice
//! the limit across a window's edge, and a refused caller is told when one more hit would be
//! allowed. Blocking (a database round trip): call it on the blocking pool.
use std::sync::Arc;

use hmac::{Hmac, Mac};
use playspace_ports::{Clock, RateLimitCounts};
use sha2::Sha256;

use super::limits::Limit;

pub struct RateLimiter {
    enabled: bool,
    counts: Arc<dyn RateLimitCounts>,
    clock: Arc<dyn Clock>,
    /// Keys the buckets' hash, so the table holds no address or email in clear and nobody
    /// without the server's secret can tell whose count a row is.
    key: Vec<u8>,
}

/// A limit's two windows at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Windows {
    /// Window length, in seconds.
    length: i64,
    current: i64,
    /// Seconds since `current` began.
    elapsed: i64,
}

impl Windows {
    fn at(limit: Limit, now: i64) -> Self {
        let length = i64::try_from(limit.window.as_secs())
            .unwrap_or(i64::MAX)
            .max(1);
        let current = now.div_euclid(length) * length;
        Self {
            length,
            current,
            elapsed: now - current,
        }
    }

    fn previous(self) -> i64 {
        self.current - self.length
    }

    /// A row is read while its window is current or previous.
    fn expires_at(self) -> i64 {
        self.current + 2 * self.length
    }
}

/// Whether one more hit fits: `current` hits in this window, plus the previous window's
/// `previous` hits weighed by the part of it still inside a window ending now. The answer is
/// the count the current window must stay below (`current < below`).
fn below(max: i64, previous: i64, length: i64, elapsed: i64) -> i64 {
    max - (previous * (length - elapsed)).div_euclid(length)
}

/// Seconds until one more hit would fit, if nobody hits meanwhile (at least 1).
fn retry_after(max: i64, previous: i64, current: i64, w: Windows) -> u64 {
    let fits_at = (1..=2 * w.length).find(|wait| {
        let elapsed = w.elapsed + wait;
        if elapsed < w.length {
            current < below(max, previous, w.length, elapsed)
        } else {
            // The current window has become the previous one.
            0 < below(max, current, w.length, elapsed - w.length)
        }
    });
    fits_at.map_or(u64::try_from(w.length).unwrap_or(1), |wait| {
        u64::try_from(wait).unwrap_or(1)
    })
}

impl RateLimiter {
    pub fn new(
        enabled: bool,
        counts: Arc<dyn RateLimitCounts>,
        clock: Arc<dyn Clock>,
        secret: &[u8],
    ) -> Self {
        Self {
            enabled,
            counts,
            clock,
            key: secret.to_vec(),
        }
    }

    /// The row's name for `key` under `limit`: 128 bits of HMAC-SHA256, in hex.
    fn bucket(&self, limit: Limit, key: &str) -> String {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(b"rate-limit\0");
        mac.update(limit.name.as_bytes());
        mac.update(&[0]);
        mac.update(key.as_bytes());
        mac.finalize().into_bytes()[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    fn windows(&self, limit: Limit) -> Windows {
        Windows::at(limit, self.clock.now().timestamp())
    }

    /// Records a hit for `key`, or refuses it with the seconds until one would be allowed.
    pub fn check(&self, limit: Limit, key: &str) -> Result<(), u64> {
        if !self.enabled {
            return Ok(());
        }
        let bucket = self.bucket(limit, key);
        let w = self.windows(limit);
        let max = i64::try_from(limit.max).unwrap_or(i64::MAX);
        let counted = self
            .counts
            .hit_counts(&bucket, w.previous(), w.current)
            .and_then(|(previous, current)| {
                let below = below(max, previous, w.length, w.elapsed);
                let counted =
                    self.counts
                        .add_hit(&bucket, w.current, Some(below), w.expires_at())?;
                // Refused: the window holds at least `below` by now, others' hits included.
                Ok((!counted).then(|| retry_after(max, previous, current.max(below), w)))
            });
        match counted {
            Ok(None) => Ok(()),
            Ok(Some(wait)) => Err(wait),
            Err(error) => {
                // A limiter must never take the site down: without the counts, let it through.
                tracing::warn!(%error, limit = limit.name, "rate limit not counted");
                Ok(())
            }
        }
    }

    /// Records a hit against a ceiling shared by everyone (`limit.max` hits per window from
    /// all callers together), or refuses it with the seconds until one would be allowed.
    pub fn check_everyone(&self, limit: Limit) -> Result<(), u64> {
        self.check(limit, "")
    }

    /// Counts a hit that is never refused itself (a failure), for `refuses` to weigh later.
    pub fn record(&self, limit: Limit, key: &str) {
        if !self.enabled {
            return;
        }
        let w = self.windows(limit);
        let bucket = self.bucket(limit, key);
        if let Err(error) = self
            .counts
            .add_hit(&bucket, w.current, None, w.expires_at())
        {
            tracing::warn!(%error, limit = limit.name, "rate limit not counted");
        }
    }

    /// Whether `key` has used up `limit`, and if so the seconds until it has not; counts nothing.
    pub fn refuses(&self, limit: Limit, key: &str) -> Option<u64> {
        if !self.enabled {
            return None;
        }
        let w = self.windows(limit);
        let max = i64::try_from(limit.max).unwrap_or(i64::MAX);
        match self
            .counts
            .hit_counts(&self.bucket(limit, key), w.previous(), w.current)
        {
            Ok((previous, current)) => (current >= below(max, previous, w.length, w.elapsed))
                .then(|| retry_after(max, previous, current, w)),
            Err(error) => {
                tracing::warn!(%error, limit = limit.name, "rate limit not read");
                None
            }
        }
    }

    /// Deletes the counts no limit reads any more: how many.
    pub fn sweep(&self) -> Result<usize, playspace_ports::RepoError> {
        self.counts
            .sweep_rate_limit_counts(self.clock.now().timestamp())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::time::Duration;

    use chrono::{DateTime, Utc};
    use playspace_ports::RepoError;

    use super::*;

    /// The counts as the store keeps them, in memory, with a clock the test moves.
    #[derive(Default)]
    pub struct Fake {
        rows: Mutex<HashMap<(String, i64), i64>>,
        pub now: Mutex<i64>,
        pub down: Mutex<bool>,
    }

    impl Fake {
        fn up(&self) -> Result<(), RepoError> {
            if *self.down.lock().unwrap() {
                Err(RepoError::Unavailable("down".into()))
            } else {
                Ok(())
            }
        }

        pub fn rows(&self) -> Vec<String> {
            self.rows
                .lock()
                .unwrap()
                .keys()
                .map(|(b, _)| b.clone())
                .collect()
        }

        pub fn advance(&self, secs: i64) {
            *self.now.lock().unwrap() += secs;
        }
    }

    impl RateLimitCounts for Fake {
        fn add_hit(
            &self,
            bucket: &str,
            window_start: i64,
            below: Option<i64>,
            _expires_at: i64,
        ) -> Result<bool, RepoError> {
            self.up()?;
            let mut rows = self.rows.lock().unwrap();
            let hits = rows.entry((bucket.to_owned(), window_start)).or_default();
            if below.is_some_and(|below| *hits >= below) {
                return Ok(false);
            }
            *hits += 1;
            Ok(true)
        }

        fn hit_counts(
            &self,
            bucket: &str,
            previous: i64,
            current: i64,
        ) -> Result<(i64, i64), RepoError> {
            self.up()?;
            let rows = self.rows.lock().unwrap();
            let of = |s| rows.get(&(bucket.to_owned(), s)).copied().unwrap_or(0);
            Ok((of(previous), of(current)))
        }

        fn sweep_rate_limit_counts(&self, _now: i64) -> Result<usize, RepoError> {
            Ok(0)
        }
    }

    impl Clock for Fake {
        fn now(&self) -> DateTime<Utc> {
            DateTime::from_timestamp(*self.now.lock().unwrap(), 0).unwrap()
        }
    }

    /// A limiter over a fake whose clock starts at the beginning of a 60-second window.
    pub fn limiter() -> (RateLimiter, Arc<Fake>) {
        let fake = Arc::new(Fake::default());
        *fake.now.lock().unwrap() = 1_800_000_000;
        let limiter = RateLimiter::new(true, fake.clone(), fake.clone(), b"secret");
        (limiter, fake)
    }

    const LIMIT: Limit = Limit {
        name: "t",
        max: 2,
        window: Duration::from_secs(60),
    };

    #[test]
    fn refuses_beyond_the_limit_and_says_when_to_retry() {
        let (limiter, clock) = limiter();
        assert!(limiter.check(LIMIT, "1.2.3.4").is_ok());
        clock.advance(10);
        assert!(limiter.check(LIMIT, "1.2.3.4").is_ok());
        clock.advance(10);
        // Both hits stay in this window until it ends, 40 s from now; then they weigh less
        // as the window slides on, and one more fits once less than one of them is inside.
        assert_eq!(limiter.check(LIMIT, "1.2.3.4"), Err(41));
        // Another key is unaffected.
        assert!(limiter.check(LIMIT, "5.6.7.8").is_ok());
    }

    #[test]
    fn the_window_slides_so_nobody_is_locked_out() {
        let (limiter, clock) = limiter();
        limiter.check(LIMIT, "k").unwrap();
        limiter.check(LIMIT, "k").unwrap();
        clock.advance(59);
        assert_eq!(limiter.check(LIMIT, "k"), Err(2));
        clock.advance(2);
        // One second into the next window, the two weigh 2 × 59/60: one more fits...
        assert!(limiter.check(LIMIT, "k").is_ok());
        // ...and the next waits until the first two have slid out far enough.
        assert_eq!(limiter.check(LIMIT, "k"), Err(30));
        clock.advance(30);
        assert!(limiter.check(LIMIT, "k").is_ok());
    }

    #[test]
    fn at_most_one_over_the_limit_across_a_windows_edge() {
        let (limiter, clock) = limiter();
        let limit = Limit { max: 10, ..LIMIT };
        clock.advance(59);
        let mut let_through = 0;
        for _ in 0..20 {
            let_through += usize::from(limiter.check(limit, "k").is_ok());
        }
        clock.advance(2);
        for _ in 0..20 {
            let_through += usize::from(limiter.check(limit, "k").is_ok());
        }
        // Fixed windows alone would let 20 through in these two seconds; the weighed
        // previous window lets one more than the limit (its weight is rounded down).
        assert_eq!(let_through, 11);
    }

    #[test]
    fn the_wait_given_is_exactly_when_one_more_fits() {
        let (limiter, clock) = limiter();
        let limit = Limit { max: 3, ..LIMIT };
        for step in [0, 7, 13, 29, 31, 44, 59, 60, 61, 90, 119, 125] {
            clock.advance(step % 17);
            if let Err(wait) = limiter.check(limit, "k") {
                let wait = i64::try_from(wait).unwrap();
                clock.advance(wait - 1);
                assert!(
                    limiter.refuses(limit, "k").is_some(),
                    "{step}: a second early"
                );
                clock.advance(1);
                assert!(limiter.refuses(limit, "k").is_none(), "{step}: on time");
            }
        }
    }

    #[test]
    fn keys_are_kept_only_as_keyed_hashes() {
        let (limiter, fake) = limiter();
        limiter.check(LIMIT, "ana@example.org").unwrap();
        let rows = fake.rows();
        assert_eq!(rows.len(), 1);
        assert!(!rows[0].contains("ana"), "{}", rows[0]);
        assert_eq!(rows[0].len(), 32);
        // Another secret gives another bucket: the hash cannot be matched without it.
        let fake = Arc::new(Fake::default());
        let other = RateLimiter::new(true, fake.clone(), fake.clone(), b"other");
        assert_ne!(
            other.bucket(LIMIT, "ana@example.org"),
            limiter.bucket(LIMIT, "ana@example.org")
        );
        // The limit's name is part of the bucket: limits never share counts.
        let named = Limit { name: "u", ..LIMIT };
        assert_ne!(limiter.bucket(named, "k"), limiter.bucket(LIMIT, "k"));
    }

    #[test]
    fn refuses_counts_nothing_and_record_is_never_refused() {
        let (limiter, clock) = limiter();
        assert_eq!(limiter.refuses(LIMIT, "k"), None);
        assert_eq!(limiter.refuses(LIMIT, "k"), None);
        for _ in 0..5 {
            limiter.record(LIMIT, "k");
        }
        // Five hits in this window, then in the next until 5 × (60 − t)/60 falls under 2.
        assert_eq!(limiter.refuses(LIMIT, "k"), Some(97));
        clock.advance(97);
        assert_eq!(limiter.refuses(LIMIT, "k"), None);
    }

    const CEILING: Limit = Limit {
        name: "all",
        max: 3,
        window: Duration::from_secs(600),
    };

    #[test]
    fn a_ceiling_counts_everyone_together_and_apart_from_keys() {
        let (limiter, _) = limiter();
        for _ in 0..3 {
            assert!(limiter.check_everyone(CEILING).is_ok());
        }
        assert_eq!(limiter.check_everyone(CEILING), Err(601));
        // Another ceiling, and per-key limits of the same name, are separate counts.
        let other = Limit {
            name: "other",
            ..CEILING
        };
        assert!(limiter.check_everyone(other).is_ok());
        assert!(limiter.check(CEILING, "k").is_ok());
    }

    #[test]
    fn without_the_database_requests_are_let_through() {
        let (limiter, fake) = limiter();
        limiter.check(LIMIT, "k").unwrap();
        limiter.check(LIMIT, "k").unwrap();
        *fake.down.lock().unwrap() = true;
        assert!(limiter.check(LIMIT, "k").is_ok());
        assert_eq!(limiter.refuses(LIMIT, "k"), None);
        *fake.down.lock().unwrap() = false;
        assert!(limiter.check(LIMIT, "k").is_err());
    }

    #[test]
    fn disabled_limits_allow_everything_and_count_nothing() {
        let fake = Arc::new(Fake::default());
        let limiter = RateLimiter::new(false, fake.clone(), fake.clone(), b"s");
        for _ in 0..100 {
            assert!(limiter.check(LIMIT, "k").is_ok());
            assert!(limiter.check_everyone(CEILING).is_ok());
        }
        assert!(fake.rows().is_empty());
    }
}
