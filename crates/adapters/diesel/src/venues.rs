//! Venues and their access facts. Events keep copies of their venue's line and borough
//! (`events.location`, `events.area`) for the indexed area filter, search and older
//! readers; every write here that could change them rewrites them in the same transaction.
use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::venue::AccessCheck;
use playspace_domain::{AccessFact, AccessFacts, AuditEntry, FactValue, Venue, VenueId};
use playspace_ports::{AdminVenue, RepoError, VenueRepository};

use crate::audit::insert_audit;
use crate::convert::{corrupt, from_db_time, refused, repo_error, to_db_time};
use crate::schema::{events, users, venues};
use crate::user_rows::display_name;
use crate::{DbConnection, Store};

#[derive(Queryable, Selectable)]
#[diesel(table_name = venues)]
pub(crate) struct VenueRow {
    id: String,
    name: String,
    address: String,
    postcode: String,
    borough: String,
    map_url: Option<String>,
    nearest_step_free_station: Option<String>,
    transport_notes: Option<String>,
    step_free: String,
    accessible_toilet: String,
    changing_places: String,
    gender_neutral_changing: String,
    private_changing_cubicles: String,
    quiet_space: String,
    hearing_loop: String,
    accessible_parking: String,
    lift: String,
    assistance_dogs: String,
    access_checked_at: Option<NaiveDateTime>,
    access_checked_by: Option<String>,
    retired_at: Option<NaiveDateTime>,
}

impl VenueRow {
    pub(crate) fn into_domain(self) -> Result<Venue, RepoError> {
        let answers = [
            (AccessFact::StepFree, &self.step_free),
            (AccessFact::AccessibleToilet, &self.accessible_toilet),
            (AccessFact::ChangingPlaces, &self.changing_places),
            (
                AccessFact::GenderNeutralChanging,
                &self.gender_neutral_changing,
            ),
            (
                AccessFact::PrivateChangingCubicles,
                &self.private_changing_cubicles,
            ),
            (AccessFact::QuietSpace, &self.quiet_space),
            (AccessFact::HearingLoop, &self.hearing_loop),
            (AccessFact::AccessibleParking, &self.accessible_parking),
            (AccessFact::Lift, &self.lift),
            (AccessFact::AssistanceDogs, &self.assistance_dogs),
        ];
        let mut access = AccessFacts::default();
        for (fact, answer) in answers {
            let value: FactValue = answer.parse().map_err(|e| corrupt(fact.key(), e))?;
            access.set(fact, value);
        }
        let by = self
            .access_checked_by
            .map(|id| id.parse())
            .transpose()
            .map_err(|e| corrupt("venue checker", e))?;
        Ok(Venue {
            id: self.id.parse().map_err(|e| corrupt("venue id", e))?,
            name: self.name,
            address: self.address,
            postcode: self.postcode,
            borough: self.borough,
            map_url: self.map_url,
            nearest_step_free_station: self.nearest_step_free_station,
            transport_notes: self.transport_notes,
            access,
            access_checked: self.access_checked_at.map(|at| AccessCheck {
                at: from_db_time(at),
                by,
            }),
            retired: self.retired_at.is_some(),
        })
    }
}

/// Venues met while loading a list of events, so sessions at one venue share one copy.
#[derive(Default)]
pub(crate) struct SharedVenues(HashMap<String, Arc<Venue>>);

impl SharedVenues {
    pub(crate) fn get(&mut self, row: VenueRow) -> Result<Arc<Venue>, RepoError> {
        if let Some(venue) = self.0.get(&row.id) {
            return Ok(Arc::clone(venue));
        }
        let key = row.id.clone();
        let venue = Arc::new(row.into_domain()?);
        self.0.insert(key, Arc::clone(&venue));
        Ok(venue)
    }
}

/// Every stored column of a venue but its timestamps.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = venues, treat_none_as_null = true)]
struct VenueValues<'a> {
    name: &'a str,
    address: &'a str,
    postcode: &'a str,
    borough: &'a str,
    map_url: Option<&'a str>,
    nearest_step_free_station: Option<&'a str>,
    transport_notes: Option<&'a str>,
    step_free: &'static str,
    accessible_toilet: &'static str,
    changing_places: &'static str,
    gender_neutral_changing: &'static str,
    private_changing_cubicles: &'static str,
    quiet_space: &'static str,
    hearing_loop: &'static str,
    accessible_parking: &'static str,
    lift: &'static str,
    assistance_dogs: &'static str,
    access_checked_at: Option<NaiveDateTime>,
    access_checked_by: Option<String>,
}

