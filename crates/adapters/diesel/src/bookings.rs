use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::booking_rules::BookingRefusal;
use playspace_domain::{Booking, BookingId, Companion, EventId, Money, PaymentMethod, UserId};
use playspace_ports::{
    BookError, BookingRepository, BookingRequest, BookingWithEvent, PaymentTransition, RepoError,
    TransitionOutcome,
};

use crate::access_needs::{needs_text, parse_needs_text, refresh_profile_copy};
use crate::booking_abort::Abort;
use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::events::EventRow;
use crate::notifications;
use crate::one_statement_booking;
use crate::outbox::insert_emails;
use crate::places::{give_back, held_by, take_place};
use crate::schema::{bookings, cancellations, events, processed_webhook_events, users, venues};
use crate::{DbConnection, Store};

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = bookings)]
// None is bound as NULL rather than written as DEFAULT, so the insert's text never varies
// and Diesel keeps it prepared.
#[diesel(treat_none_as_default_value = false)]
pub(crate) struct BookingRow {
    id: String,
    reference: String,
    user_id: String,
    event_id: String,
    status: String,
    payment_status: String,
    payment_method: String,
    amount_pence: i64,
    accessibility_requirements: Option<String>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    access_needs: String,
    needs_from_profile: bool,
    companion: bool,
    companion_name: Option<String>,
}

impl BookingRow {
    pub(crate) fn from_domain(b: &Booking) -> Self {
        Self {
            id: b.id.to_string(),
            reference: b.reference.to_string(),
            user_id: b.user_id.to_string(),
            event_id: b.event_id.to_string(),
            status: b.status.as_str().into(),
            payment_status: b.payment_status.as_str().into(),
            payment_method: b.payment_method.as_str().into(),
            amount_pence: b.amount.pence(),
            accessibility_requirements: b.accessibility_requirements.clone(),
            created_at: to_db_time(b.created_at),
            updated_at: to_db_time(b.created_at),
            access_needs: needs_text(&b.access_needs),
            needs_from_profile: b.needs_from_profile,
            companion: b.companion.is_some(),
            companion_name: b.companion.as_ref().and_then(|c| c.first_name.clone()),
        }
    }

    pub(crate) fn into_domain(self) -> Result<Booking, RepoError> {
        Ok(Booking {
            id: self.id.parse().map_err(|e| corrupt("booking id", e))?,
            reference: self
                .reference
                .parse()
                .map_err(|e| corrupt("reference", e))?,
            user_id: self
                .user_id
                .parse()
                .map_err(|e| corrupt("booking user", e))?,
            event_id: self
                .event_id
                .parse()
                .map_err(|e| corrupt("booking event", e))?,
            status: self.status.parse().map_err(|e| corrupt("status", e))?,
            payment_status: self
                .payment_status
                .parse()
                .map_err(|e| corrupt("payment status", e))?,
            payment_method: self
                .payment_method
                .parse()
                .map_err(|e| corrupt("payment method", e))?,
            amount: Money::from_pence(self.amount_pence).map_err(|e| corrupt("amount", e))?,
            accessibility_requirements: self.accessibility_requirements,
            access_needs: parse_needs_text(&self.access_needs)?,
            needs_from_profile: self.needs_from_profile,
            companion: self.companion.then_some(Companion {
                first_name: self.companion_name,
            }),
            created_at: from_db_time(self.created_at),
        })
    }
}

type BookingEventRow = (BookingRow, Option<String>, EventRow);

fn row_pair((b, session_id, e): BookingEventRow) -> Result<BookingWithEvent, RepoError> {
    Ok(BookingWithEvent {
        booking: b.into_domain()?,
        event: e.into_domain()?,
        session_id,
    })
}

