//! The newsletter list: one row per canonical address, its confirmation email written in
//! the transaction that marks it pending.
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::newsletter::{Subscriber, SubscriberStatus};
use playspace_domain::{Email, OutgoingEmail, SubscriberId};
use playspace_ports::{NewsletterStore, RepoError};

use crate::convert::{corrupt, from_db_time, refused, repo_error, to_db_time};
use crate::outbox::insert_emails;
use crate::schema::newsletter_subscribers as ns;
use crate::{DbConnection, Store};

const PENDING: &str = SubscriberStatus::Pending.as_str();
const CONFIRMED: &str = SubscriberStatus::Confirmed.as_str();
const UNSUBSCRIBED: &str = SubscriberStatus::Unsubscribed.as_str();

fn into_subscriber(
    (id, status, sent): (String, String, NaiveDateTime),
) -> Result<Subscriber, RepoError> {
    Ok(Subscriber {
        id: id.parse().map_err(|e| corrupt("subscriber id", e))?,
        status: SubscriberStatus::parse(&status)
            .ok_or_else(|| corrupt("subscriber status", &status))?,
        confirmation_sent_at: from_db_time(sent),
    })
}

impl NewsletterStore for Store {
    fn newsletter_subscriber(&self, email: &Email) -> Result<Option<Subscriber>, RepoError> {
        let mut conn = self.conn()?;
        ns::table
            .filter(ns::email.eq(email.as_str()))
            .select((ns::id, ns::status, ns::confirmation_sent_at))
            .first::<(String, String, NaiveDateTime)>(&mut *conn)
            .optional()
            .map_err(repo_error)?
            .map(into_subscriber)
            .transpose()
    }

    fn request_newsletter_confirmation(
        &self,
        id: SubscriberId,
        email: &Email,
        confirmation: &OutgoingEmail,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = id.to_string();
        let at = to_db_time(now);
        conn.transaction(|c| {
            let existing: Option<(String, String)> = ns::table
                .filter(ns::email.eq(email.as_str()))
                .select((ns::id, ns::status))
                .first(c)
                .optional()?;
            match existing {
                // A concurrent insert of the same address fails on the unique index.
                None => diesel::insert_into(ns::table)
                    .values((
                        ns::id.eq(&key),
                        ns::email.eq(email.as_str()),
                        ns::status.eq(PENDING),
                        ns::created_at.eq(at),
                        ns::confirmation_sent_at.eq(at),
                    ))
                    .execute(c)?,
                Some((row_id, status)) if row_id == key && status != CONFIRMED => {
                    // Only while not confirmed, in case a confirmation landed meanwhile.
                    let changed =
                        diesel::update(ns::table.find(&key).filter(ns::status.ne(CONFIRMED)))
                            .set((ns::status.eq(PENDING), ns::confirmation_sent_at.eq(at)))
                            .execute(c)?;
                    if changed == 0 {
                        return Err(refused("newsletter address confirmed meanwhile"));
                    }
                    changed
                }
                Some(_) => return Err(refused("newsletter address already confirmed or re-added")),
            };
            insert_emails(c, std::slice::from_ref(confirmation), now)
        })
        .map_err(repo_error)
    }

    fn confirm_newsletter(&self, id: SubscriberId, now: DateTime<Utc>) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = id.to_string();
        conn.transaction(|c| {
            let status: String = ns::table.find(&key).select(ns::status).first(c)?;
            match status.as_str() {
                PENDING => {
                    diesel::update(ns::table.find(&key))
                        .set((
                            ns::status.eq(CONFIRMED),
                            ns::confirmed_at.eq(to_db_time(now)),
                        ))
                        .execute(c)?;
                    Ok(())
                }
                CONFIRMED => Ok(()),
                // Left since the link was sent: only a new subscription brings them back.
                _ => Err(diesel::result::Error::NotFound),
            }
        })
        .map_err(repo_error)
    }

    fn newsletter_address(&self, id: SubscriberId) -> Result<String, RepoError> {
        let mut conn = self.conn()?;
        ns::table
            .find(id.to_string())
            .select(ns::email)
            .first(&mut *conn)
            .map_err(repo_error)
    }

    fn unsubscribe_newsletter(
        &self,
        id: SubscriberId,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = id.to_string();
        conn.transaction(|c| {
            let status: String = ns::table.find(&key).select(ns::status).first(c)?;
            if status != UNSUBSCRIBED {
                diesel::update(ns::table.find(&key))
                    .set((
                        ns::status.eq(UNSUBSCRIBED),
                        ns::unsubscribed_at.eq(to_db_time(now)),
                    ))
                    .execute(c)?;
            }
            Ok(())
        })
        .map_err(repo_error)
    }

    fn purge_pending_newsletter(&self, before: DateTime<Utc>) -> Result<u32, RepoError> {
        let mut conn = self.writer()?;
        // Only pending rows: an unsubscribed address stays as the record not to send to it.
        let deleted = diesel::delete(
            ns::table
                .filter(ns::status.eq(PENDING))
                .filter(ns::confirmation_sent_at.lt(to_db_time(before))),
        )
        .execute(&mut *conn)
        .map_err(repo_error)?;
        Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
    }
}