impl<'a> VenueValues<'a> {
    fn of(v: &'a Venue) -> Self {
        let answer = |fact| v.access.get(fact).as_str();
        let check = v.access_checked.as_ref();
        Self {
            name: &v.name,
            address: &v.address,
            postcode: &v.postcode,
            borough: &v.borough,
            map_url: v.map_url.as_deref(),
            nearest_step_free_station: v.nearest_step_free_station.as_deref(),
            transport_notes: v.transport_notes.as_deref(),
            step_free: answer(AccessFact::StepFree),
            accessible_toilet: answer(AccessFact::AccessibleToilet),
            changing_places: answer(AccessFact::ChangingPlaces),
            gender_neutral_changing: answer(AccessFact::GenderNeutralChanging),
            private_changing_cubicles: answer(AccessFact::PrivateChangingCubicles),
            quiet_space: answer(AccessFact::QuietSpace),
            hearing_loop: answer(AccessFact::HearingLoop),
            accessible_parking: answer(AccessFact::AccessibleParking),
            lift: answer(AccessFact::Lift),
            assistance_dogs: answer(AccessFact::AssistanceDogs),
            access_checked_at: check.map(|c| to_db_time(c.at)),
            access_checked_by: check.and_then(|c| c.by).map(|id| id.to_string()),
        }
    }
}

fn insert_venue(c: &mut DbConnection, venue: &Venue, now: DateTime<Utc>) -> QueryResult<usize> {
    let now = to_db_time(now);
    diesel::insert_into(venues::table)
        .values((
            venues::id.eq(venue.id.to_string()),
            VenueValues::of(venue),
            venues::retired_at.eq(venue.retired.then_some(now)),
            venues::created_at.eq(now),
            venues::updated_at.eq(now),
        ))
        .execute(c)
}

/// Stores `venue` unless a venue with its id is stored already (seeds, and tests that
/// insert sessions with their venue).
pub(crate) fn ensure_venue(
    c: &mut DbConnection,
    venue: &Venue,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    let exists: bool = diesel::select(diesel::dsl::exists(
        venues::table.filter(venues::id.eq(venue.id.to_string())),
    ))
    .get_result(c)?;
    if !exists {
        insert_venue(c, venue, now)?;
    }
    Ok(())
}

/// Narrows a boxed query with `venues` joined to sessions whose venue says yes to every
/// fact in `$access`.
macro_rules! require_access {
    ($sql:expr, $access:expr) => {{
        use playspace_domain::AccessFact;
        use $crate::schema::venues;
        let mut sql = $sql;
        for fact in $access.iter() {
            const YES: &str = "yes";
            sql = match fact {
                AccessFact::StepFree => sql.filter(venues::step_free.eq(YES)),
                AccessFact::AccessibleToilet => sql.filter(venues::accessible_toilet.eq(YES)),
                AccessFact::ChangingPlaces => sql.filter(venues::changing_places.eq(YES)),
                AccessFact::GenderNeutralChanging => {
                    sql.filter(venues::gender_neutral_changing.eq(YES))
                }
                AccessFact::PrivateChangingCubicles => {
                    sql.filter(venues::private_changing_cubicles.eq(YES))
                }
                AccessFact::QuietSpace => sql.filter(venues::quiet_space.eq(YES)),
                AccessFact::HearingLoop => sql.filter(venues::hearing_loop.eq(YES)),
                AccessFact::AccessibleParking => sql.filter(venues::accessible_parking.eq(YES)),
                AccessFact::Lift => sql.filter(venues::lift.eq(YES)),
                AccessFact::AssistanceDogs => sql.filter(venues::assistance_dogs.eq(YES)),
            };
        }
        sql
    }};
}
pub(crate) use require_access;

type CheckerColumns = (
    diesel::dsl::Nullable<users::first_name>,
    diesel::dsl::Nullable<users::chosen_name>,
    diesel::dsl::Nullable<users::last_name>,
    diesel::dsl::Nullable<users::deleted_at>,
);

fn checker_columns() -> CheckerColumns {
    (
        users::first_name.nullable(),
        users::chosen_name.nullable(),
        users::last_name.nullable(),
        users::deleted_at.nullable(),
    )
}

type CheckerRow = (
    Option<String>,
    Option<String>,
    Option<String>,
    Option<NaiveDateTime>,
);

/// Venues with the admin who last checked them (left-joined: most never were, or not by
/// someone still here).
macro_rules! admin_venues_query {
    () => {
        venues::table
            .left_join(users::table.on(venues::access_checked_by.eq(users::id.nullable())))
            .select((VenueRow::as_select(), checker_columns()))
    };
}

fn checker_name((first, chosen, last, deleted): CheckerRow) -> Option<String> {
    match (first, last, deleted) {
        (Some(first), Some(last), None) => Some(display_name(&first, chosen.as_deref(), &last)),
        _ => None,
    }
}

