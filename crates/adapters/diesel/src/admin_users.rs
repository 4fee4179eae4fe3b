//! The users tab: a searchable newest-first list paged by (created_at, id), and the writes
//! that keep at least one admin, each with its audit entries in its own transaction.
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use playspace_domain::admin::RoleChangeRefusal;
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::{AuditEntry, OutgoingEmail, Role, UserId};
use playspace_ports::{
    AdminUserError, AdminUserRecord, AdminUserStore, NewUserRecord, RepoError, TokenRecord,
    UserChange, UserListQuery, UserPage,
};

use crate::audit::insert_audit;
use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::outbox::insert_emails;
use crate::schema::{user_tokens, users};
use crate::sessions::close_admin_sessions;
use crate::user_rows::{insert_token, insert_user};
use crate::users::{erase_user, lock_admins};
use crate::{DbConnection, Store};

type Db = <DbConnection as Connection>::Backend;

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
struct AdminUserRow {
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    role: String,
    is_email_verified: bool,
    last_login: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

impl AdminUserRow {
    fn into_record(self) -> Result<AdminUserRecord, RepoError> {
        Ok(AdminUserRecord {
            id: self.id.parse().map_err(|e| corrupt("user id", e))?,
            first_name: self.first_name,
            last_name: self.last_name,
            email: self.email,
            role: self.role.parse().map_err(|e| corrupt("role", e))?,
            is_email_verified: self.is_email_verified,
            last_login: self.last_login.map(from_db_time),
            created_at: from_db_time(self.created_at),
        })
    }
}

/// `%`, `_` and the escape character itself match literally in a search.
fn like_pattern(search: &str) -> String {
    let mut pattern = String::with_capacity(search.len() + 2);
    pattern.push('%');
    for c in search.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// Live accounts matching the query's search and role (not its cursor). The search runs
/// over "first last email" in one pass (so "ana silva" finds Ana Silva), lower-cased in the
/// generated `search_text` column (migration 2026-11-24-000002).
fn matching(query: &UserListQuery) -> users::BoxedQuery<'static, Db> {
    let mut rows = users::table
        .filter(users::deleted_at.is_null())
        .into_boxed();
    if let Some(role) = query.role {
        rows = rows.filter(users::role.eq(role.as_str()));
    }
    if let Some(search) = query
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        rows = rows.filter(users::search_text.like(like_pattern(search)).escape('\\'));
    }
    rows
}

/// Rolls an admin write back with a reason for the caller.
enum Abort {
    Refused(RoleChangeRefusal),
    NotFound,
    Db(DieselError),
}

impl From<DieselError> for Abort {
    fn from(e: DieselError) -> Self {
        match e {
            DieselError::NotFound => Abort::NotFound,
            other => Abort::Db(other),
        }
    }
}

impl From<Abort> for AdminUserError {
    fn from(abort: Abort) -> Self {
        match abort {
            Abort::Refused(r) => AdminUserError::Refused(r),
            Abort::NotFound => AdminUserError::NotFound,
            Abort::Db(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                AdminUserError::EmailTaken
            }
            Abort::Db(e) => AdminUserError::Store(repo_error(e)),
        }
    }
}

/// After the change, on the same transaction: refuse it if it took the last live admin
/// (of the `before` counted by [`lock_admins`]).
fn ensure_an_admin_remains(c: &mut DbConnection, before: usize) -> Result<(), Abort> {
    let admins: i64 = users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .filter(users::deleted_at.is_null())
        .count()
        .get_result(c)?;
    if before > 0 && admins == 0 {
        return Err(Abort::Refused(RoleChangeRefusal::LastAdmin));
    }
    Ok(())
}

/// Exactly one live row changed, else the account is unknown or erased.
fn one_row(changed: usize) -> Result<(), Abort> {
    if changed == 1 {
        Ok(())
    } else {
        Err(Abort::NotFound)
    }
}

fn live(key: &str) -> users::BoxedQuery<'_, Db> {
    users::table
        .find(key)
        .filter(users::deleted_at.is_null())
        .into_boxed()
}

