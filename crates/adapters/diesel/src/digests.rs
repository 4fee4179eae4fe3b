//! Session-alert digests: newly published sessions and the people who may be due one in a
//! query each, and each person's period claimed once by moving `digests_sent.last_sent_at`
//! in the transaction that writes what it sends.
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::digest::DigestFrequency;
use playspace_domain::{Event, OutgoingEmail, UserId};
use playspace_ports::{DigestRecipient, DigestRepository, NewNotification, RepoError};

use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::events::EventRow;
use crate::notifications;
use crate::outbox::insert_emails;
use crate::schema::{digests_sent, events, users, venues};
use crate::{DbConnection, Store};

type RecipientRow = (
    String,
    String,
    String,
    Option<String>,
    String,
    NaiveDateTime,
    Option<NaiveDateTime>,
);

fn into_recipient(row: RecipientRow) -> Result<DigestRecipient, RepoError> {
    let (user, email, first_name, chosen_name, preferences, joined_at, last_sent_at) = row;
    Ok(DigestRecipient {
        user_id: user.parse().map_err(|e| corrupt("user id", e))?,
        email,
        greeting_name: chosen_name.unwrap_or(first_name),
        preferences: serde_json::from_str(&preferences).map_err(|e| corrupt("preferences", e))?,
        joined_at: from_db_time(joined_at),
        last_sent_at: last_sent_at.map(from_db_time),
    })
}

/// Claims the person's digest for the period ending `now`: 1 row written when they were
/// never sent one or the last is at least a period old, else 0. PostgreSQL makes a
/// concurrent claimer wait for the first one's transaction, then re-checks the condition
/// against its row and writes nothing.
fn claim(
    c: &mut DbConnection,
    user: &str,
    frequency: DigestFrequency,
    now: DateTime<Utc>,
) -> QueryResult<usize> {
    let now_db = to_db_time(now);
    let insert = diesel::insert_into(digests_sent::table).values((
        digests_sent::user_id.eq(user),
        digests_sent::last_sent_at.eq(now_db),
    ));
    // ON CONFLICT is written per backend: the connection enum does not carry it.
    let first = match c {
        DbConnection::Postgres(pg) => insert.on_conflict_do_nothing().execute(pg),
        DbConnection::Sqlite(lite) => insert.on_conflict_do_nothing().execute(lite),
    }?;
    if first == 1 {
        return Ok(1);
    }
    diesel::update(
        digests_sent::table
            .filter(digests_sent::user_id.eq(user))
            .filter(digests_sent::last_sent_at.le(to_db_time(now - frequency.period()))),
    )
    .set(digests_sent::last_sent_at.eq(now_db))
    .execute(c)
}

impl DigestRepository for Store {
    fn new_sessions(
        &self,
        since: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<EventRow> = events::table
            .inner_join(venues::table)
            .filter(events::created_at.gt(to_db_time(since)))
            .filter(events::starts_at.gt(to_db_time(now)))
            .filter(events::is_active.eq(true))
            .filter(events::current_participants.lt(events::max_participants))
            .order((events::starts_at.asc(), events::id.asc()))
            .select(EventRow::as_select())
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter().map(EventRow::into_domain).collect()
    }

    fn digest_recipients(
        &self,
        sent_by: DateTime<Utc>,
        after: Option<UserId>,
        limit: u32,
    ) -> Result<Vec<DigestRecipient>, RepoError> {
        let mut conn = self.conn()?;
        let mut query = users::table
            .left_join(digests_sent::table)
            .filter(users::deleted_at.is_null())
            .filter(
                digests_sent::last_sent_at
                    .is_null()
                    .or(digests_sent::last_sent_at.le(to_db_time(sent_by))),
            )
            .select((
                users::id,
                users::email,
                users::first_name,
                users::chosen_name,
                users::preferences,
                users::created_at,
                digests_sent::last_sent_at.nullable(),
            ))
            .order(users::id.asc())
            .limit(i64::from(limit))
            .into_boxed();
        if let Some(after) = after {
            query = query.filter(users::id.gt(after.to_string()));
        }
        let rows: Vec<RecipientRow> = query.load(&mut *conn).map_err(repo_error)?;
        rows.into_iter().map(into_recipient).collect()
    }

    fn send_digest(
        &self,
        user: UserId,
        frequency: DigestFrequency,
        emails: &[OutgoingEmail],
        notification: &NewNotification,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = user.to_string();
        conn.transaction(|c| {
            let live: bool = diesel::select(diesel::dsl::exists(
                users::table
                    .filter(users::id.eq(&key))
                    .filter(users::deleted_at.is_null()),
            ))
            .get_result(c)?;
            if !live || claim(c, &key, frequency, now)? != 1 {
                return Ok(false);
            }
            insert_emails(c, emails, now)?;
            notifications::add(c, notification, to_db_time(now))?;
            Ok(true)
        })
        .map_err(repo_error)
    }
}
