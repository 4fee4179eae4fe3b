//! The CSV exports' reads: one chunk at a time in id order (the primary key), so an export
//! of any size holds one chunk in memory. Only the exported columns are selected: secrets,
//! medical details, access needs, emergency contacts, addresses and dates of birth are
//! never read here.
use chrono::NaiveDateTime;
use diesel::prelude::*;
use playspace_domain::Money;
use playspace_ports::{BookingExportRow, EventExportRow, ExportStore, RepoError, UserExportRow};

use crate::Store;
use crate::convert::{corrupt, from_db_time, repo_error};
use crate::schema::{bookings, events, users};

type UserRow = (
    String,
    String,
    String,
    String,
    String,
    bool,
    bool,
    NaiveDateTime,
    Option<NaiveDateTime>,
    Option<NaiveDateTime>,
);

type EventRow = (
    String,
    String,
    String,
    String,
    NaiveDateTime,
    i32,
    i32,
    i32,
    i64,
    bool,
    Option<String>,
    Option<String>,
);

type BookingRow = (
    String,
    String,
    String,
    String,
    String,
    NaiveDateTime,
    String,
    String,
    String,
    i64,
    bool,
    Option<String>,
    NaiveDateTime,
);

fn money(pence: i64) -> Result<Money, RepoError> {
    Money::from_pence(pence).map_err(|e| corrupt("amount", e))
}

impl ExportStore for Store {
    fn users_after(
        &self,
        after: Option<String>,
        limit: u32,
    ) -> Result<Vec<UserExportRow>, RepoError> {
        let mut conn = self.conn()?;
        let mut query = users::table.into_boxed();
        if let Some(after) = after {
            query = query.filter(users::id.gt(after));
        }
        let rows: Vec<UserRow> = query
            .order(users::id.asc())
            .limit(i64::from(limit))
            .select((
                users::id,
                users::first_name,
                users::last_name,
                users::email,
                users::role,
                users::is_email_verified,
                users::marketing_consent,
                users::created_at,
                users::last_login,
                users::deleted_at,
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        Ok(rows
            .into_iter()
            .map(
                |(id, first, last, email, role, verified, consent, created, login, erased)| {
                    UserExportRow {
                        id,
                        first_name: first,
                        last_name: last,
                        email,
                        role,
                        is_email_verified: verified,
                        marketing_consent: consent,
                        created_at: from_db_time(created),
                        last_login: login.map(from_db_time),
                        erased: erased.is_some(),
                    }
                },
            )
            .collect())
    }

    fn events_after(
        &self,
        after: Option<String>,
        limit: u32,
    ) -> Result<Vec<EventExportRow>, RepoError> {
        let mut conn = self.conn()?;
        let mut query = events::table.into_boxed();
        if let Some(after) = after {
            query = query.filter(events::id.gt(after));
        }
        let rows: Vec<EventRow> = query
            .order(events::id.asc())
            .limit(i64::from(limit))
            .select((
                events::id,
                events::title,
                events::category,
                events::location,
                events::starts_at,
                events::duration_minutes,
                events::max_participants,
                events::current_participants,
                events::price_pence,
                events::is_active,
                events::leader_id,
                events::series_id,
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter()
            .map(
                |(
                    id,
                    title,
                    category,
                    location,
                    starts,
                    duration,
                    max,
                    current,
                    price,
                    active,
                    leader,
                    series,
                )| {
                    Ok(EventExportRow {
                        id,
                        title,
                        category,
                        location,
                        starts_at: from_db_time(starts),
                        duration_minutes: duration,
                        max_participants: max,
                        current_participants: current,
                        price: money(price)?,
                        is_active: active,
                        leader_id: leader,
                        series_id: series,
                    })
                },
            )
            .collect()
    }

    fn bookings_after(
        &self,
        after: Option<String>,
        limit: u32,
    ) -> Result<Vec<BookingExportRow>, RepoError> {
        let mut conn = self.conn()?;
        let mut query = bookings::table.inner_join(events::table).into_boxed();
        if let Some(after) = after {
            query = query.filter(bookings::id.gt(after));
        }
        let rows: Vec<BookingRow> = query
            .order(bookings::id.asc())
            .limit(i64::from(limit))
            .select((
                bookings::id,
                bookings::reference,
                bookings::user_id,
                bookings::event_id,
                events::title,
                events::starts_at,
                bookings::status,
                bookings::payment_status,
                bookings::payment_method,
                bookings::amount_pence,
                bookings::companion,
                bookings::attendance,
                bookings::created_at,
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter()
            .map(
                |(
                    id,
                    reference,
                    user,
                    event,
                    title,
                    date,
                    status,
                    paid,
                    method,
                    amount,
                    companion,
                    attendance,
                    created,
                )| {
                    Ok(BookingExportRow {
                        id,
                        reference,
                        user_id: user,
                        event_id: event,
                        event_title: title,
                        event_date: from_db_time(date),
                        status,
                        payment_status: paid,
                        payment_method: method,
                        amount: money(amount)?,
                        companion,
                        attendance,
                        created_at: from_db_time(created),
                    })
                },
            )
            .collect()
    }
}
