use chrono::{DateTime, Utc};
use playspace_domain::outbox::SendCap;
use playspace_domain::signup::PendingSignUp;
use playspace_domain::{
    AccessNeeds, AuditEntry, Email, NewNotification, OneTimeToken, OutgoingEmail, Preferences,
    Profile, ProfileAccessNeeds, Session, SessionId, TokenPurpose, User, UserId,
};

use crate::RepoError;

/// A new user's row: the domain user plus what only the store keeps.
#[derive(Clone, Debug)]
pub struct NewUserRecord {
    pub user: User,
    pub password_hash: String,
    pub registration_ip: Option<String>,
    /// The sign-up's accessibility needs, kept as the note of the member's access needs,
    /// not shared (ADR 0023).
    pub access_note: Option<String>,
}

/// A one-time token to store (only its hash is kept).
#[derive(Clone, Debug)]
pub struct TokenRecord {
    pub user_id: UserId,
    pub purpose: TokenPurpose,
    pub token: OneTimeToken,
    pub expires_at: DateTime<Utc>,
}

/// A valid sign-up to record, with both emails it may send: which one goes depends on
/// whether its address has an account, which only the store's transaction may look at.
#[derive(Clone, Debug)]
pub struct SignUpRequest {
    pub sign_up: PendingSignUp,
    pub password_hash: String,
    /// The link's secret; only its hash is stored.
    pub token: OneTimeToken,
    /// To a free address: the link that finishes signing up.
    pub link: OutgoingEmail,
    pub link_cap: SendCap,
    /// To a taken address: someone tried to sign up with it.
    pub notice: OutgoingEmail,
    pub notice_cap: SendCap,
}

/// What recording a sign-up did. Only tests look: every outcome gets the same answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignUpRecorded {
    /// A free address: the pending sign-up was stored and its link queued.
    LinkSent,
    /// A taken address: its owner's notice was queued.
    OwnerTold,
    /// The address had its cap of either kind: nothing was written.
    Capped,
}

/// One booking in a person's data export.
#[derive(Clone, Debug)]
pub struct ExportedBooking {
    pub reference: String,
    pub event_title: String,
    pub starts_at: DateTime<Utc>,
    pub status: String,
    pub payment_status: String,
    /// The access needs it carries (theirs to see: their right of access).
    pub needs: AccessNeeds,
}

