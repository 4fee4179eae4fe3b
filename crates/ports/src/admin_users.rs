use chrono::{DateTime, Utc};
use playspace_domain::admin::RoleChangeRefusal;
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::{AuditEntry, Email, OutgoingEmail, Role, UserId};

use crate::{NewUserRecord, RepoError, TokenRecord};

/// A person as the users tab shows them: no contact details beyond the email, nothing
/// medical, nothing about access needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdminUserRecord {
    pub id: UserId,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub role: Role,
    pub is_email_verified: bool,
    pub last_login: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// One page of the users tab: live (not erased) accounts, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserListQuery {
    /// Matches first name, last name or email, ignoring case, anywhere in the text.
    pub search: Option<String>,
    pub role: Option<Role>,
    /// Start after this row (the previous page's last).
    pub after: Option<PageCursor>,
    pub limit: u32,
}

/// One page of the users tab.
pub type UserPage = playspace_domain::page_cursor::Page<AdminUserRecord>;

/// The one field an inline edit changes, ready to store.
#[derive(Clone, Debug)]
pub enum UserChange {
    FirstName(String),
    LastName(String),
    /// A new address is unverified until its owner confirms it: `token` and `emails` (the
    /// verification email to the new address) are stored with the change.
    Email {
        email: Email,
        token: TokenRecord,
        emails: Vec<OutgoingEmail>,
    },
    Role(Role),
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AdminUserError {
    /// An id that is nobody's, or an erased account's.
    #[error("not found")]
    NotFound,
    /// Another live account has this email (ignoring case).
    #[error("email taken")]
    EmailTaken,
    /// The change would leave the site without an admin.
    #[error("{0}")]
    Refused(RoleChangeRefusal),
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for AdminUserError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => Self::NotFound,
            other => Self::Store(other),
        }
    }
}

/// The users tab's store. Every write records its audit entries in its own transaction and
/// is all-or-nothing. Whatever would leave no live admin is refused with
/// `Refused(LastAdmin)`, counted under a lock so two admins demoting each other at once
/// cannot both succeed.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait AdminUserStore: Send + Sync {
    /// Errors: `Unavailable`.
    fn list_users(&self, query: &UserListQuery) -> Result<UserPage, RepoError>;

    /// A live account. Errors: `NotFound`, `Unavailable`.
    fn admin_user(&self, id: UserId) -> Result<AdminUserRecord, RepoError>;

    /// Creates the account with its verification token and emails.
    /// Errors: `EmailTaken`, `Store`.
    fn create_user(
        &self,
        record: &NewUserRecord,
        token: &TokenRecord,
        emails: &[OutgoingEmail],
        audit: &AuditEntry,
    ) -> Result<(), AdminUserError>;

    /// Applies one change to a live account; a role change also closes the person's admin
    /// sessions, and its audit entry gets `from`, the role replaced, read in the same
    /// transaction. Errors: `NotFound`, `EmailTaken`, `Refused(LastAdmin)`, `Store`.
    fn update_user(
        &self,
        id: UserId,
        change: &UserChange,
        audit: &AuditEntry,
    ) -> Result<AdminUserRecord, AdminUserError>;

    /// Gives every named live account `role`, closing the admin sessions of those whose
    /// role changes and recording their entries from `audits` (one per person, matched by
    /// resource id), each with `from`, the role it replaced. Returns how many changed. Errors: `NotFound` when any is unknown or
    /// erased, `Refused(LastAdmin)`, `Store`.
    fn set_roles(
        &self,
        ids: &[UserId],
        role: Role,
        audits: &[AuditEntry],
    ) -> Result<u32, AdminUserError>;

    /// Erases every named live account exactly as self-service erasure does, in one
    /// transaction, recording `audits`. Errors: `NotFound` when any is unknown or already erased,
    /// `Refused(LastAdmin)`, `Store`.
    fn erase_users(
        &self,
        ids: &[UserId],
        audits: &[AuditEntry],
        now: DateTime<Utc>,
    ) -> Result<u32, AdminUserError>;
}
