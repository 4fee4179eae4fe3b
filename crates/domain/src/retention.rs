//! How long records that are only needed for a while are kept (docs/operations.md,
//! Retention). Each period is counted from the moment the record stopped being needed: a
//! sign-in from when it ended, a one-time link from when it was used or expired, an email's
//! body from when it was sent (or given up on), a notification or an audit entry from when
//! it was written.
use chrono::{DateTime, Duration, Utc};

/// What a retention sweep removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Retained {
    /// Sign-ins that expired or were signed out (with their IP address and browser).
    EndedSessions,
    /// Password reset and email verification links that were used or expired.
    SpentTokens,
    /// The bodies of emails sent or given up on; the row stays (to whom, subject, status),
    /// as the record that counts towards the per-person email caps and a campaign's figures.
    SentEmailBodies,
    /// Notifications, except a standing one (which stays while what it stands for does).
    Notifications,
    /// The admin audit trail.
    AuditEntries,
}

impl Retained {
    pub const ALL: [Self; 5] = [
        Self::EndedSessions,
        Self::SpentTokens,
        Self::SentEmailBodies,
        Self::Notifications,
        Self::AuditEntries,
    ];
}

/// Days each kind of record is kept; every one is at least a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetentionPeriods {
    pub ended_sessions_days: u32,
    pub spent_tokens_days: u32,
    pub sent_email_bodies_days: u32,
    pub notifications_days: u32,
    pub audit_entries_days: u32,
}

impl RetentionPeriods {
    /// The documented defaults: a month of ended sign-ins (to look into a report of a
    /// stolen account), a week of spent links, a month of sent emails' text (to answer
    /// "what did you send me?"), half a year of notifications, and two years of the audit
    /// trail (to answer "who did this?" about an admin's change long after).
    pub const DEFAULT: Self = Self {
        ended_sessions_days: 30,
        spent_tokens_days: 7,
        sent_email_bodies_days: 30,
        notifications_days: 180,
        audit_entries_days: 730,
    };
    /// The longest period any setting may be: ten years.
    pub const MAX_DAYS: u32 = 3_650;

    pub fn days(&self, kind: Retained) -> u32 {
        match kind {
            Retained::EndedSessions => self.ended_sessions_days,
            Retained::SpentTokens => self.spent_tokens_days,
            Retained::SentEmailBodies => self.sent_email_bodies_days,
            Retained::Notifications => self.notifications_days,
            Retained::AuditEntries => self.audit_entries_days,
        }
    }

    /// Records of `kind` whose period started at or before this are removed.
    pub fn cutoff(&self, kind: Retained, now: DateTime<Utc>) -> DateTime<Utc> {
        now - Duration::days(i64::from(self.days(kind).max(1)))
    }
}

impl Default for RetentionPeriods {
    fn default() -> Self {
        Self::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{RESET_TOKEN_LIFETIME, SESSION_LIFETIME, VERIFY_TOKEN_LIFETIME};
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2027, 3, 1, 12, 0, 0).unwrap()
    }

    #[test]
    fn each_cutoff_is_its_period_before_now() {
        let periods = RetentionPeriods::DEFAULT;
        assert_eq!(
            periods.cutoff(Retained::EndedSessions, now()),
            now() - Duration::days(30)
        );
        assert_eq!(
            periods.cutoff(Retained::SpentTokens, now()),
            now() - Duration::days(7)
        );
        assert_eq!(
            periods.cutoff(Retained::SentEmailBodies, now()),
            now() - Duration::days(30)
        );
        assert_eq!(
            periods.cutoff(Retained::Notifications, now()),
            now() - Duration::days(180)
        );
        assert_eq!(
            periods.cutoff(Retained::AuditEntries, now()),
            now() - Duration::days(730)
        );
    }

    #[test]
    fn every_kind_reads_its_own_setting() {
        let periods = RetentionPeriods {
            ended_sessions_days: 1,
            spent_tokens_days: 2,
            sent_email_bodies_days: 3,
            notifications_days: 4,
            audit_entries_days: 5,
        };
        let days: Vec<u32> = Retained::ALL.iter().map(|k| periods.days(*k)).collect();
        assert_eq!(days, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_zero_period_still_keeps_a_day() {
        let periods = RetentionPeriods {
            audit_entries_days: 0,
            ..RetentionPeriods::DEFAULT
        };
        assert_eq!(
            periods.cutoff(Retained::AuditEntries, now()),
            now() - Duration::days(1)
        );
    }

    #[test]
    fn defaults_never_remove_what_is_still_in_use() {
        // Periods count from when a sign-in or link ended, so any period is safe for them;
        // these hold the defaults to the lifetimes people are told about.
        let d = RetentionPeriods::DEFAULT;
        assert!(Duration::days(i64::from(d.ended_sessions_days)) >= SESSION_LIFETIME);
        assert!(Duration::days(i64::from(d.spent_tokens_days)) > VERIFY_TOKEN_LIFETIME);
        assert!(Duration::days(i64::from(d.spent_tokens_days)) > RESET_TOKEN_LIFETIME);
        assert!(
            Retained::ALL
                .iter()
                .all(|k| d.days(*k) <= RetentionPeriods::MAX_DAYS)
        );
    }
}
