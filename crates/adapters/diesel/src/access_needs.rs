//! Members' access needs, the copy their bookings carry (ADR 0023), and who is going to a
//! session. Needs are stored as a JSON list of option names; a list the domain rejects is
//! reported without its content, so a stored need never reaches an error message or a log.
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::access_needs::parse_needs;
use playspace_domain::{
    AccessNeed, AccessNeeds, Booking, BookingId, BookingNeeds, EventId, Preferences,
    ProfileAccessNeeds, UserId,
};
use playspace_ports::{AccessNeedsRepository, AttendanceRepository, GoingPerson, RepoError};

use crate::convert::{corrupt, repo_error, to_db_time};
use crate::schema::{access_needs, bookings, events, users};
use crate::{DbConnection, Store};

/// The stored form of a list of needs.
pub(crate) fn needs_text(needs: &[AccessNeed]) -> String {
    let names: Vec<&str> = needs.iter().map(|n| n.as_str()).collect();
    // Serialising a list of strings cannot fail.
    serde_json::to_string(&names).unwrap_or_else(|_| "[]".into())
}

/// A stored list of needs. The error names the column, never its content.
pub(crate) fn parse_needs_text(text: &str) -> Result<Vec<AccessNeed>, RepoError> {
    let names: Vec<String> =
        serde_json::from_str(text).map_err(|_| corrupt("access needs", "not a list of names"))?;
    parse_needs(&names).map_err(|_| corrupt("access needs", "an unknown need"))
}

/// Inside a transaction, a parse failure rolls it back as a Diesel error.
fn parse_in_transaction(text: &str) -> QueryResult<Vec<AccessNeed>> {
    parse_needs_text(text).map_err(|_| {
        diesel::result::Error::DeserializationError("stored access needs are invalid".into())
    })
}

/// (needs, note, share with leader) of one member.
type ProfileRow = (String, Option<String>, bool);

fn profile(row: Option<ProfileRow>) -> QueryResult<ProfileAccessNeeds> {
    let Some((needs, note, share)) = row else {
        return Ok(ProfileAccessNeeds::default());
    };
    Ok(ProfileAccessNeeds {
        needs: AccessNeeds {
            needs: parse_in_transaction(&needs)?,
            note,
        },
        share_with_leader: share,
    })
}

/// The member's row; on PostgreSQL locked until the transaction ends, so a change of the
/// needs and a booking copying them take turns (SQLite writers queue anyway).
fn profile_row(c: &mut DbConnection, user: &str, lock: bool) -> QueryResult<Option<ProfileRow>> {
    let query = access_needs::table.find(user.to_owned()).select((
        access_needs::needs,
        access_needs::note,
        access_needs::share_with_leader,
    ));
    match c {
        DbConnection::Postgres(pg) if lock => query.for_update().first(pg).optional(),
        _ => query.first(c).optional(),
    }
}

/// Writes one member's needs and choice (on the caller's transaction).
pub(crate) fn put_access_needs(
    c: &mut DbConnection,
    user: &str,
    needs: &ProfileAccessNeeds,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let row = (
        access_needs::user_id.eq(user),
        access_needs::needs.eq(needs_text(&needs.needs.needs)),
        access_needs::note.eq(needs.needs.note.as_deref()),
        access_needs::share_with_leader.eq(needs.share_with_leader),
        access_needs::updated_at.eq(now),
    );
    let insert = diesel::insert_into(access_needs::table).values(row.clone());
    // ON CONFLICT is written per backend: the connection enum does not carry it.
    match c {
        DbConnection::Postgres(pg) => insert
            .on_conflict(access_needs::user_id)
            .do_update()
            .set(row)
            .execute(pg),
        DbConnection::Sqlite(lite) => insert
            .on_conflict(access_needs::user_id)
            .do_update()
            .set(row)
            .execute(lite),
    }
    .map(|_| ())
}

/// The member's live bookings of sessions starting after `now` that carry the profile's copy.
fn upcoming_copies(
    c: &mut DbConnection,
    user: &str,
    now: NaiveDateTime,
) -> QueryResult<Vec<String>> {
    bookings::table
        .inner_join(events::table)
        .filter(bookings::user_id.eq(user))
        .filter(bookings::needs_from_profile.eq(true))
        .filter(bookings::status.ne("cancelled"))
        .filter(events::starts_at.gt(now))
        .select(bookings::id)
        .load(c)
}

/// Gives bookings `copy` as the profile's copy, or (for `None`) takes the copy away.
fn write_copy(
    c: &mut DbConnection,
    ids: &[String],
    copy: Option<&AccessNeeds>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    if ids.is_empty() {
        return Ok(0);
    }
    diesel::update(bookings::table.filter(bookings::id.eq_any(ids)))
        .set((
            bookings::access_needs.eq(copy.map_or_else(|| "[]".into(), |n| needs_text(&n.needs))),
            bookings::accessibility_requirements.eq(copy.and_then(|n| n.note.as_deref())),
            bookings::needs_from_profile.eq(copy.is_some()),
            bookings::updated_at.eq(now),
        ))
        .execute(c)
}

