use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Integer, Nullable, Text, Timestamp};
use playspace_domain::{DeliveryId, OutgoingEmail, UserId};
use playspace_ports::{ClaimedEmail, Outbox, RepoError};

use crate::convert::{corrupt, repo_error, to_db_time, to_u32};
use crate::schema::email_deliveries;
use crate::{DbConnection, Store};

#[derive(Insertable)]
#[diesel(table_name = email_deliveries)]
// None is bound as NULL rather than written as DEFAULT, so the insert's text never varies
// and Diesel keeps it prepared.
#[diesel(treat_none_as_default_value = false)]
struct NewDelivery<'a> {
    id: String,
    to_email: &'a str,
    to_name: Option<&'a str>,
    from_email: &'a str,
    subject: &'a str,
    email_type: &'a str,
    html_body: &'a str,
    text_body: &'a str,
    next_attempt_at: NaiveDateTime,
    user_id: Option<String>,
    booking_id: Option<String>,
    event_id: Option<String>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

/// Writes emails into the outbox on `conn`, inside whatever transaction the caller holds,
/// so an email exists exactly when the change that caused it does.
pub(crate) fn insert_emails(
    conn: &mut DbConnection,
    emails: &[OutgoingEmail],
    now: DateTime<Utc>,
) -> QueryResult<()> {
    let now = to_db_time(now);
    for e in emails {
        diesel::insert_into(email_deliveries::table)
            .values(NewDelivery {
                id: DeliveryId::new().to_string(),
                to_email: &e.to_email,
                to_name: e.to_name.as_deref(),
                from_email: &e.from_email,
                subject: &e.subject,
                email_type: e.email_type,
                html_body: &e.html_body,
                text_body: &e.text_body,
                next_attempt_at: now,
                user_id: e.user_id.map(|id| id.to_string()),
                booking_id: e.booking_id.map(|id| id.to_string()),
                event_id: e.event_id.map(|id| id.to_string()),
                created_at: now,
                updated_at: now,
            })
            .execute(conn)?;
    }
    Ok(())
}

#[derive(QueryableByName)]
struct ClaimedRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    from_email: String,
    #[diesel(sql_type = Text)]
    to_email: String,
    #[diesel(sql_type = Nullable<Text>)]
    to_name: Option<String>,
    #[diesel(sql_type = Text)]
    subject: String,
    #[diesel(sql_type = Text)]
    html_body: String,
    #[diesel(sql_type = Text)]
    text_body: String,
    #[diesel(sql_type = Integer)]
    attempt_count: i32,
    #[diesel(sql_type = Integer)]
    max_attempts: i32,
    #[diesel(sql_type = Timestamp)]
    next_attempt_at: NaiveDateTime,
}

const RETURNING: &str = "RETURNING id, from_email, to_email, to_name, subject, html_body, text_body, attempt_count, max_attempts, next_attempt_at";

/// One statement claims and leases the rows, those due first (ties in the order they were
/// written: ids are time-ordered). On PostgreSQL, SKIP LOCKED lets concurrent workers take
/// disjoint rows instead of waiting or double-claiming; SQLite has one writer at a time, so
/// the statement alone is enough there.
fn claim_sql(postgres: bool) -> String {
    let (p1, p2, p3) = if postgres {
        ("$1", "$2", "$3")
    } else {
        ("?1", "?2", "?3")
    };
    let lock = if postgres {
        " FOR UPDATE SKIP LOCKED"
    } else {
        ""
    };
    format!(
        "UPDATE email_deliveries SET status = 'sending', attempt_count = attempt_count + 1, \
         last_attempt_at = {p1}, lease_expires_at = {p2}, updated_at = {p1} \
         WHERE id IN (SELECT id FROM email_deliveries \
           WHERE (status = 'pending' AND next_attempt_at <= {p1}) OR (status = 'sending' AND lease_expires_at <= {p1}) \
           ORDER BY next_attempt_at, id LIMIT {p3}{lock}) {RETURNING}"
    )
}

/// The outbox's depth, for monitoring (GET /metrics): emails still to be sent (waiting for
/// their time or being sent now) and those given up on after their last attempt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutboxBacklog {
    pub waiting: u64,
    pub failed: u64,
}

