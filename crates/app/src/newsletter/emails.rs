//! The newsletter's confirmation email, with an HTML and a plain-text body.
use playspace_domain::newsletter::CONFIRM_LINK_VALID_FOR;
use playspace_domain::{Email, OutgoingEmail};

use crate::accounts::EmailSettings;
use crate::accounts::emails::layout;

/// The link that confirms `email`'s subscription. No name: the address need not belong to
/// an account, and nothing else is known about whoever typed it.
pub(crate) fn confirmation(settings: &EmailSettings, email: &Email, token: &str) -> OutgoingEmail {
    let link = format!("{}/newsletter/confirm?token={token}", settings.public_url);
    let days = CONFIRM_LINK_VALID_FOR.num_days();
    OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: email.as_str().to_owned(),
        to_name: None,
        subject: "Please confirm your PlaySpace newsletter subscription".into(),
        html_body: layout(
            "Confirm your subscription",
            &[
                format!(
                    "Someone (hopefully you) asked to get the PlaySpace newsletter at this address: community stories, new sessions and news. Please confirm to start receiving it. The link works for {days} days."
                ),
                "If it wasn't you, ignore this email: you won't be subscribed.".into(),
            ],
            Some(("Confirm my subscription", &link)),
        ),
        text_body: format!(
            "Someone (hopefully you) asked to get the PlaySpace newsletter at this address.\nPlease confirm to start receiving it (the link works for {days} days):\n\n{link}\n\nIf it wasn't you, ignore this email: you won't be subscribed.\n"
        ),
        email_type: "newsletter_confirm",
        user_id: None,
        booking_id: None,
        event_id: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;

    #[test]
    fn the_link_points_at_the_confirm_page_and_carries_the_token() {
        let email = Email::parse("ana@example.org").unwrap();
        let mail = confirmation(&settings(), &email, "tok123");
        let link = "https://playspace.test/newsletter/confirm?token=tok123";
        assert!(mail.text_body.contains(link));
        assert!(mail.html_body.contains(link));
        assert!(mail.text_body.contains("7 days"));
        assert_eq!(mail.to_email, "ana@example.org");
        assert_eq!(
            (mail.email_type, mail.user_id),
            ("newsletter_confirm", None)
        );
    }
}
