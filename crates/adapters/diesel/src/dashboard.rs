//! The overview's figures: counts over indexed ranges, one small query each.
use diesel::dsl::{count_star, sql, sum};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Timestamp};
use playspace_domain::Money;
use playspace_domain::plans::payments;
use playspace_domain::stats::StatsWindows;
use playspace_ports::{Dashboard, DashboardRepository, RepoError, Revenue};

use crate::admin_events::bad;
use crate::bookings::solidarity_used_between;
use crate::convert::{from_db_time, repo_error, to_db_time};
use crate::schema::{bookings, events, memberships, users};
use crate::{DbConnection, Store};
use playspace_domain::free_places::solidarity_month;

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

/// `SUM(CASE WHEN <column> >= at THEN <then> ELSE 0 END)` as a BIGINT on both backends.
fn sum_since<Col>(
    column: &str,
    at: chrono::NaiveDateTime,
    then: &str,
) -> diesel::expression::SqlLiteral<
    Nullable<BigInt>,
    diesel::expression::UncheckedBind<diesel::expression::SqlLiteral<Nullable<BigInt>>, Col>,
>
where
    Col: Expression<SqlType = Timestamp>,
    chrono::NaiveDateTime: diesel::expression::AsExpression<Timestamp, Expression = Col>,
{
    sql::<Nullable<BigInt>>(&format!("CAST(SUM(CASE WHEN {column} >= "))
        .bind::<Timestamp, _>(at)
        .sql(&format!(" THEN {then} ELSE 0 END) AS BIGINT)"))
}

/// The bookings cards, revenue and payment methods from one pass over the table.
#[derive(Default)]
struct BookingFigures {
    live: i64,
    pending: i64,
    paid: i64,
    revenue: i64,
    revenue_month: i64,
    cash_in_charts: i64,
    card_in_charts: i64,
    solidarity_in_charts: i64,
}

fn booking_figures(c: &mut DbConnection, w: &StatsWindows) -> QueryResult<BookingFigures> {
    // Per (status, payment status, method): rows, pence, pence booked this month, rows
    // booked since the charts begin. Six counts and sums over the whole table were six
    // scans; this is one.
    type Group = (
        String,
        String,
        String,
        i64,
        Option<i64>,
        Option<i64>,
        Option<i64>,
    );
    let groups: Vec<Group> = bookings::table
        .group_by((
            bookings::status,
            bookings::payment_status,
            bookings::payment_method,
        ))
        .select((
            bookings::status,
            bookings::payment_status,
            bookings::payment_method,
            count_star(),
            sql::<Nullable<BigInt>>("CAST(SUM(bookings.amount_pence) AS BIGINT)"),
            sum_since(
                "bookings.created_at",
                to_db_time(w.month_start),
                "bookings.amount_pence",
            ),
            sum_since("bookings.created_at", to_db_time(w.charts_from()), "1"),
        ))
        .load(c)?;
    let mut f = BookingFigures::default();
    for (status, payment, method, rows, pence, pence_month, rows_in_charts) in groups {
        let live = status != "cancelled";
        if live {
            f.live += rows;
            match payment.as_str() {
                "pending" => f.pending += rows,
                "paid" => f.paid += rows,
                _ => {}
            }
            match method.as_str() {
                "cash" => f.cash_in_charts += rows_in_charts.unwrap_or_default(),
                "card" => f.card_in_charts += rows_in_charts.unwrap_or_default(),
                "solidarity" => f.solidarity_in_charts += rows_in_charts.unwrap_or_default(),
                _ => {}
            }
        }
        if payment == "paid" {
            f.revenue += pence.unwrap_or_default();
            f.revenue_month += pence_month.unwrap_or_default();
        }
    }
    Ok(f)
}

/// Membership income in pence, in all and this month: the payments of every paid plan that
/// was paid for (activated through its checkout: active now, or cancelled since), each at
/// the plan's price. Plans are few beside bookings, so their payments are counted here.
fn membership_income(c: &mut DbConnection, w: &StatsWindows) -> QueryResult<(i64, i64)> {
    let plans: Vec<(i64, chrono::NaiveDateTime, Option<chrono::NaiveDateTime>)> =
        memberships::table
            .filter(memberships::price_pence.gt(0))
            .filter(memberships::status.eq_any(["active", "cancelled"]))
            .filter(memberships::stripe_session_id.is_not_null())
            .select((
                memberships::price_pence,
                memberships::start_date,
                memberships::end_date,
            ))
            .load(c)?;
    let (mut total, mut month) = (0_i64, 0_i64);
    for (price, start, end) in plans {
        for paid_at in payments(from_db_time(start), end.map(from_db_time), w.now) {
            total = total.saturating_add(price);
            if paid_at >= w.month_start {
                month = month.saturating_add(price);
            }
        }
    }
    Ok((total, month))
}

fn revenue(total: i64, this_month: i64) -> QueryResult<Revenue> {
    Ok(Revenue {
        total: money(Some(total))?,
        this_month: money(Some(this_month))?,
    })
}

fn figures(c: &mut DbConnection, w: &StatsWindows) -> QueryResult<Dashboard> {
    let now = to_db_time(w.now);
    let month = to_db_time(w.month_start);
    let charts_from = to_db_time(w.charts_from());
    let (users_total, users_new, users_verified): (i64, Option<i64>, Option<i64>) = users::table
        .filter(users::deleted_at.is_null())
        .select((
            count_star(),
            sum_since("users.created_at", month, "1"),
            sql::<Nullable<BigInt>>(
                "CAST(SUM(CASE WHEN users.is_email_verified THEN 1 ELSE 0 END) AS BIGINT)",
            ),
        ))
        .first(c)?;
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
    let b = booking_figures(c, w)?;
    let (month_from, month_to) = solidarity_month(w.now);
    let solidarity_used = solidarity_used_between(c, month_from, month_to)?;
    let (plans, plans_month) = membership_income(c, w)?;

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
        users_new_this_month: count(users_new.unwrap_or_default()),
        users_verified: count(users_verified.unwrap_or_default()),
        events_active: count(events_active),
        events_upcoming_week: count(events_week),
        events_total: count(events_total),
        bookings_total: count(b.live),
        bookings_pending: count(b.pending),
        bookings_paid: count(b.paid),
        revenue: revenue(
            b.revenue.saturating_add(plans),
            b.revenue_month.saturating_add(plans_month),
        )?,
        booking_revenue: revenue(b.revenue, b.revenue_month)?,
        membership_revenue: revenue(plans, plans_month)?,
        bookings_per_week,
        new_members_per_month,
        fill_by_sport,
        cash_bookings: count(b.cash_in_charts),
        card_bookings: count(b.card_in_charts),
        solidarity_bookings: count(b.solidarity_in_charts),
        solidarity_used_this_month: solidarity_used,
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
