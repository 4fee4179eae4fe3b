//! A person's in-app notifications. `add` is the one place a notification row is written:
//! every change that notifies someone calls it on its own transaction.
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::{
    NOTIFICATIONS_KEPT, NewNotification, Notification, NotificationId, NotificationKind, UserId,
};
use playspace_ports::{NotificationList, NotificationRepository, RepoError};

use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::schema::notifications;
use crate::{DbConnection, Store};

#[derive(Queryable, Selectable)]
#[diesel(table_name = notifications)]
struct NotificationRow {
    id: String,
    user_id: String,
    kind: String,
    title: String,
    message: String,
    read_status: bool,
    action_url: Option<String>,
    event_id: Option<String>,
    created_at: NaiveDateTime,
}

impl NotificationRow {
    fn into_domain(self) -> Result<Notification, RepoError> {
        Ok(Notification {
            id: self.id.parse().map_err(|e| corrupt("notification id", e))?,
            user_id: self
                .user_id
                .parse()
                .map_err(|e| corrupt("notification user", e))?,
            kind: self
                .kind
                .parse::<NotificationKind>()
                .map_err(|e| corrupt("notification type", e))?,
            title: self.title,
            message: self.message,
            read: self.read_status,
            action_url: self.action_url,
            event_id: self
                .event_id
                .map(|id| id.parse())
                .transpose()
                .map_err(|e| corrupt("notification event", e))?,
            created_at: from_db_time(self.created_at),
        })
    }
}

/// Writes one notification on the caller's transaction, then drops the owner's oldest so
/// that the newest `NOTIFICATIONS_KEPT` remain.
pub(crate) fn add(
    c: &mut DbConnection,
    n: &NewNotification,
    now: NaiveDateTime,
) -> QueryResult<()> {
    insert(c, n, None, now)?;
    keep_newest(c, &n.user_id.to_string())
}

fn insert(
    c: &mut DbConnection,
    n: &NewNotification,
    topic: Option<&str>,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(notifications::table)
        .values((
            notifications::id.eq(NotificationId::new().to_string()),
            notifications::user_id.eq(n.user_id.to_string()),
            notifications::kind.eq(n.kind.as_str()),
            notifications::title.eq(&n.title),
            notifications::message.eq(&n.message),
            notifications::action_url.eq(n.action_url.as_deref()),
            notifications::event_id.eq(n.event_id.map(|id| id.to_string())),
            notifications::created_at.eq(now),
            notifications::topic.eq(topic),
        ))
        .execute(c)
        .map(|_| ())
}

/// Drops the owner's notifications older than their newest `NOTIFICATIONS_KEPT`.
fn keep_newest(c: &mut DbConnection, owner: &str) -> QueryResult<()> {
    // The oldest one kept; ids are time-ordered, so they break ties between rows written
    // in the same instant.
    let last_kept: Option<(NaiveDateTime, String)> = notifications::table
        .filter(notifications::user_id.eq(owner))
        .order((notifications::created_at.desc(), notifications::id.desc()))
        .offset(i64::from(NOTIFICATIONS_KEPT) - 1)
        .limit(1)
        .select((notifications::created_at, notifications::id))
        .first(c)
        .optional()?;
    if let Some((at, id)) = last_kept {
        diesel::delete(
            notifications::table
                .filter(notifications::user_id.eq(owner))
                .filter(
                    notifications::created_at
                        .lt(at)
                        .or(notifications::created_at
                            .eq(at)
                            .and(notifications::id.lt(id))),
                ),
        )
        .execute(c)?;
    }
    Ok(())
}

/// Makes `n` its owner's one standing notification of `topic`, unread and newest: the one
/// they have is written over, keeping its id (so an open bell replaces it rather than
/// adding another), or one is added. Callers serialise their writes to a topic, so two
/// never race to add it.
pub(crate) fn put_standing(
    c: &mut DbConnection,
    n: &NewNotification,
    topic: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let owner = n.user_id.to_string();
    let changed = diesel::update(
        notifications::table
            .filter(notifications::user_id.eq(&owner))
            .filter(notifications::topic.eq(topic)),
    )
    .set((
        notifications::kind.eq(n.kind.as_str()),
        notifications::title.eq(&n.title),
        notifications::message.eq(&n.message),
        notifications::action_url.eq(n.action_url.as_deref()),
        notifications::event_id.eq(n.event_id.map(|id| id.to_string())),
        notifications::read_status.eq(false),
        notifications::created_at.eq(now),
    ))
    .execute(c)?;
    if changed == 0 {
        insert(c, n, Some(topic), now)?;
        keep_newest(c, &owner)?;
    }
    Ok(())
}

