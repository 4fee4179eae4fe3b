use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::signup::PendingSignUp;
use playspace_domain::waitlist::WaitlistStatus;
use playspace_domain::{
    AccessNeeds, AuditEntry, Email, PaymentMethod, PaymentStatus, Preferences, Profile, Role,
    SessionId, TokenPurpose, User, UserId,
};
use playspace_ports::{
    AccountExport, ExportedBooking, NewUserRecord, RepoError, SignUpRecorded, SignUpRequest,
    TokenRecord, UserRepository,
};

use crate::access_needs::{erase_access_needs, load_access_needs, parse_needs_text};
use crate::audit::insert_audit;
use crate::bookings::cancel_live;
use crate::convert::{corrupt, from_db_time, refused, repo_error, to_db_time};
use crate::outbox::insert_emails;
use crate::schema::{
    bookings, email_deliveries, events, notifications, sessions, user_tokens, users, waitlist,
};
use crate::sessions::{SessionRow, close_admin_sessions, insert_session};
use crate::user_rows::{NewUserRow, ProfileColumns, UserRow, insert_token, insert_user};
use crate::waitlist::leave_waitlist;
use crate::{DbConnection, Store};

/// Marks a live token of `purpose` used and returns its user; `NotFound` if there is none.
fn use_token(
    conn: &mut DbConnection,
    hash: &str,
    purpose: TokenPurpose,
    now: NaiveDateTime,
) -> QueryResult<String> {
    let live = user_tokens::table
        .filter(user_tokens::token_hash.eq(hash))
        .filter(user_tokens::purpose.eq(purpose.as_str()))
        .filter(user_tokens::used_at.is_null())
        .filter(user_tokens::expires_at.gt(now));
    // The write comes first so SQLite takes its write lock before anything is read.
    let used = diesel::update(live)
        .set(user_tokens::used_at.eq(Some(now)))
        .execute(conn)?;
    if used != 1 {
        return Err(diesel::result::Error::NotFound);
    }
    user_tokens::table
        .filter(user_tokens::token_hash.eq(hash))
        .select(user_tokens::user_id)
        .first(conn)
}

/// Every reset link still outstanding stops working once the password has been set by one
/// of them or changed: a link left in an old email or a shared inbox must not undo it.
fn spend_reset_links(
    conn: &mut DbConnection,
    user_id: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(
        user_tokens::table
            .filter(user_tokens::user_id.eq(user_id.to_owned()))
            .filter(user_tokens::purpose.eq(TokenPurpose::ResetPassword.as_str()))
            .filter(user_tokens::used_at.is_null()),
    )
    .set(user_tokens::used_at.eq(Some(now)))
    .execute(conn)
    .map(|_| ())
}

