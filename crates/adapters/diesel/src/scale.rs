//! The scale data set (`playspace seed --scale large`): about 220,000 rows written in one
//! transaction, many rows per statement. Row by row, PostgreSQL spends its time on round
//! trips and per-statement start-up; a thousand rows a statement stays well inside both
//! backends' bound-parameter limits (SQLite 32,766, PostgreSQL 65,535).
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use playspace_ports::{
    RepoError, SCALE_EMAIL_SUFFIX, ScaleBooking, ScaleData, ScaleEvent, ScaleMember,
    ScaleSeedStore, ScaleSeries,
};

use crate::convert::{repo_error, to_db_time, to_i32};
use crate::schema::{bookings, cancellations, event_series, events, users};
use crate::venues::ensure_venue;
use crate::{DbConnection, Store};

/// Rows per INSERT: 1,000 rows of at most 16 columns.
const CHUNK: usize = 1_000;

/// Not a PHC string, so no password ever verifies against it.
const UNUSABLE_PASSWORD: &str = "!";

// `treat_none_as_default_value = false` binds NULL for `None` instead of writing DEFAULT,
// which SQLite cannot take in a multi-row VALUES list.

#[derive(Insertable)]
#[diesel(table_name = users, treat_none_as_default_value = false)]
struct UserRow<'a> {
    id: String,
    email: &'a str,
    password_hash: &'static str,
    first_name: &'a str,
    last_name: &'a str,
    chosen_name: Option<&'a str>,
    pronouns: Option<&'a str>,
    role: &'static str,
    marketing_consent: bool,
    is_email_verified: bool,
    last_login: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

