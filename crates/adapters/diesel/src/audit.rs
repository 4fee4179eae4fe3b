use diesel::prelude::*;
use playspace_domain::AuditEntry;
use playspace_domain::page_cursor::PageCursor;
use playspace_ports::{AuditFilter, AuditLog, AuditPage, AuditRecord, RepoError};

use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::schema::{audit_logs, users};
use crate::{DbConnection, Store};

/// Writes `entry` on the caller's connection, inside the transaction of the change it
/// records.
pub(crate) fn insert_audit(conn: &mut DbConnection, entry: &AuditEntry) -> QueryResult<()> {
    let details: serde_json::Map<String, serde_json::Value> = entry
        .details
        .iter()
        .map(|(k, v)| ((*k).to_owned(), serde_json::Value::String(v.clone())))
        .collect();
    diesel::insert_into(audit_logs::table)
        .values((
            audit_logs::id.eq(playspace_domain::DeliveryId::new().to_string()),
            audit_logs::user_id.eq(entry.actor.map(|id| id.to_string())),
            audit_logs::action.eq(entry.action),
            audit_logs::resource_type.eq(entry.resource_type),
            audit_logs::resource_id.eq(entry.resource_id.as_deref()),
            audit_logs::details.eq(serde_json::Value::Object(details).to_string()),
            audit_logs::ip_address.eq(entry.ip_address.as_deref()),
            audit_logs::user_agent.eq(entry.user_agent.as_deref()),
            audit_logs::created_at.eq(to_db_time(entry.at)),
        ))
        .execute(conn)
        .map(|_| ())
}

type Row = (
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<chrono::NaiveDateTime>,
    String,
    String,
    Option<String>,
    String,
    Option<String>,
    Option<String>,
    chrono::NaiveDateTime,
);

impl AuditLog for Store {
    fn record(&self, entry: &AuditEntry) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        insert_audit(&mut conn, entry).map_err(repo_error)
    }

    fn page(
        &self,
        filter: &AuditFilter,
        after: Option<PageCursor>,
        limit: u32,
    ) -> Result<AuditPage, RepoError> {
        let mut conn = self.conn()?;
        let limit = limit.max(1);
        let mut query = audit_logs::table
            .left_join(users::table)
            .select((
                audit_logs::id,
                audit_logs::user_id,
                users::first_name.nullable(),
                users::last_name.nullable(),
                users::deleted_at.nullable(),
                audit_logs::action,
                audit_logs::resource_type,
                audit_logs::resource_id,
                audit_logs::details,
                audit_logs::ip_address,
                audit_logs::user_agent,
                audit_logs::created_at,
            ))
            .order((audit_logs::created_at.desc(), audit_logs::id.desc()))
            .limit(i64::from(limit) + 1)
            .into_boxed();
        if let Some(action) = &filter.action {
            query = query.filter(audit_logs::action.eq(action.clone()));
        }
        if let Some(user) = filter.user_id {
            query = query.filter(audit_logs::user_id.eq(user.to_string()));
        }
        if let Some(after) = &after {
            let at = to_db_time(after.at);
            // The first condition alone can use the created_at indexes' range.
            query = query.filter(
                audit_logs::created_at.le(at).and(
                    audit_logs::created_at
                        .lt(at)
                        .or(audit_logs::id.lt(after.id.clone())),
                ),
            );
        }
        let mut rows: Vec<Row> = query.load(&mut *conn).map_err(repo_error)?;
        let more = rows.len() > limit as usize;
        rows.truncate(limit as usize);
        let next = match (more, rows.last()) {
            (true, Some(last)) => Some(PageCursor::new(from_db_time(last.11), last.0.clone())),
            _ => None,
        };
        let items = rows
            .into_iter()
            .map(
                |(id, user_id, first, last, erased, action, rtype, rid, details, ip, ua, at)| {
                    let user_name = match (first, last, erased) {
                        (_, _, Some(_)) => Some("Erased account".to_owned()),
                        (Some(f), Some(l), None) => Some(format!("{f} {l}")),
                        _ => None,
                    };
                    Ok(AuditRecord {
                        id,
                        user_id: user_id
                            .map(|u| u.parse())
                            .transpose()
                            .map_err(|e| corrupt("audit user", e))?,
                        user_name,
                        action,
                        resource_type: rtype,
                        resource_id: rid,
                        details,
                        ip_address: ip,
                        user_agent: ua,
                        created_at: from_db_time(at),
                    })
                },
            )
            .collect::<Result<_, RepoError>>()?;
        Ok(AuditPage { items, next })
    }
}
