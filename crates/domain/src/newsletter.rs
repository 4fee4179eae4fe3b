//! The blog's newsletter: an address (not necessarily an account) joins with double opt-in.
//! Subscribing sends a link to confirm; only a confirmed address gets newsletters, and every
//! newsletter carries an unsubscribe link. Subscribing always gets the same answer, so the
//! form never tells anyone whether an address is on the list.
use chrono::{DateTime, Duration, Utc};

use crate::email::Email;
use crate::ids::SubscriberId;
use crate::validation::FieldErrors;

/// The one answer to every subscribe request, whether or not the address was on the list.
pub const SUBSCRIBE_TITLE: &str = "Check your inbox";
pub const SUBSCRIBE_MESSAGE: &str =
    "If this address isn't subscribed yet, we've sent a link to confirm it.";
pub const CONFIRMED: &str = "You're subscribed to the PlaySpace newsletter. Thank you!";
pub const INVALID_CONFIRM_LINK: &str =
    "This confirmation link is not valid or has expired. Please subscribe again to get a new one.";
pub const NEWSLETTER_UNSUBSCRIBED: &str = "You will no longer receive the PlaySpace newsletter.";

/// What a confirmation link's signature covers besides its subject, so no other link (an
/// unsubscribe link, a reset link) ever confirms an address, nor this one unsubscribes.
pub const CONFIRM_PURPOSE: &str = "newsletter-confirm";
/// What a newsletter unsubscribe link's signature covers besides the subscriber.
pub const UNSUBSCRIBE_PURPOSE: &str = "newsletter";
/// How long a confirmation link works.
pub const CONFIRM_LINK_VALID_FOR: Duration = Duration::days(7);
/// A pending address is sent a fresh link at most this often, so nobody can fill someone
/// else's inbox by subscribing it over and over.
pub const RESEND_AFTER: Duration = Duration::hours(1);

/// An address never confirmed is deleted this many days after its latest confirmation link
/// (the privacy page states it; a test holds the page to this number).
pub const PENDING_KEPT_DAYS: i64 = 30;

/// Pending addresses whose latest confirmation link was sent before this are deleted.
pub fn pending_purge_before(now: DateTime<Utc>) -> DateTime<Utc> {
    now - Duration::days(PENDING_KEPT_DAYS)
}

/// Where an address stands on the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubscriberStatus {
    /// Asked to join; sent a link, not yet confirmed. Gets no newsletters.
    Pending,
    /// Confirmed by the emailed link: gets newsletters.
    Confirmed,
    /// Left through an unsubscribe link.
    Unsubscribed,
}

impl SubscriberStatus {
    /// Every value, as the database's CHECK list has them (a store test holds the two together).
    pub const ALL: [Self; 3] = [Self::Pending, Self::Confirmed, Self::Unsubscribed];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Confirmed => "confirmed",
            Self::Unsubscribed => "unsubscribed",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [Self::Pending, Self::Confirmed, Self::Unsubscribed]
            .into_iter()
            .find(|s| s.as_str() == value)
    }
}

/// An address already on the list, as far as subscribing again needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subscriber {
    pub id: SubscriberId,
    pub status: SubscriberStatus,
    /// When its latest confirmation link was sent.
    pub confirmation_sent_at: DateTime<Utc>,
}

/// The subscribe form's address, in its canonical form (ADR 0010), or the form's error.
pub fn subscribe_address(input: &str) -> Result<Email, FieldErrors> {
    let mut errors = FieldErrors::new();
    match errors.check("email", Email::parse(input)) {
        Some(email) => Ok(email),
        None => Err(errors),
    }
}

/// Which subscriber a confirmation link should go to when `existing` asks to subscribe at
/// `now`: a new one, one who left, or one still pending whose last link is
/// [`RESEND_AFTER`] old. `None` for a confirmed address (nothing to confirm) and for a
/// pending one sent a link lately.
pub fn confirmation_due(existing: Option<&Subscriber>, now: DateTime<Utc>) -> Option<SubscriberId> {
    match existing {
        None => Some(SubscriberId::new()),
        Some(s) => match s.status {
            SubscriberStatus::Confirmed => None,
            SubscriberStatus::Unsubscribed => Some(s.id),
            SubscriberStatus::Pending => {
                (now - s.confirmation_sent_at >= RESEND_AFTER).then_some(s.id)
            }
        },
    }
}

