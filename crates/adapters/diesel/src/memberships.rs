use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::UserId;
use playspace_domain::booking_rules::Plan;
use playspace_ports::{Membership, MembershipRepository, RepoError};

use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::schema::memberships;
use crate::{DbConnection, Store};

#[derive(Queryable, Selectable)]
#[diesel(table_name = memberships)]
struct MembershipRow {
    id: String,
    user_id: String,
    plan: String,
    status: String,
    price_pence: i64,
    start_date: NaiveDateTime,
    end_date: Option<NaiveDateTime>,
}

impl MembershipRow {
    fn into_domain(self) -> Result<Membership, RepoError> {
        Ok(Membership {
            user_id: self
                .user_id
                .parse()
                .map_err(|e| corrupt("membership user", e))?,
            plan: self.plan.parse().map_err(|_| corrupt("plan", &self.plan))?,
            id: self.id,
            status: self.status,
            price_pence: self.price_pence,
            start_date: from_db_time(self.start_date),
            end_date: self.end_date.map(from_db_time),
        })
    }
}

/// Ends the person's other active memberships at `now`; answers the subscriptions that
/// renewed them, marked as renewals to stop.
fn end_active(
    conn: &mut DbConnection,
    user: &str,
    except: &str,
    now: NaiveDateTime,
) -> QueryResult<Vec<String>> {
    let others = memberships::table
        .filter(memberships::user_id.eq(user))
        .filter(memberships::status.eq("active"))
        .filter(memberships::id.ne(except));
    let subscriptions: Vec<Option<String>> = others
        .select(memberships::stripe_subscription_id)
        .load(conn)?;
    diesel::update(others.filter(memberships::stripe_subscription_id.is_not_null()))
        .set(memberships::renewal_stop_due_at.eq(Some(now)))
        .execute(conn)?;
    diesel::update(others)
        .set((
            memberships::status.eq("cancelled"),
            memberships::end_date.eq(Some(now)),
            memberships::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(subscriptions.into_iter().flatten().collect())
}

/// Expires the person's pending memberships but `except`: checkouts they left by choosing
/// another plan. A late payment still activates one (`activate_paid`).
fn expire_pending(
    conn: &mut DbConnection,
    user: &str,
    except: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        memberships::table
            .filter(memberships::user_id.eq(user))
            .filter(memberships::status.eq("pending"))
            .filter(memberships::id.ne(except)),
    )
    .set((
        memberships::status.eq("expired"),
        memberships::end_date.eq(Some(now)),
        memberships::updated_at.eq(now),
    ))
    .execute(conn)
}

fn insert(
    conn: &mut DbConnection,
    m: &Membership,
    status: &str,
    session: Option<&str>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::insert_into(memberships::table)
        .values((
            memberships::id.eq(&m.id),
            memberships::user_id.eq(m.user_id.to_string()),
            memberships::plan.eq(m.plan.as_str()),
            memberships::status.eq(status),
            memberships::start_date.eq(to_db_time(m.start_date)),
            memberships::end_date.eq(m.end_date.map(to_db_time)),
            memberships::price_pence.eq(m.price_pence),
            memberships::stripe_session_id.eq(session),
            memberships::created_at.eq(now),
            memberships::updated_at.eq(now),
        ))
        .execute(conn)
}

/// The plan in force at `now`: active, started, not yet ended; the latest if several.
fn current(
    user: UserId,
    now: NaiveDateTime,
) -> memberships::BoxedQuery<'static, <DbConnection as Connection>::Backend> {
    memberships::table
        .filter(memberships::user_id.eq(user.to_string()))
        .filter(memberships::status.eq("active"))
        .filter(memberships::start_date.le(now))
        .filter(
            memberships::end_date
                .is_null()
                .or(memberships::end_date.gt(Some::<NaiveDateTime>(now))),
        )
        .order(memberships::start_date.desc())
        .into_boxed()
}

impl MembershipRepository for Store {
    fn supporters(&self, now: DateTime<Utc>) -> Result<u64, RepoError> {
        let mut conn = self.conn()?;
        let now = to_db_time(now);
        // As `current` reads one person's plan in force: activating a plan ends their others.
        let n: i64 = memberships::table
            .filter(memberships::plan.eq(Plan::Champion.as_str()))
            .filter(memberships::status.eq("active"))
            .filter(memberships::start_date.le(now))
            .filter(
                memberships::end_date
                    .is_null()
                    .or(memberships::end_date.gt(Some::<NaiveDateTime>(now))),
            )
            .select(diesel::dsl::count(memberships::user_id).aggregate_distinct())
            .first(&mut *conn)
            .map_err(repo_error)?;
        Ok(u64::try_from(n).unwrap_or_default())
    }

