//! Bulk emails from the emails tab: what an admin must fill in, how a plain-text message is
//! laid out, and the unsubscribe link every one of them carries. A bulk email is not about
//! a booking, so it goes only to people who agreed to marketing email (PECR).
use crate::admin::{MISSING_FIELDS, RecipientGroup};
use crate::text;
use crate::validation::{FieldErrors, ValidationError};

pub const SUBJECT_MAX_CHARS: usize = 200;
pub const MESSAGE_MAX_CHARS: usize = 20_000;
pub const GROUP_MESSAGE: &str = "Please choose a recipient group";
pub const SUBJECT_TOO_LONG: &str = "Subject must be at most 200 characters";
pub const SUBJECT_ONE_LINE: &str = "Subject must be on one line";
pub const MESSAGE_TOO_LONG: &str = "Message must be at most 20,000 characters";
/// What an unsubscribe link's signature covers besides the person, so a signature made for
/// another purpose never works here.
pub const UNSUBSCRIBE_PURPOSE: &str = "unsubscribe";
pub const INVALID_UNSUBSCRIBE_LINK: &str =
    "This unsubscribe link is not valid. Please use the link from your most recent email.";
pub const UNSUBSCRIBED: &str = "You will no longer receive marketing emails from PlaySpace.";

/// The lists an unsubscribe link can take a person off. Which one is bound into the link's
/// signature (its purpose), so a link for one never works for the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MailingList {
    /// Bulk emails from the emails tab.
    Marketing,
    /// Session-alert digests (ADR 0015).
    SessionAlerts,
    /// The blog's newsletter, for confirmed subscribers (who need not have an account).
    Newsletter,
}

impl MailingList {
    /// How the API names the list: "marketing", "session-alerts" or "newsletter".
    pub fn label(self) -> &'static str {
        match self {
            Self::Marketing => "marketing",
            Self::SessionAlerts => crate::digest::SESSION_ALERTS_PURPOSE,
            Self::Newsletter => crate::newsletter::UNSUBSCRIBE_PURPOSE,
        }
    }

    /// What the person is told once they are off the list.
    pub fn unsubscribed_message(self) -> &'static str {
        match self {
            Self::Marketing => UNSUBSCRIBED,
            Self::SessionAlerts => crate::digest::ALERTS_UNSUBSCRIBED,
            Self::Newsletter => crate::newsletter::NEWSLETTER_UNSUBSCRIBED,
        }
    }
}

/// The email form as received.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BulkEmailForm {
    pub recipient_group: String,
    pub subject: String,
    pub message: String,
}

/// A subject and message fit to send (or preview).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BulkEmailContent {
    pub subject: String,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BulkEmailRefusal {
    /// The spec's 'Please fill in all fields'.
    #[error("{}", MISSING_FIELDS)]
    MissingFields,
    #[error("{0}")]
    Invalid(FieldErrors),
}

/// Checks a subject and message: both present, the subject one line of at most 200
/// characters, the message at most 20,000.
pub fn content(subject: &str, message: &str) -> Result<BulkEmailContent, BulkEmailRefusal> {
    let (subject, message) = (subject.trim(), message.trim());
    if subject.is_empty() || message.is_empty() {
        return Err(BulkEmailRefusal::MissingFields);
    }
    let mut e = FieldErrors::new();
    if subject.contains(['\r', '\n']) {
        e.add("subject", ValidationError::new(SUBJECT_ONE_LINE));
    } else if subject.chars().count() > SUBJECT_MAX_CHARS {
        e.add("subject", ValidationError::new(SUBJECT_TOO_LONG));
    } else if let Err(error) = text::plain(subject) {
        e.add("subject", error);
    }
    if message.chars().count() > MESSAGE_MAX_CHARS {
        e.add("message", ValidationError::new(MESSAGE_TOO_LONG));
    } else if let Err(error) = text::plain(message) {
        e.add("message", error);
    }
    e.into_result().map_err(BulkEmailRefusal::Invalid)?;
    Ok(BulkEmailContent {
        subject: subject.to_owned(),
        message: message.to_owned(),
    })
}

