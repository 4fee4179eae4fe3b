//! The account emails, each with an HTML and a plain-text body.
use playspace_domain::{OutgoingEmail, User, UserId};

/// Who emails come from and where their links point.
#[derive(Clone, Debug)]
pub struct EmailSettings {
    pub from_email: String,
    pub from_name: String,
    /// The site's address without a trailing slash, e.g. "https://playspace.example".
    pub public_url: String,
}

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Wraps paragraphs and an optional button in the shared, accessible layout.
pub(crate) fn layout(heading: &str, paragraphs: &[String], button: Option<(&str, &str)>) -> String {
    let mut body = format!(
        "<!doctype html><html lang=\"en-GB\"><body style=\"margin:0;background:#fffaf3;font-family:Arial,sans-serif;color:#1f2937\">\
<div style=\"max-width:560px;margin:0 auto;padding:32px 24px\"><h1 style=\"font-size:22px\">{}</h1>",
        escape(heading)
    );
    for p in paragraphs {
        body.push_str(&format!(
            "<p style=\"font-size:16px;line-height:1.5\">{p}</p>"
        ));
    }
    if let Some((label, url)) = button {
        body.push_str(&format!(
            "<p><a href=\"{}\" style=\"display:inline-block;background:#b4432c;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold\">{}</a></p>\
<p style=\"font-size:14px\">Or copy this link into your browser: {}</p>",
            escape(url),
            escape(label),
            escape(url)
        ));
    }
    body.push_str("<p style=\"font-size:13px;color:#6b7280\">PlaySpace is a Community Interest Company registered in England &amp; Wales.</p></div></body></html>");
    body
}

fn email(
    settings: &EmailSettings,
    to: (&str, Option<&str>),
    user_id: Option<UserId>,
    kind: &'static str,
    subject: &str,
    html_body: String,
    text_body: String,
) -> OutgoingEmail {
    OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: to.0.to_owned(),
        to_name: to.1.map(str::to_owned),
        subject: subject.to_owned(),
        html_body,
        text_body,
        email_type: kind,
        user_id,
        booking_id: None,
        event_id: None,
    }
}

pub(crate) fn welcome(settings: &EmailSettings, user: &User) -> OutgoingEmail {
    let name = user.profile.greeting_name();
    let events = format!("{}/events", settings.public_url);
    email(
        settings,
        (user.email.as_str(), Some(name)),
        Some(user.id),
        "welcome",
        "Welcome to PlaySpace",
        layout(
            &format!("Welcome, {name}!"),
            &[
                "Thank you for joining PlaySpace: inclusive, community-led sport across London for every body and every level.".into(),
                "Browse upcoming sessions, book a place, and tell us about any access needs: we keep them private and use them only to welcome you properly.".into(),
            ],
            Some(("Find a session", &events)),
        ),
        format!(
            "Welcome, {name}!\n\nThank you for joining PlaySpace: inclusive, community-led sport across London for every body and every level.\n\nFind a session: {events}\n"
        ),
    )
}

pub(crate) fn verify(settings: &EmailSettings, user: &User, token: &str) -> OutgoingEmail {
    let link = format!("{}/verify-email?token={token}", settings.public_url);
    email(
        settings,
        (user.email.as_str(), Some(user.profile.greeting_name())),
        Some(user.id),
        "verify_email",
        "Please confirm your email address",
        layout(
            "Confirm your email address",
            &["Please confirm this is your email address so we can send you booking confirmations and reminders. The link works for 48 hours.".into()],
            Some(("Confirm my email", &link)),
        ),
        format!("Please confirm your email address for PlaySpace (the link works for 48 hours):\n\n{link}\n"),
    )
}

pub(crate) fn password_reset(settings: &EmailSettings, user: &User, token: &str) -> OutgoingEmail {
    let link = format!("{}/reset-password?token={token}", settings.public_url);
    email(
        settings,
        (user.email.as_str(), Some(user.profile.greeting_name())),
        Some(user.id),
        "password_reset",
        "Reset your PlaySpace password",
        layout(
            "Reset your password",
            &[
                "Someone (hopefully you) asked to reset the password for this PlaySpace account. The link works once, for one hour.".into(),
                "If it wasn't you, you can ignore this email: your password stays the same.".into(),
            ],
            Some(("Choose a new password", &link)),
        ),
        format!(
            "Someone (hopefully you) asked to reset the password for this PlaySpace account.\nThe link works once, for one hour:\n\n{link}\n\nIf it wasn't you, ignore this email: your password stays the same.\n"
        ),
    )
}

/// Sent to an address's owner when someone tries to sign up with it again, instead of
/// telling the person signing up that the address is taken.
pub(crate) fn signup_attempt(settings: &EmailSettings, owner: &User) -> OutgoingEmail {
    let login = format!("{}/login", settings.public_url);
    let reset = format!("{}/forgot-password", settings.public_url);
    email(
        settings,
        (owner.email.as_str(), None),
        Some(owner.id),
        "signup_attempt",
        "Someone tried to create a PlaySpace account with your email",
        layout(
            "You already have an account",
            &[
                "Someone just tried to create a new PlaySpace account with this email address. If that was you, you already have an account: log in instead.".into(),
                format!("Forgotten your password? <a href=\"{}\">Reset it here</a>. If it wasn't you, no action is needed.", escape(&reset)),
            ],
            Some(("Log in", &login)),
        ),
        format!(
            "Someone just tried to create a new PlaySpace account with this email address.\nIf that was you, you already have an account: log in at {login}\nForgotten your password? {reset}\nIf it wasn't you, no action is needed.\n"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};

    #[test]
    fn links_point_at_the_site_and_carry_the_token() {
        let mail = password_reset(&settings(), &user(), "tok123");
        assert!(
            mail.text_body
                .contains("https://playspace.test/reset-password?token=tok123")
        );
        assert!(
            mail.html_body
                .contains("https://playspace.test/reset-password?token=tok123")
        );
        assert_eq!(mail.to_email, "ana@example.org");
        assert_eq!(mail.from_email, "hello@playspace.test");
    }

    #[test]
    fn names_are_escaped_in_html() {
        let mut u = user();
        u.profile.first_name = "<b>Ana</b>".into();
        let mail = welcome(&settings(), &u);
        assert!(mail.html_body.contains("Welcome, &lt;b&gt;Ana&lt;/b&gt;!"));
        assert!(mail.text_body.contains("Welcome, <b>Ana</b>!"));
    }
}