/// Rewrites the title and message of every standing notification of `topic`, leaving when
/// it was written and whether it was read as they are (news that is not new).
pub(crate) fn retitle_standing(
    c: &mut DbConnection,
    topic: &str,
    title: &str,
    message: &str,
) -> QueryResult<()> {
    diesel::update(notifications::table.filter(notifications::topic.eq(topic)))
        .set((
            notifications::title.eq(title),
            notifications::message.eq(message),
        ))
        .execute(c)
        .map(|_| ())
}

/// Removes the standing notifications of `topic`, of everyone but `keep`.
pub(crate) fn remove_standing(
    c: &mut DbConnection,
    topic: &str,
    keep: &[String],
) -> QueryResult<()> {
    diesel::delete(
        notifications::table
            .filter(notifications::topic.eq(topic))
            .filter(notifications::user_id.ne_all(keep)),
    )
    .execute(c)
    .map(|_| ())
}

fn unread(c: &mut DbConnection, owner: &str) -> QueryResult<u64> {
    let n: i64 = notifications::table
        .filter(notifications::user_id.eq(owner))
        .filter(notifications::read_status.eq(false))
        .count()
        .get_result(c)?;
    Ok(u64::try_from(n).unwrap_or_default())
}

/// `NotFound` unless exactly the owner's one row changed.
fn one_row(changed: usize) -> QueryResult<()> {
    if changed == 1 {
        Ok(())
    } else {
        Err(diesel::result::Error::NotFound)
    }
}

impl NotificationRepository for Store {
    fn add(&self, notification: &NewNotification, now: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| add(c, notification, to_db_time(now)))
            .map_err(repo_error)
    }

    fn notifications_of(&self, user: UserId) -> Result<NotificationList, RepoError> {
        let mut conn = self.conn()?;
        let conn: &mut DbConnection = &mut conn;
        let owner = user.to_string();
        let rows: Vec<NotificationRow> = notifications::table
            .filter(notifications::user_id.eq(&owner))
            .order((notifications::created_at.desc(), notifications::id.desc()))
            .limit(i64::from(NOTIFICATIONS_KEPT))
            .select(NotificationRow::as_select())
            .load(conn)
            .map_err(repo_error)?;
        let items = rows
            .into_iter()
            .map(NotificationRow::into_domain)
            .collect::<Result<Vec<_>, _>>()?;
        let unread = items.iter().filter(|n| !n.read).count() as u64;
        Ok(NotificationList { items, unread })
    }

    fn mark_read(&self, user: UserId, id: NotificationId) -> Result<u64, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let owner = user.to_string();
        conn.transaction(|c| {
            one_row(
                diesel::update(
                    notifications::table
                        .filter(notifications::id.eq(id.to_string()))
                        .filter(notifications::user_id.eq(&owner)),
                )
                .set(notifications::read_status.eq(true))
                .execute(c)?,
            )?;
            unread(c, &owner)
        })
        .map_err(repo_error)
    }

    fn mark_all_read(&self, user: UserId) -> Result<u64, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let owner = user.to_string();
        conn.transaction(|c| {
            diesel::update(
                notifications::table
                    .filter(notifications::user_id.eq(&owner))
                    .filter(notifications::read_status.eq(false)),
            )
            .set(notifications::read_status.eq(true))
            .execute(c)?;
            unread(c, &owner)
        })
        .map_err(repo_error)
    }

    fn delete(&self, user: UserId, id: NotificationId) -> Result<u64, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let owner = user.to_string();
        conn.transaction(|c| {
            one_row(
                diesel::delete(
                    notifications::table
                        .filter(notifications::id.eq(id.to_string()))
                        .filter(notifications::user_id.eq(&owner)),
                )
                .execute(c)?,
            )?;
            unread(c, &owner)
        })
        .map_err(repo_error)
    }

    fn clear(&self, user: UserId) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        diesel::delete(notifications::table.filter(notifications::user_id.eq(user.to_string())))
            .execute(&mut *conn)
            .map(|_| ())
            .map_err(repo_error)
    }
}