    fn current_plan(&self, user: UserId, now: DateTime<Utc>) -> Result<Option<Plan>, RepoError> {
        let mut conn = self.conn()?;
        let plan: Option<String> = current(user, to_db_time(now))
            .select(memberships::plan)
            .first(&mut *conn)
            .optional()
            .map_err(repo_error)?;
        plan.map(|p| p.parse().map_err(|_| corrupt("plan", p)))
            .transpose()
    }

    fn activate(
        &self,
        membership: &Membership,
        now: DateTime<Utc>,
    ) -> Result<Vec<String>, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(now);
        let user = membership.user_id.to_string();
        conn.transaction(|c| {
            insert(c, membership, "active", None, now)?;
            expire_pending(c, &user, &membership.id, now)?;
            end_active(c, &user, &membership.id, now)
        })
        .map_err(repo_error)
    }

    fn create_pending(
        &self,
        membership: &Membership,
        session_id: &str,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(now);
        conn.transaction(|c| {
            insert(c, membership, "pending", Some(session_id), now)?;
            expire_pending(c, &membership.user_id.to_string(), &membership.id, now)
        })
        .map(|_| ())
        .map_err(repo_error)
    }

    fn activate_paid(
        &self,
        session_id: &str,
        subscription: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Option<Vec<String>>, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(now);
        conn.transaction(|c| {
            let activated = diesel::update(
                memberships::table
                    .filter(memberships::stripe_session_id.eq(session_id))
                    .filter(memberships::status.eq_any(["pending", "expired"])),
            )
            .set((
                memberships::status.eq("active"),
                memberships::start_date.eq(now),
                memberships::end_date.eq(None::<NaiveDateTime>),
                memberships::stripe_subscription_id.eq(subscription),
                memberships::updated_at.eq(now),
            ))
            .execute(c)?;
            if activated != 1 {
                return Ok(None);
            }
            let (id, user): (String, String) = memberships::table
                .filter(memberships::stripe_session_id.eq(session_id))
                .select((memberships::id, memberships::user_id))
                .first(c)?;
            expire_pending(c, &user, &id, now)?;
            end_active(c, &user, &id, now).map(Some)
        })
        .map_err(repo_error)
    }

    fn list_for_user(&self, user: UserId) -> Result<Vec<Membership>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<MembershipRow> = memberships::table
            .filter(memberships::user_id.eq(user.to_string()))
            .order((memberships::created_at.desc(), memberships::id.desc()))
            .select(MembershipRow::as_select())
            .load(&mut *conn)
            .map_err(repo_error)?;
        rows.into_iter().map(MembershipRow::into_domain).collect()
    }

    fn current_membership(
        &self,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<(Membership, Option<String>)>, RepoError> {
        let mut conn = self.conn()?;
        let row: Option<(MembershipRow, Option<String>)> = current(user, to_db_time(now))
            .select((
                MembershipRow::as_select(),
                memberships::stripe_subscription_id,
            ))
            .first(&mut *conn)
            .optional()
            .map_err(repo_error)?;
        row.map(|(m, subscription)| Ok((m.into_domain()?, subscription)))
            .transpose()
    }

    fn renewals_to_stop(&self, limit: u32) -> Result<Vec<String>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<Option<String>> = memberships::table
            .filter(memberships::renewal_stop_due_at.is_not_null())
            .order((
                memberships::renewal_stop_due_at.asc(),
                memberships::id.asc(),
            ))
            .select(memberships::stripe_subscription_id)
            .limit(i64::from(limit))
            .load(&mut *conn)
            .map_err(repo_error)?;
        Ok(rows.into_iter().flatten().collect())
    }

    fn renewal_stopped(&self, subscription: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        diesel::update(
            memberships::table.filter(memberships::stripe_subscription_id.eq(subscription)),
        )
        .set((
            memberships::renewal_stop_due_at.eq(None::<NaiveDateTime>),
            memberships::updated_at.eq(to_db_time(now)),
        ))
        .execute(&mut *conn)
        .map(|_| ())
        .map_err(repo_error)
    }

    fn end_at(
        &self,
        membership_id: &str,
        ends_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let mut conn = self.writer()?;
        let changed = diesel::update(
            memberships::table
                .filter(memberships::id.eq(membership_id))
                .filter(memberships::status.eq("active"))
                .filter(memberships::end_date.is_null()),
        )
        .set((
            memberships::end_date.eq(Some(to_db_time(ends_at))),
            memberships::updated_at.eq(to_db_time(now)),
        ))
        .execute(&mut *conn)
        .map_err(repo_error)?;
        Ok(changed == 1)
    }
}
