//! Where the counts live: in memory, per process (several servers each count on their own).
//! Sliding windows: a refused caller is told when one more hit would be allowed.
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::limits::Limit;

/// Most keys tracked at once: with keys stored as 8-byte hashes and at most `max` instants
/// each, the table stays a few megabytes however many junk keys arrive.
const MAX_KEYS: usize = 50_000;

/// One count of hits per (limit, key), the key kept only as a keyed hash so a caller cannot
/// make the server hold their input, nor choose keys that collide.
struct Table {
    hits: HashMap<u64, VecDeque<Instant>>,
    /// Per limit, (hit time, key) in the order hits came: whatever is at the front and older
    /// than the window may be expired, so sweeping costs only what it removes.
    order: HashMap<&'static str, (Duration, HitOrder)>,
    /// The ceilings' hits, per limit: kept apart from `hits` so that a flood of new keys,
    /// which makes room by forgetting the oldest keys, can never forget a ceiling's count.
    ceilings: HashMap<&'static str, VecDeque<Instant>>,
}

/// (hit time, key) in the order the hits came.
type HitOrder = VecDeque<(Instant, u64)>;

impl Table {
    /// Drops every key whose last hit has left its window.
    fn sweep(&mut self, now: Instant) {
        let Self { hits, order, .. } = self;
        for (window, queue) in order.values_mut() {
            while let Some(&(at, key)) = queue.front() {
                if now.duration_since(at) < *window {
                    break;
                }
                queue.pop_front();
                Self::forget_if_idle(hits, key, *window, now);
            }
        }
    }

    fn forget_if_idle(
        hits: &mut HashMap<u64, VecDeque<Instant>>,
        key: u64,
        window: Duration,
        now: Instant,
    ) {
        let idle = hits
            .get(&key)
            .and_then(|times| times.back())
            .is_none_or(|last| now.duration_since(*last) >= window);
        if idle {
            hits.remove(&key);
        }
    }

    /// Makes room for one more key by forgetting the oldest ones (of any limit): under a flood
    /// of new keys the limits weaken for the quietest callers instead of the memory growing.
    fn evict_oldest(&mut self, room_for: usize) {
        while self.hits.len() + room_for > MAX_KEYS {
            let oldest = self
                .order
                .values_mut()
                .filter_map(|(_, queue)| queue.front().map(|&(at, _)| at).zip(Some(queue)))
                .min_by_key(|(at, _)| *at);
            let Some((_, queue)) = oldest else { return };
            if let Some((_, key)) = queue.pop_front() {
                self.hits.remove(&key);
            }
        }
    }

    /// The hits of `key` still inside the window.
    fn live(&mut self, limit: Limit, key: u64, now: Instant) -> usize {
        let Some(times) = self.hits.get_mut(&key) else {
            return 0;
        };
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= limit.window)
        {
            times.pop_front();
        }
        times.len()
    }

    /// Counts a hit against a ceiling, or answers the seconds until one would be allowed.
    fn ceiling(&mut self, limit: Limit, now: Instant) -> Option<u64> {
        let times = self.ceilings.entry(limit.name).or_default();
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= limit.window)
        {
            times.pop_front();
        }
        if times.len() < limit.max {
            times.push_back(now);
            return None;
        }
        let oldest = times.front().copied().unwrap_or(now);
        let wait = limit.window.saturating_sub(now.duration_since(oldest));
        Some(wait.as_secs().max(1))
    }

    fn retry_after(&mut self, limit: Limit, key: u64, now: Instant) -> Option<u64> {
        if self.live(limit, key, now) < limit.max {
            return None;
        }
        let oldest = self
            .hits
            .get(&key)
            .and_then(|times| times.front().copied())
            .unwrap_or(now);
        let wait = limit.window.saturating_sub(now.duration_since(oldest));
        Some(wait.as_secs().max(1))
    }

    fn record(&mut self, limit: Limit, key: u64, now: Instant) {
        if !self.hits.contains_key(&key) {
            self.evict_oldest(1);
        }
        let times = self.hits.entry(key).or_default();
        times.push_back(now);
        // Never more instants than the limit needs: the count stops at max.
        while times.len() > limit.max {
            times.pop_front();
        }
        self.order
            .entry(limit.name)
            .or_insert_with(|| (limit.window, VecDeque::new()))
            .1
            .push_back((now, key));
    }
}

pub struct RateLimiter {
    enabled: bool,
    keys: RandomState,
    table: Mutex<Table>,
}

impl RateLimiter {
    pub fn new(enabled: bool) -> Self {
        Self {
            enabled,
            keys: RandomState::new(),
            table: Mutex::new(Table {
                hits: HashMap::new(),
                order: HashMap::new(),
                ceilings: HashMap::new(),
            }),
        }
    }

