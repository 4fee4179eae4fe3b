//! A booking's writes on PostgreSQL in one statement (docs/adr/0007-one-statement-booking.md).
//!
//! On PostgreSQL each statement is a round trip through the kernel to another process, and
//! under a rush those round trips cost more than the SQL. So the person's earlier bookings,
//! the capacity guard and the inserts of the booking and its emails go as one
//! data-modifying `WITH` statement, prepared once per shape and cached per connection. The
//! notification follows on the same transaction through `notifications::add`, the one place
//! that writes one (and keeps the person's newest 50).
//! The rules and their order are those of the step-by-step path in `bookings.rs` (SQLite,
//! where a statement is a function call): already booked, then the monthly limit, then the
//! guard. Both paths run the same store test suite.
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{BigInt, Bool, Nullable, Text, Timestamp};
use playspace_domain::DeliveryId;
use playspace_domain::booking_rules::BookingRefusal;
use playspace_ports::BookingRequest;

use crate::booking_abort::Abort;
use crate::convert::to_db_time;
use crate::schema::{bookings, email_deliveries, users};

/// Takes a place and writes the booking with its emails, on the open transaction (the
/// caller adds the notification). `Ok(false)`: the event itself refused (full, started, inactive or gone).
pub(crate) fn book(
    pg: &mut PgConnection,
    request: &BookingRequest,
    now: DateTime<Utc>,
) -> Result<bool, Abort> {
    let statement = Statement::new(request, now);
    if request.monthly_limit.is_some() {
        // Serialises one person's concurrent bookings: the statement below starts after the
        // lock, so its snapshot counts every booking of theirs that committed before.
        users::table
            .find(&statement.user_id)
            .select(users::id)
            .for_update()
            .execute(pg)?;
    }
    let (taken, mine, that_month): (i64, i64, i64) = statement.get_result(pg)?;
    if taken == 1 {
        Ok(true)
    } else if mine > 0 {
        Err(Abort::Refused(BookingRefusal::AlreadyBooked))
    } else if request
        .monthly_limit
        .is_some_and(|limit| that_month >= i64::from(limit))
    {
        Err(Abort::Refused(BookingRefusal::MonthlyLimitReached))
    } else {
        Ok(false)
    }
}

/// Bind values the request holds in other shapes (ids as text, times as database times).
struct Statement<'a> {
    request: &'a BookingRequest,
    user_id: String,
    event_id: String,
    booking_id: String,
    reference: String,
    month_from: NaiveDateTime,
    month_to: NaiveDateTime,
    now: NaiveDateTime,
    created_at: NaiveDateTime,
    hold_until: Option<NaiveDateTime>,
    monthly_limit: Option<i64>,
    amount_pence: i64,
    access_needs: String,
    companion: bool,
    companion_name: Option<String>,
    emails: Vec<Ids>,
}

/// A new email's id and the ids it refers to, as text.
struct Ids {
    id: String,
    user_id: Option<String>,
    booking_id: Option<String>,
    event_id: Option<String>,
}

impl<'a> Statement<'a> {
    fn new(request: &'a BookingRequest, now: DateTime<Utc>) -> Self {
        let b = &request.booking;
        let (month_from, month_to) = request.limit_month;
        Self {
            request,
            user_id: b.user_id.to_string(),
            event_id: b.event_id.to_string(),
            booking_id: b.id.to_string(),
            reference: b.reference.to_string(),
            month_from: to_db_time(month_from),
            month_to: to_db_time(month_to),
            now: to_db_time(now),
            created_at: to_db_time(b.created_at),
            hold_until: request.hold_until.map(to_db_time),
            monthly_limit: request.monthly_limit.map(i64::from),
            amount_pence: b.amount.pence(),
            access_needs: crate::access_needs::needs_text(&b.access_needs),
            companion: b.companion.is_some(),
            companion_name: b.companion.as_ref().and_then(|c| c.first_name.clone()),
            emails: request
                .emails
                .iter()
                .map(|e| Ids {
                    id: DeliveryId::new().to_string(),
                    user_id: e.user_id.map(|id| id.to_string()),
                    booking_id: e.booking_id.map(|id| id.to_string()),
                    event_id: e.event_id.map(|id| id.to_string()),
                })
                .collect(),
        }
    }
}

