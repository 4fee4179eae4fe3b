//! Pending sign-ups (ADR 0018): the form waits here, one row per address, until its
//! emailed link makes the account. Recording a sign-up looks at whether the address has an
//! account only inside its transaction, and does the same work either way.
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::outbox::{SIGNUP_LINKS, SendCap};
use playspace_domain::signup::PendingSignUp;
use playspace_domain::{Email, NewNotification, OutgoingEmail, Profile, Session};
use playspace_ports::{NewUserRecord, RepoError, SignUpRecorded, SignUpRequest};

use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::outbox::insert_emails;
use crate::schema::{email_deliveries, pending_signups as ps, users};
use crate::sessions::insert_session;
use crate::user_rows::{insert_user, parse_opt};
use crate::{DbConnection, Store};

/// A pending sign-up as written: the profile's columns as `users` has them.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = ps, primary_key(email), treat_none_as_null = true)]
struct PendingColumns<'a> {
    email: &'a str,
    token_hash: &'a str,
    password_hash: &'a str,
    first_name: &'a str,
    last_name: &'a str,
    chosen_name: Option<&'a str>,
    pronouns: Option<&'a str>,
    phone: Option<&'a str>,
    date_of_birth: Option<NaiveDate>,
    gender: Option<&'static str>,
    address: Option<&'a str>,
    city: Option<&'a str>,
    postcode: Option<&'a str>,
    emergency_contact_name: Option<&'a str>,
    emergency_contact_phone: Option<&'a str>,
    medical_conditions: Option<&'a str>,
    fitness_level: Option<&'static str>,
    sports_interests: String,
    how_did_you_hear: Option<&'static str>,
    marketing_consent: bool,
    accessibility_needs: Option<&'a str>,
    registration_ip: Option<&'a str>,
    created_at: NaiveDateTime,
    expires_at: NaiveDateTime,
}

impl<'a> PendingColumns<'a> {
    fn new(r: &'a SignUpRequest) -> Self {
        let (s, p) = (&r.sign_up, &r.sign_up.profile);
        Self {
            email: s.email.as_str(),
            token_hash: r.token.hash(),
            password_hash: &r.password_hash,
            first_name: &p.first_name,
            last_name: &p.last_name,
            chosen_name: p.chosen_name.as_deref(),
            pronouns: p.pronouns.as_deref(),
            phone: p.phone.as_deref(),
            date_of_birth: p.date_of_birth,
            gender: p.gender.map(|g| g.as_str()),
            address: p.address.as_deref(),
            city: p.city.as_deref(),
            postcode: p.postcode.as_deref(),
            emergency_contact_name: p.emergency_contact_name.as_deref(),
            emergency_contact_phone: p.emergency_contact_phone.as_deref(),
            medical_conditions: p.medical_conditions.as_deref(),
            fitness_level: p.fitness_level.map(|f| f.as_str()),
            // Serialising a list of strings cannot fail.
            sports_interests: serde_json::to_string(&p.sports_interests)
                .unwrap_or_else(|_| "[]".into()),
            how_did_you_hear: p.how_did_you_hear.map(|h| h.as_str()),
            marketing_consent: p.marketing_consent,
            accessibility_needs: s.access_note.as_deref(),
            registration_ip: s.registration_ip.as_deref(),
            created_at: to_db_time(s.created_at),
            expires_at: to_db_time(s.expires_at),
        }
    }
}

/// A pending sign-up as read back, with its password hash.
#[derive(Queryable, Selectable)]
#[diesel(table_name = ps)]
struct PendingRow {
    email: String,
    password_hash: String,
    first_name: String,
    last_name: String,
    chosen_name: Option<String>,
    pronouns: Option<String>,
    phone: Option<String>,
    date_of_birth: Option<NaiveDate>,
    gender: Option<String>,
    address: Option<String>,
    city: Option<String>,
    postcode: Option<String>,
    emergency_contact_name: Option<String>,
    emergency_contact_phone: Option<String>,
    medical_conditions: Option<String>,
    fitness_level: Option<String>,
    sports_interests: String,
    how_did_you_hear: Option<String>,
    marketing_consent: bool,
    accessibility_needs: Option<String>,
    registration_ip: Option<String>,
    created_at: NaiveDateTime,
    expires_at: NaiveDateTime,
}

impl PendingRow {
    fn into_domain(self) -> Result<(PendingSignUp, String), RepoError> {
        let sign_up = PendingSignUp {
            email: Email::parse(&self.email).map_err(|e| corrupt("email", e))?,
            profile: Profile {
                first_name: self.first_name,
                last_name: self.last_name,
                chosen_name: self.chosen_name,
                pronouns: self.pronouns,
                phone: self.phone,
                date_of_birth: self.date_of_birth,
                gender: parse_opt(self.gender, "gender")?,
                address: self.address,
                city: self.city,
                postcode: self.postcode,
                emergency_contact_name: self.emergency_contact_name,
                emergency_contact_phone: self.emergency_contact_phone,
                medical_conditions: self.medical_conditions,
                fitness_level: parse_opt(self.fitness_level, "fitness level")?,
                sports_interests: serde_json::from_str(&self.sports_interests)
                    .map_err(|e| corrupt("sports", e))?,
                how_did_you_hear: parse_opt(self.how_did_you_hear, "how did you hear")?,
                marketing_consent: self.marketing_consent,
            },
            access_note: self.accessibility_needs,
            registration_ip: self.registration_ip,
            created_at: from_db_time(self.created_at),
            expires_at: from_db_time(self.expires_at),
        };
        Ok((sign_up, self.password_hash))
    }
}

