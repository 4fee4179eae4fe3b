//! A message sent through the contact page.
use chrono::{DateTime, Utc};

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

const MAX_NAME_CHARS: usize = 100;
const MAX_MESSAGE_CHARS: usize = 5000;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ContactForm {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub subject: String,
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
    pub fn validate(self, now: DateTime<Utc>) -> Result<ContactMessage, FieldErrors> {
        let mut errors = FieldErrors::new();
        let first_name = errors.check(
            "firstName",
            text::required(&self.first_name, MAX_NAME_CHARS, "First name is required"),
        );
        let last_name = errors.check(
            "lastName",
            text::required(&self.last_name, MAX_NAME_CHARS, "Last name is required"),
        );
        let email = errors.check("email", Email::parse(&self.email));
        let subject = errors.check(
            "subject",
            CONTACT_SUBJECTS
                .into_iter()
                .find(|s| *s == self.subject.trim())
                .ok_or_else(|| ValidationError::new("Please choose a subject")),
        );
        let message = errors.check(
            "message",
            text::required(&self.message, MAX_MESSAGE_CHARS, "Message is required"),
        );
        match (first_name, last_name, email, subject, message) {
            (Some(first_name), Some(last_name), Some(email), Some(subject), Some(message)) => {
                Ok(ContactMessage {
                    id: ContactMessageId::new(),
                    first_name,
                    last_name,
                    email,
                    subject,
                    message,
                    created_at: now,
                })
            }
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
