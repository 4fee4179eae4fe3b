//! Bulk email campaigns: the campaign, its outbox emails and its audit entry in one
//! transaction (multi-row inserts, so 20,000 recipients take one statement per 500), the
//! campaigns list with delivery counts, and marketing consent for unsubscribe links.
use std::collections::HashMap;

use chrono::{NaiveDateTime, Utc};
use diesel::dsl::count_star;
use diesel::prelude::*;
use playspace_domain::newsletter::SubscriberStatus;
use playspace_domain::{AuditEntry, DeliveryId, OutgoingEmail, Preferences, SubscriberId, UserId};
use playspace_ports::{
    BulkEmailStore, CampaignSummary, ComposeEmail, ListMember, NewCampaign, Recipient, RepoError,
};

use crate::audit::insert_audit;
use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::schema::{email_campaigns, email_deliveries, newsletter_subscribers, users};
use crate::{DbConnection, Store};

/// Rows a multi-row insert carries: 500 emails of 17 values stay far below both backends'
/// limits on bound parameters (SQLite 32,766, PostgreSQL 65,535).
const INSERT_BATCH: usize = 500;

#[derive(Insertable)]
#[diesel(table_name = email_deliveries)]
#[diesel(treat_none_as_default_value = false)]
struct CampaignDelivery {
    id: String,
    to_email: String,
    to_name: Option<String>,
    from_email: String,
    subject: String,
    email_type: &'static str,
    html_body: String,
    text_body: String,
    next_attempt_at: NaiveDateTime,
    user_id: Option<String>,
    booking_id: Option<String>,
    event_id: Option<String>,
    campaign_id: Option<String>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

impl CampaignDelivery {
    fn new(email: OutgoingEmail, campaign: &str, now: NaiveDateTime) -> Self {
        Self {
            id: DeliveryId::new().to_string(),
            to_email: email.to_email,
            to_name: email.to_name,
            from_email: email.from_email,
            subject: email.subject,
            email_type: email.email_type,
            html_body: email.html_body,
            text_body: email.text_body,
            next_attempt_at: now,
            user_id: email.user_id.map(|id| id.to_string()),
            booking_id: email.booking_id.map(|id| id.to_string()),
            event_id: email.event_id.map(|id| id.to_string()),
            campaign_id: Some(campaign.to_owned()),
            created_at: now,
            updated_at: now,
        }
    }
}

/// One multi-row INSERT, written for each backend (Diesel batches inserts on each concrete
/// connection, not through the connection enum).
fn insert_batch(c: &mut DbConnection, rows: &[CampaignDelivery]) -> QueryResult<()> {
    let insert = diesel::insert_into(email_deliveries::table).values(rows);
    match c {
        DbConnection::Postgres(pg) => insert.execute(pg),
        DbConnection::Sqlite(lite) => insert.execute(lite),
    }
    .map(|_| ())
}

fn bad_id(e: impl std::error::Error + Send + Sync + 'static) -> diesel::result::Error {
    diesel::result::Error::DeserializationError(Box::new(e))
}

/// Confirmed newsletter subscribers, earliest confirmed first: one row per canonical address,
/// so nobody gets two copies; pending and unsubscribed addresses never.
fn newsletter_recipients(c: &mut DbConnection) -> QueryResult<Vec<Recipient>> {
    let rows: Vec<(String, String)> = newsletter_subscribers::table
        .filter(newsletter_subscribers::status.eq(SubscriberStatus::Confirmed.as_str()))
        .order((
            newsletter_subscribers::confirmed_at.asc(),
            newsletter_subscribers::id.asc(),
        ))
        .select((newsletter_subscribers::id, newsletter_subscribers::email))
        .load(c)?;
    rows.into_iter()
        .map(|(id, email)| {
            Ok(Recipient {
                member: ListMember::Subscriber(id.parse::<SubscriberId>().map_err(bad_id)?),
                email,
                name: None,
            })
        })
        .collect()
}

/// The campaign's recipients: the newsletter's confirmed subscribers for the newsletter
/// group, else the live accounts of the group who agreed to marketing email, oldest first.
fn recipients(c: &mut DbConnection, campaign: &NewCampaign) -> QueryResult<Vec<Recipient>> {
    if campaign.group.is_newsletter() {
        return newsletter_recipients(c);
    }
    let mut query = users::table
        .filter(users::deleted_at.is_null())
        .filter(users::marketing_consent.eq(true))
        .into_boxed();
    if let Some(after) = campaign.group.joined_after(campaign.created_at) {
        query = query.filter(users::created_at.gt(to_db_time(after)));
    }
    if let Some(verified) = campaign.group.verified() {
        query = query.filter(users::is_email_verified.eq(verified));
    }
    let rows: Vec<(String, String, String, Option<String>)> = query
        .order((users::created_at.asc(), users::id.asc()))
        .select((
            users::id,
            users::email,
            users::first_name,
            users::chosen_name,
        ))
        .load(c)?;
    rows.into_iter()
        .map(|(id, email, first, chosen)| {
            Ok(Recipient {
                member: ListMember::Account(id.parse::<UserId>().map_err(bad_id)?),
                email,
                name: Some(chosen.unwrap_or(first)),
            })
        })
        .collect()
}

type CampaignRow = (String, String, String, Option<String>, i32, NaiveDateTime);

fn count(n: Option<&i64>) -> u32 {
    n.map_or(0, |n| u32::try_from(*n).unwrap_or(u32::MAX))
}

impl BulkEmailStore for Store {
    fn send_campaign(
        &self,
        campaign: &NewCampaign,
        audit: &AuditEntry,
        compose: &dyn ComposeEmail,
    ) -> Result<u32, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = campaign.id.to_string();
        let now = to_db_time(campaign.created_at);
        conn.transaction(|c| {
            // Written first, so SQLite takes its write lock before anything is read.
            diesel::insert_into(email_campaigns::table)
                .values((
                    email_campaigns::id.eq(&key),
                    email_campaigns::recipient_group.eq(campaign.group.as_str()),
                    email_campaigns::subject.eq(&campaign.subject),
                    email_campaigns::message.eq(&campaign.message),
                    email_campaigns::sent_by.eq(Some(campaign.sent_by.to_string())),
                    email_campaigns::recipients.eq(0),
                    email_campaigns::created_at.eq(now),
                ))
                .execute(c)?;
            let people = recipients(c, campaign)?;
            for batch in people.chunks(INSERT_BATCH) {
                let rows: Vec<CampaignDelivery> = batch
                    .iter()
                    .map(|r| CampaignDelivery::new(compose.compose(r), &key, now))
                    .collect();
                insert_batch(c, &rows)?;
            }
            let sent = i32::try_from(people.len()).unwrap_or(i32::MAX);
            diesel::update(email_campaigns::table.find(&key))
                .set(email_campaigns::recipients.eq(sent))
                .execute(c)?;
            insert_audit(c, &audit.clone().detail("recipients", sent.to_string()))?;
            Ok(u32::try_from(sent).unwrap_or_default())
        })
        .map_err(repo_error)
    }

