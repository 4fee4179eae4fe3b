//! The audit trail: every admin write, admin login and failed admin login leaves one entry,
//! written in the same transaction as the change. Details hold ids and field names, never
//! personal data (no names, emails, medical or accessibility details).
use chrono::{DateTime, Utc};

use crate::ids::UserId;

/// One audited action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEntry {
    /// Who acted; `None` only when nobody is signed in (not used for admin actions).
    pub actor: Option<UserId>,
    /// Dotted, stable names such as `user.update` or `event.cancel`.
    pub action: &'static str,
    pub resource_type: &'static str,
    pub resource_id: Option<String>,
    /// Key/value pairs stored as a JSON object of strings.
    pub details: Vec<(&'static str, String)>,
    pub ip_address: Option<String>,
    pub user_agent: Option<String>,
    pub at: DateTime<Utc>,
}

impl AuditEntry {
    pub fn new(
        actor: UserId,
        action: &'static str,
        resource_type: &'static str,
        resource_id: Option<String>,
        at: DateTime<Utc>,
    ) -> Self {
        Self {
            actor: Some(actor),
            action,
            resource_type,
            resource_id,
            details: Vec::new(),
            ip_address: None,
            user_agent: None,
            at,
        }
    }

    pub fn detail(mut self, key: &'static str, value: impl Into<String>) -> Self {
        self.details.push((key, value.into()));
        self
    }

    pub fn from_client(mut self, ip: Option<String>, user_agent: Option<String>) -> Self {
        self.ip_address = ip;
        self.user_agent = user_agent;
        self
    }
}

/// The actions the audit trail records, one name each.
pub mod actions {
    pub const ADMIN_LOGIN: &str = "admin.login";
    pub const ADMIN_LOGIN_FAILED: &str = "admin.login_failed";
    pub const ADMIN_LOGOUT: &str = "admin.logout";
    pub const USER_CREATE: &str = "user.create";
    pub const USER_UPDATE: &str = "user.update";
    pub const USER_DELETE: &str = "user.delete";
    pub const EVENT_CREATE: &str = "event.create";
    pub const EVENT_UPDATE: &str = "event.update";
    pub const EVENT_CANCEL: &str = "event.cancel";
    pub const SERIES_CREATE: &str = "series.create";
    pub const VENUE_CREATE: &str = "venue.create";
    pub const VENUE_UPDATE: &str = "venue.update";
    pub const VENUE_DELETE: &str = "venue.delete";
    pub const BOOKING_UPDATE: &str = "booking.update";
    pub const BOOKING_CANCEL: &str = "booking.cancel";
    pub const ATTENDANCE_MARK: &str = "booking.attendance";
    pub const CASH_PAID: &str = "booking.cash_paid";
    pub const BULK_EMAIL: &str = "email.bulk_send";
    pub const EXPORT: &str = "data.export";
    pub const COMMUNITY_UPDATE: &str = "community.update";
    pub const STORY_CREATE: &str = "story.create";
    pub const STORY_UPDATE: &str = "story.update";
    pub const STORY_PUBLISH: &str = "story.publish";
    pub const STORY_UNPUBLISH: &str = "story.unpublish";
    pub const STORY_APPROVE: &str = "story.approve";
    pub const STORY_DECLINE: &str = "story.decline";

    /// Every action, for the audit tab's filter.
    pub const ALL: &[&str] = &[
        ADMIN_LOGIN,
        ADMIN_LOGIN_FAILED,
        ADMIN_LOGOUT,
        USER_CREATE,
        USER_UPDATE,
        USER_DELETE,
        EVENT_CREATE,
        EVENT_UPDATE,
        EVENT_CANCEL,
        SERIES_CREATE,
        VENUE_CREATE,
        VENUE_UPDATE,
        VENUE_DELETE,
        BOOKING_UPDATE,
        BOOKING_CANCEL,
        ATTENDANCE_MARK,
        CASH_PAID,
        BULK_EMAIL,
        EXPORT,
        COMMUNITY_UPDATE,
        STORY_CREATE,
        STORY_UPDATE,
        STORY_PUBLISH,
        STORY_UNPUBLISH,
        STORY_APPROVE,
        STORY_DECLINE,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::now;

    #[test]
    fn an_entry_carries_who_what_and_from_where() {
        let actor = UserId::new();
        let entry = AuditEntry::new(
            actor,
            actions::USER_UPDATE,
            "user",
            Some("u1".into()),
            now(),
        )
        .detail("field", "role")
        .from_client(Some("10.0.0.1".into()), Some("Firefox".into()));
        assert_eq!(entry.actor, Some(actor));
        assert_eq!(entry.details, vec![("field", "role".to_owned())]);
        assert_eq!(entry.ip_address.as_deref(), Some("10.0.0.1"));
    }

    #[test]
    fn action_names_are_unique() {
        let mut names = actions::ALL.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), actions::ALL.len());
    }
}
