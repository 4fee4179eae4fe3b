//! Rate limits. They slow down abuse (form spam, password guessing, address harvesting,
//! floods from many addresses) without ever locking anyone out for good: a refused caller
//! is told when to retry. `RATE_LIMITS=off` disables them for load tests.
//!
//! Three parts, kept apart so the counts' storage can change without the rest: whose
//! request it is ([`key`]: `client_key`), what is limited and how much ([`limits`]), and
//! where the counts live ([`counts`]: in the database, shared by every server).
mod counts;
mod guesses;
mod key;
mod limits;

pub use counts::RateLimiter;
pub use guesses::PasswordGuesses;
pub use key::{address_key, client_ip, client_key};
pub use limits::*;

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn ceilings_tell_of_a_few_minutes_and_one_address_alone_never_meets_them() {
        for write in ANONYMOUS_WRITES {
            let name = write.everyone.name;
            // The refusal says "a few minutes": the longest wait is the window.
            assert!(write.everyone.window <= Duration::from_secs(600), "{name}");
            // A single address (or /64), even at its own limit, leaves room for others.
            assert!(
                write.everyone.max >= 2 * write.per_address.max,
                "{name}: {} against {}",
                write.everyone.max,
                write.per_address.max
            );
            assert_ne!(write.everyone.name, write.per_address.name);
        }
    }

    /// "5 per 10 minutes", "10 per hour": how docs/operations.md says a limit.
    fn said(limit: Limit) -> String {
        let window = match limit.window.as_secs() {
            3600 => "hour".to_owned(),
            secs => format!("{} minutes", secs / 60),
        };
        format!("{} per {window}", limit.max)
    }

    #[test]
    fn the_operations_guide_gives_the_numbers_the_code_uses() {
        let guide = include_str!("../../../../docs/operations.md");
        let row = |name: &str| {
            guide
                .lines()
                .find(|line| line.starts_with('|') && line.contains(&format!("`{name}`")))
                .unwrap_or_else(|| panic!("no row names `{name}`"))
        };
        for write in ANONYMOUS_WRITES {
            let line = row(write.everyone.name);
            assert!(
                line.contains(&format!("`{}`", write.per_address.name)),
                "{line}"
            );
            for limit in [write.per_address, write.everyone] {
                assert!(
                    line.contains(&said(limit)),
                    "{line} should say {}",
                    said(limit)
                );
            }
        }
        for limit in [LOGIN_PER_IP, NEWSLETTER_CONFIRM_PER_IP, UNSUBSCRIBE_PER_IP] {
            assert!(row(limit.name).contains(&said(limit)), "{}", limit.name);
        }
    }
}
