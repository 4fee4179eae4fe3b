//! The rows of the users table as the other stores read and write them: the name shown for
//! a person, the columns of a domain `User`, a profile's columns, and a new account or token
//! inserted on the caller's connection (an account made directly, by sign-up, or by an admin).
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use playspace_domain::{AccessNeeds, Email, Profile, ProfileAccessNeeds, User};
use playspace_ports::{NewUserRecord, RepoError, TokenRecord};

use crate::DbConnection;
use crate::access_needs::put_access_needs;
use crate::convert::{corrupt, from_db_time, to_db_time};
use crate::schema::{user_tokens, users};

/// The name to show for a person: chosen (or first) name and last name.
pub(crate) fn display_name(first: &str, chosen: Option<&str>, last: &str) -> String {
    format!("{} {last}", chosen.unwrap_or(first))
        .trim()
        .to_owned()
}

/// The columns that make up a domain `User` (everything but secrets and bookkeeping).
#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
pub(crate) struct UserRow {
    id: String,
    email: String,
    role: String,
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
    is_email_verified: bool,
    profile_image_url: Option<String>,
    last_login: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

pub(crate) fn parse_opt<T: std::str::FromStr>(
    value: Option<String>,
    what: &str,
) -> Result<Option<T>, RepoError> {
    value
        .map(|v| v.parse().map_err(|_| corrupt(what, v)))
        .transpose()
}

impl UserRow {
    pub(crate) fn into_domain(self) -> Result<User, RepoError> {
        Ok(User {
            id: self.id.parse().map_err(|e| corrupt("user id", e))?,
            email: Email::parse(&self.email).map_err(|e| corrupt("email", e))?,
            role: self.role.parse().map_err(|e| corrupt("role", e))?,
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
            is_email_verified: self.is_email_verified,
            profile_image_url: self.profile_image_url,
            last_login: self.last_login.map(from_db_time),
            created_at: from_db_time(self.created_at),
        })
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = users, treat_none_as_null = true)]
pub(crate) struct ProfileColumns<'a> {
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
}

impl<'a> ProfileColumns<'a> {
    pub(crate) fn from_profile(p: &'a Profile) -> Self {
        Self {
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
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = users)]
pub(crate) struct NewUserRow<'a> {
    pub(crate) id: String,
    pub(crate) email: &'a str,
    pub(crate) password_hash: &'a str,
    pub(crate) role: &'static str,
    pub(crate) is_email_verified: bool,
    pub(crate) registration_ip: Option<&'a str>,
    pub(crate) created_at: NaiveDateTime,
    pub(crate) updated_at: NaiveDateTime,
}

/// Inserts a new account (as given: role, verification and profile, and the sign-up's
/// accessibility needs as the note of its access needs, not shared) on the caller's
/// connection.
pub(crate) fn insert_user(conn: &mut DbConnection, record: &NewUserRecord) -> QueryResult<()> {
    let user = &record.user;
    let now = to_db_time(user.created_at);
    diesel::insert_into(users::table)
        .values((
            NewUserRow {
                id: user.id.to_string(),
                email: user.email.as_str(),
                password_hash: &record.password_hash,
                role: user.role.as_str(),
                is_email_verified: user.is_email_verified,
                registration_ip: record.registration_ip.as_deref(),
                created_at: now,
                updated_at: now,
            },
            ProfileColumns::from_profile(&user.profile),
        ))
        .execute(conn)?;
    if let Some(note) = &record.access_note {
        let needs = ProfileAccessNeeds {
            needs: AccessNeeds {
                needs: vec![],
                note: Some(note.clone()),
            },
            share_with_leader: false,
        };
        put_access_needs(conn, &user.id.to_string(), &needs, now)?;
    }
    Ok(())
}

pub(crate) fn insert_token(
    conn: &mut DbConnection,
    t: &TokenRecord,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(user_tokens::table)
        .values((
            user_tokens::id.eq(playspace_domain::DeliveryId::new().to_string()),
            user_tokens::user_id.eq(t.user_id.to_string()),
            user_tokens::purpose.eq(t.purpose.as_str()),
            user_tokens::token_hash.eq(t.token.hash()),
            user_tokens::expires_at.eq(to_db_time(t.expires_at)),
            user_tokens::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}
