//! Sessions from the admin side: paged lists, leaders, series, and edits that reach the
//! people booked (in the edit's own transaction).
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::page_cursor::{Page, PageCursor};
use playspace_domain::waitlist::WaitlistStatus;
use playspace_domain::{AuditEntry, Email, Event, EventId, Money, Role, SeriesId, UserId};
use playspace_ports::{
    AdminEvent, AdminEventRepository, Attendee, AttendeeBooking, Compose, EventListQuery,
    EventNews, EventUpdate, EventWhen, Leader, NewSeries, RepoError, UpdateOutcome,
};

use crate::audit::insert_audit;
use crate::bookings::record_cancellation;
use crate::convert::{corrupt, lower, refused, repo_error, to_db_time, to_i32};
use crate::events::{EventRow, NewEventRow, contains_pattern};
use crate::notifications;
use crate::outbox::insert_emails;
use crate::places::release_place;
use crate::schema::{bookings, event_series, events, users, venues, waitlist};
use crate::user_rows::display_name;
use crate::{DbConnection, Store};

pub(crate) type LeaderColumns = (
    diesel::dsl::Nullable<users::id>,
    diesel::dsl::Nullable<users::first_name>,
    diesel::dsl::Nullable<users::chosen_name>,
    diesel::dsl::Nullable<users::last_name>,
    diesel::dsl::Nullable<users::role>,
);

pub(crate) fn leader_columns() -> LeaderColumns {
    (
        users::id.nullable(),
        users::first_name.nullable(),
        users::chosen_name.nullable(),
        users::last_name.nullable(),
        users::role.nullable(),
    )
}

pub(crate) type LeaderRow = (
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

fn leader_of(row: LeaderRow) -> Result<Option<Leader>, RepoError> {
    let (Some(id), Some(first), chosen, Some(last), Some(role)) = row else {
        return Ok(None);
    };
    Ok(Some(Leader {
        id: id.parse().map_err(|e| corrupt("leader id", e))?,
        name: display_name(&first, chosen.as_deref(), &last),
        role: role.parse().map_err(|e| corrupt("leader role", e))?,
    }))
}

pub(crate) type AdminEventRow = (EventRow, Option<String>, LeaderRow);

pub(crate) fn admin_event((event, series, leader): AdminEventRow) -> Result<AdminEvent, RepoError> {
    Ok(AdminEvent {
        event: event.into_domain()?,
        leader: leader_of(leader)?,
        series_id: series
            .map(|s| s.parse())
            .transpose()
            .map_err(|e| corrupt("series id", e))?,
    })
}

/// Events with their venue and leader (left-joined: most sessions have none).
macro_rules! admin_events_query {
    () => {
        $crate::schema::events::table
            .inner_join($crate::schema::venues::table)
            .left_join(
                $crate::schema::users::table
                    .on($crate::schema::events::leader_id.eq($crate::schema::users::id.nullable())),
            )
            .select((
                $crate::events::EventRow::as_select(),
                $crate::schema::events::series_id,
                $crate::admin_events::leader_columns(),
            ))
    };
}
pub(crate) use admin_events_query;

/// Narrows a boxed events query (joined or not) to the list's filters (not its cursor), so
/// the page and the total count agree.
macro_rules! filter_events {
    ($sql:expr, $query:expr) => {{
        let query: &EventListQuery = $query;
        let now = to_db_time(query.now);
        let mut sql = $sql;
        sql = match query.when {
            EventWhen::Upcoming => sql.filter(events::starts_at.ge(now)),
            EventWhen::Past => sql.filter(events::starts_at.lt(now)),
            EventWhen::All => sql,
        };
        if let Some(q) = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
            let pattern = contains_pattern(&q.to_lowercase());
            sql = sql.filter(
                lower(events::title)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(events::location).like(pattern.clone()).escape('\\'))
                    .or(lower(events::category).like(pattern).escape('\\')),
            );
        }
        sql
    }};
}

pub(crate) fn load_leaders(conn: &mut DbConnection) -> Result<Vec<Leader>, RepoError> {
    let rows: Vec<(String, String, Option<String>, String, String)> = users::table
        .filter(users::role.eq_any([Role::Moderator.as_str(), Role::Admin.as_str()]))
        .filter(users::deleted_at.is_null())
        .select((
            users::id,
            users::first_name,
            users::chosen_name,
            users::last_name,
            users::role,
        ))
        .load(conn)
        .map_err(repo_error)?;
    let mut leaders = rows
        .into_iter()
        .map(|(id, first, chosen, last, role)| {
            Ok(Leader {
                id: id.parse().map_err(|e| corrupt("leader id", e))?,
                name: display_name(&first, chosen.as_deref(), &last),
                role: role.parse().map_err(|e| corrupt("leader role", e))?,
            })
        })
        .collect::<Result<Vec<_>, RepoError>>()?;
    leaders.sort_by_key(|l| l.name.to_lowercase());
    Ok(leaders)
}