/// Everything held about one person, for their data export.
#[derive(Clone, Debug)]
pub struct AccountExport {
    pub user: User,
    pub registration_ip: Option<String>,
    pub preferences: Preferences,
    /// Their access needs and choice to share them.
    pub access_needs: ProfileAccessNeeds,
    pub sessions: Vec<Session>,
    pub bookings: Vec<ExportedBooking>,
    /// Each notification as (title, message, created).
    pub notifications: Vec<(String, String, DateTime<Utc>)>,
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait UserRepository: Send + Sync {
    /// Creates the user with their first session, tokens, emails and in-app notifications
    /// in one transaction.
    /// Errors: `Conflict` when the email is taken (ignoring case), `Unavailable`.
    fn create_account(
        &self,
        record: &NewUserRecord,
        session: &Session,
        tokens: &[TokenRecord],
        emails: &[OutgoingEmail],
        notifications: &[NewNotification],
    ) -> Result<(), RepoError>;

    /// Records a sign-up in one transaction, doing the same work whether or not its address
    /// has a live account:
    /// - none: unless the address has had `link_cap`'s number of links, stores the pending
    ///   sign-up (replacing the address's older one, whose link stops working) with the
    ///   token's hash, and queues `link`;
    /// - one: unless the address has had `notice_cap`'s number of notices, queues `notice`,
    ///   made the owner's (its `user_id` becomes theirs).
    ///
    /// Caps count the outbox's emails of their kind to the address within their period.
    fn request_sign_up(
        &self,
        request: &SignUpRequest,
        now: DateTime<Utc>,
    ) -> Result<SignUpRecorded, RepoError>;

    /// The pending sign-up whose link's token hashes to `token_hash` (expired or not, until
    /// swept) and its password hash. Errors: `NotFound`.
    fn pending_sign_up(&self, token_hash: &str) -> Result<(PendingSignUp, String), RepoError>;

    /// Makes the account from a pending sign-up, once: in one transaction, deletes the
    /// pending sign-up with this token hash, then creates the account as `create_account`
    /// does. Errors: `NotFound` when it is gone (used, replaced or swept meanwhile);
    /// `Conflict` when the address has an account by now, and then the pending sign-up is
    /// deleted all the same.
    fn complete_sign_up(
        &self,
        token_hash: &str,
        record: &NewUserRecord,
        session: &Session,
        emails: &[OutgoingEmail],
        notifications: &[NewNotification],
    ) -> Result<(), RepoError>;

    /// Deletes the pending sign-ups whose link had expired by `now`; returns how many.
    fn purge_expired_sign_ups(&self, now: DateTime<Utc>) -> Result<u32, RepoError>;

    /// Makes the account with this email an admin with this password hash, creating it
    /// (verified) when it does not exist. Revokes the account's existing sessions.
    fn create_or_promote_admin(&self, record: &NewUserRecord) -> Result<(), RepoError>;

    /// The live (not erased) user with this email, ignoring case, and their password hash.
    fn find_by_email(&self, email: &Email) -> Result<Option<(User, String)>, RepoError>;

    /// Errors: `NotFound` (also for erased accounts), `Unavailable`.
    fn get(&self, id: UserId) -> Result<User, RepoError>;

    fn password_hash(&self, id: UserId) -> Result<String, RepoError>;

    /// Stores a token and the email carrying its link, atomically.
    fn add_token(&self, token: &TokenRecord, emails: &[OutgoingEmail]) -> Result<(), RepoError>;

    /// Uses a reset token once: sets the new password and revokes every session of its
    /// user, atomically. Errors: `NotFound` when unknown, used, or expired at `now`.
    fn reset_password(
        &self,
        token_hash: &str,
        new_password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<UserId, RepoError>;

    /// Uses a verification token once and marks the email verified.
    /// Errors: `NotFound` when unknown, used, or expired at `now`.
    fn verify_email(&self, token_hash: &str, now: DateTime<Utc>) -> Result<UserId, RepoError>;

    /// Sets a new password and revokes every session but `keep`, atomically.
    fn change_password(
        &self,
        id: UserId,
        new_password_hash: &str,
        keep: SessionId,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;

    fn preferences(&self, id: UserId) -> Result<Preferences, RepoError>;
    fn set_preferences(&self, id: UserId, preferences: &Preferences) -> Result<(), RepoError>;
    fn update_profile(&self, id: UserId, profile: &Profile) -> Result<(), RepoError>;

    fn export(&self, id: UserId) -> Result<AccountExport, RepoError>;

    /// Erases personal data: the row stays (bookings still count) but holds nothing that
    /// identifies the person (nor a role), every session is revoked and tokens are deleted.
    /// Errors: `Conflict` when the person is the last admin.
    fn erase(&self, id: UserId, now: DateTime<Utc>) -> Result<(), RepoError> {
        self.erase_audited(id, now, None)
    }

    /// [`Self::erase`], recording `audit` (when given) in the same transaction.
    #[allow(
        clippy::needless_lifetimes,
        reason = "the mock needs the lifetime named"
    )]
    fn erase_audited<'a>(
        &self,
        id: UserId,
        now: DateTime<Utc>,
        audit: Option<&'a AuditEntry>,
    ) -> Result<(), RepoError>;
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait SessionRepository: Send + Sync {
    /// Stores a new session and records the login time on its user.
    fn start(&self, session: &Session) -> Result<(), RepoError>;
    /// The session with its person, in one read (every signed-in request asks).
    /// Errors: `NotFound` (also when the person was erased), `Unavailable`.
    fn get(&self, id: SessionId) -> Result<(Session, User), RepoError>;
    fn touch(
        &self,
        id: SessionId,
        now: DateTime<Utc>,
        user_agent: Option<String>,
        ip: Option<String>,
    ) -> Result<(), RepoError>;
    fn revoke(&self, id: SessionId, now: DateTime<Utc>) -> Result<(), RepoError>;

    /// Opens (or re-opens) the admin area on a live session until `until`, recording
    /// `audit` in the same transaction. Errors: `NotFound` when the session has ended.
    fn open_admin(
        &self,
        id: SessionId,
        until: DateTime<Utc>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError>;

    /// Pushes back the end of an open admin session (never revives an ended one).
    fn extend_admin(&self, id: SessionId, until: DateTime<Utc>) -> Result<(), RepoError>;

    /// Closes the admin area on this session, keeping the sign-in.
    fn close_admin(&self, id: SessionId, audit: &AuditEntry) -> Result<(), RepoError>;
}