impl<'a> UserRow<'a> {
    fn from(m: &'a ScaleMember) -> Self {
        Self {
            id: m.id.to_string(),
            email: &m.email,
            password_hash: UNUSABLE_PASSWORD,
            first_name: &m.first_name,
            last_name: &m.last_name,
            chosen_name: m.chosen_name.as_deref(),
            pronouns: m.pronouns.as_deref(),
            role: m.role.as_str(),
            marketing_consent: m.marketing_consent,
            is_email_verified: m.is_email_verified,
            last_login: m.last_login.map(to_db_time),
            created_at: to_db_time(m.created_at),
            updated_at: to_db_time(m.last_login.unwrap_or(m.created_at)),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = event_series, treat_none_as_default_value = false)]
struct SeriesRow {
    id: String,
    local_time: String,
    interval_weeks: i32,
    first_date: NaiveDate,
    until_date: NaiveDate,
    created_by: Option<String>,
    created_at: NaiveDateTime,
}

impl SeriesRow {
    fn from(s: &ScaleSeries) -> Self {
        Self {
            id: s.id.to_string(),
            local_time: s.time.format("%H:%M").to_string(),
            interval_weeks: to_i32(s.interval_weeks),
            first_date: s.first_date,
            until_date: s.until,
            created_by: s.created_by.map(|id| id.to_string()),
            created_at: to_db_time(s.created_at),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = events, treat_none_as_default_value = false)]
struct EventRow<'a> {
    id: String,
    title: &'a str,
    description: &'a str,
    category: &'a str,
    venue_id: String,
    location: String,
    area: &'a str,
    starts_at: NaiveDateTime,
    duration_minutes: i32,
    max_participants: i32,
    current_participants: i32,
    price_pence: i64,
    is_active: bool,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    leader_id: Option<String>,
    series_id: Option<String>,
}

impl<'a> EventRow<'a> {
    fn from(s: &'a ScaleEvent) -> Self {
        let e = &s.event;
        Self {
            id: e.id.to_string(),
            title: &e.title,
            description: &e.description,
            category: e.category.as_str(),
            venue_id: e.venue.id.to_string(),
            location: e.location(),
            area: e.area(),
            starts_at: to_db_time(e.starts_at),
            duration_minutes: to_i32(e.duration_minutes),
            max_participants: to_i32(e.max_participants),
            current_participants: to_i32(e.current_participants),
            price_pence: e.price.pence(),
            is_active: e.is_active,
            created_at: to_db_time(e.created_at),
            updated_at: to_db_time(e.created_at),
            leader_id: s.leader.map(|id| id.to_string()),
            series_id: s.series.map(|id| id.to_string()),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = bookings, treat_none_as_default_value = false)]
struct BookingRow<'a> {
    id: String,
    reference: &'a str,
    user_id: String,
    event_id: String,
    status: &'static str,
    payment_status: &'static str,
    payment_method: &'static str,
    amount_pence: i64,
    accessibility_requirements: Option<&'a str>,
    attendance: Option<&'static str>,
    attendance_marked_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

impl<'a> BookingRow<'a> {
    fn from(s: &'a ScaleBooking) -> Self {
        let b = &s.booking;
        Self {
            id: b.id.to_string(),
            reference: b.reference.as_str(),
            user_id: b.user_id.to_string(),
            event_id: b.event_id.to_string(),
            status: b.status.as_str(),
            payment_status: b.payment_status.as_str(),
            payment_method: b.payment_method.as_str(),
            amount_pence: b.amount.pence(),
            accessibility_requirements: b.accessibility_requirements.as_deref(),
            attendance: s.attendance.map(|(a, _)| a.as_str()),
            attendance_marked_at: s.attendance.map(|(_, at)| to_db_time(at)),
            created_at: to_db_time(b.created_at),
            updated_at: to_db_time(s.updated_at),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = cancellations, treat_none_as_default_value = false)]
struct CancellationRow<'a> {
    id: String,
    booking_id: String,
    reason: Option<&'a str>,
    refund_amount_pence: i64,
    refund_status: &'static str,
    processed_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

/// Inserts `rows` CHUNK at a time on whichever backend `conn` is.
macro_rules! insert_chunked {
    ($conn:expr, $table:expr, $rows:expr) => {{
        let rows = $rows;
        for chunk in rows.chunks(CHUNK) {
            match &mut *$conn {
                DbConnection::Sqlite(c) => diesel::insert_into($table).values(chunk).execute(c)?,
                DbConnection::Postgres(c) => {
                    diesel::insert_into($table).values(chunk).execute(c)?
                }
            };
        }
    }};
}

fn insert_all(conn: &mut DbConnection, data: &ScaleData) -> QueryResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        // The VACUUM after the load marks pages all-visible only once this commit is
        // flushed: with synchronous_commit off (as in scripts/bench) it may not be yet.
        diesel::sql_query("SET LOCAL synchronous_commit = on").execute(pg)?;
    }
    let members: Vec<UserRow<'_>> = data.members.iter().map(UserRow::from).collect();
    insert_chunked!(conn, users::table, &members);
    drop(members);
    let series: Vec<SeriesRow> = data.series.iter().map(SeriesRow::from).collect();
    insert_chunked!(conn, event_series::table, &series);
    let mut venues = std::collections::HashSet::new();
    for event in &data.events {
        if venues.insert(event.event.venue.id) {
            ensure_venue(conn, &event.event.venue, event.event.created_at)?;
        }
    }
    let events: Vec<EventRow<'_>> = data.events.iter().map(EventRow::from).collect();
    insert_chunked!(conn, events::table, &events);
    drop(events);
    // Built a chunk at a time: 200,000 rows of owned ids would be tens of megabytes.
    for chunk in data.bookings.chunks(CHUNK) {
        let rows: Vec<BookingRow<'_>> = chunk.iter().map(BookingRow::from).collect();
        insert_chunked!(conn, bookings::table, &rows);
    }
    let cancelled: Vec<CancellationRow<'_>> = data
        .bookings
        .iter()
        .filter_map(|b| {
            let c = b.cancellation.as_ref()?;
            Some(CancellationRow {
                id: c.id.to_string(),
                booking_id: b.booking.id.to_string(),
                reason: Some(&c.reason),
                refund_amount_pence: c.refund_amount.pence(),
                refund_status: c.refund_status,
                processed_at: Some(to_db_time(c.at)),
                created_at: to_db_time(c.at),
            })
        })
        .collect();
    insert_chunked!(conn, cancellations::table, &cancelled);
    Ok(())
}

impl ScaleSeedStore for Store {
    fn scale_member_count(&self) -> Result<u64, RepoError> {
        let mut conn = self.conn()?;
        let n: i64 = users::table
            .filter(users::email.like(format!("%{SCALE_EMAIL_SUFFIX}")))
            .count()
            .get_result(&mut *conn)
            .map_err(repo_error)?;
        Ok(u64::try_from(n).unwrap_or_default())
    }

    fn booking_references(&self) -> Result<Vec<String>, RepoError> {
        let mut conn = self.conn()?;
        bookings::table
            .select(bookings::reference)
            .load(&mut *conn)
            .map_err(repo_error)
    }

    fn insert_scale_data(&self, data: &ScaleData) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| insert_all(c, data))
            .map_err(repo_error)?;
        // After a bulk load PostgreSQL's autovacuum would soon vacuum and analyse the new
        // rows; done now, so the admin lists get their plans (statistics) and index-only
        // counts (the visibility map) from the start, as on a database in service. With
        // synchronous_commit off, VACUUM right after the load left most pages unmarked.
        if let DbConnection::Postgres(pg) = conn {
            for statement in [
                "SET synchronous_commit = on",
                "VACUUM (ANALYZE) users, events, bookings, cancellations, event_series",
                "RESET synchronous_commit",
            ] {
                diesel::sql_query(statement)
                    .execute(pg)
                    .map_err(repo_error)?;
            }
        }
        Ok(())
    }
}
