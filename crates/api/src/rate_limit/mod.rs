//! Rate limits. They slow down abuse (form spam, password guessing, address harvesting,
//! floods from many addresses) without ever locking anyone out for good: a refused caller
//! is told when to retry. `RATE_LIMITS=off` disables them for load tests.
//!
//! Three parts, kept apart so the counts' storage can change without the rest: whose
//! request it is ([`key`]: `client_key`), what is limited and how much ([`limits`]), and
//! where the counts live ([`memory`]: in this process).
mod guesses;
mod key;
mod limits;
mod memory;

pub use guesses::PasswordGuesses;
pub use key::{address_key, client_ip, client_key};
pub use limits::*;
pub use memory::RateLimiter;

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
}
