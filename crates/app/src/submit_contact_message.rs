use playspace_domain::{ContactForm, ContactMessage, FieldErrors};
use playspace_ports::{Clock, ContactRepository, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum SubmitContactError {
    #[error("invalid contact form: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Validates and keeps a message from the contact page.
#[tracing::instrument(skip_all)]
pub fn submit_contact_message(
    messages: &impl ContactRepository,
    clock: &impl Clock,
    form: ContactForm,
) -> Result<ContactMessage, SubmitContactError> {
    let message = form
        .validate(clock.now())
        .map_err(SubmitContactError::Invalid)?;
    messages.insert(&message)?;
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_ports::MockContactRepository;
    use playspace_test_support::{FixedClock, test_now};

    fn form() -> ContactForm {
        ContactForm {
            first_name: "Ana".into(),
            last_name: "Silva".into(),
            email: "ana@example.org".into(),
            subject: "general".into(),
            message: "Hello!".into(),
        }
    }

    #[test]
    fn stores_a_valid_message_stamped_now() {
        let mut repo = MockContactRepository::new();
        repo.expect_insert()
            .withf(|m| m.created_at == test_now() && m.first_name == "Ana")
            .times(1)
            .returning(|_| Ok(()));
        submit_contact_message(&repo, &FixedClock(test_now()), form()).unwrap();
    }

    #[test]
    fn invalid_forms_are_not_stored() {
        let mut repo = MockContactRepository::new();
        repo.expect_insert().never();
        let err = submit_contact_message(
            &repo,
            &FixedClock(test_now()),
            ContactForm {
                email: "x".into(),
                ..form()
            },
        );
        assert!(
            matches!(err, Err(SubmitContactError::Invalid(f)) if f.get("email") == Some("Invalid email address"))
        );
    }
}