/// How many sessions each venue has, in all and not yet started.
fn session_counts(
    c: &mut DbConnection,
    only: Option<&str>,
    now: DateTime<Utc>,
) -> QueryResult<HashMap<String, (u64, u64)>> {
    let mut all = events::table
        .group_by(events::venue_id)
        .select((events::venue_id, diesel::dsl::count_star()))
        .into_boxed();
    let mut upcoming = events::table
        .filter(events::starts_at.ge(to_db_time(now)))
        .group_by(events::venue_id)
        .select((events::venue_id, diesel::dsl::count_star()))
        .into_boxed();
    if let Some(id) = only {
        all = all.filter(events::venue_id.eq(id.to_owned()));
        upcoming = upcoming.filter(events::venue_id.eq(id.to_owned()));
    }
    let mut counts: HashMap<String, (u64, u64)> = HashMap::new();
    for (venue, n) in all.load::<(String, i64)>(c)? {
        counts.entry(venue).or_default().0 = u64::try_from(n).unwrap_or_default();
    }
    for (venue, n) in upcoming.load::<(String, i64)>(c)? {
        counts.entry(venue).or_default().1 = u64::try_from(n).unwrap_or_default();
    }
    Ok(counts)
}

fn admin_venue(
    (row, checker): (VenueRow, CheckerRow),
    counts: &HashMap<String, (u64, u64)>,
) -> Result<AdminVenue, RepoError> {
    let (sessions, upcoming_sessions) = counts.get(&row.id).copied().unwrap_or_default();
    let venue = row.into_domain()?;
    Ok(AdminVenue {
        checked_by_name: venue
            .access_checked
            .as_ref()
            .and_then(|c| c.by)
            .and_then(|_| checker_name(checker)),
        venue,
        sessions,
        upcoming_sessions,
    })
}

impl VenueRepository for Store {
    fn list_venues(&self, include_retired: bool) -> Result<Vec<Venue>, RepoError> {
        let mut conn = self.conn()?;
        let mut query = venues::table.select(VenueRow::as_select()).into_boxed();
        if !include_retired {
            query = query.filter(venues::retired_at.is_null());
        }
        let rows: Vec<VenueRow> = query
            .order((venues::name.asc(), venues::id.asc()))
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter().map(VenueRow::into_domain).collect()
    }

    fn venue(&self, id: VenueId) -> Result<Venue, RepoError> {
        let mut conn = self.conn()?;
        venues::table
            .find(id.to_string())
            .select(VenueRow::as_select())
            .first(&mut *conn)
            .map_err(repo_error)?
            .into_domain()
    }

    fn admin_venues(&self, now: DateTime<Utc>) -> Result<Vec<AdminVenue>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<(VenueRow, CheckerRow)> = admin_venues_query!()
            .order((venues::name.asc(), venues::id.asc()))
            .load(&mut *conn)
            .map_err(repo_error)?;
        let counts = session_counts(&mut conn, None, now).map_err(repo_error)?;
        rows.into_iter()
            .map(|row| admin_venue(row, &counts))
            .collect()
    }

    fn admin_venue(&self, id: VenueId, now: DateTime<Utc>) -> Result<AdminVenue, RepoError> {
        let mut conn = self.conn()?;
        let key = id.to_string();
        let row: (VenueRow, CheckerRow) = admin_venues_query!()
            .filter(venues::id.eq(&key))
            .first(&mut *conn)
            .map_err(repo_error)?;
        let counts = session_counts(&mut conn, Some(&key), now).map_err(repo_error)?;
        admin_venue(row, &counts)
    }

    fn create_venue(&self, venue: &Venue, audit: &AuditEntry) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| {
            insert_venue(c, venue, audit.at)?;
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }

    fn update_venue(
        &self,
        venue: &Venue,
        audit: &AuditEntry,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = venue.id.to_string();
        let now_db = to_db_time(now);
        conn.transaction(|c| {
            let retired_at: Option<Option<NaiveDateTime>> = venues::table
                .find(&key)
                .select(venues::retired_at)
                .first(c)
                .optional()?;
            let Some(retired_at) = retired_at else {
                return Err(diesel::result::Error::NotFound);
            };
            // A retired venue keeps the day it was retired.
            let retired_at = venue.retired.then(|| retired_at.unwrap_or(now_db));
            diesel::update(venues::table.find(&key))
                .set((
                    VenueValues::of(venue),
                    venues::retired_at.eq(retired_at),
                    venues::updated_at.eq(now_db),
                ))
                .execute(c)?;
            diesel::update(events::table.filter(events::venue_id.eq(&key)))
                .set((
                    events::location.eq(venue.location()),
                    events::area.eq(&venue.borough),
                ))
                .execute(c)?;
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }

    fn delete_venue(&self, id: VenueId, audit: &AuditEntry) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = id.to_string();
        conn.transaction(|c| {
            let used: bool = diesel::select(diesel::dsl::exists(
                events::table.filter(events::venue_id.eq(&key)),
            ))
            .get_result(c)?;
            if used {
                return Err(refused("venue in use"));
            }
            // The foreign key is the guard when a session is added meanwhile.
            let deleted = match diesel::delete(venues::table.find(&key)).execute(c) {
                Err(diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::ForeignKeyViolation,
                    _,
                )) => return Err(refused("venue in use")),
                other => other?,
            };
            if deleted != 1 {
                return Err(diesel::result::Error::NotFound);
            }
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }
}
