use chrono::{DateTime, Utc};
use playspace_domain::admin::RecipientGroup;
use playspace_domain::{AuditEntry, CampaignId, OutgoingEmail, SubscriberId, UserId};

use crate::RepoError;

/// Who a bulk email's recipient is on its list, which decides their unsubscribe link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListMember {
    /// An account that agreed to marketing email (the spec's groups).
    Account(UserId),
    /// A confirmed newsletter address, which may have no account.
    Subscriber(SubscriberId),
}

/// One person a bulk email goes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipient {
    pub member: ListMember,
    pub email: String,
    /// The name to greet them by (their chosen name when they gave one); none for a
    /// newsletter address.
    pub name: Option<String>,
}

/// A bulk email about to be sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewCampaign {
    pub id: CampaignId,
    pub group: RecipientGroup,
    pub subject: String,
    pub message: String,
    pub sent_by: UserId,
    pub created_at: DateTime<Utc>,
}

/// A past bulk email with where its emails are now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignSummary {
    pub id: CampaignId,
    pub group: RecipientGroup,
    pub subject: String,
    pub sent_by: Option<UserId>,
    /// The sender's name as it is now ("Erased account" once erased).
    pub sent_by_name: Option<String>,
    pub created_at: DateTime<Utc>,
    /// How many people it was sent to.
    pub recipients: u32,
    pub delivered: u32,
    pub failed: u32,
    /// Waiting for a first or a further attempt.
    pub pending: u32,
}

/// Writes one recipient's copy of a bulk email (the store asks for each as it writes them,
/// so 20,000 copies never sit in memory at once).
pub trait ComposeEmail {
    fn compose(&self, recipient: &Recipient) -> OutgoingEmail;
}

/// Bulk emails and the marketing consent they depend on.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait BulkEmailStore: Send + Sync {
    /// In one transaction: the campaign row, one outbox email per recipient (written by
    /// `compose`, tagged with the campaign) and `audit` with a `recipients` detail added.
    /// Recipients are the live accounts of the campaign's group (`joined_after`,
    /// `verified`) that gave marketing consent or, for the newsletter group, the confirmed
    /// newsletter subscribers (each address once). Returns how many were sent.
    /// Errors: `Unavailable`.
    fn send_campaign(
        &self,
        campaign: &NewCampaign,
        audit: &AuditEntry,
        compose: &dyn ComposeEmail,
    ) -> Result<u32, RepoError>;

    /// The newest `limit` campaigns, newest first, with delivery counts.
    fn campaigns(&self, limit: u32) -> Result<Vec<CampaignSummary>, RepoError>;

    /// A live account's email address. Errors: `NotFound` (also once erased).
    fn marketing_address(&self, user: UserId) -> Result<String, RepoError>;

    /// Stops marketing email to a live account; doing it twice is not an error.
    /// Errors: `NotFound` (also once erased).
    fn withdraw_marketing_consent(&self, user: UserId) -> Result<(), RepoError>;

    /// Turns off a live account's session alerts (`notifications.recommendations.enabled`),
    /// leaving its other preferences as they are; doing it twice is not an error.
    /// Errors: `NotFound` (also once erased).
    fn stop_session_alerts(&self, user: UserId) -> Result<(), RepoError>;
}

/// Signs links that act without a sign-in (unsubscribe), so only links we made work.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait LinkSigner: Send + Sync {
    /// A URL-safe token proving `subject` for `purpose`.
    fn sign(&self, purpose: &str, subject: &str) -> String;
    /// The subject `token` was made for with `purpose`; `None` when it is garbage, tampered
    /// with, or made for another purpose. Compares in constant time.
    fn verify(&self, purpose: &str, token: &str) -> Option<String>;
}
