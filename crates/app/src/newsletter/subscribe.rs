use playspace_domain::newsletter::{
    CONFIRM_PURPOSE, confirm_link_subject, confirmation_due, subscribe_address,
};
use playspace_ports::{Clock, LinkSigner, NewsletterStore, RepoError};

use super::{NewsletterError, emails};
use crate::accounts::EmailSettings;

/// Puts an address on the newsletter list as pending and emails it a link to confirm,
/// both in one transaction. An address already confirmed, or sent a link within the hour,
/// gets nothing, and the caller answers the same either way, so nobody learns from the
/// form whether an address is on the list.
#[tracing::instrument(skip_all)]
pub fn subscribe_to_newsletter(
    store: &dyn NewsletterStore,
    links: &dyn LinkSigner,
    clock: &dyn Clock,
    settings: &EmailSettings,
    address: &str,
) -> Result<(), NewsletterError> {
    let email = subscribe_address(address).map_err(NewsletterError::Invalid)?;
    let now = clock.now();
    let existing = store.newsletter_subscriber(&email)?;
    let Some(id) = confirmation_due(existing.as_ref(), now) else {
        return Ok(());
    };
    let token = links.sign(CONFIRM_PURPOSE, &confirm_link_subject(id, now));
    let confirmation = emails::confirmation(settings, &email, &token)?;
    match store.request_newsletter_confirmation(id, &email, &confirmation, now) {
        // A concurrent request for the same address sent its link (or it was confirmed).
        Ok(()) | Err(RepoError::Conflict) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;
    use chrono::Duration;
    use playspace_domain::SubscriberId;
    use playspace_domain::newsletter::{Subscriber, SubscriberStatus};
    use playspace_ports::{MockLinkSigner, MockNewsletterStore};
    use playspace_test_support::{FixedClock, test_now};

    fn links() -> MockLinkSigner {
        let mut links = MockLinkSigner::new();
        links
            .expect_sign()
            .returning(|purpose, subject| format!("signed:{purpose}:{subject}"));
        links
    }

    fn run(store: &MockNewsletterStore, address: &str) -> Result<(), NewsletterError> {
        subscribe_to_newsletter(
            store,
            &links(),
            &FixedClock(test_now()),
            &settings(),
            address,
        )
    }

    #[test]
    fn a_new_address_is_sent_a_link_signed_for_confirming() {
        let mut store = MockNewsletterStore::new();
        store.expect_newsletter_subscriber().returning(|_| Ok(None));
        store
            .expect_request_newsletter_confirmation()
            .withf(|id, email, mail, at| {
                let subject = confirm_link_subject(*id, test_now());
                email.as_str() == "ana@example.org"
                    && mail.to_email == "ana@example.org"
                    && mail
                        .text_body
                        .contains(&format!("token=signed:newsletter-confirm:{subject}"))
                    && *at == test_now()
            })
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        run(&store, " Ana@Example.org ").unwrap();
    }

    #[test]
    fn a_confirmed_address_gets_nothing_and_no_error() {
        let mut store = MockNewsletterStore::new();
        store.expect_newsletter_subscriber().returning(|_| {
            Ok(Some(Subscriber {
                id: SubscriberId::new(),
                status: SubscriberStatus::Confirmed,
                confirmation_sent_at: test_now() - Duration::days(30),
            }))
        });
        store.expect_request_newsletter_confirmation().never();
        run(&store, "ana@example.org").unwrap();
    }

    #[test]
    fn a_lost_race_is_the_same_answer() {
        let mut store = MockNewsletterStore::new();
        store.expect_newsletter_subscriber().returning(|_| Ok(None));
        store
            .expect_request_newsletter_confirmation()
            .returning(|_, _, _, _| Err(RepoError::Conflict));
        run(&store, "ana@example.org").unwrap();
    }

    #[test]
    fn a_bad_address_is_the_forms_error_and_touches_nothing() {
        let mut store = MockNewsletterStore::new();
        store.expect_newsletter_subscriber().never();
        let Err(NewsletterError::Invalid(errors)) = run(&store, "ana@") else {
            panic!("refused");
        };
        assert_eq!(errors.get("email"), Some("Invalid email address"));
    }
}
