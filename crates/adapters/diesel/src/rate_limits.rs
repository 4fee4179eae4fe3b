//! Rate-limit counts shared by every server on the database (ADR 0026): one upsert adds a
//! hit unless the window's count has reached the limit, so concurrent callers on any server
//! never count past it.
use diesel::prelude::*;
use playspace_ports::{RateLimitCounts, RepoError};

use crate::convert::repo_error;
use crate::schema::rate_limit_counts as counts;
use crate::{DbConnection, Store};

impl RateLimitCounts for Store {
    fn add_hit(
        &self,
        bucket: &str,
        window_start: i64,
        below: Option<i64>,
        expires_at: i64,
    ) -> Result<bool, RepoError> {
        // A new row is one hit, so a caller with no room at all (`below` under 1) is refused
        // here: the upsert's condition only guards an existing row.
        if below.is_some_and(|below| below < 1) {
            return Ok(false);
        }
        // `filter` on an upsert's DO UPDATE is this trait's, not QueryDsl's.
        use diesel::query_dsl::methods::FilterDsl;
        let mut c = self.writer()?;
        let insert = diesel::insert_into(counts::table).values((
            counts::bucket.eq(bucket),
            counts::window_start.eq(window_start),
            counts::hits.eq(1),
            counts::expires_at.eq(expires_at),
        ));
        let below = below.unwrap_or(i64::MAX);
        // ON CONFLICT is written per backend: the connection enum does not carry it. A false
        // DO UPDATE condition leaves the row alone and reports no row changed (both engines).
        let changed = match &mut *c {
            DbConnection::Postgres(pg) => insert
                .on_conflict((counts::bucket, counts::window_start))
                .do_update()
                .set(counts::hits.eq(counts::hits + 1))
                .filter(counts::hits.lt(below))
                .execute(pg),
            DbConnection::Sqlite(lite) => insert
                .on_conflict((counts::bucket, counts::window_start))
                .do_update()
                .set(counts::hits.eq(counts::hits + 1))
                .filter(counts::hits.lt(below))
                .execute(lite),
        }
        .map_err(repo_error)?;
        Ok(changed == 1)
    }

    fn hit_counts(
        &self,
        bucket: &str,
        previous: i64,
        current: i64,
    ) -> Result<(i64, i64), RepoError> {
        let mut c = self.conn()?;
        let rows: Vec<(i64, i64)> = counts::table
            .filter(counts::bucket.eq(bucket))
            .filter(counts::window_start.eq_any([previous, current]))
            .select((counts::window_start, counts::hits))
            .load(&mut *c)
            .map_err(repo_error)?;
        let of = |start: i64| {
            rows.iter()
                .find(|(s, _)| *s == start)
                .map_or(0, |(_, hits)| *hits)
        };
        Ok((of(previous), of(current)))
    }

    fn sweep_rate_limit_counts(&self, now: i64) -> Result<usize, RepoError> {
        let mut c = self.writer()?;
        diesel::delete(counts::table.filter(counts::expires_at.le(now)))
            .execute(&mut *c)
            .map_err(repo_error)
    }
}
