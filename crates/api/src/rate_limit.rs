//! In-memory sliding-window rate limits, per process. They slow down abuse (form spam,
//! password guessing, address harvesting) without ever locking anyone out for good: a
//! refused caller is told when to retry. `RATE_LIMITS=off` disables them for load tests.
use std::collections::{HashMap, VecDeque};
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

/// Login attempts per address and per account: enough for typos, too few for guessing.
pub const LOGIN_PER_IP: Limit = Limit {
    name: "login-ip",
    max: 20,
    window: Duration::from_secs(900),
};
pub const LOGIN_PER_ACCOUNT: Limit = Limit {
    name: "login-account",
    max: 10,
    window: Duration::from_secs(900),
};
/// Admin logins per signed-in person: a stolen session cannot guess the password at speed.
pub const ADMIN_LOGIN_PER_ACCOUNT: Limit = Limit {
    name: "admin-login-account",
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
pub const FORGOT_PER_ACCOUNT: Limit = Limit {
    name: "forgot-account",
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

/// Beyond this many tracked keys, idle ones are swept before adding more.
const SWEEP_ABOVE: usize = 10_000;

pub struct RateLimiter {
    enabled: bool,
    hits: Mutex<HashMap<(&'static str, String), VecDeque<Instant>>>,
}

impl RateLimiter {
    pub fn new(enabled: bool) -> Self {
        Self {
            enabled,
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// Records a hit for `key`, or refuses it with the seconds until one would be allowed.
    pub fn check(&self, limit: Limit, key: &str) -> Result<(), u64> {
        self.check_at(limit, key, Instant::now())
    }

    fn check_at(&self, limit: Limit, key: &str, now: Instant) -> Result<(), u64> {
        if !self.enabled {
            return Ok(());
        }
        let Ok(mut hits) = self.hits.lock() else {
            return Ok(());
        };
        if hits.len() > SWEEP_ABOVE {
            hits.retain(|(name, _), times| {
                let window = if *name == limit.name {
                    limit.window
                } else {
                    Duration::from_secs(3600)
                };
                times
                    .back()
                    .is_some_and(|t| now.duration_since(*t) < window)
            });
        }
        let times = hits.entry((limit.name, key.to_owned())).or_default();
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= limit.window)
        {
            times.pop_front();
        }
        if times.len() >= limit.max {
            let oldest = times.front().copied().unwrap_or(now);
            let wait = limit.window.saturating_sub(now.duration_since(oldest));
            return Err(wait.as_secs().max(1));
        }
        times.push_back(now);
        Ok(())
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
    fn disabled_limits_allow_everything() {
        let limiter = RateLimiter::new(false);
        for _ in 0..100 {
            assert!(limiter.check(LIMIT, "k").is_ok());
        }
    }
}