    fn key(&self, limit: Limit, key: &str) -> u64 {
        self.keys.hash_one((limit.name, key))
    }

    /// Runs `f` on the swept table, or does nothing when limits are off (or the lock was
    /// poisoned: a limiter must never take the site down).
    fn with_table<T>(&self, now: Instant, f: impl FnOnce(&mut Table) -> Option<T>) -> Option<T> {
        if !self.enabled {
            return None;
        }
        let mut table = self.table.lock().ok()?;
        table.sweep(now);
        f(&mut table)
    }

    /// Records a hit for `key`, or refuses it with the seconds until one would be allowed.
    pub fn check(&self, limit: Limit, key: &str) -> Result<(), u64> {
        self.check_at(limit, key, Instant::now())
    }

    fn check_at(&self, limit: Limit, key: &str, now: Instant) -> Result<(), u64> {
        let key = self.key(limit, key);
        let refused = self.with_table(now, |table| {
            let wait = table.retry_after(limit, key, now);
            if wait.is_none() {
                table.record(limit, key, now);
            }
            wait
        });
        refused.map_or(Ok(()), Err)
    }

    /// Records a hit against a ceiling shared by everyone (`limit.max` hits per window from
    /// all callers together), or refuses it with the seconds until one would be allowed.
    pub fn check_everyone(&self, limit: Limit) -> Result<(), u64> {
        self.check_everyone_at(limit, Instant::now())
    }

    fn check_everyone_at(&self, limit: Limit, now: Instant) -> Result<(), u64> {
        self.with_table(now, |table| table.ceiling(limit, now))
            .map_or(Ok(()), Err)
    }

    /// Counts a hit that is never refused itself (a failure), for `refuses` to weigh later.
    pub fn record(&self, limit: Limit, key: &str) {
        self.record_at(limit, key, Instant::now());
    }

    fn record_at(&self, limit: Limit, key: &str, now: Instant) {
        let key = self.key(limit, key);
        self.with_table(now, |table| {
            table.record(limit, key, now);
            Some(())
        });
    }

    /// Whether `key` has used up `limit`, and if so the seconds until it has not; counts nothing.
    pub fn refuses(&self, limit: Limit, key: &str) -> Option<u64> {
        self.refuses_at(limit, key, Instant::now())
    }

    fn refuses_at(&self, limit: Limit, key: &str, now: Instant) -> Option<u64> {
        let key = self.key(limit, key);
        self.with_table(now, |table| table.retry_after(limit, key, now))
    }

