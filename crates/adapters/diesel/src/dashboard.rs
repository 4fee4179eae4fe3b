//! The overview's figures: counts over indexed ranges, one small query each.
use diesel::dsl::{count_star, sql, sum};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable};
use playspace_domain::Money;
use playspace_domain::stats::StatsWindows;
use playspace_ports::{Dashboard, DashboardRepository, RepoError};

use crate::admin_events::bad;
use crate::convert::{repo_error, to_db_time};
use crate::schema::{bookings, events, users};
use crate::{DbConnection, Store};

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or_default()
}

fn money(pence: Option<i64>) -> QueryResult<Money> {
    Money::from_pence(pence.unwrap_or_default()).map_err(bad)
}

/// Sums of `(group, a, b)` rows into one row per group, in first-seen order.
fn by_group(rows: Vec<(String, i64, i64)>) -> Vec<(String, u64, u64)> {
    let mut out: Vec<(String, u64, u64)> = Vec::new();
    for (group, a, b) in rows {
        match out
            .iter_mut()
            .find(|(g, _, _)| g.eq_ignore_ascii_case(&group))
        {
            Some(row) => {
                row.1 += count(a);
                row.2 += count(b);
            }
            None => out.push((group, count(a), count(b))),
        }
    }
    out
}

fn figures(c: &mut DbConnection, w: &StatsWindows) -> QueryResult<Dashboard> {
    let now = to_db_time(w.now);
    let month = to_db_time(w.month_start);
    let charts_from = to_db_time(w.charts_from());
    let live_users = || users::table.filter(users::deleted_at.is_null());
    let users_total: i64 = live_users().count().get_result(c)?;
    let users_new: i64 = live_users()
        .filter(users::created_at.ge(month))
        .count()
        .get_result(c)?;
    let users_verified: i64 = live_users()
        .filter(users::is_email_verified.eq(true))
        .count()
        .get_result(c)?;
    let upcoming = || {
        events::table
            .filter(events::is_active.eq(true))
            .filter(events::starts_at.ge(now))
    };
    let events_active: i64 = upcoming().count().get_result(c)?;
    let events_week: i64 = upcoming()
        .filter(events::starts_at.lt(to_db_time(w.week_ahead)))
        .count()
        .get_result(c)?;
    let events_total: i64 = events::table.count().get_result(c)?;

    let live = || bookings::table.filter(bookings::status.ne("cancelled"));
    let bookings_total: i64 = live().count().get_result(c)?;
    let bookings_pending: i64 = live()
        .filter(bookings::payment_status.eq("pending"))
        .count()
        .get_result(c)?;
    let bookings_paid: i64 = live()
        .filter(bookings::payment_status.eq("paid"))
        .count()
        .get_result(c)?;
    let paid = || bookings::table.filter(bookings::payment_status.eq("paid"));
    // SUM of a BIGINT is NUMERIC on PostgreSQL: cast back so both backends give an i64.
    let total_pence = || sql::<Nullable<BigInt>>("CAST(SUM(bookings.amount_pence) AS BIGINT)");
    let revenue: Option<i64> = paid().select(total_pence()).first(c)?;
    let revenue_month: Option<i64> = paid()
        .filter(bookings::created_at.ge(month))
        .select(total_pence())
        .first(c)?;

    let mut bookings_per_week = Vec::with_capacity(w.weeks.len());
    for week in &w.weeks {
        let n: i64 = bookings::table
            .filter(bookings::created_at.ge(to_db_time(week.start)))
            .filter(bookings::created_at.lt(to_db_time(week.end)))
            .count()
            .get_result(c)?;
        bookings_per_week.push(count(n));
    }
    let mut new_members_per_month = Vec::with_capacity(w.months.len());
    for m in &w.months {
        let n: i64 = users::table
            .filter(users::created_at.ge(to_db_time(m.start)))
            .filter(users::created_at.lt(to_db_time(m.end)))
            .count()
            .get_result(c)?;
        new_members_per_month.push(count(n));
    }

    let fill: Vec<(String, Option<i64>, Option<i64>)> = events::table
        .filter(events::is_active.eq(true))
        .filter(events::starts_at.ge(charts_from))
        .group_by(events::category)
        .select((
            events::category,
            sum(events::max_participants),
            sum(events::current_participants),
        ))
        .load(c)?;
    let mut fill_by_sport = by_group(
        fill.into_iter()
            .map(|(g, places, taken)| (g, places.unwrap_or_default(), taken.unwrap_or_default()))
            .collect(),
    );
    fill_by_sport.sort_by(|a, b| a.0.cmp(&b.0));

    let methods: Vec<(String, i64)> = live()
        .filter(bookings::created_at.ge(charts_from))
        .group_by(bookings::payment_method)
        .select((bookings::payment_method, count_star()))
        .load(c)?;
    let method = |m: &str| count(methods.iter().find(|(k, _)| k == m).map_or(0, |(_, n)| *n));

    let marks: Vec<(String, Option<String>, i64)> = bookings::table
        .inner_join(events::table)
        .filter(bookings::attendance.is_not_null())
        .filter(events::starts_at.ge(charts_from))
        .filter(events::starts_at.lt(now))
        .group_by((events::category, bookings::attendance))
        .select((events::category, bookings::attendance, count_star()))
        .load(c)?;
    let mut turn_up_by_sport = by_group(
        marks
            .into_iter()
            .map(|(sport, mark, n)| match mark.as_deref() {
                Some("attended") => (sport, n, 0),
                _ => (sport, 0, n),
            })
            .collect(),
    );
    turn_up_by_sport.sort_by(|a, b| a.0.cmp(&b.0));

    Ok(Dashboard {
        users_total: count(users_total),
        users_new_this_month: count(users_new),
        users_verified: count(users_verified),
        events_active: count(events_active),
        events_upcoming_week: count(events_week),
        events_total: count(events_total),
        bookings_total: count(bookings_total),
        bookings_pending: count(bookings_pending),
        bookings_paid: count(bookings_paid),
        revenue_total: money(revenue)?,
        revenue_this_month: money(revenue_month)?,
        bookings_per_week,
        new_members_per_month,
        fill_by_sport,
        cash_bookings: method("cash"),
        card_bookings: method("card"),
        turn_up_by_sport,
    })
}

impl DashboardRepository for Store {
    fn dashboard(&self, windows: &StatsWindows) -> Result<Dashboard, RepoError> {
        let mut conn = self.conn()?;
        // One read transaction: every figure is from the same moment.
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| figures(c, windows))
            .map_err(repo_error)
    }
}