impl AdminEventRepository for Store {
    fn list_admin_events(
        &self,
        query: &EventListQuery,
        limit: u32,
    ) -> Result<Page<AdminEvent>, RepoError> {
        let mut conn = self.conn()?;
        let total: i64 = filter_events!(events::table.into_boxed(), query)
            .count()
            .get_result(&mut *conn)
            .map_err(repo_error)?;
        let ascending = query.when == EventWhen::Upcoming;
        let mut page = filter_events!(admin_events_query!().into_boxed(), query);
        if let Some(PageCursor { at, id }) = &query.after {
            let at = to_db_time(*at);
            // The first condition alone can use the (starts_at, id) index.
            page = if ascending {
                page.filter(
                    events::starts_at
                        .ge(at)
                        .and(events::starts_at.gt(at).or(events::id.gt(id.clone()))),
                )
            } else {
                page.filter(
                    events::starts_at
                        .le(at)
                        .and(events::starts_at.lt(at).or(events::id.lt(id.clone()))),
                )
            };
        }
        page = if ascending {
            page.order((events::starts_at.asc(), events::id.asc()))
        } else {
            page.order((events::starts_at.desc(), events::id.desc()))
        };
        let rows: Vec<AdminEventRow> = page
            .limit(i64::from(limit) + 1)
            .load(&mut *conn)
            .map_err(repo_error)?;
        let mut items = rows
            .into_iter()
            .map(admin_event)
            .collect::<Result<Vec<_>, _>>()?;
        let next = (items.len() > limit as usize).then(|| {
            items.truncate(limit as usize);
            items
                .last()
                .map(|last| PageCursor::new(last.event.starts_at, last.event.id.to_string()))
        });
        Ok(Page {
            items,
            next: next.flatten(),
            total: u64::try_from(total).unwrap_or_default(),
        })
    }

    fn admin_event(&self, id: EventId) -> Result<AdminEvent, RepoError> {
        let mut conn = self.conn()?;
        let row: AdminEventRow = admin_events_query!()
            .filter(events::id.eq(id.to_string()))
            .first(&mut *conn)
            .map_err(repo_error)?;
        admin_event(row)
    }

    fn series_from(&self, series: SeriesId, from: DateTime<Utc>) -> Result<Vec<Event>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<EventRow> = events::table
            .inner_join(venues::table)
            .filter(events::series_id.eq(series.to_string()))
            .filter(events::starts_at.ge(to_db_time(from)))
            .order((events::starts_at.asc(), events::id.asc()))
            .select(EventRow::as_select())
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter().map(EventRow::into_domain).collect()
    }

    fn leaders(&self) -> Result<Vec<Leader>, RepoError> {
        let mut conn = self.conn()?;
        load_leaders(&mut conn)
    }

    fn create_events(
        &self,
        events: &[Event],
        leader: Option<UserId>,
        series: Option<&NewSeries>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(audit.at);
        conn.transaction(|c| {
            if let Some(s) = series {
                diesel::insert_into(event_series::table)
                    .values((
                        event_series::id.eq(s.id.to_string()),
                        event_series::local_time.eq(s.rule.time.format("%H:%M").to_string()),
                        event_series::interval_weeks.eq(to_i32(s.rule.interval_weeks)),
                        event_series::first_date.eq(s.rule.first_date),
                        event_series::until_date.eq(s.rule.until),
                        event_series::created_by.eq(Some(s.created_by.to_string())),
                        event_series::created_at.eq(now),
                    ))
                    .execute(c)?;
            }
            for event in events {
                diesel::insert_into(events::table)
                    .values((
                        NewEventRow::from_domain(event),
                        events::leader_id.eq(leader.map(|l| l.to_string())),
                        events::series_id.eq(series.map(|s| s.id.to_string())),
                    ))
                    .execute(c)?;
            }
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }

    fn update_events(
        &self,
        updates: &[EventUpdate],
        compose: Compose<'_>,
        now: DateTime<Utc>,
    ) -> Result<UpdateOutcome, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| {
            let mut outcome = UpdateOutcome::default();
            for update in updates {
                apply_update(c, update, compose, now, &mut outcome)?;
            }
            Ok(outcome)
        })
        .map_err(repo_error)
    }
}

