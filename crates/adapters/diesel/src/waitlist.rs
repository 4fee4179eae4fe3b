use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use playspace_domain::booking_rules::{BookingRefusal, check_claim_places};
use playspace_domain::waitlist::{
    JoinRefusal, WaitlistEntry, WaitlistStatus, check_joinable, check_rejoin,
};
use playspace_domain::{EventId, OutgoingEmail, UserId, WaitlistEntryId};
use playspace_ports::{
    BookingRequest, ClaimError, JoinError, NewNotification, OfferNotice, RepoError,
    WaitlistRepository,
};

use crate::booking_abort::Abort;
use crate::bookings::insert_booking;
use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::events::EventRow;
use crate::notifications;
use crate::outbox::insert_emails;
use crate::places::{release_place, take_places};
use crate::schema::{bookings, events, venues, waitlist};
use crate::{DbConnection, Store};

/// Takes a person out of an event's queue: a place in the line is given up, an open offer
/// passes its held place on at once. `NotFound` when they were in neither.
pub(crate) fn leave_waitlist(
    c: &mut DbConnection,
    event_key: &str,
    user_key: &str,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    let now_db = to_db_time(now);
    let mine = waitlist::table
        .filter(waitlist::event_id.eq(event_key))
        .filter(waitlist::user_id.eq(user_key));
    let left = diesel::update(mine.filter(waitlist::status.eq(WaitlistStatus::Waiting.as_str())))
        .set((
            waitlist::status.eq(WaitlistStatus::Left.as_str()),
            waitlist::updated_at.eq(now_db),
        ))
        .execute(c)?;
    if left == 1 {
        return Ok(());
    }
    let declined =
        diesel::update(mine.filter(waitlist::status.eq(WaitlistStatus::Offered.as_str())))
            .set((
                waitlist::status.eq(WaitlistStatus::Expired.as_str()),
                waitlist::offer_expires_at.eq(Some(now_db)),
                waitlist::updated_at.eq(now_db),
            ))
            .execute(c)?;
    if declined != 1 {
        return Err(DieselError::NotFound);
    }
    release_place(c, event_key, now)
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = waitlist)]
struct EntryRow {
    id: String,
    user_id: String,
    event_id: String,
    position: i32,
    status: String,
    offer_expires_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

/// The row as its person sees it, with their place among those still waiting.
fn load_entry(
    c: &mut DbConnection,
    event: &str,
    user: &str,
) -> Result<Option<WaitlistEntry>, RepoError> {
    let Some(row) = waitlist::table
        .filter(waitlist::event_id.eq(event))
        .filter(waitlist::user_id.eq(user))
        .select(EntryRow::as_select())
        .first(c)
        .optional()
        .map_err(repo_error)?
    else {
        return Ok(None);
    };
    let status: WaitlistStatus = row
        .status
        .parse()
        .map_err(|e| corrupt("waitlist status", e))?;
    let position = if status == WaitlistStatus::Waiting {
        let ahead_or_me: i64 = waitlist::table
            .filter(waitlist::event_id.eq(event))
            .filter(waitlist::status.eq(WaitlistStatus::Waiting.as_str()))
            .filter(waitlist::position.le(row.position))
            .count()
            .get_result(c)
            .map_err(repo_error)?;
        Some(u32::try_from(ahead_or_me).map_err(|e| corrupt("waitlist position", e))?)
    } else {
        None
    };
    Ok(Some(WaitlistEntry {
        id: row.id.parse().map_err(|e| corrupt("waitlist id", e))?,
        event_id: row
            .event_id
            .parse()
            .map_err(|e| corrupt("waitlist event", e))?,
        user_id: row
            .user_id
            .parse()
            .map_err(|e| corrupt("waitlist user", e))?,
        status,
        position,
        offer_expires_at: row.offer_expires_at.map(from_db_time),
        created_at: from_db_time(row.created_at),
    }))
}

/// Why a waitlist transaction rolled back.
enum Stop {
    Join(JoinRefusal),
    EventNotFound,
    NoOffer,
    Booking(BookingRefusal),
    Db(DieselError),
    Repo(RepoError),
}

impl From<DieselError> for Stop {
    fn from(e: DieselError) -> Self {
        Stop::Db(e)
    }
}

impl From<RepoError> for Stop {
    fn from(e: RepoError) -> Self {
        Stop::Repo(e)
    }
}

impl From<Abort> for Stop {
    fn from(a: Abort) -> Self {
        match a {
            Abort::Refused(r) => Stop::Booking(r),
            Abort::EventNotFound => Stop::EventNotFound,
            Abort::Db(e) => Stop::Db(e),
        }
    }
}

impl WaitlistRepository for Store {
    fn entry(&self, event: EventId, user: UserId) -> Result<Option<WaitlistEntry>, RepoError> {
        let mut conn = self.conn()?;
        load_entry(&mut conn, &event.to_string(), &user.to_string())
    }

