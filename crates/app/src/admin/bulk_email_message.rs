//! A bulk email as members receive it: the admin's plain text in the shared layout (escaped,
//! blank lines making paragraphs, line breaks kept), then a personal unsubscribe link and a
//! link to the email preferences in the layout's footer. A newsletter subscriber's link takes
//! their address off the newsletter, and they get no preferences link (they may have no
//! account).
use askama::filters::{Html, escape};
use playspace_domain::OutgoingEmail;
use playspace_domain::bulk_email::{BulkEmailContent, UNSUBSCRIBE_PURPOSE, paragraphs};
use playspace_domain::newsletter;
use playspace_ports::{ComposeEmail, LinkSigner, ListMember, Recipient, RepoError};

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
    preferences_link: Option<String>,
}
email_templates!(BulkEmail, "email/bulk_email.html", "email/bulk_email.txt");

/// Which list a campaign's email is for: accounts that agreed to marketing, or the newsletter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Audience {
    Accounts,
    Newsletter,
}

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
        audience: Audience,
    ) -> Result<Self, RepoError> {
        let Bodies { html, text } = BulkEmail {
            subject: content.subject.clone(),
            paragraphs: paragraphs(&content.message)
                .into_iter()
                .map(|lines| lines.into_iter().map(str::to_owned).collect())
                .collect(),
            unsubscribe_link: LINK_SLOT,
            preferences_link: (audience == Audience::Accounts)
                .then(|| format!("{}/preferences", settings.public_url)),
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

    /// `{PUBLIC_URL}/unsubscribe?token=…`, signed for this member of this list.
    pub(crate) fn unsubscribe_link(&self, member: ListMember) -> String {
        let token = match member {
            ListMember::Account(user) => self.links.sign(UNSUBSCRIBE_PURPOSE, &user.to_string()),
            ListMember::Subscriber(id) => self
                .links
                .sign(newsletter::UNSUBSCRIBE_PURPOSE, &id.to_string()),
        };
        format!("{}/unsubscribe?token={token}", self.settings.public_url)
    }

    /// The HTML and plain-text bodies for this member.
    pub(crate) fn bodies(&self, member: ListMember) -> (String, String) {
        let link = self.unsubscribe_link(member);
        let Ok(escaped) = escape(&link, Html);
        let html = format!("{}{escaped}{}", self.html.0, self.html.1);
        let text = format!("{}{link}{}", self.text.0, self.text.1);
        (html, text)
    }
}

impl ComposeEmail for BulkEmailMessage<'_> {
    fn compose(&self, recipient: &Recipient) -> OutgoingEmail {
        let (html_body, text_body) = self.bodies(recipient.member);
        let user_id = match recipient.member {
            ListMember::Account(user) => Some(user),
            ListMember::Subscriber(_) => None,
        };
        OutgoingEmail {
            from_email: self.settings.from_email.clone(),
            to_email: recipient.email.clone(),
            to_name: recipient.name.clone(),
            subject: self.subject.clone(),
            html_body,
            text_body,
            email_type: "bulk",
            user_id,
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
    use playspace_domain::{SubscriberId, UserId};

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
            Audience::Accounts,
        )
        .unwrap();
        let user = UserId::new();
        let (html, text) = message.bodies(ListMember::Account(user));
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
        let message = BulkEmailMessage::new(
            &settings,
            &m.links,
            &content("a \u{0}unsubscribe\u{0} b"),
            Audience::Accounts,
        )
        .unwrap();
        let (ana, jo) = (UserId::new(), UserId::new());
        let email = message.compose(&Recipient {
            member: ListMember::Account(ana),
            email: "ana@example.org".into(),
            name: Some("Ana".into()),
        });
        assert_eq!(email.email_type, "bulk");
        assert_eq!(email.user_id, Some(ana));
        assert_eq!(email.to_name.as_deref(), Some("Ana"));
        assert_eq!(email.subject, "Winter <sessions>");
        assert!(email.html_body.contains(&ana.to_string()));
        assert!(
            !message
                .bodies(ListMember::Account(jo))
                .0
                .contains(&ana.to_string())
        );
    }

    #[test]
    fn a_newsletter_subscriber_gets_a_newsletter_link_and_no_preferences_link() {
        let m = Mocks::new().with_plain_links();
        let settings = settings();
        let message =
            BulkEmailMessage::new(&settings, &m.links, &content("News"), Audience::Newsletter)
                .unwrap();
        let id = SubscriberId::new();
        let email = message.compose(&Recipient {
            member: ListMember::Subscriber(id),
            email: "reader@example.org".into(),
            name: None,
        });
        assert_eq!(email.email_type, "bulk");
        assert_eq!(email.user_id, None);
        assert_eq!(email.to_name, None);
        let link = format!("https://playspace.test/unsubscribe?token=signed:newsletter:{id}");
        assert!(email.html_body.contains(&format!("href=\"{link}\"")));
        assert!(email.text_body.contains(&format!("Unsubscribe: {link}\n")));
        assert!(!email.html_body.contains("/preferences"));
        assert!(!email.text_body.contains("/preferences"));
        assert!(!email.text_body.contains("signed:unsubscribe:"));
    }
}
