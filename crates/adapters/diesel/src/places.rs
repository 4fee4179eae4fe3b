//! A session's places, as every path that takes or frees one reaches them: the capacity
//! guard that takes places (booking, claiming an offer, an admin's move) and the release
//! that gives a freed place to the waitlist first (cancelling, leaving, an admin's edit).
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::IntoSql;
use diesel::prelude::*;
use playspace_domain::waitlist::{WaitlistStatus, can_offer, offer_expires_at};
use playspace_domain::{PaymentMethod, PlaceRequest};

use crate::DbConnection;
use crate::convert::{from_db_time, to_db_time};
use crate::schema::{bookings, events, waitlist};

/// The capacity guard, last in the transaction: the places `request` asks for (the
/// member's, and a companion's) are taken only if that many are free at an active event
/// that has not started, with its solidarity place only if one of those set is unused and
/// its companion only where companions are allowed, all in one statement; the event row
/// stays locked (PostgreSQL) only until the commit. Every path that takes a place goes
/// through it (ADR 0022).
pub(crate) fn take_place(
    c: &mut DbConnection,
    event_id: &str,
    now: NaiveDateTime,
    request: PlaceRequest,
) -> QueryResult<bool> {
    take_places(c, event_id, now, request.seats(), request)
}

/// [`take_place`] for `seats` places (fewer than `request` holds when one is held already,
/// as a waitlist offer's is), with `request`'s solidarity place and companion rule.
pub(crate) fn take_places(
    c: &mut DbConnection,
    event_id: &str,
    now: NaiveDateTime,
    seats: u32,
    request: PlaceRequest,
) -> QueryResult<bool> {
    use diesel::dsl::not;
    use diesel::sql_types::Bool;
    let seats = i32::try_from(seats).unwrap_or(i32::MAX);
    let solidarity = i32::from(request.solidarity);
    let taken = diesel::update(
        events::table
            .find(event_id)
            .filter(events::is_active.eq(true))
            .filter(events::starts_at.gt(now))
            .filter(events::current_participants.le(events::max_participants - seats))
            .filter(events::solidarity_used.le(events::solidarity_places - solidarity))
            .filter(events::companion_allowed.or(not(request.companion.into_sql::<Bool>()))),
    )
    .set((
        events::current_participants.eq(events::current_participants + seats),
        events::solidarity_used.eq(events::solidarity_used + solidarity),
        events::updated_at.eq(now),
    ))
    .execute(c)?;
    Ok(taken == 1)
}

/// What the live booking `key` holds of its event: (event id, its places and solidarity
/// place), read before it is cancelled so exactly that is given back.
pub(crate) fn held_by(c: &mut DbConnection, key: &str) -> QueryResult<(String, PlaceRequest)> {
    let (event_id, companion, method): (String, bool, String) = bookings::table
        .find(key)
        .select((
            bookings::event_id,
            bookings::companion,
            bookings::payment_method,
        ))
        .first(c)?;
    Ok((
        event_id,
        PlaceRequest {
            companion,
            solidarity: method == PaymentMethod::Solidarity.as_str(),
        },
    ))
}

/// Gives back what a cancelled or released booking held: its solidarity place to the
/// session's pool, and each of its places (two with a companion) through [`release_place`],
/// one at a time, so a freed pair goes to the first two people waiting, one place each
/// (ADR 0022).
pub(crate) fn give_back(
    c: &mut DbConnection,
    event_id: &str,
    held: PlaceRequest,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    if held.solidarity {
        diesel::update(
            events::table
                .find(event_id)
                .filter(events::solidarity_used.gt(0)),
        )
        .set(events::solidarity_used.eq(events::solidarity_used - 1))
        .execute(c)?;
    }
    for _ in 0..held.seats() {
        release_place(c, event_id, now)?;
    }
    Ok(())
}

/// Gives a freed place of `event_id` to the first person still waiting, holding it for
/// them (the count stays), or back to the event when nobody is. Runs inside the
/// transaction that freed the place, so a place is passed on exactly once.
pub(crate) fn release_place(
    c: &mut DbConnection,
    event_id: &str,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    let now_db = to_db_time(now);
    // Touching the event row first serialises concurrent releases for the event on
    // PostgreSQL, so two freed places never go to the same person.
    diesel::update(events::table.find(event_id))
        .set(events::updated_at.eq(now_db))
        .execute(c)?;
    let (is_active, starts_at): (bool, NaiveDateTime) = events::table
        .find(event_id)
        .select((events::is_active, events::starts_at))
        .first(c)?;
    if can_offer(is_active, from_db_time(starts_at), now) {
        let queue = waitlist::table
            .filter(waitlist::event_id.eq(event_id))
            .filter(waitlist::status.eq(WaitlistStatus::Waiting.as_str()))
            .order(waitlist::position.asc());
        while let Some((id, user_id)) = queue
            .select((waitlist::id, waitlist::user_id))
            .first::<(String, String)>(c)
            .optional()?
        {
            let booked: i64 = bookings::table
                .filter(bookings::event_id.eq(event_id))
                .filter(bookings::user_id.eq(&user_id))
                .filter(bookings::status.ne("cancelled"))
                .count()
                .get_result(c)?;
            let (status, expires) = if booked > 0 {
                // Already has a place (e.g. capacity grew): they need no offer.
                (WaitlistStatus::Left, None)
            } else {
                let expires = offer_expires_at(from_db_time(starts_at), now);
                (WaitlistStatus::Offered, Some(to_db_time(expires)))
            };
            diesel::update(waitlist::table.find(&id))
                .set((
                    waitlist::status.eq(status.as_str()),
                    waitlist::offer_expires_at.eq(expires),
                    waitlist::notification_sent.eq(false),
                    waitlist::updated_at.eq(now_db),
                ))
                .execute(c)?;
            if status == WaitlistStatus::Offered {
                return Ok(());
            }
        }
    }
    diesel::update(
        events::table
            .find(event_id)
            .filter(events::current_participants.gt(0)),
    )
    .set(events::current_participants.eq(events::current_participants - 1))
    .execute(c)
    .map(|_| ())
}