/// One session's edit, inside the caller's transaction.
fn apply_update(
    c: &mut DbConnection,
    update: &EventUpdate,
    compose: Compose<'_>,
    now: DateTime<Utc>,
    outcome: &mut UpdateOutcome,
) -> QueryResult<()> {
    let (before, after) = (&update.before, &update.after);
    let key = after.id.to_string();
    let now_db = to_db_time(now);
    // The capacity guard: places and solidarity places taken meanwhile must still fit.
    // Updating the row first also locks it (PostgreSQL), so no booking slips in between
    // this and telling people.
    let changed = diesel::update(
        events::table
            .find(&key)
            .filter(events::current_participants.le(to_i32(after.max_participants)))
            .filter(events::solidarity_used.le(to_i32(after.free_places.solidarity_places))),
    )
    .set((
        events::title.eq(&after.title),
        events::description.eq(&after.description),
        events::category.eq(after.category.as_str()),
        events::venue_id.eq(after.venue.id.to_string()),
        events::location.eq(after.location()),
        events::area.eq(after.area()),
        events::starts_at.eq(to_db_time(after.starts_at)),
        events::duration_minutes.eq(to_i32(after.duration_minutes)),
        events::max_participants.eq(to_i32(after.max_participants)),
        events::price_pence.eq(after.price.pence()),
        events::is_active.eq(after.is_active),
        events::companion_allowed.eq(after.free_places.companion_allowed),
        events::solidarity_places.eq(to_i32(after.free_places.solidarity_places)),
        events::updated_at.eq(now_db),
    ))
    .execute(c)?;
    if changed != 1 {
        let exists: i64 = events::table.find(&key).count().get_result(c)?;
        return Err(if exists == 0 {
            diesel::result::Error::NotFound
        } else {
            refused("capacity below the places taken")
        });
    }
    if let Some(leader) = &update.leader {
        diesel::update(events::table.find(&key))
            .set(events::leader_id.eq(leader.map(|l| l.to_string())))
            .execute(c)?;
    }
    insert_audit(c, &update.audit)?;
    // The row as it is now (its count may have moved since the admin's form was read).
    let current: EventRow = events::table
        .inner_join(venues::table)
        .filter(events::id.eq(&key))
        .select(EventRow::as_select())
        .first(c)?;
    let current = current.into_domain().map_err(bad)?;

    if before.is_active && !after.is_active {
        cancel_session(c, before, &current, compose, now, outcome)
    } else if after.is_active
        && !playspace_domain::event_form::attendee_changes(before, after).is_empty()
    {
        for person in booked(c, &key)? {
            tell(
                c,
                before,
                &current,
                EventNews::Changed,
                &person,
                compose,
                now,
            )?;
            outcome.notified += 1;
        }
        offer_new_places(c, before, &current, now)
    } else {
        offer_new_places(c, before, &current, now)
    }
}

/// A bigger session of a full event: each new place goes to the next person waiting (held
/// for them, as when a place is freed).
fn offer_new_places(
    c: &mut DbConnection,
    before: &Event,
    after: &Event,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    let added = after
        .max_participants
        .saturating_sub(before.max_participants);
    let key = after.id.to_string();
    for _ in 0..added {
        let waiting: i64 = waitlist::table
            .filter(waitlist::event_id.eq(&key))
            .filter(waitlist::status.eq(WaitlistStatus::Waiting.as_str()))
            .count()
            .get_result(c)?;
        if waiting == 0 {
            break;
        }
        // Take the new place, then free it: release_place hands it to the first person
        // still waiting (or back, if they turn out to have booked meanwhile).
        let taken = diesel::update(
            events::table
                .find(&key)
                .filter(events::current_participants.lt(events::max_participants)),
        )
        .set(events::current_participants.eq(events::current_participants + 1))
        .execute(c)?;
        if taken != 1 {
            break;
        }
        release_place(c, &key, now)?;
    }
    Ok(())
}

