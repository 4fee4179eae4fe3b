use chrono::{DateTime, Utc};
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::{AuditEntry, UserId};

use crate::RepoError;

/// An audit entry as the audit tab shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditRecord {
    pub id: String,
    pub user_id: Option<UserId>,
    /// The actor's name as it is now ("Erased account" once erased).
    pub user_name: Option<String>,
    pub action: String,
    pub resource_type: String,
    pub resource_id: Option<String>,
    /// A JSON object of strings.
    pub details: String,
    pub ip_address: Option<String>,
    pub user_agent: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// One page of the audit trail, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditPage {
    pub items: Vec<AuditRecord>,
    /// Set when older entries match too.
    pub next: Option<PageCursor>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditFilter {
    pub action: Option<String>,
    pub user_id: Option<UserId>,
}

/// The audit trail. Writes that change something record their entry in their own
/// transaction (each admin store method takes it); this records entries that stand alone,
/// such as a failed admin login.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait AuditLog: Send + Sync {
    fn record(&self, entry: &AuditEntry) -> Result<(), RepoError>;

    /// `limit` entries matching `filter`, newest first (by created_at, then id: entries of
    /// one instant keep one order), starting strictly after `after`.
    fn page(
        &self,
        filter: &AuditFilter,
        after: Option<PageCursor>,
        limit: u32,
    ) -> Result<AuditPage, RepoError>;

    /// The newest `limit` entries matching `filter`, newest first.
    fn latest(&self, filter: &AuditFilter, limit: u32) -> Result<Vec<AuditRecord>, RepoError> {
        Ok(self.page(filter, None, limit)?.items)
    }
}
