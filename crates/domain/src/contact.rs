//! A message sent through the contact page.
use chrono::{DateTime, Utc};
use validator::Validate;

use crate::email::Email;
use crate::ids::ContactMessageId;
use crate::text;
use crate::validation::{FieldErrors, ValidationError};

/// The contact form's subjects, in the order the form lists them.
pub const CONTACT_SUBJECTS: [&str; 6] = [
    "general",
    "membership",
    "events",
    "accessibility",
    "partnership",
    "feedback",
];

const MAX_NAME_CHARS: u64 = 100;
const MAX_MESSAGE_CHARS: u64 = 5000;

/// The contact form as received. The address becomes an [`Email`] and the subject one of
/// [`CONTACT_SUBJECTS`] in [`ContactForm::validate`]; the other rules are declared here.
#[derive(Clone, Debug, Default, PartialEq, Eq, Validate)]
pub struct ContactForm {
    #[validate(
        length(max = MAX_NAME_CHARS),
        custom(function = "text::filled", message = "First name is required"),
        custom(function = "text::no_controls")
    )]
    pub first_name: String,
    #[validate(
        length(max = MAX_NAME_CHARS),
        custom(function = "text::filled", message = "Last name is required"),
        custom(function = "text::no_controls")
    )]
    pub last_name: String,
    pub email: String,
    pub subject: String,
    #[validate(
        length(max = MAX_MESSAGE_CHARS),
        custom(function = "text::filled", message = "Message is required"),
        custom(function = "text::no_controls")
    )]
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContactMessage {
    pub id: ContactMessageId,
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub subject: &'static str,
    pub message: String,
    pub created_at: DateTime<Utc>,
}

impl ContactForm {
    /// Checks every field and reports all problems at once, by the form's field names.
    pub fn validate(mut self, now: DateTime<Utc>) -> Result<ContactMessage, FieldErrors> {
        for field in [
            &mut self.first_name,
            &mut self.last_name,
            &mut self.subject,
            &mut self.message,
        ] {
            text::trim(field);
        }
        let mut errors = FieldErrors::from_rules(&self);
        let email = errors.check("email", Email::parse(&self.email));
        let subject = errors.check(
            "subject",
            CONTACT_SUBJECTS
                .into_iter()
                .find(|s| *s == self.subject)
                .ok_or_else(|| ValidationError::new("Please choose a subject")),
        );
        match (email, subject) {
            (Some(email), Some(subject)) if errors.is_empty() => Ok(ContactMessage {
                id: ContactMessageId::new(),
                first_name: self.first_name,
                last_name: self.last_name,
                email,
                subject,
                message: self.message,
                created_at: now,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> ContactForm {
        ContactForm {
            first_name: " Ana ".into(),
            last_name: "Silva".into(),
            email: "ana@example.org".into(),
            subject: "accessibility".into(),
            message: "Is the changing room step-free?".into(),
        }
    }

    #[test]
    fn a_complete_form_becomes_a_message() {
        let now = Utc::now();
        let message = form().validate(now).unwrap();
        assert_eq!(message.first_name, "Ana");
        assert_eq!(message.subject, "accessibility");
        assert_eq!(message.created_at, now);
    }

    #[test]
    fn every_missing_field_is_named_with_its_message() {
        let errors = ContactForm::default().validate(Utc::now()).unwrap_err();
        assert_eq!(errors.get("firstName"), Some("First name is required"));
        assert_eq!(errors.get("lastName"), Some("Last name is required"));
        assert_eq!(errors.get("email"), Some("Invalid email address"));
        assert_eq!(errors.get("subject"), Some("Please choose a subject"));
        assert_eq!(errors.get("message"), Some("Message is required"));
    }

    #[test]
    fn names_are_bounded_and_plain_and_blank_is_missing() {
        let errors = ContactForm {
            first_name: "x".repeat(101),
            last_name: "Silva\u{2066}".into(),
            message: "  \n ".into(),
            ..form()
        }
        .validate(Utc::now())
        .unwrap_err();
        assert_eq!(
            errors.get("firstName"),
            Some("Must be at most 100 characters")
        );
        assert_eq!(errors.get("lastName"), Some(text::CONTROL_MESSAGE));
        assert_eq!(errors.get("message"), Some("Message is required"));
        assert!(
            ContactForm {
                first_name: "x".repeat(100),
                message: format!(" {} ", "x".repeat(5000)),
                ..form()
            }
            .validate(Utc::now())
            .is_ok()
        );
    }

    #[test]
    fn unknown_subjects_and_overlong_text_are_refused() {
        let errors = ContactForm {
            subject: "spam".into(),
            message: "x".repeat(5001),
            ..form()
        }
        .validate(Utc::now())
        .unwrap_err();
        assert_eq!(errors.get("subject"), Some("Please choose a subject"));
        assert_eq!(
            errors.get("message"),
            Some("Must be at most 5000 characters")
        );
        assert_eq!(errors.get("firstName"), None);
    }
}