fn record_of(c: &mut DbConnection, key: &str) -> Result<AdminUserRecord, RepoError> {
    live(key)
        .select(AdminUserRow::as_select())
        .first(c)
        .map_err(repo_error)?
        .into_record()
}

/// The roles of the live accounts among `keys`, as (id, role), their rows locked until the
/// transaction ends (PostgreSQL; on SQLite [`lock_admins`] already holds the database's
/// write lock): the role an audit entry says was replaced is the one that was.
fn roles_before(c: &mut DbConnection, keys: &[String]) -> QueryResult<Vec<(String, String)>> {
    let rows = || {
        users::table
            .filter(users::id.eq_any(keys))
            .filter(users::deleted_at.is_null())
            .select((users::id, users::role))
    };
    match c {
        DbConnection::Postgres(pg) => rows().for_update().load(pg),
        DbConnection::Sqlite(_) => rows().load(c),
    }
}

/// Changes the account; for a role change, answers the role it replaced.
fn apply_change(
    c: &mut DbConnection,
    key: &str,
    change: &UserChange,
    now: NaiveDateTime,
) -> Result<Option<String>, Abort> {
    let target = users::table.find(key).filter(users::deleted_at.is_null());
    match change {
        UserChange::FirstName(name) => one_row(
            diesel::update(target)
                .set((users::first_name.eq(name), users::updated_at.eq(now)))
                .execute(c)?,
        )
        .map(|()| None),
        UserChange::LastName(name) => one_row(
            diesel::update(target)
                .set((users::last_name.eq(name), users::updated_at.eq(now)))
                .execute(c)?,
        )
        .map(|()| None),
        UserChange::Email {
            email,
            token,
            emails,
        } => {
            one_row(
                diesel::update(target)
                    .set((
                        users::email.eq(email.as_str()),
                        users::is_email_verified.eq(false),
                        users::updated_at.eq(now),
                    ))
                    .execute(c)?,
            )?;
            // Links already sent to the old address stop working.
            diesel::delete(
                user_tokens::table
                    .filter(user_tokens::user_id.eq(key))
                    .filter(user_tokens::used_at.is_null()),
            )
            .execute(c)?;
            insert_token(c, token, now)?;
            insert_emails(c, emails, from_db_time(now))?;
            Ok(None)
        }
        UserChange::Role(role) => {
            let admins = lock_admins(c)?;
            let (_, before) = roles_before(c, &[key.to_owned()])?
                .pop()
                .ok_or(Abort::NotFound)?;
            one_row(
                diesel::update(target)
                    .set((users::role.eq(role.as_str()), users::updated_at.eq(now)))
                    .execute(c)?,
            )?;
            close_admin_sessions(c, key)?;
            ensure_an_admin_remains(c, admins)?;
            Ok(Some(before))
        }
    }
}

impl AdminUserStore for Store {
    fn list_users(&self, query: &UserListQuery) -> Result<UserPage, RepoError> {
        let mut conn = self.conn()?;
        let total: i64 = matching(query)
            .count()
            .get_result(&mut *conn)
            .map_err(repo_error)?;
        let mut page = matching(query);
        if let Some(after) = &query.after {
            let at = to_db_time(after.at);
            // The first condition alone can use the (created_at, id) index.
            page = page.filter(
                users::created_at
                    .le(at)
                    .and(users::created_at.lt(at).or(users::id.lt(after.id.clone()))),
            );
        }
        let limit = query.limit.max(1);
        let mut rows: Vec<AdminUserRow> = page
            .order((users::created_at.desc(), users::id.desc()))
            .limit(i64::from(limit) + 1)
            .select(AdminUserRow::as_select())
            .load(&mut *conn)
            .map_err(repo_error)?;
        let more = rows.len() > limit as usize;
        rows.truncate(limit as usize);
        let next = match (more, rows.last()) {
            (true, Some(last)) => Some(PageCursor::new(
                from_db_time(last.created_at),
                last.id.clone(),
            )),
            _ => None,
        };
        Ok(UserPage {
            items: rows
                .into_iter()
                .map(AdminUserRow::into_record)
                .collect::<Result<_, _>>()?,
            next,
            total: u64::try_from(total).unwrap_or_default(),
        })
    }