/// Inserts the booking with its emails and notification on the open transaction (the
/// place is taken separately), refusing a second live booking of the person for the event
/// (the unique index says so) and a plan over its monthly limit.
pub(crate) fn insert_booking(
    c: &mut DbConnection,
    request: &BookingRequest,
    now: DateTime<Utc>,
) -> Result<(), Abort> {
    let user_id = request.booking.user_id.to_string();
    if request.monthly_limit.is_some() {
        // On PostgreSQL this row lock serialises one person's concurrent bookings, so two
        // of them cannot both pass the monthly count below. (SQLite writers queue anyway.)
        diesel::update(users::table.find(&user_id))
            .set(users::updated_at.eq(users::updated_at))
            .execute(c)?;
    }
    diesel::insert_into(bookings::table)
        .values((
            BookingRow::from_domain(&request.booking),
            bookings::hold_expires_at.eq(request.hold_until.map(to_db_time)),
        ))
        .execute(c)?;
    refresh_profile_copy(c, &request.booking, to_db_time(now))?;
    if let Some(limit) = request.monthly_limit {
        let (from, to) = request.limit_month;
        // Counts the booking just inserted too.
        let that_month: i64 = bookings::table
            .filter(bookings::user_id.eq(&user_id))
            .filter(bookings::status.ne("cancelled"))
            .inner_join(events::table)
            .filter(events::starts_at.ge(to_db_time(from)))
            .filter(events::starts_at.lt(to_db_time(to)))
            .count()
            .get_result(c)?;
        if that_month > i64::from(limit) {
            return Err(Abort::Refused(BookingRefusal::MonthlyLimitReached));
        }
    }
    insert_emails(c, &request.emails, now)?;
    if let Some(n) = &request.notification {
        notifications::add(c, n, to_db_time(now))?;
    }
    Ok(())
}

/// Cancels a live booking and releases what it held exactly once (only a live booking
/// flips): its places, each to the waitlist first, and its solidarity place, recording the
/// cancellation and writing `emails` and `notes`, on the caller's transaction. `NotFound`
/// when there is no live booking with this id. `refund_owed`
/// is the card payment to send back, recorded as pending for the refund that follows the
/// commit (or the owed-refund sweep, should the server stop first).
pub(crate) fn cancel_live(
    c: &mut DbConnection,
    key: &str,
    reason: Option<&str>,
    refund_owed: Option<i64>,
    emails: &[playspace_domain::OutgoingEmail],
    notes: &[playspace_domain::NewNotification],
    now: DateTime<Utc>,
) -> QueryResult<()> {
    let now_db = to_db_time(now);
    let flipped = diesel::update(
        bookings::table
            .find(key)
            .filter(bookings::status.ne("cancelled")),
    )
    .set((
        bookings::status.eq("cancelled"),
        bookings::hold_expires_at.eq(None::<NaiveDateTime>),
        bookings::updated_at.eq(now_db),
    ))
    .execute(c)?;
    if flipped != 1 {
        return Err(diesel::result::Error::NotFound);
    }
    let (event_id, held) = held_by(c, key)?;
    give_back(c, &event_id, held, now)?;
    record_cancellation(c, key, reason, refund_owed, now_db)?;
    insert_emails(c, emails, now)?;
    for note in notes {
        notifications::add(c, note, now_db)?;
    }
    Ok(())
}

/// Solidarity places held by live bookings of sessions starting in `[from, to)`.
pub(crate) fn solidarity_used_between(
    c: &mut DbConnection,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> QueryResult<u64> {
    let n: i64 = bookings::table
        .inner_join(events::table)
        .filter(events::starts_at.ge(to_db_time(from)))
        .filter(events::starts_at.lt(to_db_time(to)))
        .filter(bookings::status.ne("cancelled"))
        .filter(bookings::payment_method.eq(PaymentMethod::Solidarity.as_str()))
        .count()
        .get_result(c)?;
    Ok(u64::try_from(n).unwrap_or_default())
}

/// The cancellation row of a booking just cancelled: a refund owed stays pending (and
/// unprocessed) until the gateway has answered.
pub(crate) fn record_cancellation(
    c: &mut DbConnection,
    key: &str,
    reason: Option<&str>,
    refund_owed: Option<i64>,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(cancellations::table)
        .values((
            cancellations::id.eq(BookingId::new().to_string()),
            cancellations::booking_id.eq(key),
            cancellations::reason.eq(reason),
            cancellations::refund_amount_pence.eq(refund_owed.unwrap_or(0)),
            cancellations::refund_status.eq(if refund_owed.is_some() {
                "pending"
            } else {
                "not_required"
            }),
            cancellations::processed_at.eq(refund_owed.is_none().then_some(now)),
            cancellations::created_at.eq(now),
        ))
        .execute(c)
        .map(|_| ())
}

impl Store {
    /// Books on the open connection: on PostgreSQL in one statement unless `one_statement`
    /// is off (only the test holding both paths to the same rows turns it off).
    fn book_by(
        &self,
        request: &BookingRequest,
        now: DateTime<Utc>,
        one_statement: bool,
    ) -> Result<(), BookError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let event_id = request.booking.event_id.to_string();
        let now_db = to_db_time(now);
        let outcome = conn.transaction::<_, Abort, _>(|c| {
            let taken = match c {
                DbConnection::Postgres(pg) if one_statement => {
                    let taken = one_statement_booking::book(pg, request, now)?;
                    if taken {
                        refresh_profile_copy(c, &request.booking, now_db)?;
                    }
                    if let (true, Some(n)) = (taken, &request.notification) {
                        notifications::add(c, n, now_db)?;
                    }
                    taken
                }
                _ => {
                    insert_booking(c, request, now)?;
                    take_place(c, &event_id, now_db, request.booking.place_request())?
                }
            };
            if taken {
                return Ok(());
            }
            let event: Option<EventRow> = events::table
                .inner_join(venues::table)
                .filter(events::id.eq(&event_id))
                .select(EventRow::as_select())
                .first(c)
                .optional()?;
            let Some(event) = event else {
                return Err(Abort::EventNotFound);
            };
            let event = event
                .into_domain()
                .map_err(|_| Abort::Db(diesel::result::Error::NotFound))?;
            let refusal = playspace_domain::booking_rules::check_booking(
                &event,
                request.booking.place_request(),
                now,
            )
            .err()
            .unwrap_or(BookingRefusal::EventFull);
            Err(Abort::Refused(refusal))
        });
        outcome.map_err(Abort::into_book_error)
    }
}