impl BulkEmailForm {
    /// Every field must be filled in (else the spec's one message); then the group must be
    /// one of the groups and the content must pass [`content`].
    pub fn validate(self) -> Result<(RecipientGroup, BulkEmailContent), BulkEmailRefusal> {
        if self.recipient_group.trim().is_empty() {
            return Err(BulkEmailRefusal::MissingFields);
        }
        let content = content(&self.subject, &self.message)?;
        let group = self.recipient_group.trim().parse().map_err(|_| {
            let mut e = FieldErrors::new();
            e.add("recipientGroup", ValidationError::new(GROUP_MESSAGE));
            BulkEmailRefusal::Invalid(e)
        })?;
        Ok((group, content))
    }
}

/// A plain-text message as paragraphs of lines: blank lines separate paragraphs, single
/// line breaks stay within one. Lines keep their text exactly (escaping is the layout's).
pub fn paragraphs(message: &str) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in message.lines() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// An address as an unsubscribe page may show it to whoever holds the link:
/// "a***@example.org".
pub fn mask_email(email: &str) -> String {
    match email.rsplit_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}***@{domain}")
        }
        None => "***".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> BulkEmailForm {
        BulkEmailForm {
            recipient_group: "verified".into(),
            subject: " Winter sessions ".into(),
            message: "Hello!\n\nNew times.".into(),
        }
    }

    #[test]
    fn invisible_controls_are_refused() {
        let Err(BulkEmailRefusal::Invalid(errors)) = content("Hi\u{202E}", "Body\0") else {
            panic!("refused");
        };
        assert_eq!(errors.get("subject"), Some(text::CONTROL_MESSAGE));
        assert_eq!(errors.get("message"), Some(text::CONTROL_MESSAGE));
    }

    #[test]
    fn a_complete_form_passes() {
        let (group, content) = form().validate().unwrap();
        assert_eq!(group, RecipientGroup::Verified);
        assert_eq!(content.subject, "Winter sessions");
    }

    #[test]
    fn the_newsletter_group_is_accepted() {
        let (group, _) = BulkEmailForm {
            recipient_group: " newsletter ".into(),
            ..form()
        }
        .validate()
        .unwrap();
        assert_eq!(group, RecipientGroup::Newsletter);
    }

    #[test]
    fn any_missing_field_gets_the_specs_one_message() {
        for f in [
            BulkEmailForm {
                recipient_group: "".into(),
                ..form()
            },
            BulkEmailForm {
                subject: "  ".into(),
                ..form()
            },
            BulkEmailForm {
                message: "".into(),
                ..form()
            },
        ] {
            let err = f.validate().unwrap_err();
            assert_eq!(err, BulkEmailRefusal::MissingFields);
            assert_eq!(err.to_string(), "Please fill in all fields");
        }
    }

    #[test]
    fn group_subject_and_message_limits() {
        let field = |f: BulkEmailForm, name: &str| match f.validate() {
            Err(BulkEmailRefusal::Invalid(e)) => e.get(name).map(str::to_owned),
            other => panic!("{other:?}"),
        };
        let everyone = BulkEmailForm {
            recipient_group: "everyone".into(),
            ..form()
        };
        assert_eq!(
            field(everyone, "recipientGroup").as_deref(),
            Some(GROUP_MESSAGE)
        );
        let two_lines = BulkEmailForm {
            subject: "Hi\r\nBcc: x@example.org".into(),
            ..form()
        };
        assert_eq!(
            field(two_lines, "subject").as_deref(),
            Some(SUBJECT_ONE_LINE)
        );
        let long = BulkEmailForm {
            subject: "é".repeat(201),
            ..form()
        };
        assert_eq!(field(long, "subject").as_deref(), Some(SUBJECT_TOO_LONG));
        assert!(
            content(&"é".repeat(200), &"x".repeat(20_000)).is_ok(),
            "limits count characters"
        );
        let long = BulkEmailForm {
            message: "x".repeat(20_001),
            ..form()
        };
        assert_eq!(field(long, "message").as_deref(), Some(MESSAGE_TOO_LONG));
    }

    #[test]
    fn blank_lines_make_paragraphs_and_line_breaks_stay() {
        assert_eq!(
            paragraphs("Hi all,\r\n\r\n\r\nLine one\nLine two\n  \nBye"),
            vec![vec!["Hi all,"], vec!["Line one", "Line two"], vec!["Bye"]]
        );
        assert!(paragraphs("\n\n").is_empty());
    }

    #[test]
    fn addresses_are_masked() {
        assert_eq!(mask_email("ana.silva@example.org"), "a***@example.org");
        assert_eq!(mask_email("é@example.org"), "é***@example.org");
        assert_eq!(mask_email("nonsense"), "***");
    }
}