/// One bind parameter of the statement.
enum Bind<'b> {
    Text(&'b str),
    MaybeText(&'b Option<String>),
    Time(&'b NaiveDateTime),
    MaybeTime(&'b Option<NaiveDateTime>),
    Pence(&'b i64),
    Flag(&'b bool),
}

/// Pushes `table (column, ...)` for an insert, every name taken from `schema.rs` so that a
/// renamed table or column fails to compile here rather than at the first booking.
fn push_target<'b, T: QueryFragment<Pg>>(
    out: &mut AstPass<'_, 'b, Pg>,
    table: &'b T,
    columns: &[&str],
) -> QueryResult<()> {
    table.walk_ast(out.reborrow())?;
    out.push_sql(" (");
    for (i, column) in columns.iter().enumerate() {
        if i > 0 {
            out.push_sql(", ");
        }
        out.push_identifier(column)?;
    }
    out.push_sql(")");
    Ok(())
}

/// Pushes `binds` as a comma-separated list.
fn push_binds<'b>(out: &mut AstPass<'_, 'b, Pg>, binds: &[Bind<'b>]) -> QueryResult<()> {
    for (i, bind) in binds.iter().enumerate() {
        if i > 0 {
            out.push_sql(", ");
        }
        match bind {
            Bind::Text(v) => out.push_bind_param::<Text, _>(*v)?,
            Bind::MaybeText(v) => out.push_bind_param::<Nullable<Text>, _>(*v)?,
            Bind::Time(v) => out.push_bind_param::<Timestamp, _>(*v)?,
            Bind::MaybeTime(v) => out.push_bind_param::<Nullable<Timestamp>, _>(*v)?,
            Bind::Pence(v) => out.push_bind_param::<BigInt, _>(*v)?,
            Bind::Flag(v) => out.push_bind_param::<Bool, _>(*v)?,
        }
    }
    Ok(())
}

impl QueryFragment<Pg> for Statement<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        use Bind::{Flag, MaybeText, MaybeTime, Pence, Text, Time};
        let request = self.request;
        let booking = &request.booking;
        // The person's live booking of this event, and (only under a limit) their live
        // bookings that month.
        out.push_sql("WITH mine AS (SELECT count(*) AS n FROM bookings WHERE user_id = ");
        push_binds(&mut out, &[Text(&self.user_id)])?;
        out.push_sql(" AND event_id = ");
        push_binds(&mut out, &[Text(&self.event_id)])?;
        out.push_sql(" AND status <> 'cancelled')");
        if self.monthly_limit.is_some() {
            out.push_sql(", month AS (SELECT count(*) AS n FROM bookings JOIN events ON events.id = bookings.event_id WHERE bookings.user_id = ");
            push_binds(&mut out, &[Text(&self.user_id)])?;
            out.push_sql(" AND bookings.status <> 'cancelled' AND events.starts_at >= ");
            push_binds(&mut out, &[Time(&self.month_from)])?;
            out.push_sql(" AND events.starts_at < ");
            push_binds(&mut out, &[Time(&self.month_to)])?;
            out.push_sql(")");
        }
        // The capacity guard (docs/architecture.md, ADR 0022), taken only if the rules
        // above allow: a companion's place with the member's, a solidarity place only while
        // one set is unused. Each shape is its own text, so the usual one stays as it was.
        let asked = booking.place_request();
        out.push_sql(if asked.companion {
            ", seat AS (UPDATE events SET current_participants = current_participants + 2"
        } else {
            ", seat AS (UPDATE events SET current_participants = current_participants + 1"
        });
        if asked.solidarity {
            out.push_sql(", solidarity_used = solidarity_used + 1");
        }
        out.push_sql(", updated_at = ");
        push_binds(&mut out, &[Time(&self.now)])?;
        out.push_sql(" WHERE id = ");
        push_binds(&mut out, &[Text(&self.event_id)])?;
        out.push_sql(" AND is_active AND starts_at > ");
        push_binds(&mut out, &[Time(&self.now)])?;
        out.push_sql(if asked.companion {
            " AND companion_allowed AND current_participants + 2 <= max_participants"
        } else {
            " AND current_participants < max_participants"
        });
        if asked.solidarity {
            out.push_sql(" AND solidarity_used < solidarity_places");
        }
        out.push_sql(" AND (SELECT n FROM mine) = 0");
        if let Some(limit) = &self.monthly_limit {
            out.push_sql(" AND (SELECT n FROM month) < ");
            push_binds(&mut out, &[Pence(limit)])?;
        }
        out.push_sql(" RETURNING id), booking AS (INSERT INTO ");
        {
            use bookings::*;
            push_target(
                &mut out,
                &table,
                &[
                    id::NAME,
                    reference::NAME,
                    user_id::NAME,
                    status::NAME,
                    payment_status::NAME,
                    payment_method::NAME,
                    amount_pence::NAME,
                    accessibility_requirements::NAME,
                    access_needs::NAME,
                    needs_from_profile::NAME,
                    hold_expires_at::NAME,
                    created_at::NAME,
                    updated_at::NAME,
                    companion::NAME,
                    companion_name::NAME,
                    event_id::NAME,
                ],
            )?;
        }
        out.push_sql(" SELECT ");
        push_binds(
            &mut out,
            &[
                Text(&self.booking_id),
                Text(&self.reference),
                Text(&self.user_id),
                Text(booking.status.as_str()),
                Text(booking.payment_status.as_str()),
                Text(booking.payment_method.as_str()),
                Pence(&self.amount_pence),
                MaybeText(&booking.accessibility_requirements),
                Text(&self.access_needs),
                Flag(&booking.needs_from_profile),
                MaybeTime(&self.hold_until),
                Time(&self.created_at),
                Time(&self.created_at),
                Flag(&self.companion),
                MaybeText(&self.companion_name),
            ],
        )?;
        out.push_sql(", id FROM seat RETURNING id)");
        for (n, (email, ids)) in request.emails.iter().zip(&self.emails).enumerate() {
            out.push_sql(&format!(", email{n} AS (INSERT INTO "));
            {
                use email_deliveries::*;
                push_target(
                    &mut out,
                    &table,
                    &[
                        id::NAME,
                        to_email::NAME,
                        to_name::NAME,
                        from_email::NAME,
                        subject::NAME,
                        email_type::NAME,
                        html_body::NAME,
                        text_body::NAME,
                        next_attempt_at::NAME,
                        user_id::NAME,
                        booking_id::NAME,
                        event_id::NAME,
                        created_at::NAME,
                        updated_at::NAME,
                    ],
                )?;
            }
            out.push_sql(" SELECT ");
            push_binds(
                &mut out,
                &[
                    Text(&ids.id),
                    Text(&email.to_email),
                    MaybeText(&email.to_name),
                    Text(&email.from_email),
                    Text(&email.subject),
                    Text(email.email_type),
                    Text(&email.html_body),
                    Text(&email.text_body),
                    Time(&self.now),
                    MaybeText(&ids.user_id),
                    MaybeText(&ids.booking_id),
                    MaybeText(&ids.event_id),
                    Time(&self.now),
                    Time(&self.now),
                ],
            )?;
            out.push_sql(" FROM booking)");
        }
        out.push_sql(" SELECT (SELECT count(*) FROM seat), (SELECT n FROM mine), ");
        out.push_sql(if self.monthly_limit.is_some() {
            "(SELECT n FROM month)"
        } else {
            "0::bigint"
        });
        Ok(())
    }
}

// Not a static query id: the text depends on the number of emails and on the limit, so
// Diesel caches the prepared statement by its text.
impl QueryId for Statement<'_> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Statement<'_> {
    /// Places taken (0 or 1), the person's live bookings of the event, and of the month
    /// (0 when no limit applies).
    type SqlType = (BigInt, BigInt, BigInt);
}

impl RunQueryDsl<PgConnection> for Statement<'_> {}