    fn campaigns(&self, limit: u32) -> Result<Vec<CampaignSummary>, RepoError> {
        let mut conn = self.conn()?;
        let rows: Vec<CampaignRow> = email_campaigns::table
            .order((
                email_campaigns::created_at.desc(),
                email_campaigns::id.desc(),
            ))
            .limit(i64::from(limit))
            .select((
                email_campaigns::id,
                email_campaigns::recipient_group,
                email_campaigns::subject,
                email_campaigns::sent_by,
                email_campaigns::recipients,
                email_campaigns::created_at,
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        let ids: Vec<&String> = rows.iter().map(|r| &r.0).collect();
        // One grouped count for every campaign shown (the index covers it).
        let counts: Vec<(Option<String>, String, i64)> = email_deliveries::table
            .filter(email_deliveries::campaign_id.eq_any(ids))
            .group_by((email_deliveries::campaign_id, email_deliveries::status))
            .select((
                email_deliveries::campaign_id,
                email_deliveries::status,
                count_star(),
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        let mut by_status: HashMap<(String, String), i64> = HashMap::new();
        for (campaign, status, n) in counts {
            if let Some(campaign) = campaign {
                *by_status.entry((campaign, status)).or_default() += n;
            }
        }
        let senders: Vec<&String> = rows.iter().filter_map(|r| r.3.as_ref()).collect();
        let names: HashMap<String, String> = users::table
            .filter(users::id.eq_any(senders))
            .select((
                users::id,
                users::first_name,
                users::last_name,
                users::deleted_at,
            ))
            .load::<(String, String, String, Option<NaiveDateTime>)>(&mut *conn)
            .map_err(repo_error)?
            .into_iter()
            .map(|(id, first, last, erased)| {
                let name = match erased {
                    Some(_) => "Erased account".to_owned(),
                    None => format!("{first} {last}"),
                };
                (id, name)
            })
            .collect();
        rows.into_iter()
            .map(|(id, group, subject, sent_by, recipients, created_at)| {
                let n = |status: &str| count(by_status.get(&(id.clone(), status.to_owned())));
                Ok(CampaignSummary {
                    delivered: n("delivered"),
                    failed: n("failed"),
                    pending: n("pending") + n("sending"),
                    id: id.parse().map_err(|e| corrupt("campaign id", e))?,
                    group: group.parse().map_err(|e| corrupt("recipient group", e))?,
                    subject,
                    sent_by_name: sent_by.as_ref().and_then(|s| names.get(s).cloned()),
                    sent_by: sent_by
                        .map(|s| s.parse())
                        .transpose()
                        .map_err(|e| corrupt("campaign sender", e))?,
                    created_at: from_db_time(created_at),
                    recipients: u32::try_from(recipients).unwrap_or_default(),
                })
            })
            .collect()
    }

    fn marketing_address(&self, user: UserId) -> Result<String, RepoError> {
        let mut conn = self.conn()?;
        users::table
            .find(user.to_string())
            .filter(users::deleted_at.is_null())
            .select(users::email)
            .first(&mut *conn)
            .map_err(repo_error)
    }

    fn withdraw_marketing_consent(&self, user: UserId) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let changed = diesel::update(
            users::table
                .find(user.to_string())
                .filter(users::deleted_at.is_null()),
        )
        .set((
            users::marketing_consent.eq(false),
            users::updated_at.eq(to_db_time(Utc::now())),
        ))
        .execute(&mut *conn)
        .map_err(repo_error)?;
        if changed == 1 {
            Ok(())
        } else {
            Err(RepoError::NotFound)
        }
    }

    fn stop_session_alerts(&self, user: UserId) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = user.to_string();
        // Read and written in one transaction so a preferences save in between is kept.
        conn.transaction(|c| {
            let text: String = users::table
                .find(&key)
                .filter(users::deleted_at.is_null())
                .select(users::preferences)
                .first(c)?;
            let mut preferences: Preferences = serde_json::from_str(&text)
                .map_err(|e| diesel::result::Error::DeserializationError(Box::new(e)))?;
            preferences.notifications.recommendations.enabled = false;
            let text = serde_json::to_string(&preferences)
                .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
            diesel::update(users::table.find(&key))
                .set((
                    users::preferences.eq(text),
                    users::updated_at.eq(to_db_time(Utc::now())),
                ))
                .execute(c)?;
            Ok(())
        })
        .map_err(repo_error)
    }
}
