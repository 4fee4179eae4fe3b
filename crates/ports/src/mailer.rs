//! Sending one email. Every email is first written to the outbox (email_deliveries) in the
//! same transaction as whatever caused it; a background worker hands due rows to a Mailer.

/// One email ready to send: both an HTML and a plain-text body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmailMessage {
    /// The outbox row's id: unique per email, stable across retries (used as the file name
    /// by the file mailbox and as a custom argument by SendGrid).
    pub id: String,
    pub from_email: String,
    pub from_name: String,
    pub to_email: String,
    pub to_name: Option<String>,
    pub subject: String,
    pub html_body: String,
    pub text_body: String,
}

/// The provider took the email.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Accepted {
    /// The provider's id for it, when it gives one (SendGrid's X-Message-Id).
    pub provider_message_id: Option<String>,
}

/// Why a send failed, and whether trying again later may help.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// Rate limited (429), provider trouble (5xx) or the network: retry with backoff.
    #[error("temporary failure: {0}")]
    Retryable(String),
    /// The provider refused the email (4xx other than 429): retrying cannot help.
    #[error("permanent failure: {0}")]
    Permanent(String),
}

#[cfg_attr(feature = "mock", mockall::automock)]
pub trait Mailer: Send + Sync {
    /// Sends one email. Blocking; never call on an async thread. The error text is stored in
    /// the outbox row and must not contain secrets (no API keys, no message bodies).
    fn send(&self, message: &EmailMessage) -> Result<Accepted, SendError>;
}