    fn join(
        &self,
        event: EventId,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<WaitlistEntry, JoinError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let (event_key, user_key) = (event.to_string(), user.to_string());
        let now_db = to_db_time(now);
        let outcome = conn.transaction::<_, Stop, _>(|c| {
            // Lock the event row: joins for one event take positions one at a time.
            let touched = diesel::update(events::table.find(&event_key))
                .set(events::updated_at.eq(events::updated_at))
                .execute(c)?;
            if touched != 1 {
                return Err(Stop::EventNotFound);
            }
            let row: EventRow = events::table
                .inner_join(venues::table)
                .filter(events::id.eq(&event_key))
                .select(EventRow::as_select())
                .first(c)?;
            check_joinable(&row.into_domain()?, now).map_err(Stop::Join)?;
            let booked: i64 = bookings::table
                .filter(bookings::event_id.eq(&event_key))
                .filter(bookings::user_id.eq(&user_key))
                .filter(bookings::status.ne("cancelled"))
                .count()
                .get_result(c)?;
            if booked > 0 {
                return Err(Stop::Join(JoinRefusal::Event(
                    BookingRefusal::AlreadyBooked,
                )));
            }
            let last: Option<i32> = waitlist::table
                .filter(waitlist::event_id.eq(&event_key))
                .select(diesel::dsl::max(waitlist::position))
                .first(c)?;
            let position = last.unwrap_or(0) + 1;
            let existing: Option<(String, String)> = waitlist::table
                .filter(waitlist::event_id.eq(&event_key))
                .filter(waitlist::user_id.eq(&user_key))
                .select((waitlist::id, waitlist::status))
                .first(c)
                .optional()?;
            match existing {
                Some((id, status)) => {
                    let status: WaitlistStatus =
                        status.parse().map_err(|e| corrupt("waitlist status", e))?;
                    check_rejoin(status).map_err(Stop::Join)?;
                    diesel::update(waitlist::table.find(&id))
                        .set((
                            waitlist::status.eq(WaitlistStatus::Waiting.as_str()),
                            waitlist::position.eq(position),
                            waitlist::offer_expires_at.eq(None::<NaiveDateTime>),
                            waitlist::notification_sent.eq(false),
                            waitlist::updated_at.eq(now_db),
                        ))
                        .execute(c)?;
                }
                None => {
                    diesel::insert_into(waitlist::table)
                        .values((
                            waitlist::id.eq(WaitlistEntryId::new().to_string()),
                            waitlist::user_id.eq(&user_key),
                            waitlist::event_id.eq(&event_key),
                            waitlist::position.eq(position),
                            waitlist::status.eq(WaitlistStatus::Waiting.as_str()),
                            waitlist::notification_sent.eq(false),
                            waitlist::created_at.eq(now_db),
                            waitlist::updated_at.eq(now_db),
                        ))
                        .execute(c)?;
                }
            }
            load_entry(c, &event_key, &user_key)?.ok_or(Stop::Db(DieselError::NotFound))
        });
        outcome.map_err(|stop| match stop {
            Stop::Join(r) => JoinError::Refused(r),
            Stop::Booking(r) => JoinError::Refused(JoinRefusal::Event(r)),
            Stop::EventNotFound => JoinError::EventNotFound,
            // Two joins of one person at once: the unique index lets one in.
            Stop::Db(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                JoinError::Refused(JoinRefusal::AlreadyWaiting)
            }
            Stop::Db(e) => JoinError::Store(repo_error(e)),
            Stop::Repo(e) => JoinError::Store(e),
            Stop::NoOffer => JoinError::Store(RepoError::Conflict),
        })
    }

    fn leave(&self, event: EventId, user: UserId, now: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let (event_key, user_key) = (event.to_string(), user.to_string());
        conn.transaction(|c| leave_waitlist(c, &event_key, &user_key, now))
            .map_err(repo_error)
    }

