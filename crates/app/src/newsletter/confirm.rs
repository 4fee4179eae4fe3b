use playspace_domain::newsletter::{CONFIRM_PURPOSE, confirm_link_subscriber};
use playspace_ports::{Clock, LinkSigner, NewsletterStore, RepoError};

use super::NewsletterError;

/// Confirms the subscription an emailed link names, while the link is fresh (7 days);
/// using it twice is fine. A link for an address that has unsubscribed since is invalid:
/// only a new subscription brings it back.
#[tracing::instrument(skip_all)]
pub fn confirm_newsletter_subscription(
    store: &dyn NewsletterStore,
    links: &dyn LinkSigner,
    clock: &dyn Clock,
    token: &str,
) -> Result<(), NewsletterError> {
    let now = clock.now();
    let id = links
        .verify(CONFIRM_PURPOSE, token.trim())
        .and_then(|subject| confirm_link_subscriber(&subject, now))
        .ok_or(NewsletterError::InvalidLink)?;
    store.confirm_newsletter(id, now).map_err(|e| match e {
        RepoError::NotFound => NewsletterError::InvalidLink,
        other => NewsletterError::Store(other),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;
    use playspace_domain::SubscriberId;
    use playspace_domain::newsletter::confirm_link_subject;
    use playspace_ports::{MockLinkSigner, MockNewsletterStore};
    use playspace_test_support::{FixedClock, test_now};

    fn links() -> MockLinkSigner {
        let mut links = MockLinkSigner::new();
        links.expect_verify().returning(|purpose, token| {
            token
                .strip_prefix(&format!("signed:{purpose}:"))
                .map(str::to_owned)
        });
        links
    }

    fn run(store: &MockNewsletterStore, token: &str) -> Result<(), NewsletterError> {
        confirm_newsletter_subscription(store, &links(), &FixedClock(test_now()), token)
    }

    #[test]
    fn a_fresh_link_confirms_its_subscriber() {
        let id = SubscriberId::new();
        let mut store = MockNewsletterStore::new();
        store
            .expect_confirm_newsletter()
            .withf(move |s, at| *s == id && *at == test_now())
            .times(1)
            .returning(|_, _| Ok(()));
        let subject = confirm_link_subject(id, test_now() - Duration::days(6));
        run(&store, &format!(" signed:newsletter-confirm:{subject} ")).unwrap();
    }

    #[test]
    fn bad_expired_or_foreign_links_never_reach_the_store() {
        let mut store = MockNewsletterStore::new();
        store.expect_confirm_newsletter().never();
        let id = SubscriberId::new();
        let expired = confirm_link_subject(id, test_now() - Duration::days(7));
        for token in [
            "garbage".to_owned(),
            format!("signed:newsletter-confirm:{expired}"),
            format!("signed:newsletter:{id}"),
            format!(
                "signed:unsubscribe:{}",
                confirm_link_subject(id, test_now())
            ),
        ] {
            assert!(
                matches!(run(&store, &token), Err(NewsletterError::InvalidLink)),
                "{token}"
            );
        }
    }

    #[test]
    fn a_link_for_an_address_that_left_is_invalid() {
        let mut store = MockNewsletterStore::new();
        store
            .expect_confirm_newsletter()
            .returning(|_, _| Err(RepoError::NotFound));
        let subject = confirm_link_subject(SubscriberId::new(), test_now());
        assert!(matches!(
            run(&store, &format!("signed:newsletter-confirm:{subject}")),
            Err(NewsletterError::InvalidLink)
        ));
    }
}