impl BookingRepository for Store {
    fn book(&self, request: &BookingRequest, now: DateTime<Utc>) -> Result<(), BookError> {
        self.book_by(request, now, true)
    }

    fn get(&self, id: BookingId) -> Result<BookingWithEvent, RepoError> {
        let mut conn = self.conn()?;
        let pair: BookingEventRow = bookings::table
            .inner_join(events::table.inner_join(venues::table))
            .filter(bookings::id.eq(id.to_string()))
            .select((
                BookingRow::as_select(),
                bookings::stripe_session_id,
                EventRow::as_select(),
            ))
            .first(&mut *conn)
            .map_err(repo_error)?;
        row_pair(pair)
    }

    fn list_for_user(&self, user: UserId) -> Result<Vec<BookingWithEvent>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<BookingEventRow> = bookings::table
            .inner_join(events::table.inner_join(venues::table))
            .filter(bookings::user_id.eq(user.to_string()))
            .order((events::starts_at.asc(), bookings::id.asc()))
            .select((
                BookingRow::as_select(),
                bookings::stripe_session_id,
                EventRow::as_select(),
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter().map(row_pair).collect()
    }

    fn live_event_ids(
        &self,
        user: UserId,
        after: DateTime<Utc>,
    ) -> Result<Vec<EventId>, RepoError> {
        let mut conn = self.conn()?;
        let ids: Vec<String> = bookings::table
            .inner_join(events::table)
            .filter(bookings::user_id.eq(user.to_string()))
            .filter(bookings::status.ne("cancelled"))
            .filter(events::starts_at.gt(to_db_time(after)))
            .select(bookings::event_id)
            .load(&mut *conn)
            .map_err(repo_error)?;
        ids.iter()
            .map(|id| id.parse().map_err(|e| corrupt("event id", e)))
            .collect()
    }

    fn cancel(
        &self,
        id: BookingId,
        reason: Option<String>,
        emails: &[playspace_domain::OutgoingEmail],
        notes: &[playspace_domain::NewNotification],
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = id.to_string();
        conn.transaction(|c| cancel_live(c, &key, reason.as_deref(), None, emails, notes, now))
            .map_err(repo_error)
    }

    fn attach_checkout(&self, id: BookingId, session_id: &str) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let changed = diesel::update(bookings::table.find(id.to_string()))
            .set((
                bookings::stripe_session_id.eq(Some(session_id)),
                bookings::updated_at.eq(to_db_time(Utc::now())),
            ))
            .execute(&mut *conn)
            .map_err(repo_error)?;
        if changed == 1 {
            Ok(())
        } else {
            Err(RepoError::NotFound)
        }
    }

    fn find_by_session(&self, session_id: &str) -> Result<BookingWithEvent, RepoError> {
        let mut conn = self.conn()?;
        let pair: BookingEventRow = bookings::table
            .inner_join(events::table.inner_join(venues::table))
            .filter(bookings::stripe_session_id.eq(session_id))
            .select((
                BookingRow::as_select(),
                bookings::stripe_session_id,
                EventRow::as_select(),
            ))
            .first(&mut *conn)
            .map_err(repo_error)?;
        row_pair(pair)
    }