/// Cancels every live booking of a session being cancelled, closes its waitlist and tells
/// everyone booked or waiting. Card payments are marked for refund (the use case refunds
/// them through the gateway after the commit; a sweep retries any it could not).
fn cancel_session(
    c: &mut DbConnection,
    before: &Event,
    after: &Event,
    compose: Compose<'_>,
    now: DateTime<Utc>,
    outcome: &mut UpdateOutcome,
) -> QueryResult<()> {
    let key = after.id.to_string();
    let now_db = to_db_time(now);
    let people = booked(c, &key)?;
    for person in &people {
        let Some(booking) = &person.booking else {
            continue;
        };
        let paid_by_card = booking.payment_method == playspace_domain::PaymentMethod::Card
            && booking.payment_status == playspace_domain::PaymentStatus::Paid;
        diesel::update(
            bookings::table
                .find(booking.id.to_string())
                .filter(bookings::status.ne("cancelled")),
        )
        .set((
            bookings::status.eq("cancelled"),
            bookings::hold_expires_at.eq(None::<NaiveDateTime>),
            bookings::updated_at.eq(now_db),
        ))
        .execute(c)?;
        let refund_owed = paid_by_card.then_some(booking.amount.pence());
        record_cancellation(
            c,
            &booking.id.to_string(),
            Some("The session was cancelled"),
            refund_owed,
            now_db,
        )?;
        if paid_by_card {
            outcome.to_refund.push((booking.id, booking.amount.pence()));
        }
        tell(c, before, after, EventNews::Cancelled, person, compose, now)?;
        outcome.notified += 1;
    }
    // Everyone still queueing or holding an offer loses it, and hears why.
    let waiting: Vec<(String, String)> = waitlist::table
        .filter(waitlist::event_id.eq(&key))
        .filter(waitlist::status.eq_any([
            WaitlistStatus::Waiting.as_str(),
            WaitlistStatus::Offered.as_str(),
        ]))
        .select((waitlist::id, waitlist::user_id))
        .load(c)?;
    for (entry, user_id) in waiting {
        diesel::update(waitlist::table.find(&entry))
            .set((
                waitlist::status.eq(WaitlistStatus::Expired.as_str()),
                waitlist::offer_expires_at.eq(None::<NaiveDateTime>),
                waitlist::updated_at.eq(now_db),
            ))
            .execute(c)?;
        if let Some(person) = person(c, &user_id)? {
            tell(
                c,
                before,
                after,
                EventNews::Cancelled,
                &person,
                compose,
                now,
            )?;
            outcome.notified += 1;
        }
    }
    // No place (or solidarity place) is taken or held any more.
    diesel::update(events::table.find(&key))
        .set((
            events::current_participants.eq(0),
            events::solidarity_used.eq(0),
        ))
        .execute(c)
        .map(|_| ())
}

fn tell(
    c: &mut DbConnection,
    before: &Event,
    after: &Event,
    news: EventNews,
    person: &Attendee,
    compose: Compose<'_>,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    let message = compose(before, after, news, person).map_err(bad)?;
    notifications::add(c, &message.notification, to_db_time(now))?;
    insert_emails(c, std::slice::from_ref(&message.email), now)
}

type PersonRow = (String, String, String, Option<String>);
/// id, reference, payment method, payment status, amount.
type BookingColumns = (String, String, String, String, i64);

/// A stored value the domain refuses, as a query error (inside a transaction).
pub(crate) fn bad(detail: impl std::fmt::Display) -> diesel::result::Error {
    diesel::result::Error::DeserializationError(detail.to_string().into())
}

fn attendee((id, email, first, chosen): PersonRow) -> QueryResult<Option<Attendee>> {
    // Erased accounts have nobody to tell.
    if email.ends_with("@erased.invalid") {
        return Ok(None);
    }
    Ok(Some(Attendee {
        user_id: id.parse().map_err(bad)?,
        email: Email::parse(&email).map_err(bad)?,
        name: chosen.unwrap_or(first),
        booking: None,
    }))
}

fn person(c: &mut DbConnection, user_id: &str) -> QueryResult<Option<Attendee>> {
    let row: Option<PersonRow> = users::table
        .find(user_id)
        .filter(users::deleted_at.is_null())
        .select((
            users::id,
            users::email,
            users::first_name,
            users::chosen_name,
        ))
        .first(c)
        .optional()?;
    row.map_or(Ok(None), attendee)
}

/// Everyone with a live booking of the event, with their booking.
fn booked(c: &mut DbConnection, event_id: &str) -> QueryResult<Vec<Attendee>> {
    let rows: Vec<(PersonRow, BookingColumns)> = bookings::table
        .inner_join(users::table)
        .filter(bookings::event_id.eq(event_id))
        .filter(bookings::status.ne("cancelled"))
        .filter(users::deleted_at.is_null())
        .order(bookings::created_at.asc())
        .select((
            (
                users::id,
                users::email,
                users::first_name,
                users::chosen_name,
            ),
            (
                bookings::id,
                bookings::reference,
                bookings::payment_method,
                bookings::payment_status,
                bookings::amount_pence,
            ),
        ))
        .load(c)?;
    let mut people = Vec::with_capacity(rows.len());
    for (person, (id, reference, method, status, amount)) in rows {
        let Some(mut a) = attendee(person)? else {
            continue;
        };
        a.booking = Some(AttendeeBooking {
            id: id.parse().map_err(bad)?,
            reference: reference.parse().map_err(bad)?,
            payment_method: method.parse().map_err(bad)?,
            payment_status: status.parse().map_err(bad)?,
            amount: Money::from_pence(amount).map_err(bad)?,
        });
        people.push(a);
    }
    Ok(people)
}
