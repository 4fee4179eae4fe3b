//! The newsletter's confirmation email, with an HTML and a plain-text body.
use playspace_domain::newsletter::CONFIRM_LINK_VALID_FOR;
use playspace_domain::{Email, OutgoingEmail};
use playspace_ports::RepoError;

use crate::accounts::EmailSettings;
use crate::emails::{Bodies, EmailBodies, email_templates};

struct Confirm {
    link: String,
    days: i64,
}
email_templates!(
    Confirm,
    "email/newsletter_confirm.html",
    "email/newsletter_confirm.txt"
);

/// The link that confirms `email`'s subscription. No name: the address need not belong to
/// an account, and nothing else is known about whoever typed it.
pub(crate) fn confirmation(
    settings: &EmailSettings,
    email: &Email,
    token: &str,
) -> Result<OutgoingEmail, RepoError> {
    let Bodies { html, text } = Confirm {
        link: format!("{}/newsletter/confirm?token={token}", settings.public_url),
        days: CONFIRM_LINK_VALID_FOR.num_days(),
    }
    .bodies()?;
    Ok(OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: email.as_str().to_owned(),
        to_name: None,
        subject: "Please confirm your PlaySpace newsletter subscription".into(),
        html_body: html,
        text_body: text,
        email_type: "newsletter_confirm",
        user_id: None,
        booking_id: None,
        event_id: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;

    #[test]
    fn the_link_points_at_the_confirm_page_and_carries_the_token() {
        let email = Email::parse("ana@example.org").unwrap();
        let mail = confirmation(&settings(), &email, "tok123").unwrap();
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
