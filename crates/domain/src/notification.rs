//! In-app notifications: what the site tells a person, kept on the server beside the emails
//! that say the same thing, so the bell shows the same list on every device.
use chrono::{DateTime, Utc};

use crate::ids::{EventId, NotificationId, UserId};
use crate::text_enum;

/// How many notifications one person keeps (spec: "Notifications kept max 50"). Adding one
/// beyond this drops the oldest in the same transaction.
pub const NOTIFICATIONS_KEPT: u32 = 50;

text_enum!(
    /// What a notification is about; the bell picks its icon by it.
    NotificationKind {
        Booking => "booking",
        Reminder => "reminder",
        Welcome => "welcome",
        System => "system",
        Info => "info",
    }
);

/// A stored notification, as its owner reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    pub id: NotificationId,
    pub user_id: UserId,
    pub kind: NotificationKind,
    pub title: String,
    pub message: String,
    pub read: bool,
    /// A site path (never an absolute URL) the item opens, e.g. `/events/{id}`.
    pub action_url: Option<String>,
    pub event_id: Option<EventId>,
    pub created_at: DateTime<Utc>,
}

/// A notification to store with the change that caused it, in the same transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewNotification {
    pub user_id: UserId,
    pub kind: NotificationKind,
    pub title: String,
    pub message: String,
    pub action_url: Option<String>,
    pub event_id: Option<EventId>,
}

impl NewNotification {
    /// The one welcome a person gets, written with their account at sign-up.
    pub fn welcome(user_id: UserId) -> Self {
        Self {
            user_id,
            kind: NotificationKind::Welcome,
            title: "Welcome to PlaySpace!".into(),
            message: "We're glad you're here. Find an inclusive session near you and book your first place.".into(),
            action_url: Some("/events".into()),
            event_id: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_the_five_the_table_allows() {
        let stored: Vec<&str> = NotificationKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(stored, ["booking", "reminder", "welcome", "system", "info"]);
        for kind in NotificationKind::ALL {
            assert_eq!(kind.as_str().parse::<NotificationKind>().unwrap(), *kind);
        }
        assert!("alert".parse::<NotificationKind>().is_err());
    }

    #[test]
    fn the_welcome_points_to_events_and_names_no_event() {
        let user = UserId::new();
        let welcome = NewNotification::welcome(user);
        assert_eq!(welcome.user_id, user);
        assert_eq!(welcome.kind, NotificationKind::Welcome);
        assert_eq!(welcome.title, "Welcome to PlaySpace!");
        assert_eq!(welcome.action_url.as_deref(), Some("/events"));
        assert_eq!(welcome.event_id, None);
    }

    #[test]
    fn fifty_are_kept() {
        assert_eq!(NOTIFICATIONS_KEPT, 50);
    }
}
