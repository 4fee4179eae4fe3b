//! Signing up without telling anyone who has an account (ADR 0018). The form answers the
//! same whether or not its address is taken: a free address is kept as a pending sign-up
//! and sent a link, a taken one's owner is told someone tried. The account is made only
//! when the link is opened and the password chosen on the form is entered again, so whoever
//! makes it holds both the inbox and the password.
use chrono::{DateTime, Duration, Utc};

use crate::account::{Profile, Role, User};
use crate::email::Email;
use crate::ids::UserId;

/// The one answer to every valid sign-up, whether or not the address has an account.
pub const CHECK_INBOX: &str = "Check your inbox to finish signing up.";
/// The link was never sent, has expired, was used, or a newer sign-up replaced it.
pub const INVALID_LINK: &str = "This sign-up link has expired or is no longer valid. Please use the newest link we sent you, or sign up again.";
pub const PASSWORD_REQUIRED: &str = "Please enter the password you chose";
pub const WRONG_PASSWORD: &str =
    "That isn't the password you chose when you signed up. Please try again.";
/// The address got an account while the link waited: whoever opened it owns the inbox, so
/// telling them is no oracle.
pub const ALREADY_SIGNED_UP: &str =
    "There's already an account for this email address. Please log in.";

/// How long the link to finish signing up works. A sign-up not finished by then is deleted:
/// it can hold medical and accessibility details (the privacy page states the period; a test
/// holds the page to it).
pub const LINK_LIFETIME: Duration = Duration::hours(24);

/// A sign-up waiting for its address to be confirmed: the form as validated, where it came
/// from and when. (The password's hash and the link's token are kept beside it by the store.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingSignUp {
    pub email: Email,
    pub profile: Profile,
    /// The form's accessibility needs: the note of the account's access needs (ADR 0023).
    pub access_note: Option<String>,
    /// The address the form came from, kept on the account as its registration address.
    pub registration_ip: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

impl PendingSignUp {
    pub fn start(
        email: Email,
        profile: Profile,
        registration_ip: Option<String>,
        now: DateTime<Utc>,
    ) -> Self {
        Self {
            email,
            profile,
            access_note: None,
            registration_ip,
            created_at: now,
            expires_at: now + LINK_LIFETIME,
        }
    }

    /// The sign-up with the form's accessibility needs.
    pub fn with_access_note(self, access_note: Option<String>) -> Self {
        Self {
            access_note,
            ..self
        }
    }

    /// Whether its link still works at `now` (the store sweeps it once this is false).
    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        now < self.expires_at
    }

    /// The account its link makes at `now`: a member, signed in now, with the address
    /// verified, since opening the link proved the inbox.
    pub fn into_user(self, now: DateTime<Utc>) -> User {
        User {
            id: UserId::new(),
            email: self.email,
            role: Role::User,
            profile: self.profile,
            is_email_verified: true,
            profile_image_url: None,
            last_login: Some(now),
            created_at: now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        DateTime::<Utc>::UNIX_EPOCH + Duration::days(20_000)
    }

    fn pending() -> PendingSignUp {
        PendingSignUp::start(
            Email::parse("Ana@Example.org").unwrap(),
            Profile {
                first_name: "Ana".into(),
                last_name: "Silva".into(),
                medical_conditions: Some("Asthma".into()),
                ..Default::default()
            },
            Some("10.0.0.9".into()),
            now(),
        )
    }

    #[test]
    fn the_link_works_for_twenty_four_hours_and_not_a_moment_more() {
        let p = pending();
        assert_eq!(p.expires_at, now() + Duration::hours(24));
        assert!(p.is_live(now()));
        assert!(p.is_live(now() + Duration::hours(24) - Duration::milliseconds(1)));
        assert!(!p.is_live(now() + Duration::hours(24)));
    }

    #[test]
    fn the_account_is_a_verified_member_with_the_forms_details() {
        let later = now() + Duration::hours(3);
        let user = pending().into_user(later);
        assert_eq!(user.email.as_str(), "ana@example.org");
        assert_eq!(user.role, Role::User);
        assert!(user.is_email_verified, "opening the link proved the inbox");
        assert_eq!(user.profile.medical_conditions.as_deref(), Some("Asthma"));
        assert_eq!((user.created_at, user.last_login), (later, Some(later)));
        assert_ne!(
            pending().into_user(later).id,
            user.id,
            "each account its own id"
        );
    }
}
