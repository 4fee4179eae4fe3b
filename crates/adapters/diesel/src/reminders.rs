//! Event reminders: candidates in one query, and each (booking, timing) claimed once by
//! the `reminders_sent` primary key: in the transaction that writes what it sends, or as
//! passed over when the person does not get it.
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::not;
use diesel::prelude::*;
use playspace_domain::reminder::ReminderTiming;
use playspace_domain::{BookingId, BookingStatus, OutgoingEmail};
use playspace_ports::{NewNotification, ReminderCandidate, ReminderRepository, RepoError};

use crate::convert::{corrupt, from_db_time, repo_error, to_db_time, to_u32};
use crate::notifications;
use crate::outbox::insert_emails;
use crate::schema::{bookings, events, reminders_sent, users};
use crate::{DbConnection, Store};

type CandidateRow = (
    String,
    String,
    NaiveDateTime,
    String,
    String,
    String,
    Option<String>,
    String,
    String,
    String,
    String,
    NaiveDateTime,
    i32,
);

fn into_candidate(row: CandidateRow) -> Result<ReminderCandidate, RepoError> {
    let (
        booking,
        reference,
        booked_at,
        user,
        email,
        first_name,
        chosen_name,
        preferences,
        event,
        title,
        location,
        starts_at,
        duration,
    ) = row;
    Ok(ReminderCandidate {
        booking_id: booking.parse().map_err(|e| corrupt("booking id", e))?,
        reference: reference.parse().map_err(|e| corrupt("reference", e))?,
        booked_at: from_db_time(booked_at),
        user_id: user.parse().map_err(|e| corrupt("user id", e))?,
        email,
        greeting_name: chosen_name.unwrap_or(first_name),
        preferences: serde_json::from_str(&preferences).map_err(|e| corrupt("preferences", e))?,
        event_id: event.parse().map_err(|e| corrupt("event id", e))?,
        title,
        location,
        starts_at: from_db_time(starts_at),
        duration_minutes: to_u32(duration, "duration")?,
    })
}

/// Whether the booking is still confirmed, for an active event, by a live account.
fn still_live(c: &mut DbConnection, booking: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        bookings::table
            .inner_join(events::table)
            .inner_join(users::table)
            .filter(bookings::id.eq(booking))
            .filter(bookings::status.eq(BookingStatus::Confirmed.as_str()))
            .filter(events::is_active.eq(true))
            .filter(users::deleted_at.is_null()),
    ))
    .get_result(c)
}

/// Records (booking, timing) decisions: each row inserted once, a decision already made
/// left as it is (PostgreSQL waits for a concurrent claimer's transaction, then sees its
/// row). Returns how many were inserted.
fn decide(
    c: &mut DbConnection,
    decided: &[(String, &'static str)],
    sent: bool,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let rows: Vec<_> = decided
        .iter()
        .map(|(booking, timing)| {
            (
                reminders_sent::booking_id.eq(booking),
                reminders_sent::timing.eq(*timing),
                reminders_sent::sent_at.eq(now),
                reminders_sent::sent.eq(sent),
            )
        })
        .collect();
    let insert = diesel::insert_into(reminders_sent::table).values(rows);
    // ON CONFLICT is written per backend: the connection enum does not carry it.
    match c {
        DbConnection::Postgres(pg) => insert.on_conflict_do_nothing().execute(pg),
        DbConnection::Sqlite(lite) => insert.on_conflict_do_nothing().execute(lite),
    }
}

impl ReminderRepository for Store {
    fn reminder_candidates(
        &self,
        now: DateTime<Utc>,
        after: Option<BookingId>,
        limit: u32,
    ) -> Result<Vec<ReminderCandidate>, RepoError> {
        let mut conn = self.conn()?;
        let in_range = |timing: ReminderTiming| {
            let (earliest, latest) = timing.starts_due(now);
            events::starts_at.between(to_db_time(earliest), to_db_time(latest))
        };
        // Events starting in a timing's range, for bookings not yet sent that timing. A
        // reminder in range was sent no earlier than its moment, so only that timing's
        // rows from the last window are consulted, whatever the table's size.
        let pending = |timing: ReminderTiming| {
            let sent = reminders_sent::table
                .filter(reminders_sent::timing.eq(timing.label()))
                .filter(reminders_sent::sent_at.ge(to_db_time(now - timing.catch_up_window())))
                .select(reminders_sent::booking_id);
            in_range(timing).and(not(bookings::id.eq_any(sent)))
        };
        let [hour, four_hours, day, week] = ReminderTiming::ALL;
        // The few events starting in any timing's range are read first, so the bookings are
        // found through their events instead of by reading every confirmed booking.
        let soon: Vec<String> = events::table
            .filter(events::is_active.eq(true))
            .filter(
                in_range(hour)
                    .or(in_range(four_hours))
                    .or(in_range(day))
                    .or(in_range(week)),
            )
            .select(events::id)
            .load(&mut *conn)
            .map_err(repo_error)?;
        if soon.is_empty() {
            return Ok(Vec::new());
        }
        let mut query = bookings::table
            .inner_join(events::table)
            .inner_join(users::table)
            .filter(bookings::event_id.eq_any(&soon))
            .filter(bookings::status.eq(BookingStatus::Confirmed.as_str()))
            .filter(events::is_active.eq(true))
            .filter(users::deleted_at.is_null())
            .filter(
                pending(hour)
                    .or(pending(four_hours))
                    .or(pending(day))
                    .or(pending(week)),
            )
            .select((
                bookings::id,
                bookings::reference,
                bookings::created_at,
                users::id,
                users::email,
                users::first_name,
                users::chosen_name,
                users::preferences,
                events::id,
                events::title,
                events::location,
                events::starts_at,
                events::duration_minutes,
            ))
            .order(bookings::id.asc())
            .limit(i64::from(limit))
            .into_boxed();
        if let Some(after) = after {
            query = query.filter(bookings::id.gt(after.to_string()));
        }
        let rows: Vec<CandidateRow> = query.load(&mut *conn).map_err(repo_error)?;
        rows.into_iter().map(into_candidate).collect()
    }

    fn send_reminder(
        &self,
        booking: BookingId,
        timing: ReminderTiming,
        emails: &[OutgoingEmail],
        notification: &NewNotification,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = booking.to_string();
        let now_db = to_db_time(now);
        conn.transaction(|c| {
            // Checked inside the transaction: a cancellation since the candidates were
            // read gets no reminder.
            if !still_live(c, &key)?
                || decide(c, &[(key.clone(), timing.label())], true, now_db)? != 1
            {
                return Ok(false);
            }
            insert_emails(c, emails, now)?;
            notifications::add(c, notification, now_db)?;
            Ok(true)
        })
        .map_err(repo_error)
    }

    fn pass_reminders(
        &self,
        passed: &[(BookingId, ReminderTiming)],
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        if passed.is_empty() {
            return Ok(());
        }
        let rows: Vec<_> = passed
            .iter()
            .map(|(booking, timing)| (booking.to_string(), timing.label()))
            .collect();
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        // Chunked: SQLite allows at most 32,766 bound values in one statement.
        for chunk in rows.chunks(1_000) {
            decide(conn, chunk, false, to_db_time(now)).map_err(repo_error)?;
        }
        Ok(())
    }
}