    #[cfg(test)]
    pub(super) fn tracked_keys(&self) -> usize {
        self.table.lock().map_or(0, |t| t.hits.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: Limit = Limit {
        name: "t",
        max: 2,
        window: Duration::from_secs(60),
    };
    const LONG: Limit = Limit {
        name: "long",
        max: 2,
        window: Duration::from_secs(3600),
    };

    #[test]
    fn refuses_beyond_the_limit_and_says_when_to_retry() {
        let limiter = RateLimiter::new(true);
        let t0 = Instant::now();
        assert!(limiter.check_at(LIMIT, "1.2.3.4", t0).is_ok());
        assert!(
            limiter
                .check_at(LIMIT, "1.2.3.4", t0 + Duration::from_secs(10))
                .is_ok()
        );
        assert_eq!(
            limiter.check_at(LIMIT, "1.2.3.4", t0 + Duration::from_secs(20)),
            Err(40)
        );
        // Another key is unaffected.
        assert!(limiter.check_at(LIMIT, "5.6.7.8", t0).is_ok());
    }

    #[test]
    fn the_window_slides_so_nobody_is_locked_out() {
        let limiter = RateLimiter::new(true);
        let t0 = Instant::now();
        limiter.check_at(LIMIT, "k", t0).unwrap();
        limiter.check_at(LIMIT, "k", t0).unwrap();
        assert!(
            limiter
                .check_at(LIMIT, "k", t0 + Duration::from_secs(59))
                .is_err()
        );
        assert!(
            limiter
                .check_at(LIMIT, "k", t0 + Duration::from_secs(60))
                .is_ok()
        );
    }

    #[test]
    fn junk_keys_cannot_grow_the_table_past_its_cap() {
        let limiter = RateLimiter::new(true);
        let t0 = Instant::now();
        let junk = "x".repeat(1_000);
        for i in 0..MAX_KEYS + 5_000 {
            // Every key new and long, all inside the window.
            let key = format!("{junk}{i}");
            assert!(limiter.check_at(LIMIT, &key, t0).is_ok());
        }
        assert_eq!(limiter.tracked_keys(), MAX_KEYS);
        let bytes = limiter
            .table
            .lock()
            .map(|t| t.hits.capacity() * (8 + std::mem::size_of::<VecDeque<Instant>>()))
            .unwrap();
        assert!(bytes < 16 * 1024 * 1024, "{bytes} bytes of table");
    }

    #[test]
    fn expired_keys_are_swept_on_the_next_call() {
        let limiter = RateLimiter::new(true);
        let t0 = Instant::now();
        for i in 0..1_000 {
            limiter.check_at(LIMIT, &i.to_string(), t0).unwrap();
        }
        limiter.record_at(LONG, "kept", t0);
        assert_eq!(limiter.tracked_keys(), 1_001);
        // One call after the short window has passed leaves only the longer limit's key.
        limiter
            .check_at(LIMIT, "new", t0 + Duration::from_secs(61))
            .unwrap();
        assert_eq!(limiter.tracked_keys(), 2);
        // A key hit again inside its window is not swept by its first hit's expiry.
        limiter
            .check_at(LIMIT, "k", t0 + Duration::from_secs(100))
            .unwrap();
        limiter
            .check_at(LIMIT, "k", t0 + Duration::from_secs(150))
            .unwrap();
        limiter
            .check_at(LIMIT, "other", t0 + Duration::from_secs(170))
            .unwrap();
        assert!(
            limiter
                .refuses_at(LIMIT, "k", t0 + Duration::from_secs(170))
                .is_none()
        );
        assert_eq!(
            limiter.check_at(LIMIT, "k", t0 + Duration::from_secs(171)),
            Ok(())
        );
        assert_eq!(
            limiter.check_at(LIMIT, "k", t0 + Duration::from_secs(172)),
            Err(38)
        );
    }

    #[test]
    fn refuses_counts_nothing_and_record_is_never_refused() {
        let limiter = RateLimiter::new(true);
        let t0 = Instant::now();
        assert_eq!(limiter.refuses_at(LIMIT, "k", t0), None);
        assert_eq!(limiter.refuses_at(LIMIT, "k", t0), None);
        for _ in 0..5 {
            limiter.record_at(LIMIT, "k", t0);
        }
        assert_eq!(limiter.refuses_at(LIMIT, "k", t0), Some(60));
        assert_eq!(
            limiter.refuses_at(LIMIT, "k", t0 + Duration::from_secs(60)),
            None
        );
    }

    const CEILING: Limit = Limit {
        name: "all",
        max: 3,
        window: Duration::from_secs(600),
    };

    #[test]
    fn a_ceiling_counts_everyone_together_and_says_when_to_retry() {
        let limiter = RateLimiter::new(true);
        let t0 = Instant::now();
        for s in 0..3 {
            assert!(
                limiter
                    .check_everyone_at(CEILING, t0 + Duration::from_secs(s * 100))
                    .is_ok()
            );
        }
        // The fourth, from anyone, waits until the first leaves the window.
        assert_eq!(
            limiter.check_everyone_at(CEILING, t0 + Duration::from_secs(250)),
            Err(350)
        );
        // Refusals are not counted: the window slides on from the first hit.
        assert!(
            limiter
                .check_everyone_at(CEILING, t0 + Duration::from_secs(600))
                .is_ok()
        );
        assert_eq!(
            limiter.check_everyone_at(CEILING, t0 + Duration::from_secs(601)),
            Err(99)
        );
        // Another ceiling, and per-key limits of the same name, are separate counts.
        let other = Limit {
            name: "other",
            ..CEILING
        };
        assert!(
            limiter
                .check_everyone_at(other, t0 + Duration::from_secs(601))
                .is_ok()
        );
        assert!(
            limiter
                .check_at(CEILING, "k", t0 + Duration::from_secs(601))
                .is_ok()
        );
    }

    #[test]
    fn a_flood_of_new_keys_never_forgets_a_ceiling() {
        let limiter = RateLimiter::new(true);
        let t0 = Instant::now();
        for _ in 0..CEILING.max {
            limiter.check_everyone_at(CEILING, t0).unwrap();
        }
        // Enough new keys to evict the oldest many times over.
        for i in 0..MAX_KEYS + 1_000 {
            limiter
                .check_at(LIMIT, &i.to_string(), t0 + Duration::from_secs(1))
                .unwrap();
        }
        assert!(
            limiter
                .check_everyone_at(CEILING, t0 + Duration::from_secs(2))
                .is_err()
        );
    }

    #[test]
    fn disabled_limits_allow_everything() {
        let limiter = RateLimiter::new(false);
        for _ in 0..100 {
            assert!(limiter.check(LIMIT, "k").is_ok());
            assert!(limiter.check_everyone(CEILING).is_ok());
        }
    }
}
