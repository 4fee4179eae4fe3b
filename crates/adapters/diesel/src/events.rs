use std::sync::Arc;

use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::{Category, Event, EventId, EventQuery, FreePlaces, Money};
use playspace_ports::{EventRepository, RepoError};

use crate::convert::{corrupt, from_db_time, repo_error, to_db_time, to_i32, to_u32};
use crate::schema::{events, venues};
use crate::venues::{SharedVenues, VenueRow, ensure_venue, require_access};
use crate::{DbConnection, Store};

use crate::convert::lower;

/// An event as read, with its venue: queries selecting it join `venues`.
#[derive(Queryable, Selectable)]
pub(crate) struct EventRow {
    #[diesel(embed)]
    event: EventColumns,
    #[diesel(embed)]
    venue: VenueRow,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = events)]
pub(crate) struct EventColumns {
    id: String,
    title: String,
    description: String,
    category: String,
    starts_at: NaiveDateTime,
    duration_minutes: i32,
    max_participants: i32,
    current_participants: i32,
    price_pence: i64,
    is_active: bool,
    created_at: NaiveDateTime,
    companion_allowed: bool,
    solidarity_places: i32,
    solidarity_used: i32,
}

impl EventRow {
    pub(crate) fn into_domain(self) -> Result<Event, RepoError> {
        let venue = Arc::new(self.venue.into_domain()?);
        self.event.into_event(venue)
    }

    /// The event, sharing the venue with the others of its list.
    pub(crate) fn into_shared(self, venues: &mut SharedVenues) -> Result<Event, RepoError> {
        let venue = venues.get(self.venue)?;
        self.event.into_event(venue)
    }
}

impl EventColumns {
    fn into_event(self, venue: Arc<playspace_domain::Venue>) -> Result<Event, RepoError> {
        Ok(Event {
            id: self.id.parse().map_err(|e| corrupt("event id", e))?,
            category: Category::parse(&self.category).map_err(|e| corrupt("category", e))?,
            price: Money::from_pence(self.price_pence).map_err(|e| corrupt("price", e))?,
            duration_minutes: to_u32(self.duration_minutes, "duration")?,
            max_participants: to_u32(self.max_participants, "max participants")?,
            current_participants: to_u32(self.current_participants, "current participants")?,
            free_places: FreePlaces {
                companion_allowed: self.companion_allowed,
                solidarity_places: to_u32(self.solidarity_places, "solidarity places")?,
                solidarity_used: to_u32(self.solidarity_used, "solidarity places used")?,
            },
            title: self.title,
            description: self.description,
            venue,
            starts_at: from_db_time(self.starts_at),
            is_active: self.is_active,
            created_at: from_db_time(self.created_at),
        })
    }
}

/// An event as written.
#[derive(Insertable)]
#[diesel(table_name = events)]
pub(crate) struct NewEventRow {
    id: String,
    title: String,
    description: String,
    category: String,
    venue_id: String,
    /// The venue's line and borough, copied so the area filter is an indexed equality and
    /// search a plain LIKE; rewritten whenever the venue changes (crate::venues).
    location: String,
    area: String,
    starts_at: NaiveDateTime,
    duration_minutes: i32,
    max_participants: i32,
    current_participants: i32,
    price_pence: i64,
    is_active: bool,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    companion_allowed: bool,
    solidarity_places: i32,
    solidarity_used: i32,
}

impl NewEventRow {
    pub(crate) fn from_domain(event: &Event) -> Self {
        Self {
            id: event.id.to_string(),
            title: event.title.clone(),
            description: event.description.clone(),
            category: event.category.as_str().to_owned(),
            venue_id: event.venue.id.to_string(),
            location: event.location(),
            area: event.area().to_owned(),
            starts_at: to_db_time(event.starts_at),
            duration_minutes: to_i32(event.duration_minutes),
            max_participants: to_i32(event.max_participants),
            current_participants: to_i32(event.current_participants),
            price_pence: event.price.pence(),
            is_active: event.is_active,
            created_at: to_db_time(event.created_at),
            updated_at: to_db_time(event.created_at),
            companion_allowed: event.free_places.companion_allowed,
            solidarity_places: to_i32(event.free_places.solidarity_places),
            solidarity_used: to_i32(event.free_places.solidarity_used),
        }
    }
}

/// `%needle%` for LIKE, with the needle's own wildcards escaped.
pub(crate) fn contains_pattern(needle: &str) -> String {
    let mut pattern = String::with_capacity(needle.len() + 2);
    pattern.push('%');
    for c in needle.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

impl EventRepository for Store {
    fn list(&self, query: &EventQuery) -> Result<Vec<Event>, RepoError> {
        let mut sql = events::table
            .inner_join(venues::table)
            .filter(events::is_active.eq(true))
            .filter(events::starts_at.ge(to_db_time(query.starts_from)))
            .into_boxed();
        if let Some(before) = query.starts_before {
            sql = sql.filter(events::starts_at.lt(to_db_time(before)));
        }
        // Needles arrive lower-cased from the domain; lower() both sides for PostgreSQL,
        // whose LIKE and = are case-sensitive.
        if let Some(sport) = &query.sport {
            sql = sql.filter(lower(events::category).eq(sport.clone()));
        }
        if let Some(area) = &query.area {
            sql = sql.filter(lower(events::area).eq(area.clone()));
        }
        if let Some(text) = &query.text {
            let pattern = contains_pattern(text);
            sql = sql.filter(
                lower(events::title)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(events::location).like(pattern.clone()).escape('\\'))
                    .or(lower(events::description).like(pattern).escape('\\')),
            );
        }
        sql = require_access!(sql, query.access);
        if let Some(limit) = query.limit {
            sql = sql.limit(i64::from(limit));
        }
        let mut conn = self.conn()?;
        let rows: Vec<EventRow> = sql
            .order((events::starts_at.asc(), events::id.asc()))
            .select(EventRow::as_select())
            .load(&mut *conn)
            .map_err(repo_error)?;
        let mut venues = SharedVenues::default();
        rows.into_iter()
            .map(|row| row.into_shared(&mut venues))
            .collect()
    }

    fn get(&self, id: EventId) -> Result<Event, RepoError> {
        let mut conn = self.conn()?;
        events::table
            .inner_join(venues::table)
            .filter(events::id.eq(id.to_string()))
            .select(EventRow::as_select())
            .first(&mut *conn)
            .map_err(repo_error)?
            .into_domain()
    }

    fn insert(&self, event: &Event) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| {
            ensure_venue(c, &event.venue, Utc::now())?;
            diesel::insert_into(events::table)
                .values(NewEventRow::from_domain(event))
                .execute(c)
                .map(|_| ())
        })
        .map_err(repo_error)
    }
}

#[cfg(test)]
mod tests {
    use super::contains_pattern;

    #[test]
    fn like_wildcards_are_escaped() {
        assert_eq!(contains_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
        assert_eq!(contains_pattern("park"), "%park%");
    }
}