fn revoke_sessions(
    conn: &mut DbConnection,
    user_id: &str,
    except: Option<String>,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let mut live = sessions::table
        .filter(sessions::user_id.eq(user_id.to_owned()))
        .filter(sessions::revoked_at.is_null())
        .into_boxed();
    if let Some(keep) = except {
        live = live.filter(sessions::id.ne(keep));
    }
    let ids: Vec<String> = live.select(sessions::id).load(conn)?;
    diesel::update(sessions::table.filter(sessions::id.eq_any(ids)))
        .set((
            sessions::revoked_at.eq(Some(now)),
            sessions::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

fn live_user(id: UserId) -> users::BoxedQuery<'static, <DbConnection as Connection>::Backend> {
    users::table
        .filter(users::id.eq(id.to_string()))
        .filter(users::deleted_at.is_null())
        .into_boxed()
}

/// (reference, event title, start, status, payment status, (access needs, requirements)).
type ExportBookingRow = (
    String,
    String,
    NaiveDateTime,
    String,
    String,
    (String, Option<String>),
);

impl UserRepository for Store {
    fn create_account(
        &self,
        record: &NewUserRecord,
        session: &playspace_domain::Session,
        tokens: &[TokenRecord],
        emails: &[playspace_domain::OutgoingEmail],
        notes: &[playspace_domain::NewNotification],
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let user = &record.user;
        let now = to_db_time(user.created_at);
        conn.transaction(|c| {
            insert_user(c, record)?;
            insert_session(c, session)?;
            for token in tokens {
                insert_token(c, token, now)?;
            }
            insert_emails(c, emails, user.created_at)?;
            for note in notes {
                crate::notifications::add(c, note, now)?;
            }
            Ok(())
        })
        .map_err(repo_error)
    }

    fn request_sign_up(
        &self,
        request: &SignUpRequest,
        now: DateTime<Utc>,
    ) -> Result<SignUpRecorded, RepoError> {
        crate::signups::request_sign_up(self, request, now)
    }

    fn pending_sign_up(&self, token_hash: &str) -> Result<(PendingSignUp, String), RepoError> {
        crate::signups::pending_sign_up(self, token_hash)
    }

    fn complete_sign_up(
        &self,
        token_hash: &str,
        record: &NewUserRecord,
        session: &playspace_domain::Session,
        emails: &[playspace_domain::OutgoingEmail],
        notes: &[playspace_domain::NewNotification],
    ) -> Result<(), RepoError> {
        crate::signups::complete_sign_up(self, token_hash, record, session, emails, notes)
    }

    fn purge_expired_sign_ups(&self, now: DateTime<Utc>) -> Result<u32, RepoError> {
        crate::signups::purge_expired_sign_ups(self, now)
    }

    fn create_or_promote_admin(&self, record: &NewUserRecord) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let user = &record.user;
        let now = to_db_time(user.created_at);
        conn.transaction(|c| {
            let existing: Option<String> = users::table
                .filter(users::email.eq(user.email.as_str()))
                .filter(users::deleted_at.is_null())
                .select(users::id)
                .first(c)
                .optional()?;
            match existing {
                Some(id) => {
                    diesel::update(users::table.find(&id))
                        .set((
                            users::role.eq("admin"),
                            users::password_hash.eq(&record.password_hash),
                            users::updated_at.eq(now),
                        ))
                        .execute(c)?;
                    revoke_sessions(c, &id, None, now)
                }
                None => diesel::insert_into(users::table)
                    .values((
                        NewUserRow {
                            id: user.id.to_string(),
                            email: user.email.as_str(),
                            password_hash: &record.password_hash,
                            role: "admin",
                            is_email_verified: true,
                            registration_ip: None,
                            created_at: now,
                            updated_at: now,
                        },
                        ProfileColumns::from_profile(&user.profile),
                    ))
                    .execute(c)
                    .map(|_| ()),
            }
        })
        .map_err(repo_error)
    }

    fn find_by_email(&self, email: &Email) -> Result<Option<(User, String)>, RepoError> {
        let mut conn = self.conn()?;
        let found: Option<(UserRow, String)> = users::table
            .filter(users::email.eq(email.as_str()))
            .filter(users::deleted_at.is_null())
            .select((UserRow::as_select(), users::password_hash))
            .first(&mut *conn)
            .optional()
            .map_err(repo_error)?;
        found
            .map(|(row, hash)| Ok((row.into_domain()?, hash)))
            .transpose()
    }

    fn get(&self, id: UserId) -> Result<User, RepoError> {
        let mut conn = self.conn()?;
        live_user(id)
            .select(UserRow::as_select())
            .first(&mut *conn)
            .map_err(repo_error)?
            .into_domain()
    }

    fn password_hash(&self, id: UserId) -> Result<String, RepoError> {
        let mut conn = self.conn()?;
        live_user(id)
            .select(users::password_hash)
            .first(&mut *conn)
            .map_err(repo_error)
    }

    fn add_token(
        &self,
        token: &TokenRecord,
        emails: &[playspace_domain::OutgoingEmail],
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = Utc::now();
        conn.transaction(|c| {
            insert_token(c, token, to_db_time(now))?;
            insert_emails(c, emails, now)
        })
        .map_err(repo_error)
    }

    fn reset_password(
        &self,
        token_hash: &str,
        new_password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<UserId, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(now);
        let user_id = conn
            .transaction(|c| {
                let user_id = use_token(c, token_hash, TokenPurpose::ResetPassword, now)?;
                diesel::update(users::table.find(&user_id))
                    .set((
                        users::password_hash.eq(new_password_hash),
                        users::updated_at.eq(now),
                    ))
                    .execute(c)?;
                spend_reset_links(c, &user_id, now)?;
                revoke_sessions(c, &user_id, None, now)?;
                Ok(user_id)
            })
            .map_err(repo_error)?;
        user_id.parse().map_err(|e| corrupt("user id", e))
    }

    fn verify_email(&self, token_hash: &str, now: DateTime<Utc>) -> Result<UserId, RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(now);
        let user_id = conn
            .transaction(|c| {
                let user_id = use_token(c, token_hash, TokenPurpose::VerifyEmail, now)?;
                diesel::update(users::table.find(&user_id))
                    .set((users::is_email_verified.eq(true), users::updated_at.eq(now)))
                    .execute(c)?;
                Ok(user_id)
            })
            .map_err(repo_error)?;
        user_id.parse().map_err(|e| corrupt("user id", e))
    }

    fn change_password(
        &self,
        id: UserId,
        new_password_hash: &str,
        keep: SessionId,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(now);
        conn.transaction(|c| {
            diesel::update(users::table.find(id.to_string()))
                .set((
                    users::password_hash.eq(new_password_hash),
                    users::updated_at.eq(now),
                ))
                .execute(c)?;
            spend_reset_links(c, &id.to_string(), now)?;
            revoke_sessions(c, &id.to_string(), Some(keep.to_string()), now)?;
            close_admin_sessions(c, &id.to_string())
        })
        .map_err(repo_error)
    }

    fn preferences(&self, id: UserId) -> Result<Preferences, RepoError> {
        let mut conn = self.conn()?;
        let text: String = live_user(id)
            .select(users::preferences)
            .first(&mut *conn)
            .map_err(repo_error)?;
        serde_json::from_str(&text).map_err(|e| corrupt("preferences", e))
    }

    fn set_preferences(&self, id: UserId, preferences: &Preferences) -> Result<(), RepoError> {
        let text = serde_json::to_string(preferences).map_err(|e| corrupt("preferences", e))?;
        let mut conn = self.writer()?;
        let changed = diesel::update(
            users::table
                .find(id.to_string())
                .filter(users::deleted_at.is_null()),
        )
        .set((
            users::preferences.eq(text),
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

    fn update_profile(&self, id: UserId, profile: &Profile) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let changed = diesel::update(
            users::table
                .find(id.to_string())
                .filter(users::deleted_at.is_null()),
        )
        .set((
            ProfileColumns::from_profile(profile),
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

    fn export(&self, id: UserId) -> Result<AccountExport, RepoError> {
        let mut conn = self.conn()?;
        let (row, registration_ip, preferences): (UserRow, Option<String>, String) = live_user(id)
            .select((
                UserRow::as_select(),
                users::registration_ip,
                users::preferences,
            ))
            .first(&mut *conn)
            .map_err(repo_error)?;
        let session_rows: Vec<SessionRow> = sessions::table
            .filter(sessions::user_id.eq(id.to_string()))
            .order(sessions::created_at.asc())
            .select(SessionRow::as_select())
            .load(&mut *conn)
            .map_err(repo_error)?;
        let booking_rows: Vec<ExportBookingRow> = bookings::table
            .inner_join(events::table)
            .filter(bookings::user_id.eq(id.to_string()))
            .order(bookings::created_at.asc())
            .select((
                bookings::reference,
                events::title,
                events::starts_at,
                bookings::status,
                bookings::payment_status,
                (bookings::access_needs, bookings::accessibility_requirements),
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        let access_needs = load_access_needs(&mut conn, &id.to_string())?;
        let notification_rows: Vec<(String, String, NaiveDateTime)> = notifications::table
            .filter(notifications::user_id.eq(id.to_string()))
            .order(notifications::created_at.asc())
            .select((
                notifications::title,
                notifications::message,
                notifications::created_at,
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        Ok(AccountExport {
            user: row.into_domain()?,
            registration_ip,
            preferences: serde_json::from_str(&preferences)
                .map_err(|e| corrupt("preferences", e))?,
            access_needs,
            sessions: session_rows
                .into_iter()
                .map(SessionRow::into_domain)
                .collect::<Result<_, _>>()?,
            bookings: booking_rows
                .into_iter()
                .map(
                    |(reference, event_title, starts, status, payment_status, needs)| {
                        Ok(ExportedBooking {
                            reference,
                            event_title,
                            starts_at: from_db_time(starts),
                            status,
                            payment_status,
                            needs: AccessNeeds {
                                needs: parse_needs_text(&needs.0)?,
                                note: needs.1,
                            },
                        })
                    },
                )
                .collect::<Result<_, RepoError>>()?,
            notifications: notification_rows
                .into_iter()
                .map(|(t, m, c)| (t, m, from_db_time(c)))
                .collect(),
        })
    }

    fn erase_audited(
        &self,
        id: UserId,
        now: DateTime<Utc>,
        audit: Option<&AuditEntry>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        conn.transaction(|c| {
            // Erasing yourself must not leave the site without an admin either.
            let admins = lock_admins(c)?;
            erase_user(c, &id.to_string(), to_db_time(now))?;
            let left: i64 = users::table
                .filter(users::role.eq(Role::Admin.as_str()))
                .filter(users::deleted_at.is_null())
                .count()
                .get_result(c)?;
            if admins > 0 && left == 0 {
                return Err(refused("the last admin"));
            }
            audit.map_or(Ok(()), |entry| insert_audit(c, entry))
        })
        .map_err(repo_error)
    }
}

impl Store {
    /// Rewrites every stored address not yet in its canonical form (`Email::canonical`: the
    /// non-ASCII capitals and decompositions SQL `lower()` leaves). An address whose
    /// canonical form another account already holds (twins made before addresses were
    /// canonical) is left as it is. Returns (rewritten, left).
    pub fn canonicalise_emails(&self) -> Result<(usize, usize), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let rows: Vec<(String, String)> = users::table
            .select((users::id, users::email))
            .load(conn)
            .map_err(repo_error)?;
        let (mut fixed, mut left) = (0, 0);
        for (id, email) in rows {
            let canonical = Email::canonical(&email);
            if canonical == email {
                continue;
            }
            // One statement each, outside a transaction: a twin's refusal stops only itself.
            match diesel::update(users::table.find(&id))
                .set(users::email.eq(&canonical))
                .execute(conn)
            {
                Ok(_) => fixed += 1,
                Err(diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UniqueViolation,
                    _,
                )) => left += 1,
                Err(e) => return Err(repo_error(e)),
            }
        }
        Ok((fixed, left))
    }
}

/// Makes concurrent changes to admins queue, so each counts the admins the other left.
/// PostgreSQL: locks the live admins' rows (a waiting transaction re-reads them once the
/// first commits). SQLite: takes the database's write lock before reading anything.
/// Returns how many live admins there are.
pub(crate) fn lock_admins(c: &mut DbConnection) -> QueryResult<usize> {
    let admins = users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .filter(users::deleted_at.is_null());
    match c {
        DbConnection::Postgres(pg) => admins
            .select(users::id)
            .for_update()
            .load::<String>(pg)
            .map(|ids| ids.len()),
        DbConnection::Sqlite(_) => diesel::update(admins)
            .set(users::updated_at.eq(users::updated_at))
            .execute(c),
    }
}

/// A person who leaves gives back what they hold, as they would one by one: upcoming places
/// go back (to the waitlist first), a card payment for one is owed back (the owed-refund
/// sweep sends it, as it does for a cancelled session), and their queue places pass on.
fn leave_everything_upcoming(
    c: &mut DbConnection,
    key: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let at = from_db_time(now);
    let upcoming: Vec<(String, String, String, i64)> = bookings::table
        .inner_join(events::table)
        .filter(bookings::user_id.eq(key))
        .filter(bookings::status.ne("cancelled"))
        .filter(events::starts_at.gt(now))
        .select((
            bookings::id,
            bookings::payment_method,
            bookings::payment_status,
            bookings::amount_pence,
        ))
        .load(c)?;
    for (booking, method, paid, pence) in upcoming {
        let refund_owed = (method == PaymentMethod::Card.as_str()
            && paid == PaymentStatus::Paid.as_str())
        .then_some(pence);
        cancel_live(
            c,
            &booking,
            Some(ACCOUNT_DELETED),
            refund_owed,
            &[],
            &[],
            at,
        )?;
    }
    let queued: Vec<String> = waitlist::table
        .filter(waitlist::user_id.eq(key))
        .filter(waitlist::status.eq_any([
            WaitlistStatus::Waiting.as_str(),
            WaitlistStatus::Offered.as_str(),
        ]))
        .select(waitlist::event_id)
        .load(c)?;
    for event in queued {
        leave_waitlist(c, &event, key, at)?;
    }
    Ok(())
}

/// The reason recorded on bookings cancelled by their person's erasure.
const ACCOUNT_DELETED: &str = "The account was deleted";

/// Erases one live account's personal data on the caller's connection (self-service
/// erasure and the admin area's delete share it): the row stays, so bookings still count,
/// but holds nothing that identifies the person; sessions are revoked, tokens, notifications
/// and queued emails deleted. `NotFound` when the account is unknown or already erased.
pub(crate) fn erase_user(c: &mut DbConnection, key: &str, now: NaiveDateTime) -> QueryResult<()> {
    let blank = Profile {
        first_name: "Former".into(),
        last_name: "member".into(),
        ..Default::default()
    };
    let changed = diesel::update(users::table.find(key).filter(users::deleted_at.is_null()))
        .set((
            ProfileColumns::from_profile(&blank),
            // A unique, undeliverable address keeps the email index happy.
            users::email.eq(format!("erased-{key}@erased.invalid")),
            users::password_hash.eq("!"),
            users::preferences.eq("{}"),
            users::profile_image_url.eq(None::<String>),
            users::registration_ip.eq(None::<String>),
            // An erased account holds no role: it counts as nobody's admin.
            users::role.eq(Role::User.as_str()),
            users::deleted_at.eq(Some(now)),
            users::updated_at.eq(now),
        ))
        .execute(c)?;
    if changed != 1 {
        return Err(diesel::result::Error::NotFound);
    }
    revoke_sessions(c, key, None, now)?;
    diesel::update(sessions::table.filter(sessions::user_id.eq(key)))
        .set((
            sessions::user_agent.eq(None::<String>),
            sessions::ip.eq(None::<String>),
        ))
        .execute(c)?;
    diesel::delete(user_tokens::table.filter(user_tokens::user_id.eq(key))).execute(c)?;
    diesel::delete(notifications::table.filter(notifications::user_id.eq(key))).execute(c)?;
    diesel::delete(email_deliveries::table.filter(email_deliveries::user_id.eq(key))).execute(c)?;
    leave_everything_upcoming(c, key, now)?;
    // Bookings stay as anonymous counts; the person's access needs, on them or on their
    // profile, and their companion's name do not.
    erase_access_needs(c, key)?;
    diesel::update(bookings::table.filter(bookings::user_id.eq(key)))
        .set(bookings::companion_name.eq(None::<String>))
        .execute(c)?;
    Ok(())
}