    fn claim(&self, request: &BookingRequest, now: DateTime<Utc>) -> Result<(), ClaimError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let booking = &request.booking;
        let (event_key, user_key) = (booking.event_id.to_string(), booking.user_id.to_string());
        let now_db = to_db_time(now);
        let outcome = conn.transaction::<_, Stop, _>(|c| {
            insert_booking(c, request, now)?;
            // The offer is claimed only while open: a lapse and a claim cannot both win.
            let claimed = diesel::update(
                waitlist::table
                    .filter(waitlist::event_id.eq(&event_key))
                    .filter(waitlist::user_id.eq(&user_key))
                    .filter(waitlist::status.eq(WaitlistStatus::Offered.as_str()))
                    .filter(waitlist::offer_expires_at.gt(Some(now_db))),
            )
            .set((
                waitlist::status.eq(WaitlistStatus::Claimed.as_str()),
                waitlist::updated_at.eq(now_db),
            ))
            .execute(c)?;
            if claimed != 1 {
                return Err(Stop::NoOffer);
            }
            // The place was counted when it was offered: the booking takes it as it is, and
            // a companion's place and a solidarity place through the guard.
            let asked = booking.place_request();
            if (asked.companion || asked.solidarity)
                && !take_places(c, &event_key, now_db, asked.seats() - 1, asked)?
            {
                let row: EventRow = events::table
                    .inner_join(venues::table)
                    .filter(events::id.eq(&event_key))
                    .select(EventRow::as_select())
                    .first(c)?;
                let refusal = check_claim_places(&row.into_domain()?, asked)
                    .err()
                    .unwrap_or(BookingRefusal::NoRoomForCompanion);
                return Err(Stop::Booking(refusal));
            }
            Ok(())
        });
        outcome.map_err(|stop| match stop {
            Stop::NoOffer | Stop::EventNotFound | Stop::Join(_) => ClaimError::NoOffer,
            Stop::Booking(r) => ClaimError::Refused(r),
            Stop::Db(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                ClaimError::Refused(BookingRefusal::AlreadyBooked)
            }
            Stop::Db(e) => ClaimError::Store(repo_error(e)),
            Stop::Repo(e) => ClaimError::Store(e),
        })
    }

    fn expire_offers(&self, now: DateTime<Utc>, limit: u32) -> Result<usize, RepoError> {
        let now_db = to_db_time(now);
        let lapsed: Vec<(String, String)> = {
            let mut conn = self.conn()?;
            waitlist::table
                .filter(waitlist::status.eq(WaitlistStatus::Offered.as_str()))
                .filter(waitlist::offer_expires_at.le(Some(now_db)))
                .order(waitlist::offer_expires_at.asc())
                .limit(i64::from(limit))
                .select((waitlist::id, waitlist::event_id))
                .load(&mut *conn)
                .map_err(repo_error)?
        };
        let mut expired = 0;
        for (id, event_id) in lapsed {
            let mut conn = self.writer()?;
            let conn: &mut DbConnection = &mut conn;
            let passed_on = conn
                .transaction(|c| {
                    let flipped = diesel::update(
                        waitlist::table
                            .find(&id)
                            .filter(waitlist::status.eq(WaitlistStatus::Offered.as_str()))
                            .filter(waitlist::offer_expires_at.le(Some(now_db))),
                    )
                    .set((
                        waitlist::status.eq(WaitlistStatus::Expired.as_str()),
                        waitlist::updated_at.eq(now_db),
                    ))
                    .execute(c)?;
                    if flipped == 1 {
                        release_place(c, &event_id, now)?;
                    }
                    Ok(flipped == 1)
                })
                .map_err(repo_error)?;
            expired += usize::from(passed_on);
        }
        Ok(expired)
    }

    fn unannounced_offers(&self, limit: u32) -> Result<Vec<OfferNotice>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<(String, String, String, Option<NaiveDateTime>)> = waitlist::table
            .filter(waitlist::status.eq(WaitlistStatus::Offered.as_str()))
            .filter(waitlist::notification_sent.eq(false))
            .order(waitlist::updated_at.asc())
            .limit(i64::from(limit))
            .select((
                waitlist::id,
                waitlist::user_id,
                waitlist::event_id,
                waitlist::offer_expires_at,
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter()
            .map(|(id, user, event, expires)| {
                Ok(OfferNotice {
                    entry_id: id.parse().map_err(|e| corrupt("waitlist id", e))?,
                    user_id: user.parse().map_err(|e| corrupt("waitlist user", e))?,
                    event_id: event.parse().map_err(|e| corrupt("waitlist event", e))?,
                    offer_expires_at: expires
                        .map(from_db_time)
                        .ok_or_else(|| corrupt("offer expiry", "missing"))?,
                })
            })
            .collect()
    }

    fn announce_offer(
        &self,
        entry: WaitlistEntryId,
        emails: &[OutgoingEmail],
        notification: &NewNotification,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now_db = to_db_time(now);
        conn.transaction(|c| {
            let flipped = diesel::update(
                waitlist::table
                    .find(entry.to_string())
                    .filter(waitlist::status.eq(WaitlistStatus::Offered.as_str()))
                    .filter(waitlist::notification_sent.eq(false)),
            )
            .set(waitlist::notification_sent.eq(true))
            .execute(c)?;
            if flipped != 1 {
                return Ok(false);
            }
            insert_emails(c, emails, now)?;
            notifications::add(c, notification, now_db)?;
            Ok(true)
        })
        .map_err(repo_error)
    }
}
