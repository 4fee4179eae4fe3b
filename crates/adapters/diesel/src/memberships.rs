use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::UserId;
use playspace_domain::booking_rules::Plan;
use playspace_ports::{MembershipRepository, RepoError};

use crate::Store;
use crate::convert::{corrupt, repo_error, to_db_time};
use crate::schema::memberships;

impl MembershipRepository for Store {
    fn current_plan(&self, user: UserId, now: DateTime<Utc>) -> Result<Option<Plan>, RepoError> {
        let mut conn = self.conn()?;
        let now = to_db_time(now);
        let plan: Option<String> = memberships::table
            .filter(memberships::user_id.eq(user.to_string()))
            .filter(memberships::status.eq("active"))
            .filter(memberships::start_date.le(now))
            .filter(
                memberships::end_date
                    .is_null()
                    .or(memberships::end_date.gt(Some::<NaiveDateTime>(now))),
            )
            .order(memberships::start_date.desc())
            .select(memberships::plan)
            .first(&mut *conn)
            .optional()
            .map_err(repo_error)?;
        plan.map(|p| p.parse().map_err(|_| corrupt("plan", p)))
            .transpose()
    }
}
