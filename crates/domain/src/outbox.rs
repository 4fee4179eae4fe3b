//! Emails the product decides to send, and the retry policy for sending them.
use chrono::{DateTime, Duration, Utc};

use crate::ids::{BookingId, EventId, UserId};

/// One email, composed and ready for the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutgoingEmail {
    pub from_email: String,
    pub to_email: String,
    pub to_name: Option<String>,
    pub subject: String,
    pub html_body: String,
    pub text_body: String,
    /// What kind of email this is ("welcome", "verify_email", "password_reset", ...).
    pub email_type: &'static str,
    pub user_id: Option<UserId>,
    pub booking_id: Option<BookingId>,
    pub event_id: Option<EventId>,
}

/// A cap on an email anyone can make the site send to someone else's address, by asking
/// for it with that address: enough for the owner, too few to flood their inbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SendCap {
    pub email_type: &'static str,
    pub max: u32,
    pub per: Duration,
}

impl SendCap {
    /// Whether one more may go, given how many went to the person since `since(now)`.
    pub fn allows(self, sent_lately: u32) -> bool {
        sent_lately < self.max
    }

    pub fn since(self, now: DateTime<Utc>) -> DateTime<Utc> {
        now - self.per
    }
}

/// Reset links a person is sent in an hour. Each stays valid for its hour, so the owner
/// of an inbox that somebody else keeps asking for always holds a working link.
pub const RESET_LINKS: SendCap = SendCap {
    email_type: "password_reset",
    max: 3,
    per: Duration::hours(1),
};

/// Links to finish signing up one address is sent a day: the first, and two more for
/// someone whose email went astray or who corrected the form (each replaces the last).
pub const SIGNUP_LINKS: SendCap = SendCap {
    email_type: "signup_confirm",
    max: 3,
    per: Duration::days(1),
};

/// "Someone tried to create an account with your address" notices an owner is sent a day.
/// As many as `SIGNUP_LINKS`, over the same period: a sign-up writes the same rows at the
/// same moments whether or not its address is taken, so not even the work done differs.
pub const SIGNUP_ATTEMPT_NOTICES: SendCap = SendCap {
    email_type: "signup_attempt",
    max: 3,
    per: Duration::days(1),
};

/// The spec's limit: at most 3 attempts per email.
pub const MAX_ATTEMPTS: u32 = 3;
/// How long a worker may hold a claimed email before another worker may take it over
/// (the first is presumed crashed).
pub const CLAIM_LEASE: Duration = Duration::minutes(2);
const BASE_DELAY_SECONDS: i64 = 30;

/// The range [`retry_delay`]'s `jitter` is drawn from. Never below 1: jitter only
/// lengthens a wait, so the third attempt comes at least 90 s (30 + 60) after the first,
/// and every email outlasts a provider failing for a minute (issue 25).
pub const JITTER: std::ops::Range<f64> = 1.0..1.5;

/// The wait before attempt `attempts_made + 1`: 30 s, 60 s, 120 s... scaled by `jitter` in
/// [`JITTER`] so many failed emails do not retry in lockstep.
pub fn retry_delay(attempts_made: u32, jitter: f64) -> Duration {
    let exponent = attempts_made.saturating_sub(1).min(10);
    let base = BASE_DELAY_SECONDS * (1_i64 << exponent);
    let jitter = jitter.clamp(JITTER.start, JITTER.end);
    Duration::milliseconds((base as f64 * 1000.0 * jitter) as i64)
}

/// Whether an email that has had `attempts_made` attempts may be tried again.
pub fn may_retry(attempts_made: u32, max_attempts: u32) -> bool {
    attempts_made < max_attempts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn send_caps_count_back_over_their_period() {
        let now = DateTime::<Utc>::UNIX_EPOCH + Duration::days(30);
        assert!(RESET_LINKS.allows(2) && !RESET_LINKS.allows(3));
        assert_eq!(RESET_LINKS.since(now), now - Duration::hours(1));
        assert!(SIGNUP_ATTEMPT_NOTICES.allows(2) && !SIGNUP_ATTEMPT_NOTICES.allows(3));
        assert_eq!(SIGNUP_ATTEMPT_NOTICES.since(now), now - Duration::days(1));
    }

    #[test]
    fn a_free_and_a_taken_address_are_sent_sign_up_emails_alike() {
        assert_eq!(
            (SIGNUP_LINKS.max, SIGNUP_LINKS.per),
            (SIGNUP_ATTEMPT_NOTICES.max, SIGNUP_ATTEMPT_NOTICES.per)
        );
        assert_ne!(SIGNUP_LINKS.email_type, SIGNUP_ATTEMPT_NOTICES.email_type);
    }

    #[test]
    fn backoff_doubles_from_thirty_seconds() {
        assert_eq!(retry_delay(1, 1.0), Duration::seconds(30));
        assert_eq!(retry_delay(2, 1.0), Duration::seconds(60));
        assert_eq!(retry_delay(3, 1.0), Duration::seconds(120));
    }

    #[test]
    fn jitter_only_lengthens_a_wait_by_up_to_half() {
        assert_eq!(retry_delay(1, 1.0), Duration::seconds(30));
        assert_eq!(retry_delay(1, 1.499), Duration::milliseconds(44_970));
        assert_eq!(retry_delay(1, 9.0), Duration::seconds(45), "clamped");
        assert_eq!(retry_delay(1, 0.5), Duration::seconds(30), "clamped");
    }

    #[test]
    fn every_attempt_outlasts_a_provider_failing_for_a_minute() {
        // The last attempt's earliest moment, after the first: each wait at its shortest.
        let last = (1..MAX_ATTEMPTS)
            .map(|made| retry_delay(made, JITTER.start))
            .fold(Duration::zero(), |total, wait| total + wait);
        assert!(last > Duration::minutes(1), "{last}");
    }

    #[test]
    fn three_attempts_at_most() {
        assert!(may_retry(1, MAX_ATTEMPTS));
        assert!(may_retry(2, MAX_ATTEMPTS));
        assert!(!may_retry(3, MAX_ATTEMPTS));
    }
}
