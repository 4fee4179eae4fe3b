//! The messaging community's settings. Saving deactivates the live row and adds a new one,
//! so earlier settings stay as a record of who changed what.
use chrono::NaiveDateTime;
use diesel::prelude::*;
use playspace_domain::{AuditEntry, Community};
use playspace_ports::{CommunityStore, RepoError};

use crate::audit::insert_audit;
use crate::convert::{corrupt, repo_error, to_db_time};
use crate::schema::whatsapp_community_settings as settings;
use crate::{DbConnection, Store};

type Row = (String, Option<String>, Option<String>, String, String);

impl CommunityStore for Store {
    fn community(&self) -> Result<Option<Community>, RepoError> {
        let mut conn = self.conn()?;
        let row: Option<Row> = settings::table
            .filter(settings::is_active.eq(true))
            .order((settings::updated_at.desc(), settings::id.desc()))
            .select((
                settings::community_name,
                settings::description,
                settings::invite_link,
                settings::benefits,
                settings::guidelines,
            ))
            .first(&mut *conn)
            .optional()
            .map_err(repo_error)?;
        row.map(|(name, description, invite_link, benefits, guidelines)| {
            Ok(Community {
                name,
                description,
                invite_link,
                benefits: list(&benefits)?,
                guidelines: list(&guidelines)?,
            })
        })
        .transpose()
    }

    fn save_community(&self, community: &Community, audit: &AuditEntry) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction::<_, diesel::result::Error, _>(|c| {
            replace(
                c,
                community,
                audit.actor.map(|id| id.to_string()),
                to_db_time(audit.at),
            )?;
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }
}

/// Makes `community` the live settings on the caller's connection (the demo seed uses it
/// too, with nobody as the author).
pub(crate) fn replace(
    conn: &mut DbConnection,
    community: &Community,
    by: Option<String>,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(settings::table.filter(settings::is_active.eq(true)))
        .set((settings::is_active.eq(false), settings::updated_at.eq(at)))
        .execute(conn)?;
    diesel::insert_into(settings::table)
        .values((
            settings::id.eq(playspace_domain::DeliveryId::new().to_string()),
            settings::community_name.eq(&community.name),
            settings::description.eq(community.description.as_deref()),
            settings::invite_link.eq(community.invite_link.as_deref()),
            settings::benefits.eq(json(&community.benefits)),
            settings::guidelines.eq(json(&community.guidelines)),
            settings::is_active.eq(true),
            settings::created_by.eq(by),
            settings::created_at.eq(at),
            settings::updated_at.eq(at),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Whether any settings were ever saved (the demo seed never overwrites an admin's).
pub(crate) fn exists(conn: &mut DbConnection) -> QueryResult<bool> {
    settings::table
        .select(settings::id)
        .first::<String>(conn)
        .optional()
        .map(|row| row.is_some())
}

fn json(items: &[String]) -> String {
    serde_json::Value::from(items.to_vec()).to_string()
}

fn list(stored: &str) -> Result<Vec<String>, RepoError> {
    serde_json::from_str(stored).map_err(|e| corrupt("community list", e))
}
