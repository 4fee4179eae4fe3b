//! The account emails, each with an HTML and a plain-text body.
use playspace_domain::signup::LINK_LIFETIME;
use playspace_domain::{Email, OutgoingEmail, User, UserId};
use playspace_ports::RepoError;

use crate::emails::{Bodies, EmailBodies, email_templates};

/// Who emails come from and where their links point.
#[derive(Clone, Debug)]
pub struct EmailSettings {
    pub from_email: String,
    pub from_name: String,
    /// The site's address without a trailing slash, e.g. "https://playspace.example".
    pub public_url: String,
}

fn email(
    settings: &EmailSettings,
    to: (&str, Option<&str>),
    user_id: Option<UserId>,
    kind: &'static str,
    subject: &str,
    data: &impl EmailBodies,
) -> Result<OutgoingEmail, RepoError> {
    let Bodies { html, text } = data.bodies()?;
    Ok(OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: to.0.to_owned(),
        to_name: to.1.map(str::to_owned),
        subject: subject.to_owned(),
        html_body: html,
        text_body: text,
        email_type: kind,
        user_id,
        booking_id: None,
        event_id: None,
    })
}

struct Welcome {
    name: String,
    events_link: String,
}
email_templates!(Welcome, "email/welcome.html", "email/welcome.txt");

pub(crate) fn welcome(settings: &EmailSettings, user: &User) -> Result<OutgoingEmail, RepoError> {
    let name = user.profile.greeting_name();
    email(
        settings,
        (user.email.as_str(), Some(name)),
        Some(user.id),
        "welcome",
        "Welcome to PlaySpace",
        &Welcome {
            name: name.to_owned(),
            events_link: format!("{}/events", settings.public_url),
        },
    )
}

struct Verify {
    link: String,
}
email_templates!(Verify, "email/verify.html", "email/verify.txt");

pub(crate) fn verify(
    settings: &EmailSettings,
    user: &User,
    token: &str,
) -> Result<OutgoingEmail, RepoError> {
    email(
        settings,
        (user.email.as_str(), Some(user.profile.greeting_name())),
        Some(user.id),
        "verify_email",
        "Please confirm your email address",
        &Verify {
            link: format!("{}/verify-email?token={token}", settings.public_url),
        },
    )
}

struct PasswordReset {
    link: String,
}
email_templates!(
    PasswordReset,
    "email/password_reset.html",
    "email/password_reset.txt"
);

pub(crate) fn password_reset(
    settings: &EmailSettings,
    user: &User,
    token: &str,
) -> Result<OutgoingEmail, RepoError> {
    email(
        settings,
        (user.email.as_str(), Some(user.profile.greeting_name())),
        Some(user.id),
        "password_reset",
        "Reset your PlaySpace password",
        &PasswordReset {
            link: format!("{}/reset-password?token={token}", settings.public_url),
        },
    )
}

struct FinishSignUp {
    link: String,
    hours: i64,
}
email_templates!(
    FinishSignUp,
    "email/signup_confirm.html",
    "email/signup_confirm.txt"
);

/// The link that finishes a sign-up, to its address. No name: the address has no account
/// yet, and whoever typed the form may not own it.
pub(crate) fn finish_sign_up(
    settings: &EmailSettings,
    address: &Email,
    token: &str,
) -> Result<OutgoingEmail, RepoError> {
    email(
        settings,
        (address.as_str(), None),
        None,
        "signup_confirm",
        "Confirm your email to finish signing up",
        &FinishSignUp {
            link: format!("{}/signup/confirm?token={token}", settings.public_url),
            hours: LINK_LIFETIME.num_hours(),
        },
    )
}

struct SignupAttempt {
    login_link: String,
    reset_link: String,
}
email_templates!(
    SignupAttempt,
    "email/signup_attempt.html",
    "email/signup_attempt.txt"
);

/// Sent to an address's owner when someone tries to sign up with it again, instead of
/// telling the person signing up that the address is taken. Composed before anyone looks
/// whether the address is taken, so it names nobody; the store makes it the owner's.
pub(crate) fn signup_attempt(
    settings: &EmailSettings,
    address: &Email,
) -> Result<OutgoingEmail, RepoError> {
    email(
        settings,
        (address.as_str(), None),
        None,
        "signup_attempt",
        "Someone tried to create a PlaySpace account with your email",
        &SignupAttempt {
            login_link: format!("{}/login", settings.public_url),
            reset_link: format!("{}/forgot-password", settings.public_url),
        },
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::accounts::testing::{settings, user};

    #[test]
    fn links_point_at_the_site_and_carry_the_token() {
        let mail = password_reset(&settings(), &user(), "tok123").unwrap();
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
    fn the_sign_up_link_names_nobody_and_says_how_long_it_works() {
        let address = Email::parse("Ana@Example.org").unwrap();
        let mail = finish_sign_up(&settings(), &address, "tok123").unwrap();
        let link = "https://playspace.test/signup/confirm?token=tok123";
        assert!(mail.text_body.contains(link) && mail.html_body.contains(link));
        assert!(mail.text_body.contains("24 hours"));
        assert_eq!(
            (mail.to_email.as_str(), mail.to_name, mail.user_id),
            ("ana@example.org", None, None)
        );
        assert_eq!(mail.email_type, "signup_confirm");
    }

    #[test]
    fn names_are_escaped_in_html() {
        let mut u = user();
        u.profile.first_name = "<b>Ana</b>".into();
        let mail = welcome(&settings(), &u).unwrap();
        assert!(
            mail.html_body
                .contains("Welcome, &#60;b&#62;Ana&#60;/b&#62;!")
        );
        assert!(mail.text_body.contains("Welcome, <b>Ana</b>!"));
    }
}