    fn admin_user(&self, id: UserId) -> Result<AdminUserRecord, RepoError> {
        let mut conn = self.conn()?;
        record_of(&mut conn, &id.to_string())
    }

    fn create_user(
        &self,
        record: &NewUserRecord,
        token: &TokenRecord,
        emails: &[OutgoingEmail],
        audit: &AuditEntry,
    ) -> Result<(), AdminUserError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = record.user.created_at;
        conn.transaction::<_, Abort, _>(|c| {
            insert_user(c, record)?;
            insert_token(c, token, to_db_time(now))?;
            insert_emails(c, emails, now)?;
            insert_audit(c, audit)?;
            Ok(())
        })
        .map_err(AdminUserError::from)
    }

    fn update_user(
        &self,
        id: UserId,
        change: &UserChange,
        audit: &AuditEntry,
    ) -> Result<AdminUserRecord, AdminUserError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = id.to_string();
        conn.transaction::<_, Abort, _>(|c| {
            match apply_change(c, &key, change, to_db_time(audit.at))? {
                Some(before) => insert_audit(c, &audit.clone().detail("from", before))?,
                None => insert_audit(c, audit)?,
            }
            Ok(())
        })
        .map_err(AdminUserError::from)?;
        record_of(conn, &key).map_err(AdminUserError::from)
    }

    fn set_roles(
        &self,
        ids: &[UserId],
        role: Role,
        audits: &[AuditEntry],
    ) -> Result<u32, AdminUserError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let keys: Vec<String> = ids.iter().map(UserId::to_string).collect();
        conn.transaction::<_, Abort, _>(|c| {
            let admins = lock_admins(c)?;
            let current = roles_before(c, &keys)?;
            if current.len() != keys.len() {
                return Err(Abort::NotFound);
            }
            // Each person changing, with the role they had.
            let before: Vec<(String, String)> = current
                .into_iter()
                .filter(|(_, r)| r != role.as_str())
                .collect();
            let changing: Vec<String> = before.iter().map(|(id, _)| id.clone()).collect();
            let at = to_db_time(audits.first().map_or_else(Utc::now, |a| a.at));
            diesel::update(users::table.filter(users::id.eq_any(&changing)))
                .set((users::role.eq(role.as_str()), users::updated_at.eq(at)))
                .execute(c)?;
            for key in &changing {
                close_admin_sessions(c, key)?;
            }
            ensure_an_admin_remains(c, admins)?;
            for audit in audits {
                let had = before
                    .iter()
                    .find(|(id, _)| audit.resource_id.as_ref() == Some(id));
                if let Some((_, from)) = had {
                    insert_audit(c, &audit.clone().detail("from", from.clone()))?;
                }
            }
            Ok(u32::try_from(changing.len()).unwrap_or(u32::MAX))
        })
        .map_err(AdminUserError::from)
    }

    fn erase_users(
        &self,
        ids: &[UserId],
        audits: &[AuditEntry],
        now: DateTime<Utc>,
    ) -> Result<u32, AdminUserError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(now);
        conn.transaction::<_, Abort, _>(|c| {
            let admins = lock_admins(c)?;
            for id in ids {
                erase_user(c, &id.to_string(), now)?;
            }
            ensure_an_admin_remains(c, admins)?;
            for audit in audits {
                insert_audit(c, audit)?;
            }
            Ok(u32::try_from(ids.len()).unwrap_or(u32::MAX))
        })
        .map_err(AdminUserError::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_in_a_search_match_literally() {
        assert_eq!(like_pattern("Ana"), "%ana%");
        assert_eq!(like_pattern("100%_a\\b"), "%100\\%\\_a\\\\b%");
    }
}
