//! Bookings from the admin side: the filtered, paged list and status changes that keep the
//! capacity guard.
use diesel::prelude::*;
use playspace_domain::page_cursor::{Page, PageCursor};
use playspace_domain::{AuditEntry, BookingId, BookingStatus, OutgoingEmail, PaymentStatus};
use playspace_ports::{AdminBooking, AdminBookingRepository, BookingFilter, RepoError};

use crate::audit::insert_audit;
use crate::bookings::{BookingRow, cancel_live};
use crate::convert::{from_db_time, refused, repo_error, to_db_time};
use crate::events::contains_pattern;
use crate::places::{held_by, take_place};
use crate::schema::{bookings, cancellations, events, users};
use crate::user_rows::display_name;
use crate::{DbConnection, Store};

/// The booking, then (first, chosen, last name, email), (event title, start), attendance.
type ListRow = (
    BookingRow,
    (String, Option<String>, String, String),
    (String, chrono::NaiveDateTime),
    Option<String>,
);

macro_rules! bookings_query {
    () => {
        bookings::table
            .inner_join(users::table)
            .inner_join(events::table)
            .select((
                BookingRow::as_select(),
                (
                    users::first_name,
                    users::chosen_name,
                    users::last_name,
                    users::email,
                ),
                (events::title, events::starts_at),
                bookings::attendance,
            ))
    };
}

/// Narrows a boxed bookings query to the filter (not the cursor), for the page and total.
macro_rules! filter_bookings {
    ($sql:expr, $filter:expr) => {{
        let f: &BookingFilter = $filter;
        let mut sql = $sql;
        if let Some(event) = f.event_id {
            sql = sql.filter(bookings::event_id.eq(event.to_string()));
        }
        if let Some(status) = f.status {
            sql = sql.filter(bookings::status.eq(status.as_str()));
        }
        if let Some(status) = f.payment_status {
            sql = sql.filter(bookings::payment_status.eq(status.as_str()));
        }
        if let Some(from) = f.from {
            sql = sql.filter(bookings::created_at.ge(to_db_time(from)));
        }
        if let Some(to) = f.to {
            sql = sql.filter(bookings::created_at.lt(to_db_time(to)));
        }
        if let Some(reference) = &f.reference {
            sql = sql.filter(
                bookings::reference
                    .like(contains_pattern(reference))
                    .escape('\\'),
            );
        }
        sql
    }};
}

fn admin_booking((booking, person, event, attendance): ListRow) -> Result<AdminBooking, RepoError> {
    let (first, chosen, last, email) = person;
    Ok(AdminBooking {
        booking: booking.into_domain()?,
        user_name: display_name(&first, chosen.as_deref(), &last),
        user_email: email,
        event_title: event.0,
        event_date: from_db_time(event.1),
        attendance: attendance
            .map(|a| a.parse())
            .transpose()
            .map_err(|e| crate::convert::corrupt("attendance", e))?,
    })
}

impl AdminBookingRepository for Store {
    fn list_admin_bookings(
        &self,
        filter: &BookingFilter,
        after: Option<PageCursor>,
        limit: u32,
    ) -> Result<Page<AdminBooking>, RepoError> {
        let mut conn = self.conn()?;
        let total: i64 = filter_bookings!(bookings::table.into_boxed(), filter)
            .count()
            .get_result(&mut *conn)
            .map_err(repo_error)?;
        let mut page = filter_bookings!(bookings_query!().into_boxed(), filter);
        if let Some(PageCursor { at, id }) = after {
            let at = to_db_time(at);
            // The first condition alone can use the (…, created_at, id) indexes.
            page = page.filter(
                bookings::created_at
                    .le(at)
                    .and(bookings::created_at.lt(at).or(bookings::id.lt(id))),
            );
        }
        let rows: Vec<ListRow> = page
            .order((bookings::created_at.desc(), bookings::id.desc()))
            .limit(i64::from(limit) + 1)
            .load(&mut *conn)
            .map_err(repo_error)?;
        let mut items = rows
            .into_iter()
            .map(admin_booking)
            .collect::<Result<Vec<_>, _>>()?;
        let more = items.len() > limit as usize;
        items.truncate(limit as usize);
        let next = more
            .then(|| items.last())
            .flatten()
            .map(|last| PageCursor::new(last.booking.created_at, last.booking.id.to_string()));
        Ok(Page {
            items,
            next,
            total: u64::try_from(total).unwrap_or_default(),
        })
    }

    fn admin_booking(&self, id: BookingId) -> Result<AdminBooking, RepoError> {
        let mut conn = self.conn()?;
        let row: ListRow = bookings_query!()
            .filter(bookings::id.eq(id.to_string()))
            .first(&mut *conn)
            .map_err(repo_error)?;
        admin_booking(row)
    }

    fn set_booking_status(
        &self,
        id: BookingId,
        status: BookingStatus,
        reason: Option<String>,
        emails: &[OutgoingEmail],
        notes: &[playspace_domain::NewNotification],
        audit: &AuditEntry,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = id.to_string();
        let now = to_db_time(audit.at);
        conn.transaction(|c| {
            let (current, event_id): (String, String) = bookings::table
                .find(&key)
                .select((bookings::status, bookings::event_id))
                .first(c)?;
            match (current.as_str(), status) {
                (from, to) if from == to.as_str() => {}
                (_, BookingStatus::Cancelled) => {
                    let reason = reason.as_deref().unwrap_or("Cancelled by an admin");
                    cancel_live(c, &key, Some(reason), None, emails, notes, audit.at)?;
                }
                ("cancelled", to) => {
                    // Reviving takes its places (and solidarity place) again, through the
                    // same guard as booking.
                    let (_, held) = held_by(c, &key)?;
                    if !take_place(c, &event_id, now, held)? {
                        return Err(refused("no free place to revive the booking"));
                    }
                    // The unique index refuses it if the person booked again meanwhile.
                    diesel::update(bookings::table.find(&key))
                        .set((
                            bookings::status.eq(to.as_str()),
                            bookings::updated_at.eq(now),
                        ))
                        .execute(c)?;
                    diesel::delete(cancellations::table.filter(cancellations::booking_id.eq(&key)))
                        .execute(c)?;
                }
                (_, to) => {
                    // Between confirmed and pending: a confirmed booking holds no card hold.
                    diesel::update(bookings::table.find(&key))
                        .set((
                            bookings::status.eq(to.as_str()),
                            bookings::hold_expires_at.eq(None::<chrono::NaiveDateTime>),
                            bookings::updated_at.eq(now),
                        ))
                        .execute(c)?;
                }
            }
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }

    fn set_payment_status(
        &self,
        id: BookingId,
        status: PaymentStatus,
        audit: &AuditEntry,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(audit.at);
        conn.transaction(|c| {
            let changed = diesel::update(bookings::table.find(id.to_string()))
                .set((
                    bookings::payment_status.eq(status.as_str()),
                    bookings::updated_at.eq(now),
                ))
                .execute(c)?;
            if changed != 1 {
                return Err(diesel::result::Error::NotFound);
            }
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }
}
