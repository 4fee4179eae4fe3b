use diesel::prelude::*;
use playspace_domain::Booking;
use playspace_ports::{DEMO_EMAIL_SUFFIX, DemoData, DemoMember, DemoSeedStore, RepoError};

use crate::convert::{repo_error, to_db_time};
use crate::events::NewEventRow;
use crate::schema::{
    bookings, cancellations, email_deliveries, events, notifications, users, waitlist,
};
use crate::venues::ensure_venue;
use crate::{DbConnection, Store};

/// Not a PHC string, so no password ever verifies against it.
const UNUSABLE_PASSWORD: &str = "!";

#[derive(Insertable)]
#[diesel(table_name = users)]
struct DemoUserRow<'a> {
    id: String,
    email: &'a str,
    password_hash: &'a str,
    first_name: &'a str,
    last_name: &'a str,
    is_email_verified: bool,
    marketing_consent: bool,
    created_at: chrono::NaiveDateTime,
    updated_at: chrono::NaiveDateTime,
}

impl<'a> DemoUserRow<'a> {
    fn from_member(member: &'a DemoMember) -> Self {
        Self {
            id: member.id.to_string(),
            email: &member.email,
            password_hash: UNUSABLE_PASSWORD,
            first_name: &member.first_name,
            last_name: &member.last_name,
            is_email_verified: true,
            marketing_consent: member.marketing_consent,
            created_at: to_db_time(member.created_at),
            updated_at: to_db_time(member.created_at),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = bookings)]
struct DemoBookingRow<'a> {
    id: String,
    reference: &'a str,
    user_id: String,
    event_id: String,
    status: &'static str,
    payment_status: &'static str,
    payment_method: &'static str,
    amount_pence: i64,
    accessibility_requirements: Option<&'a str>,
    created_at: chrono::NaiveDateTime,
    updated_at: chrono::NaiveDateTime,
    companion: bool,
    companion_name: Option<&'a str>,
}

impl<'a> DemoBookingRow<'a> {
    fn from_booking(b: &'a Booking) -> Self {
        Self {
            id: b.id.to_string(),
            reference: b.reference.as_str(),
            user_id: b.user_id.to_string(),
            event_id: b.event_id.to_string(),
            status: b.status.as_str(),
            payment_status: b.payment_status.as_str(),
            payment_method: b.payment_method.as_str(),
            amount_pence: b.amount.pence(),
            accessibility_requirements: b.accessibility_requirements.as_deref(),
            created_at: to_db_time(b.created_at),
            updated_at: to_db_time(b.created_at),
            companion: b.companion.is_some(),
            companion_name: b.companion.as_ref().and_then(|c| c.first_name.as_deref()),
        }
    }
}

impl DemoSeedStore for Store {
    fn has_events(&self) -> Result<bool, RepoError> {
        let mut conn = self.conn()?;
        diesel::select(diesel::dsl::exists(events::table.select(events::id)))
            .get_result(&mut *conn)
            .map_err(repo_error)
    }

    fn clear_demo_data(&self) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction::<_, diesel::result::Error, _>(|conn| {
            diesel::delete(
                email_deliveries::table.filter(email_deliveries::booking_id.is_not_null()),
            )
            .execute(conn)?;
            diesel::delete(cancellations::table).execute(conn)?;
            diesel::delete(waitlist::table).execute(conn)?;
            diesel::delete(notifications::table.filter(notifications::event_id.is_not_null()))
                .execute(conn)?;
            diesel::delete(bookings::table).execute(conn)?;
            diesel::delete(events::table).execute(conn)?;
            diesel::delete(users::table.filter(users::email.like(format!("%{DEMO_EMAIL_SUFFIX}"))))
                .execute(conn)?;
            Ok(())
        })
        .map_err(repo_error)
    }

    fn insert_demo_data(&self, data: &DemoData) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        // Row by row: Diesel's multi-row INSERT is not available across two backends, and a
        // few hundred inserts in one transaction take milliseconds.
        conn.transaction::<_, diesel::result::Error, _>(|conn| {
            for event in &data.events {
                ensure_venue(conn, &event.venue, data.seeded_at)?;
                diesel::insert_into(events::table)
                    .values(NewEventRow::from_domain(event))
                    .execute(conn)?;
            }
            for member in &data.members {
                diesel::insert_into(users::table)
                    .values(DemoUserRow::from_member(member))
                    .execute(conn)?;
            }
            for booking in &data.bookings {
                diesel::insert_into(bookings::table)
                    .values(DemoBookingRow::from_booking(booking))
                    .execute(conn)?;
            }
            if let Some(community) = &data.community
                && !crate::community::exists(conn)?
            {
                crate::community::replace(conn, community, None, to_db_time(data.seeded_at))?;
            }
            if !data.stories.is_empty() && !crate::stories::any(conn)? {
                for story in &data.stories {
                    crate::stories::insert_published(conn, story, to_db_time(data.seeded_at))?;
                }
            }
            Ok(())
        })
        .map_err(repo_error)
    }
}