/// Inside a booking's transaction: a booking made with the profile's copy gets the copy as
/// it is at the commit (on PostgreSQL after any change of the needs under way), so turning
/// sharing off while a booking is being made never leaves the old copy on it.
pub(crate) fn refresh_profile_copy(
    c: &mut DbConnection,
    booking: &Booking,
    now: NaiveDateTime,
) -> QueryResult<()> {
    if !booking.needs_from_profile {
        return Ok(());
    }
    let current = profile(profile_row(c, &booking.user_id.to_string(), true)?)?;
    let copy = current.shared_copy();
    if copy == Some(&booking.needs()) {
        return Ok(());
    }
    write_copy(c, &[booking.id.to_string()], copy, now).map(|_| ())
}

/// Takes a member's needs away from every booking, past ones too (erasure).
pub(crate) fn erase_access_needs(c: &mut DbConnection, user: &str) -> QueryResult<()> {
    diesel::delete(access_needs::table.find(user)).execute(c)?;
    diesel::update(bookings::table.filter(bookings::user_id.eq(user)))
        .set((
            bookings::accessibility_requirements.eq(None::<String>),
            bookings::access_needs.eq("[]"),
            bookings::needs_from_profile.eq(false),
        ))
        .execute(c)
        .map(|_| ())
}

/// The member's needs for their data export (read on the export's connection).
pub(crate) fn load_access_needs(
    c: &mut DbConnection,
    user: &str,
) -> Result<ProfileAccessNeeds, RepoError> {
    let row = profile_row(c, user, false).map_err(repo_error)?;
    profile(row).map_err(|_| corrupt("access needs", "an unknown need"))
}

fn live_member(c: &mut DbConnection, user: &str) -> QueryResult<()> {
    users::table
        .find(user)
        .filter(users::deleted_at.is_null())
        .select(users::id)
        .first::<String>(c)
        .map(|_| ())
}

impl AccessNeedsRepository for Store {
    fn access_needs(&self, user: UserId) -> Result<ProfileAccessNeeds, RepoError> {
        let mut conn = self.conn()?;
        let key = user.to_string();
        live_member(&mut conn, &key).map_err(repo_error)?;
        load_access_needs(&mut conn, &key)
    }

    fn set_access_needs(
        &self,
        user: UserId,
        needs: &ProfileAccessNeeds,
        now: DateTime<Utc>,
    ) -> Result<u32, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let (key, now) = (user.to_string(), to_db_time(now));
        let changed = conn
            .transaction(|c| {
                live_member(c, &key)?;
                // Written first: on PostgreSQL the row stays locked, so a booking copying
                // the needs meanwhile waits and then copies these.
                put_access_needs(c, &key, needs, now)?;
                let copies = upcoming_copies(c, &key, now)?;
                write_copy(c, &copies, needs.shared_copy(), now)
            })
            .map_err(repo_error)?;
        Ok(u32::try_from(changed).unwrap_or(u32::MAX))
    }

    fn set_booking_needs(
        &self,
        user: UserId,
        booking: BookingId,
        needs: &BookingNeeds,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(now);
        conn.transaction(|c| {
            let upcoming: Option<String> = bookings::table
                .inner_join(events::table)
                .filter(bookings::id.eq(booking.to_string()))
                .filter(bookings::user_id.eq(user.to_string()))
                .filter(bookings::status.ne("cancelled"))
                .filter(events::starts_at.gt(now))
                .select(bookings::id)
                .first(c)
                .optional()?;
            let Some(id) = upcoming else {
                return Err(diesel::result::Error::NotFound);
            };
            diesel::update(bookings::table.find(&id))
                .set((
                    bookings::access_needs.eq(needs_text(&needs.needs.needs)),
                    bookings::accessibility_requirements.eq(needs.needs.note.as_deref()),
                    bookings::needs_from_profile.eq(needs.from_profile),
                    bookings::updated_at.eq(now),
                ))
                .execute(c)
                .map(|_| ())
        })
        .map_err(repo_error)
    }
}

/// (first name, chosen name, pronouns, preferences) of someone with a confirmed place.
type GoingRow = (String, Option<String>, Option<String>, String);

impl AttendanceRepository for Store {
    fn going(&self, event: EventId) -> Result<Vec<GoingPerson>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<GoingRow> = bookings::table
            .inner_join(users::table)
            .filter(bookings::event_id.eq(event.to_string()))
            .filter(bookings::status.eq("confirmed"))
            .filter(users::deleted_at.is_null())
            .select((
                users::first_name,
                users::chosen_name,
                users::pronouns,
                users::preferences,
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter()
            .map(|(first_name, chosen_name, pronouns, preferences)| {
                let preferences: Preferences =
                    serde_json::from_str(&preferences).map_err(|e| corrupt("preferences", e))?;
                Ok(GoingPerson {
                    first_name,
                    chosen_name,
                    pronouns,
                    privacy: preferences.privacy,
                })
            })
            .collect()
    }
}
