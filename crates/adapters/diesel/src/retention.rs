//! Retention sweeps: one statement each, by the cutoff the caller computed
//! (domain::retention). Timed work runs them on every server; a row another server removed
//! first is simply not counted.
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use playspace_ports::{RepoError, RetentionStore};

use crate::Store;
use crate::convert::{repo_error, to_db_time};
use crate::schema::{audit_logs, email_deliveries, notifications, sessions, user_tokens};

/// Emails the outbox is done with: sent, or given up on after their last attempt.
const FINISHED_EMAILS: [&str; 2] = ["delivered", "failed"];

fn count(rows: usize) -> u64 {
    u64::try_from(rows).unwrap_or(u64::MAX)
}

impl RetentionStore for Store {
    fn delete_ended_sessions(&self, before: DateTime<Utc>) -> Result<u64, RepoError> {
        let before = to_db_time(before);
        let mut conn = self.writer()?;
        diesel::delete(
            sessions::table.filter(
                sessions::expires_at
                    .le(before)
                    .or(sessions::revoked_at.le(before)),
            ),
        )
        .execute(&mut *conn)
        .map(count)
        .map_err(repo_error)
    }

    fn delete_spent_tokens(&self, before: DateTime<Utc>) -> Result<u64, RepoError> {
        let before = to_db_time(before);
        let mut conn = self.writer()?;
        diesel::delete(
            user_tokens::table.filter(
                user_tokens::expires_at
                    .le(before)
                    .or(user_tokens::used_at.le(before)),
            ),
        )
        .execute(&mut *conn)
        .map(count)
        .map_err(repo_error)
    }

    fn clear_sent_email_bodies(&self, before: DateTime<Utc>) -> Result<u64, RepoError> {
        let before = to_db_time(before);
        let mut conn = self.writer()?;
        // updated_at is when it was delivered or given up on (the outbox's last write);
        // emptying the body leaves it so. The status index finds the finished rows.
        diesel::update(
            email_deliveries::table
                .filter(email_deliveries::status.eq_any(FINISHED_EMAILS))
                .filter(email_deliveries::updated_at.le(before))
                .filter(
                    email_deliveries::html_body
                        .ne("")
                        .or(email_deliveries::text_body.ne("")),
                ),
        )
        .set((
            email_deliveries::html_body.eq(""),
            email_deliveries::text_body.eq(""),
        ))
        .execute(&mut *conn)
        .map(count)
        .map_err(repo_error)
    }

    fn delete_old_notifications(&self, before: DateTime<Utc>) -> Result<u64, RepoError> {
        let before = to_db_time(before);
        let mut conn = self.writer()?;
        diesel::delete(
            notifications::table
                .filter(notifications::created_at.le(before))
                .filter(notifications::topic.is_null()),
        )
        .execute(&mut *conn)
        .map(count)
        .map_err(repo_error)
    }

    fn delete_old_audit_entries(&self, before: DateTime<Utc>) -> Result<u64, RepoError> {
        let before = to_db_time(before);
        let mut conn = self.writer()?;
        diesel::delete(audit_logs::table.filter(audit_logs::created_at.le(before)))
            .execute(&mut *conn)
            .map(count)
            .map_err(repo_error)
    }
}