impl Store {
    /// Counts the outbox by state; delivered emails are not read (the status index answers).
    pub fn outbox_backlog(&self) -> Result<OutboxBacklog, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<(String, i64)> = email_deliveries::table
            .filter(email_deliveries::status.eq_any(["pending", "sending", "failed"]))
            .group_by(email_deliveries::status)
            .select((email_deliveries::status, diesel::dsl::count_star()))
            .load(&mut *conn)
            .map_err(repo_error)?;
        let mut backlog = OutboxBacklog::default();
        for (status, count) in rows {
            let count = u64::try_from(count).unwrap_or(0);
            if status == "failed" {
                backlog.failed += count;
            } else {
                backlog.waiting += count;
            }
        }
        Ok(backlog)
    }
}

impl Outbox for Store {
    fn enqueue(&self, emails: &[OutgoingEmail]) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let now = Utc::now();
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| insert_emails(c, emails, now))
            .map_err(repo_error)
    }

    fn sent_since(
        &self,
        user: UserId,
        email_type: &str,
        since: DateTime<Utc>,
    ) -> Result<u32, RepoError> {
        let mut conn = self.conn()?;
        let count: i64 = email_deliveries::table
            .filter(email_deliveries::user_id.eq(user.to_string()))
            .filter(email_deliveries::email_type.eq(email_type))
            .filter(email_deliveries::created_at.ge(to_db_time(since)))
            .count()
            .get_result(&mut *conn)
            .map_err(repo_error)?;
        Ok(u32::try_from(count).unwrap_or(u32::MAX))
    }

    fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease: Duration,
        limit: u32,
    ) -> Result<Vec<ClaimedEmail>, RepoError> {
        let mut conn = self.writer()?;
        let (now_db, lease_until) = (to_db_time(now), to_db_time(now + lease));
        let limit = i32::try_from(limit).unwrap_or(i32::MAX);
        let mut rows: Vec<ClaimedRow> = match &mut *conn {
            DbConnection::Postgres(c) => diesel::sql_query(claim_sql(true))
                .bind::<Timestamp, _>(now_db)
                .bind::<Timestamp, _>(lease_until)
                .bind::<Integer, _>(limit)
                .load(c),
            DbConnection::Sqlite(c) => diesel::sql_query(claim_sql(false))
                .bind::<Timestamp, _>(now_db)
                .bind::<Timestamp, _>(lease_until)
                .bind::<Integer, _>(limit)
                .load(c),
        }
        .map_err(repo_error)?;
        // An UPDATE returns its rows in no promised order. In the claim's order, emails go
        // out as they were written: a person's "booked" before their "cancelled".
        rows.sort_unstable_by(|a, b| (a.next_attempt_at, &a.id).cmp(&(b.next_attempt_at, &b.id)));
        rows.into_iter()
            .map(|r| {
                Ok(ClaimedEmail {
                    id: r.id.parse().map_err(|e| corrupt("delivery id", e))?,
                    from_email: r.from_email,
                    to_email: r.to_email,
                    to_name: r.to_name,
                    subject: r.subject,
                    html_body: r.html_body,
                    text_body: r.text_body,
                    attempt_count: to_u32(r.attempt_count, "attempt count")?,
                    max_attempts: to_u32(r.max_attempts, "max attempts")?,
                })
            })
            .collect()
    }

    fn mark_delivered(
        &self,
        id: DeliveryId,
        provider_message_id: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let now = to_db_time(now);
        diesel::update(email_deliveries::table.find(id.to_string()))
            .set((
                email_deliveries::status.eq("delivered"),
                email_deliveries::delivered_at.eq(Some(now)),
                email_deliveries::sendgrid_message_id.eq(provider_message_id),
                email_deliveries::lease_expires_at.eq(None::<NaiveDateTime>),
                email_deliveries::error_message.eq(None::<String>),
                email_deliveries::updated_at.eq(now),
            ))
            .execute(&mut *conn)
            .map(|_| ())
            .map_err(repo_error)
    }

    fn mark_failed_attempt(
        &self,
        id: DeliveryId,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let now_db = to_db_time(now);
        let (status, next) = match retry_at {
            Some(at) => ("pending", to_db_time(at)),
            None => ("failed", now_db),
        };
        let error: String = error.chars().take(500).collect();
        diesel::update(email_deliveries::table.find(id.to_string()))
            .set((
                email_deliveries::status.eq(status),
                email_deliveries::next_attempt_at.eq(next),
                email_deliveries::lease_expires_at.eq(None::<NaiveDateTime>),
                email_deliveries::error_message.eq(Some(error)),
                email_deliveries::updated_at.eq(now_db),
            ))
            .execute(&mut *conn)
            .map(|_| ())
            .map_err(repo_error)
    }
}