    fn apply_payment(
        &self,
        session_id: &str,
        event_id: Option<String>,
        transition: &PaymentTransition,
        now: DateTime<Utc>,
    ) -> Result<TransitionOutcome, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now_db = to_db_time(now);
        conn.transaction(|c| {
            // Recording the gateway's event id first makes a redelivery a no-op, even when
            // several arrive at once: the losers wait on the row and then hit the unique key.
            if let Some(event_id) = &event_id {
                let inserted = diesel::insert_into(processed_webhook_events::table)
                    .values((
                        processed_webhook_events::id.eq(event_id),
                        processed_webhook_events::event_type.eq(match transition {
                            PaymentTransition::Paid { .. } => "paid",
                            PaymentTransition::Released { .. } => "released",
                        }),
                        processed_webhook_events::processed_at.eq(now_db),
                    ))
                    .execute(c);
                match inserted {
                    Ok(_) => {}
                    Err(diesel::result::Error::DatabaseError(
                        diesel::result::DatabaseErrorKind::UniqueViolation,
                        _,
                    )) => {
                        return Ok(TransitionOutcome::DuplicateEvent);
                    }
                    Err(e) => return Err(e),
                }
            }
            let (booking_id, event, status): (String, String, String) = bookings::table
                .filter(bookings::stripe_session_id.eq(session_id))
                .select((bookings::id, bookings::event_id, bookings::status))
                .first(c)?;
            match transition {
                PaymentTransition::Paid {
                    payment_intent,
                    emails,
                    notification,
                } => {
                    let confirm = diesel::update(bookings::table.find(&booking_id)).set((
                        bookings::status.eq("confirmed"),
                        bookings::payment_status.eq("paid"),
                        bookings::stripe_payment_intent_id.eq(payment_intent.as_deref()),
                        bookings::hold_expires_at.eq(None::<NaiveDateTime>),
                        bookings::updated_at.eq(now_db),
                    ));
                    match status.as_str() {
                        "confirmed" => Ok(TransitionOutcome::AlreadyDone),
                        "pending" => {
                            confirm.execute(c)?;
                            insert_emails(c, emails, now)?;
                            notifications::add(c, notification, now_db)?;
                            Ok(TransitionOutcome::Applied)
                        }
                        _ => {
                            // Paid after the hold was released: take a place again if one is
                            // free at a session still to come, else it must be refunded.
                            let (_, held) = held_by(c, &booking_id)?;
                            if take_place(c, &event, now_db, held)? {
                                confirm.execute(c)?;
                                insert_emails(c, emails, now)?;
                                notifications::add(c, notification, now_db)?;
                                Ok(TransitionOutcome::Applied)
                            } else {
                                diesel::update(bookings::table.find(&booking_id))
                                    .set((
                                        bookings::payment_status.eq("paid"),
                                        bookings::stripe_payment_intent_id
                                            .eq(payment_intent.as_deref()),
                                        bookings::updated_at.eq(now_db),
                                    ))
                                    .execute(c)?;
                                Ok(TransitionOutcome::PaidButNoPlace {
                                    payment_intent: payment_intent.clone(),
                                })
                            }
                        }
                    }
                }
                PaymentTransition::Released { payment_failed } => {
                    let released = diesel::update(
                        bookings::table
                            .find(&booking_id)
                            .filter(bookings::status.eq("pending")),
                    )
                    .set((
                        bookings::status.eq("cancelled"),
                        bookings::payment_status.eq(if *payment_failed {
                            "failed"
                        } else {
                            "pending"
                        }),
                        bookings::hold_expires_at.eq(None::<NaiveDateTime>),
                        bookings::updated_at.eq(now_db),
                    ))
                    .execute(c)?;
                    if released != 1 {
                        return Ok(TransitionOutcome::AlreadyDone);
                    }
                    let (_, held) = held_by(c, &booking_id)?;
                    give_back(c, &event, held, now)?;
                    Ok(TransitionOutcome::Applied)
                }
            }
        })
        .map_err(repo_error)
    }

    fn unrefunded(
        &self,
        before: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<(BookingId, i64)>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<(String, i64)> = cancellations::table
            .filter(cancellations::refund_status.eq("pending"))
            .filter(cancellations::stripe_refund_id.is_null())
            .filter(cancellations::created_at.lt(to_db_time(before)))
            .order(cancellations::created_at.asc())
            .limit(i64::from(limit))
            .select((
                cancellations::booking_id,
                cancellations::refund_amount_pence,
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter()
            .map(|(id, pence)| Ok((id.parse().map_err(|e| corrupt("booking id", e))?, pence)))
            .collect()
    }

    fn solidarity_places_used(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<u64, RepoError> {
        let mut conn = self.conn()?;
        solidarity_used_between(&mut conn, from, to).map_err(repo_error)
    }

    fn payment_intent(&self, id: BookingId) -> Result<Option<String>, RepoError> {
        let mut conn = self.conn()?;
        bookings::table
            .find(id.to_string())
            .select(bookings::stripe_payment_intent_id)
            .first(&mut *conn)
            .map_err(repo_error)
    }

    fn expired_holds(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<(BookingId, Option<String>)>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<(String, Option<String>)> = bookings::table
            .filter(bookings::status.eq("pending"))
            .filter(bookings::hold_expires_at.lt(Some(to_db_time(now))))
            .order(bookings::hold_expires_at.asc())
            .limit(i64::from(limit))
            .select((bookings::id, bookings::stripe_session_id))
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter()
            .map(|(id, session)| Ok((id.parse().map_err(|e| corrupt("booking id", e))?, session)))
            .collect()
    }

    fn record_refund(
        &self,
        id: BookingId,
        amount_pence: i64,
        refund_id: Option<String>,
        status: &str,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now_db = to_db_time(now);
        let key = id.to_string();
        conn.transaction(|c| {
            let updated =
                diesel::update(cancellations::table.filter(cancellations::booking_id.eq(&key)))
                    .set((
                        cancellations::refund_amount_pence.eq(amount_pence),
                        cancellations::refund_status.eq(status),
                        cancellations::stripe_refund_id.eq(refund_id.as_deref()),
                        cancellations::processed_at.eq(Some(now_db)),
                    ))
                    .execute(c)?;
            if updated == 0 {
                diesel::insert_into(cancellations::table)
                    .values((
                        cancellations::id.eq(BookingId::new().to_string()),
                        cancellations::booking_id.eq(&key),
                        cancellations::reason.eq(Some("Paid after the place was released")),
                        cancellations::refund_amount_pence.eq(amount_pence),
                        cancellations::refund_status.eq(status),
                        cancellations::stripe_refund_id.eq(refund_id.as_deref()),
                        cancellations::processed_at.eq(Some(now_db)),
                        cancellations::created_at.eq(now_db),
                    ))
                    .execute(c)?;
            }
            if status == "succeeded" {
                diesel::update(bookings::table.find(&key))
                    .set((
                        bookings::payment_status.eq("refunded"),
                        bookings::updated_at.eq(now_db),
                    ))
                    .execute(c)?;
            }
            Ok(())
        })
        .map_err(repo_error)
    }
}

#[cfg(feature = "test-hooks")]
impl Store {
    /// Books through the step-by-step path whatever the backend, for the test that holds the
    /// PostgreSQL one-statement path (ADR 0007) to the same stored rows.
    pub fn book_step_by_step_for_tests(
        &self,
        request: &BookingRequest,
        now: DateTime<Utc>,
    ) -> Result<(), BookError> {
        self.book_by(request, now, false)
    }

    /// The naive way to take a place — read the count, then write count + 1, with no guard
    /// and no transaction. Exists only so a test can show the race the real `book` prevents;
    /// returns whether this caller believed it got a place.
    pub fn unguarded_take_place_for_tests(&self, event: playspace_domain::EventId) -> bool {
        self.unguarded_take_for_tests(event, playspace_domain::PlaceRequest::default())
    }

    /// [`Self::unguarded_take_place_for_tests`] for what `request` asks (a companion's
    /// place too, a solidarity place): read the counts, then write them moved, unguarded.
    pub fn unguarded_take_for_tests(
        &self,
        event: playspace_domain::EventId,
        request: playspace_domain::PlaceRequest,
    ) -> bool {
        let Ok(mut conn) = self.conn() else {
            return false;
        };
        let key = event.to_string();
        let Ok((current, max, used, places)) = events::table
            .find(&key)
            .select((
                events::current_participants,
                events::max_participants,
                events::solidarity_used,
                events::solidarity_places,
            ))
            .first::<(i32, i32, i32, i32)>(&mut *conn)
        else {
            return false;
        };
        let seats = i32::try_from(request.seats()).unwrap_or(i32::MAX);
        let solidarity = i32::from(request.solidarity);
        if current + seats > max || used + solidarity > places {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        diesel::update(events::table.find(&key))
            .set((
                events::current_participants.eq(current + seats),
                events::solidarity_used.eq(used + solidarity),
            ))
            .execute(&mut *conn)
            .is_ok()
    }
}