/// The signed part of a confirmation link: the subscriber and when the link stops working.
pub fn confirm_link_subject(subscriber: SubscriberId, now: DateTime<Utc>) -> String {
    format!(
        "{subscriber}:{}",
        (now + CONFIRM_LINK_VALID_FOR).timestamp()
    )
}

/// The subscriber a verified confirmation subject names, unless it has expired or is not one.
pub fn confirm_link_subscriber(subject: &str, now: DateTime<Utc>) -> Option<SubscriberId> {
    let (subscriber, expires) = subject.split_once(':')?;
    let expires = DateTime::from_timestamp(expires.parse().ok()?, 0)?;
    if now >= expires {
        return None;
    }
    subscriber.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-26T10:00:00Z")
            .unwrap()
            .to_utc()
    }

    fn subscriber(status: SubscriberStatus, sent: DateTime<Utc>) -> Subscriber {
        Subscriber {
            id: SubscriberId::new(),
            status,
            confirmation_sent_at: sent,
        }
    }

    #[test]
    fn the_address_is_checked_and_made_canonical() {
        assert_eq!(
            subscribe_address(" Ana@Example.ORG ").unwrap().as_str(),
            "ana@example.org"
        );
        for bad in ["", "ana", "ana@", "ana@example", "a b@example.org"] {
            let errors = subscribe_address(bad).unwrap_err();
            assert_eq!(errors.get("email"), Some("Invalid email address"), "{bad}");
        }
    }

    #[test]
    fn new_and_departed_addresses_get_a_link_and_confirmed_ones_never() {
        assert!(confirmation_due(None, now()).is_some());
        let left = subscriber(SubscriberStatus::Unsubscribed, now());
        assert_eq!(confirmation_due(Some(&left), now()), Some(left.id));
        let confirmed = subscriber(SubscriberStatus::Confirmed, now() - Duration::days(300));
        assert_eq!(confirmation_due(Some(&confirmed), now()), None);
    }

    #[test]
    fn a_pending_address_gets_a_fresh_link_an_hour_after_the_last() {
        let lately = subscriber(
            SubscriberStatus::Pending,
            now() - RESEND_AFTER + Duration::seconds(1),
        );
        assert_eq!(confirmation_due(Some(&lately), now()), None);
        let hour_ago = subscriber(SubscriberStatus::Pending, now() - RESEND_AFTER);
        assert_eq!(confirmation_due(Some(&hour_ago), now()), Some(hour_ago.id));
    }

    #[test]
    fn a_confirm_link_names_its_subscriber_for_seven_days() {
        let id = SubscriberId::new();
        let subject = confirm_link_subject(id, now());
        assert_eq!(confirm_link_subscriber(&subject, now()), Some(id));
        let expires = now() + Duration::days(7);
        assert_eq!(
            confirm_link_subscriber(&subject, expires - Duration::seconds(1)),
            Some(id)
        );
        assert_eq!(confirm_link_subscriber(&subject, expires), None);
        for garbage in [
            "",
            "x",
            &id.to_string(),
            "not-an-id:99999999999",
            &format!("{id}:x"),
        ] {
            assert_eq!(confirm_link_subscriber(garbage, now()), None, "{garbage}");
        }
    }

    #[test]
    fn unconfirmed_addresses_are_kept_thirty_days() {
        assert_eq!(PENDING_KEPT_DAYS, 30);
        assert_eq!(pending_purge_before(now()), now() - Duration::days(30));
        assert!(
            Duration::days(PENDING_KEPT_DAYS) > CONFIRM_LINK_VALID_FOR,
            "an address is never deleted while its link still works"
        );
    }

    #[test]
    fn statuses_round_trip() {
        for s in [
            SubscriberStatus::Pending,
            SubscriberStatus::Confirmed,
            SubscriberStatus::Unsubscribed,
        ] {
            assert_eq!(SubscriberStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(SubscriberStatus::parse("Pending"), None);
    }
}
