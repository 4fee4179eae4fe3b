//! Identifiers are UUIDv7: time-ordered (good index locality) and unguessable enough that
//! a malformed or unknown id is simply "not found".
use std::fmt;
use std::str::FromStr;

use uuid::Uuid;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(Uuid);

        impl $name {
            /// A fresh time-ordered id.
            pub fn new() -> Self {
                Self(Uuid::now_v7())
            }

            pub fn as_uuid(&self) -> Uuid {
                self.0
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl From<Uuid> for $name {
            fn from(value: Uuid) -> Self {
                Self(value)
            }
        }

        impl FromStr for $name {
            type Err = uuid::Error;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Uuid::try_parse(s).map(Self)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                // Hyphenated lower case: the one text form stored and sent to clients.
                self.0.hyphenated().fmt(f)
            }
        }
    };
}

id_type!(
    /// An event (a session people can book).
    EventId
);
id_type!(
    /// A registered person.
    UserId
);
id_type!(
    /// A booking of one user for one event.
    BookingId
);
id_type!(
    /// A message sent through the contact page.
    ContactMessageId
);
id_type!(
    /// A signed-in browser or API client; revoking it signs that client out.
    SessionId
);
id_type!(
    /// One email in the outbox.
    DeliveryId
);
id_type!(
    /// A person's place in the queue for a full event.
    WaitlistEntryId
);
id_type!(
    /// A community story (a row of `blog_posts`).
    StoryId
);
id_type!(
    /// A run of recurring sessions made from one rule.
    SeriesId
);
id_type!(
    /// One bulk email sent to a recipient group.
    CampaignId
);
id_type!(
    /// One in-app notification.
    NotificationId
);

id_type!(
    /// An address on the newsletter list (not necessarily an account).
    SubscriberId
);

id_type!(
    /// A place sessions happen, with its access facts.
    VenueId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_through_text() {
        let id = EventId::new();
        let parsed: EventId = id.to_string().parse().unwrap();
        assert_eq!(parsed, id);
    }

    #[test]
    fn malformed_ids_are_rejected() {
        assert!("not-a-uuid".parse::<EventId>().is_err());
        assert!("".parse::<UserId>().is_err());
        assert!("123".parse::<BookingId>().is_err());
    }

    #[test]
    fn new_ids_are_time_ordered() {
        let a = EventId::new();
        let b = EventId::new();
        assert!(a < b);
        assert_eq!(a.as_uuid().get_version_num(), 7);
    }
}