/// Whether `address` may be sent one more email of `cap`'s kind at `now`: the outbox's
/// rows of that kind to the address within the period are counted.
fn may_send(
    c: &mut DbConnection,
    address: &str,
    cap: SendCap,
    now: DateTime<Utc>,
) -> QueryResult<bool> {
    let sent: i64 = email_deliveries::table
        .filter(email_deliveries::to_email.eq(address))
        .filter(email_deliveries::email_type.eq(cap.email_type))
        .filter(email_deliveries::created_at.ge(to_db_time(cap.since(now))))
        .count()
        .get_result(c)?;
    Ok(cap.allows(u32::try_from(sent).unwrap_or(u32::MAX)))
}

/// Stores the pending sign-up, replacing the address's older one (and so its link).
fn put_pending(c: &mut DbConnection, request: &SignUpRequest) -> QueryResult<usize> {
    let row = PendingColumns::new(request);
    let insert = diesel::insert_into(ps::table).values(&row);
    // ON CONFLICT is written per backend: the connection enum does not carry it. One
    // statement, so two sign-ups for one address at once cannot both insert.
    match c {
        DbConnection::Postgres(pg) => insert
            .on_conflict(ps::email)
            .do_update()
            .set(&row)
            .execute(pg),
        DbConnection::Sqlite(lite) => insert
            .on_conflict(ps::email)
            .do_update()
            .set(&row)
            .execute(lite),
    }
}

pub(crate) fn request_sign_up(
    store: &Store,
    request: &SignUpRequest,
    now: DateTime<Utc>,
) -> Result<SignUpRecorded, RepoError> {
    let mut conn = store.writer()?;
    let conn: &mut DbConnection = &mut conn;
    let address = request.sign_up.email.as_str();
    conn.transaction(|c| {
        let owner: Option<String> = users::table
            .filter(users::email.eq(address))
            .filter(users::deleted_at.is_null())
            .select(users::id)
            .first(c)
            .optional()?;
        match owner {
            None if may_send(c, address, request.link_cap, now)? => {
                put_pending(c, request)?;
                insert_emails(c, std::slice::from_ref(&request.link), now)?;
                Ok(SignUpRecorded::LinkSent)
            }
            Some(owner) if may_send(c, address, request.notice_cap, now)? => {
                let notice =
                    OutgoingEmail {
                        user_id: Some(owner.parse().map_err(|e| {
                            diesel::result::Error::DeserializationError(Box::new(e))
                        })?),
                        ..request.notice.clone()
                    };
                insert_emails(c, &[notice], now)?;
                Ok(SignUpRecorded::OwnerTold)
            }
            // The address's older link (if any) keeps working: it is the newest one sent.
            _ => Ok(SignUpRecorded::Capped),
        }
    })
    .map_err(repo_error)
}

pub(crate) fn pending_sign_up(
    store: &Store,
    token_hash: &str,
) -> Result<(PendingSignUp, String), RepoError> {
    let mut conn = store.conn()?;
    ps::table
        .filter(ps::token_hash.eq(token_hash))
        .select(PendingRow::as_select())
        .first(&mut *conn)
        .map_err(repo_error)?
        .into_domain()
}

/// Whether `complete_sign_up`'s transaction made the account or found the address taken
/// (the pending sign-up is spent either way).
enum Completed {
    Created,
    Taken,
}

pub(crate) fn complete_sign_up(
    store: &Store,
    token_hash: &str,
    record: &NewUserRecord,
    session: &Session,
    emails: &[OutgoingEmail],
    notes: &[NewNotification],
) -> Result<(), RepoError> {
    let mut conn = store.writer()?;
    let conn: &mut DbConnection = &mut conn;
    let user = &record.user;
    let now = to_db_time(user.created_at);
    let completed = conn
        .transaction(|c| {
            // The delete comes first: it spends the link (a second use finds nothing) and
            // takes SQLite's write lock before anything is read.
            let spent =
                diesel::delete(ps::table.filter(ps::token_hash.eq(token_hash))).execute(c)?;
            if spent != 1 {
                return Err(diesel::result::Error::NotFound);
            }
            let taken: i64 = users::table
                .filter(users::email.eq(user.email.as_str()))
                .count()
                .get_result(c)?;
            if taken > 0 {
                return Ok(Completed::Taken);
            }
            insert_user(c, record)?;
            insert_session(c, session)?;
            insert_emails(c, emails, user.created_at)?;
            for note in notes {
                crate::notifications::add(c, note, now)?;
            }
            // The links sent to the address are the person's emails now: erasing the
            // account deletes them with the rest.
            diesel::update(
                email_deliveries::table
                    .filter(email_deliveries::to_email.eq(user.email.as_str()))
                    .filter(email_deliveries::email_type.eq(SIGNUP_LINKS.email_type))
                    .filter(email_deliveries::user_id.is_null()),
            )
            .set(email_deliveries::user_id.eq(user.id.to_string()))
            .execute(c)?;
            Ok(Completed::Created)
        })
        .map_err(repo_error)?;
    match completed {
        Completed::Created => Ok(()),
        Completed::Taken => Err(RepoError::Conflict),
    }
}

pub(crate) fn purge_expired_sign_ups(store: &Store, now: DateTime<Utc>) -> Result<u32, RepoError> {
    let mut conn = store.writer()?;
    let deleted = diesel::delete(ps::table.filter(ps::expires_at.le(to_db_time(now))))
        .execute(&mut *conn)
        .map_err(repo_error)?;
    Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
}
