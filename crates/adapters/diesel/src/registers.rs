//! Session registers: who is booked, with what they told us for this session, marked at
//! the door by the session's leader.
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use playspace_domain::{AuditEntry, BookingId, EventId, Money, UserId};
use playspace_ports::{AdminEvent, RegisterChange, RegisterLine, RegisterRepository, RepoError};

use crate::access_needs::parse_needs_text;
use crate::admin_events::{AdminEventRow, admin_event, admin_events_query, bad};
use crate::audit::insert_audit;
use crate::convert::{refused, repo_error, to_db_time};
use crate::schema::{bookings, events, users};
use crate::user_rows::display_name;
use crate::{DbConnection, Store};

/// (id, reference, user, status, payment method, payment status, amount), (accessibility
/// requirements, access needs), attendance, (companion, their name), (first, chosen, last
/// name, pronouns), emergency contact.
type LineRow = (
    (String, String, String, String, String, String, i64),
    (Option<String>, String),
    Option<String>,
    (bool, Option<String>),
    (String, Option<String>, String, Option<String>),
    (Option<String>, Option<String>),
);

macro_rules! lines_query {
    () => {
        bookings::table
            .inner_join(users::table)
            .filter(bookings::status.ne("cancelled"))
            .select((
                (
                    bookings::id,
                    bookings::reference,
                    bookings::user_id,
                    bookings::status,
                    bookings::payment_method,
                    bookings::payment_status,
                    bookings::amount_pence,
                ),
                (bookings::accessibility_requirements, bookings::access_needs),
                bookings::attendance,
                (bookings::companion, bookings::companion_name),
                (
                    users::first_name,
                    users::chosen_name,
                    users::last_name,
                    users::pronouns,
                ),
                (
                    users::emergency_contact_name,
                    users::emergency_contact_phone,
                ),
            ))
    };
}

fn line(row: LineRow) -> QueryResult<RegisterLine> {
    let (
        (id, reference, user, status, method, payment, amount),
        (requirements, needs),
        attendance,
        (companion, companion_name),
        person,
        contact,
    ) = row;
    let (first, chosen, last, pronouns) = person;
    Ok(RegisterLine {
        booking_id: id.parse().map_err(bad)?,
        reference: reference.parse().map_err(bad)?,
        user_id: user.parse().map_err(bad)?,
        name: display_name(&first, chosen.as_deref(), &last),
        pronouns,
        status: status.parse().map_err(bad)?,
        payment_method: method.parse().map_err(bad)?,
        payment_status: payment.parse().map_err(bad)?,
        amount: Money::from_pence(amount).map_err(bad)?,
        accessibility_requirements: requirements,
        access_needs: parse_needs_text(&needs)
            .map_err(|_| diesel::result::Error::DeserializationError("access needs".into()))?,
        companion,
        companion_name,
        emergency_contact_name: contact.0,
        emergency_contact_phone: contact.1,
        attendance: attendance.map(|a| a.parse()).transpose().map_err(bad)?,
    })
}

fn load_lines(
    conn: &mut DbConnection,
    event: &str,
    booking: Option<&str>,
) -> QueryResult<Vec<RegisterLine>> {
    let mut query = lines_query!()
        .filter(bookings::event_id.eq(event.to_owned()))
        .into_boxed();
    if let Some(b) = booking {
        query = query.filter(bookings::id.eq(b.to_owned()));
    }
    let rows: Vec<LineRow> = query.load(conn)?;
    let mut lines = rows
        .into_iter()
        .map(line)
        .collect::<QueryResult<Vec<_>>>()?;
    lines.sort_by_key(|l| (l.name.to_lowercase(), l.reference.to_string()));
    Ok(lines)
}

impl RegisterRepository for Store {
    fn register(&self, event: EventId) -> Result<Vec<RegisterLine>, RepoError> {
        let mut conn = self.conn()?;
        load_lines(&mut conn, &event.to_string(), None).map_err(repo_error)
    }

    fn mark(
        &self,
        event: EventId,
        booking: BookingId,
        change: RegisterChange,
        audit: &AuditEntry,
    ) -> Result<RegisterLine, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let (event, booking) = (event.to_string(), booking.to_string());
        let now = to_db_time(audit.at);
        conn.transaction(|c| {
            let live = bookings::table
                .find(&booking)
                .filter(bookings::event_id.eq(&event))
                .filter(bookings::status.ne("cancelled"));
            let changed = match change {
                RegisterChange::Attendance(mark) => diesel::update(live)
                    .set((
                        bookings::attendance.eq(mark.map(|m| m.as_str())),
                        bookings::attendance_marked_at.eq(mark.map(|_| now)),
                        bookings::updated_at.eq(now),
                    ))
                    .execute(c)?,
                RegisterChange::CashPaid => {
                    let exists: i64 = live.count().get_result(c)?;
                    if exists == 0 {
                        return Err(diesel::result::Error::NotFound);
                    }
                    let paid = diesel::update(live.filter(bookings::payment_method.eq("cash")))
                        .set((
                            bookings::payment_status.eq("paid"),
                            bookings::updated_at.eq(now),
                        ))
                        .execute(c)?;
                    if paid != 1 {
                        return Err(refused("only cash is paid at the door"));
                    }
                    paid
                }
            };
            if changed != 1 {
                return Err(diesel::result::Error::NotFound);
            }
            insert_audit(c, audit)?;
            load_lines(c, &event, Some(&booking))?
                .pop()
                .ok_or(diesel::result::Error::NotFound)
        })
        .map_err(repo_error)
    }

    fn led_sessions(
        &self,
        leader: Option<UserId>,
        from: DateTime<Utc>,
    ) -> Result<Vec<AdminEvent>, RepoError> {
        let mut conn = self.conn()?;
        let mut query = admin_events_query!()
            .filter(events::starts_at.ge(to_db_time(from)))
            .into_boxed();
        if let Some(id) = leader {
            query = query.filter(events::leader_id.eq(id.to_string()));
        }
        let rows: Vec<AdminEventRow> = query
            .order((events::starts_at.asc(), events::id.asc()))
            .limit(200)
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter().map(admin_event).collect()
    }
}
