//! A bulk email as members receive it: the admin's plain text in the shared layout (escaped,
//! blank lines making paragraphs, line breaks kept), then a personal unsubscribe link and a
//! link to the email preferences in the layout's footer.
use askama::filters::{Html, escape};
use playspace_domain::bulk_email::{BulkEmailContent, UNSUBSCRIBE_PURPOSE, paragraphs};
use playspace_domain::{OutgoingEmail, UserId};
use playspace_ports::{ComposeEmail, LinkSigner, Recipient, RepoError};

use crate::accounts::EmailSettings;
use crate::emails::{Bodies, EmailBodies, email_templates};

/// Stands where each person's unsubscribe link goes while the shared part is rendered once
/// (the store composes each person's email inside its transaction, where nothing can fail).
const LINK_SLOT: &str = "\u{0}unsubscribe\u{0}";

struct BulkEmail {
    subject: String,
    /// The admin's paragraphs, each a list of lines.
    paragraphs: Vec<Vec<String>>,
    unsubscribe_link: &'static str,
    preferences_link: String,
}
email_templates!(BulkEmail, "email/bulk_email.html", "email/bulk_email.txt");

/// One campaign's email with a slot for each person's unsubscribe link.
pub(crate) struct BulkEmailMessage<'a> {
    settings: &'a EmailSettings,
    links: &'a dyn LinkSigner,
    subject: String,
    html: (String, String),
    text: (String, String),
}

/// A rendered body split around the link slot; the footer follows the admin's text, so the
/// slot's last occurrence is ours.
fn split(body: String) -> (String, String) {
    match body.rsplit_once(LINK_SLOT) {
        Some((before, after)) => (before.to_owned(), after.to_owned()),
        None => (body, String::new()),
    }
}

impl<'a> BulkEmailMessage<'a> {
    pub(crate) fn new(
        settings: &'a EmailSettings,
        links: &'a dyn LinkSigner,
        content: &BulkEmailContent,
    ) -> Result<Self, RepoError> {
        let Bodies { html, text } = BulkEmail {
            subject: content.subject.clone(),
            paragraphs: paragraphs(&content.message)
                .into_iter()
                .map(|lines| lines.into_iter().map(str::to_owned).collect())
                .collect(),
            unsubscribe_link: LINK_SLOT,
            preferences_link: format!("{}/preferences", settings.public_url),
        }
        .bodies()?;
        Ok(Self {
            settings,
            links,
            subject: content.subject.clone(),
            html: split(html),
            text: split(text),
        })
    }

    pub(crate) fn subject(&self) -> &str {
        &self.subject
    }

    /// `{PUBLIC_URL}/unsubscribe?token=…`, signed for this person.
    pub(crate) fn unsubscribe_link(&self, user: UserId) -> String {
        format!(
            "{}/unsubscribe?token={}",
            self.settings.public_url,
            self.links.sign(UNSUBSCRIBE_PURPOSE, &user.to_string())
        )
    }

    /// The HTML and plain-text bodies for this person.
    pub(crate) fn bodies(&self, user: UserId) -> (String, String) {
        let link = self.unsubscribe_link(user);
        let Ok(escaped) = escape(&link, Html);
        let html = format!("{}{escaped}{}", self.html.0, self.html.1);
        let text = format!("{}{link}{}", self.text.0, self.text.1);
        (html, text)
    }
}

impl ComposeEmail for BulkEmailMessage<'_> {
    fn compose(&self, recipient: &Recipient) -> OutgoingEmail {
        let (html_body, text_body) = self.bodies(recipient.user_id);
        OutgoingEmail {
            from_email: self.settings.from_email.clone(),
            to_email: recipient.email.clone(),
            to_name: Some(recipient.name.clone()),
            subject: self.subject.clone(),
            html_body,
            text_body,
            email_type: "bulk",
            user_id: Some(recipient.user_id),
            booking_id: None,
            event_id: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;
    use crate::admin::testing::Mocks;

    fn content(message: &str) -> BulkEmailContent {
        BulkEmailContent {
            subject: "Winter <sessions>".into(),
            message: message.into(),
        }
    }

    #[test]
    fn plain_text_becomes_escaped_paragraphs_with_line_breaks() {
        let m = Mocks::new().with_plain_links();
        let settings = settings();
        let message = BulkEmailMessage::new(
            &settings,
            &m.links,
            &content("Hi <b>all</b> & friends,\r\n\r\nLine one\nLine two"),
        )
        .unwrap();
        let user = UserId::new();
        let (html, text) = message.bodies(user);
        assert!(html.contains("<h1 style=\"font-size:22px\">Winter &#60;sessions&#62;</h1>"));
        assert!(html.contains("<p>Hi &#60;b&#62;all&#60;/b&#62; &#38; friends,</p>"));
        assert!(html.contains("<p>Line one<br>Line two</p>"));
        assert!(html.contains(&format!(
            "href=\"https://playspace.test/unsubscribe?token=signed:unsubscribe:{user}\""
        )));
        assert!(html.contains("href=\"https://playspace.test/preferences\""));
        assert!(!html.contains('\u{0}'));
        assert!(text.starts_with("Hi <b>all</b> & friends,\n\nLine one\nLine two\n\n--\n"));
        assert!(text.contains(&format!(
            "Unsubscribe: https://playspace.test/unsubscribe?token=signed:unsubscribe:{user}\n"
        )));
        assert!(text.contains("Manage your email preferences: https://playspace.test/preferences"));
    }

    #[test]
    fn each_person_gets_their_own_link() {
        let m = Mocks::new().with_plain_links();
        let settings = settings();
        // Even a message that mentions the slot's text keeps it as text.
        let message =
            BulkEmailMessage::new(&settings, &m.links, &content("a \u{0}unsubscribe\u{0} b"))
                .unwrap();
        let (ana, jo) = (UserId::new(), UserId::new());
        let email = message.compose(&Recipient {
            user_id: ana,
            email: "ana@example.org".into(),
            name: "Ana".into(),
        });
        assert_eq!(email.email_type, "bulk");
        assert_eq!(email.user_id, Some(ana));
        assert_eq!(email.to_name.as_deref(), Some("Ana"));
        assert_eq!(email.subject, "Winter <sessions>");
        assert!(email.html_body.contains(&ana.to_string()));
        assert!(!message.bodies(jo).0.contains(&ana.to_string()));
    }
}
