use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::{AuditEntry, Session, SessionId, User};
use playspace_ports::{RepoError, SessionRepository};

use crate::audit::insert_audit;
use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::schema::{sessions, users};
use crate::user_rows::UserRow;
use crate::{DbConnection, Store};

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = sessions)]
pub(crate) struct SessionRow {
    id: String,
    user_id: String,
    first_seen_at: NaiveDateTime,
    last_seen_at: NaiveDateTime,
    user_agent: Option<String>,
    ip: Option<String>,
    expires_at: NaiveDateTime,
    revoked_at: Option<NaiveDateTime>,
    admin_until: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

impl SessionRow {
    pub(crate) fn from_domain(s: &Session) -> Self {
        Self {
            id: s.id.to_string(),
            user_id: s.user_id.to_string(),
            first_seen_at: to_db_time(s.created_at),
            last_seen_at: to_db_time(s.last_seen_at),
            user_agent: s.user_agent.clone(),
            ip: s.ip.clone(),
            expires_at: to_db_time(s.expires_at),
            revoked_at: s.revoked_at.map(to_db_time),
            admin_until: s.admin_until.map(to_db_time),
            created_at: to_db_time(s.created_at),
            updated_at: to_db_time(s.last_seen_at),
        }
    }

    pub(crate) fn into_domain(self) -> Result<Session, RepoError> {
        Ok(Session {
            id: self.id.parse().map_err(|e| corrupt("session id", e))?,
            user_id: self
                .user_id
                .parse()
                .map_err(|e| corrupt("session user", e))?,
            created_at: from_db_time(self.created_at),
            last_seen_at: from_db_time(self.last_seen_at),
            expires_at: from_db_time(self.expires_at),
            revoked_at: self.revoked_at.map(from_db_time),
            user_agent: self.user_agent,
            ip: self.ip,
            admin_until: self.admin_until.map(from_db_time),
        })
    }
}

/// Inserts a session and stamps the user's last login, on the caller's connection.
pub(crate) fn insert_session(conn: &mut DbConnection, session: &Session) -> QueryResult<()> {
    diesel::insert_into(sessions::table)
        .values(SessionRow::from_domain(session))
        .execute(conn)?;
    diesel::update(users::table.find(session.user_id.to_string()))
        .set(users::last_login.eq(Some(to_db_time(session.created_at))))
        .execute(conn)?;
    Ok(())
}

impl SessionRepository for Store {
    fn start(&self, session: &Session) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| insert_session(c, session))
            .map_err(repo_error)
    }

    fn get(&self, id: SessionId) -> Result<(Session, User), RepoError> {
        let mut conn = self.conn()?;
        let (session, user): (SessionRow, UserRow) = sessions::table
            .inner_join(users::table)
            .filter(sessions::id.eq(id.to_string()))
            .filter(users::deleted_at.is_null())
            .select((SessionRow::as_select(), UserRow::as_select()))
            .first(&mut *conn)
            .map_err(repo_error)?;
        Ok((session.into_domain()?, user.into_domain()?))
    }

    fn touch(
        &self,
        id: SessionId,
        now: DateTime<Utc>,
        user_agent: Option<String>,
        ip: Option<String>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let now = to_db_time(now);
        diesel::update(sessions::table.find(id.to_string()))
            .set((
                sessions::last_seen_at.eq(now),
                sessions::user_agent.eq(user_agent),
                sessions::ip.eq(ip),
                sessions::updated_at.eq(now),
            ))
            .execute(&mut *conn)
            .map(|_| ())
            .map_err(repo_error)
    }

    fn revoke(&self, id: SessionId, now: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let now = to_db_time(now);
        diesel::update(
            sessions::table
                .find(id.to_string())
                .filter(sessions::revoked_at.is_null()),
        )
        .set((
            sessions::revoked_at.eq(Some(now)),
            sessions::updated_at.eq(now),
        ))
        .execute(&mut *conn)
        .map(|_| ())
        .map_err(repo_error)
    }

    fn open_admin(
        &self,
        id: SessionId,
        until: DateTime<Utc>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(audit.at);
        conn.transaction(|c| {
            let opened = diesel::update(
                sessions::table
                    .find(id.to_string())
                    .filter(sessions::revoked_at.is_null())
                    .filter(sessions::expires_at.gt(now)),
            )
            .set((
                sessions::admin_until.eq(Some(to_db_time(until))),
                sessions::updated_at.eq(now),
            ))
            .execute(c)?;
            if opened != 1 {
                return Err(diesel::result::Error::NotFound);
            }
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }

    fn extend_admin(&self, id: SessionId, until: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let until = to_db_time(until);
        diesel::update(
            sessions::table
                .find(id.to_string())
                .filter(sessions::admin_until.is_not_null())
                .filter(sessions::admin_until.lt(Some(until))),
        )
        .set(sessions::admin_until.eq(Some(until)))
        .execute(&mut *conn)
        .map(|_| ())
        .map_err(repo_error)
    }

    fn close_admin(&self, id: SessionId, audit: &AuditEntry) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| {
            diesel::update(sessions::table.find(id.to_string()))
                .set(sessions::admin_until.eq(None::<NaiveDateTime>))
                .execute(c)?;
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }
}

/// Ends the admin area on every session of the person (the sign-ins themselves stay): a
/// password or role change must be followed by a fresh admin login.
pub(crate) fn close_admin_sessions(conn: &mut DbConnection, user_id: &str) -> QueryResult<()> {
    diesel::update(
        sessions::table
            .filter(sessions::user_id.eq(user_id.to_owned()))
            .filter(sessions::admin_until.is_not_null()),
    )
    .set(sessions::admin_until.eq(None::<NaiveDateTime>))
    .execute(conn)
    .map(|_| ())
}
