//! In-memory sliding-window rate limits, per process. They slow down abuse (form spam,
//! password guessing, address harvesting) without ever locking anyone out for good: a
//! refused caller is told when to retry. `RATE_LIMITS=off` disables them for load tests.
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A named limit: at most `max` hits per `window` for one key.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub name: &'static str,
    pub max: usize,
    pub window: Duration,
}

/// Contact messages per IP address.
pub const CONTACT_PER_IP: Limit = Limit {
    name: "contact-ip",
    max: 5,
    window: Duration::from_secs(600),
};

/// Story submissions per IP address: a person shares a story now and then, not a dozen.
pub const STORY_PER_IP: Limit = Limit {
    name: "story-ip",
    max: 5,
    window: Duration::from_secs(3600),
};

/// Newsletter sign-ups per IP address: enough for a typo or two, too few to sign up a
/// list of other people's addresses (each gets a confirmation email).
pub const NEWSLETTER_PER_IP: Limit = Limit {
    name: "newsletter-ip",
    max: 5,
    window: Duration::from_secs(900),
};

/// Newsletter confirmations per IP address: the links are signed, so this only slows down
/// someone replaying many of them.
pub const NEWSLETTER_CONFIRM_PER_IP: Limit = Limit {
    name: "newsletter-confirm-ip",
    max: 20,
    window: Duration::from_secs(900),
};

/// Login attempts per address: enough for typos, too few for guessing.
pub const LOGIN_PER_IP: Limit = Limit {
    name: "login-ip",
    max: 20,
    window: Duration::from_secs(900),
};
/// Wrong passwords for one account, from anywhere: past this, the account is under attack
/// and only addresses that have not failed against it may try (see `PasswordGuesses`).
const WRONG_PASSWORDS_PER_ACCOUNT: Limit = Limit {
    name: "wrong-password-account",
    max: 10,
    window: Duration::from_secs(900),
};
/// Wrong passwords for one account from one address: one is enough to be held back while
/// the account is under attack.
const WRONG_PASSWORDS_PER_ACCOUNT_AND_IP: Limit = Limit {
    name: "wrong-password-account-ip",
    max: 1,
    window: Duration::from_secs(900),
};
/// Password re-entries by a signed-in person (admin login, password change, erasure): only
/// the session's holder can spend these, so a stolen session cannot guess at speed.
pub const REAUTH_PER_USER: Limit = Limit {
    name: "reauth-user",
    max: 10,
    window: Duration::from_secs(900),
};
/// Sign-ups per address, so nobody can probe which emails have accounts at scale.
pub const REGISTER_PER_IP: Limit = Limit {
    name: "register-ip",
    max: 10,
    window: Duration::from_secs(3600),
};
pub const FORGOT_PER_IP: Limit = Limit {
    name: "forgot-ip",
    max: 10,
    window: Duration::from_secs(900),
};
/// Verification emails a signed-in person can ask for again.
pub const VERIFY_RESEND_PER_USER: Limit = Limit {
    name: "verify-resend-user",
    max: 3,
    window: Duration::from_secs(3600),
};

/// Unsubscribe confirmations per address: the links are signed, so this only slows down
/// someone replaying many of them.
pub const UNSUBSCRIBE_PER_IP: Limit = Limit {
    name: "unsubscribe-ip",
    max: 20,
    window: Duration::from_secs(900),
};

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
}

/// (hit time, key) in the order the hits came.
type HitOrder = VecDeque<(Instant, u64)>;

impl Table {
    /// Drops every key whose last hit has left its window.
    fn sweep(&mut self, now: Instant) {
        let Self { hits, order } = self;
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
    fn tracked_keys(&self) -> usize {
        self.table.lock().map_or(0, |t| t.hits.len())
    }
}

/// Password guessing against one account, throttled without letting anyone lock the owner
/// out: failures count per account, and once an account has too many, only the addresses
/// that failed against it are held back (each until its failure leaves the window). The
/// owner, signing in from anywhere that has not just failed, always gets their try.
pub struct PasswordGuesses<'a> {
    limiter: &'a RateLimiter,
    account: Option<String>,
    account_and_ip: String,
}

impl<'a> PasswordGuesses<'a> {
    /// `account` is the address as typed; a key is kept only for a valid one, so junk input
    /// never reaches the table.
    pub fn new(limiter: &'a RateLimiter, account: &str, ip: &str) -> Self {
        let account = playspace_domain::Email::parse(account)
            .ok()
            .map(|email| email.as_str().to_owned());
        let account_and_ip = format!("{}\n{ip}", account.as_deref().unwrap_or_default());
        Self {
            limiter,
            account,
            account_and_ip,
        }
    }

    /// Refuses a try, with the seconds to wait, while the account is under attack and this
    /// address is one that has failed against it.
    pub fn admit(&self) -> Result<(), u64> {
        let Some(account) = &self.account else {
            return Ok(());
        };
        match (
            self.limiter.refuses(WRONG_PASSWORDS_PER_ACCOUNT, account),
            self.limiter
                .refuses(WRONG_PASSWORDS_PER_ACCOUNT_AND_IP, &self.account_and_ip),
        ) {
            (Some(_), Some(wait)) => Err(wait),
            _ => Ok(()),
        }
    }

    pub fn failed(&self) {
        if let Some(account) = &self.account {
            self.limiter.record(WRONG_PASSWORDS_PER_ACCOUNT, account);
            self.limiter
                .record(WRONG_PASSWORDS_PER_ACCOUNT_AND_IP, &self.account_and_ip);
        }
    }
}

/// The key for per-address limits: the TCP peer. Forwarded-for headers are not trusted,
/// since anyone can set them; behind a proxy, limits apply per proxy address.
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip())
        .map_or_else(|| "unknown".to_owned(), |ip: IpAddr| ip.to_string())
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

    #[test]
    fn failures_from_many_addresses_never_lock_the_owner_out() {
        let limiter = RateLimiter::new(true);
        let owner = "Owner@Example.org";
        for i in 0..50 {
            let attacker = PasswordGuesses::new(&limiter, owner, &format!("10.0.0.{i}"));
            if attacker.admit().is_ok() {
                attacker.failed();
            }
        }
        // The account is under attack: an address that failed against it is held back...
        assert!(
            PasswordGuesses::new(&limiter, "owner@example.org", "10.0.0.3")
                .admit()
                .is_err()
        );
        // ...but the owner, from an address that has not failed, still gets their try.
        assert!(
            PasswordGuesses::new(&limiter, owner, "192.168.1.20")
                .admit()
                .is_ok()
        );
        // Another account is untouched, and junk never becomes a key.
        assert!(
            PasswordGuesses::new(&limiter, "someone@example.org", "10.0.0.3")
                .admit()
                .is_ok()
        );
        let junk = PasswordGuesses::new(&limiter, &"x".repeat(60_000), "10.0.0.3");
        let before = limiter.tracked_keys();
        junk.failed();
        assert!(junk.admit().is_ok());
        assert_eq!(limiter.tracked_keys(), before);
    }

    #[test]
    fn an_account_not_under_attack_lets_a_typo_through() {
        let limiter = RateLimiter::new(true);
        let owner = PasswordGuesses::new(&limiter, "ana@example.org", "10.0.0.1");
        for _ in 0..WRONG_PASSWORDS_PER_ACCOUNT.max - 1 {
            owner.failed();
            assert!(owner.admit().is_ok());
        }
    }

    #[test]
    fn disabled_limits_allow_everything() {
        let limiter = RateLimiter::new(false);
        for _ in 0..100 {
            assert!(limiter.check(LIMIT, "k").is_ok());
        }
    }
}
