//! Unsubscribe links: anyone holding a link signed for a person may see their address
//! (masked) and take them off the list the link is for, without signing in. Marketing
//! links stop bulk email; session-alert links (which expire) turn off session alerts;
//! newsletter links take an address (not necessarily an account) off the newsletter.
use playspace_domain::bulk_email::{
    INVALID_UNSUBSCRIBE_LINK, MailingList, UNSUBSCRIBE_PURPOSE, mask_email,
};
use playspace_domain::digest::{SESSION_ALERTS_PURPOSE, alert_link_person};
use playspace_domain::newsletter;
use playspace_domain::{SubscriberId, UserId};
use playspace_ports::{BulkEmailStore, Clock, LinkSigner, NewsletterStore, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum UnsubscribeError {
    /// Garbage, tampered with, made for something else, expired, or for an erased account.
    #[error("{}", INVALID_UNSUBSCRIBE_LINK)]
    InvalidToken,
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for UnsubscribeError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => Self::InvalidToken,
            other => Self::Store(other),
        }
    }
}

/// What a link is for: a list, and the account or newsletter address to take off it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Link {
    Marketing(UserId),
    SessionAlerts(UserId),
    Newsletter(SubscriberId),
}

impl Link {
    fn list(self) -> MailingList {
        match self {
            Self::Marketing(_) => MailingList::Marketing,
            Self::SessionAlerts(_) => MailingList::SessionAlerts,
            Self::Newsletter(_) => MailingList::Newsletter,
        }
    }
}

/// What a link is for: its signature verifies under exactly one list's purpose.
fn link(links: &dyn LinkSigner, clock: &dyn Clock, token: &str) -> Result<Link, UnsubscribeError> {
    let token = token.trim();
    let found = if let Some(subject) = links.verify(UNSUBSCRIBE_PURPOSE, token) {
        subject.parse().ok().map(Link::Marketing)
    } else if let Some(subject) = links.verify(SESSION_ALERTS_PURPOSE, token) {
        alert_link_person(&subject, clock.now()).map(Link::SessionAlerts)
    } else {
        links
            .verify(newsletter::UNSUBSCRIBE_PURPOSE, token)
            .and_then(|subject| subject.parse().ok())
            .map(Link::Newsletter)
    };
    found.ok_or(UnsubscribeError::InvalidToken)
}

/// The address a link unsubscribes, masked ("a***@example.org"), and the list it is for.
pub fn unsubscribe_address(
    store: &dyn BulkEmailStore,
    subscribers: &dyn NewsletterStore,
    links: &dyn LinkSigner,
    clock: &dyn Clock,
    token: &str,
) -> Result<(String, MailingList), UnsubscribeError> {
    let link = link(links, clock, token)?;
    let address = match link {
        Link::Marketing(user) | Link::SessionAlerts(user) => store.marketing_address(user)?,
        Link::Newsletter(id) => subscribers.newsletter_address(id)?,
    };
    Ok((mask_email(&address), link.list()))
}

/// Takes the link's account or address off its list; using a link twice is fine.
pub fn confirm_unsubscribe(
    store: &dyn BulkEmailStore,
    subscribers: &dyn NewsletterStore,
    links: &dyn LinkSigner,
    clock: &dyn Clock,
    token: &str,
) -> Result<MailingList, UnsubscribeError> {
    let link = link(links, clock, token)?;
    match link {
        Link::Marketing(user) => store.withdraw_marketing_consent(user)?,
        Link::SessionAlerts(user) => store.stop_session_alerts(user)?,
        Link::Newsletter(id) => subscribers.unsubscribe_newsletter(id, clock.now())?,
    }
    Ok(link.list())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::Mocks;
    use chrono::Duration;
    use playspace_domain::digest::alert_link_subject;
    use playspace_ports::MockNewsletterStore;
    use playspace_test_support::{FixedClock, test_now};

    /// A newsletter list no account link may touch.
    fn none() -> MockNewsletterStore {
        let mut subscribers = MockNewsletterStore::new();
        subscribers.expect_newsletter_address().never();
        subscribers.expect_unsubscribe_newsletter().never();
        subscribers
    }

    #[test]
    fn a_signed_link_shows_the_masked_address_and_unsubscribes() {
        let mut m = Mocks::new().with_plain_links();
        let ana = UserId::new();
        m.bulk_email
            .expect_marketing_address()
            .withf(move |u| *u == ana)
            .returning(|_| Ok("ana.silva@example.org".into()));
        m.bulk_email
            .expect_withdraw_marketing_consent()
            .withf(move |u| *u == ana)
            .times(1)
            .returning(|_| Ok(()));
        m.bulk_email.expect_stop_session_alerts().never();
        let token = format!("signed:unsubscribe:{ana}");
        assert_eq!(
            unsubscribe_address(&m.bulk_email, &none(), &m.links, &m.clock, &token).unwrap(),
            ("a***@example.org".into(), MailingList::Marketing)
        );
        assert_eq!(
            confirm_unsubscribe(&m.bulk_email, &none(), &m.links, &m.clock, &token).unwrap(),
            MailingList::Marketing
        );
    }

    #[test]
    fn a_session_alerts_link_turns_off_session_alerts_not_marketing() {
        let mut m = Mocks::new().with_plain_links();
        let ana = UserId::new();
        m.bulk_email
            .expect_marketing_address()
            .returning(|_| Ok("ana.silva@example.org".into()));
        m.bulk_email
            .expect_stop_session_alerts()
            .withf(move |u| *u == ana)
            .times(1)
            .returning(|_| Ok(()));
        m.bulk_email.expect_withdraw_marketing_consent().never();
        let token = format!(
            "signed:session-alerts:{}",
            alert_link_subject(ana, test_now())
        );
        assert_eq!(
            unsubscribe_address(&m.bulk_email, &none(), &m.links, &m.clock, &token).unwrap(),
            ("a***@example.org".into(), MailingList::SessionAlerts)
        );
        assert_eq!(
            confirm_unsubscribe(&m.bulk_email, &none(), &m.links, &m.clock, &token).unwrap(),
            MailingList::SessionAlerts
        );
    }

    #[test]
    fn a_newsletter_link_takes_the_address_off_the_newsletter_only() {
        let m = Mocks::new().with_plain_links();
        let mut bulk = playspace_ports::MockBulkEmailStore::new();
        bulk.expect_marketing_address().never();
        bulk.expect_withdraw_marketing_consent().never();
        bulk.expect_stop_session_alerts().never();
        let mut subscribers = MockNewsletterStore::new();
        let id = SubscriberId::new();
        subscribers
            .expect_newsletter_address()
            .withf(move |s| *s == id)
            .returning(|_| Ok("ana.silva@example.org".into()));
        subscribers
            .expect_unsubscribe_newsletter()
            .withf(move |s, at| *s == id && *at == test_now())
            .times(1)
            .returning(|_, _| Ok(()));
        let token = format!("signed:newsletter:{id}");
        assert_eq!(
            unsubscribe_address(&bulk, &subscribers, &m.links, &m.clock, &token).unwrap(),
            ("a***@example.org".into(), MailingList::Newsletter)
        );
        assert_eq!(
            confirm_unsubscribe(&bulk, &subscribers, &m.links, &m.clock, &token).unwrap(),
            MailingList::Newsletter
        );
        // A newsletter confirmation link is not an unsubscribe link.
        let confirm = format!(
            "signed:newsletter-confirm:{}",
            newsletter::confirm_link_subject(id, test_now())
        );
        assert!(matches!(
            confirm_unsubscribe(&bulk, &none(), &m.links, &m.clock, &confirm),
            Err(UnsubscribeError::InvalidToken)
        ));
    }

    #[test]
    fn bad_links_never_reach_the_store() {
        let mut m = Mocks::new().with_plain_links();
        m.bulk_email.expect_marketing_address().never();
        m.bulk_email.expect_withdraw_marketing_consent().never();
        m.bulk_email.expect_stop_session_alerts().never();
        let ana = UserId::new();
        let expired = alert_link_subject(ana, test_now() - Duration::days(60));
        for token in [
            "garbage".to_owned(),
            format!("signed:reset:{ana}"),
            "signed:unsubscribe:not-a-user".to_owned(),
            // A marketing subject signed as a session alert lacks the expiry.
            format!("signed:session-alerts:{ana}"),
            format!("signed:session-alerts:{expired}"),
            // A session-alert subject signed for marketing is not a person.
            format!("signed:unsubscribe:{}", alert_link_subject(ana, test_now())),
            "signed:newsletter:not-a-subscriber".to_owned(),
        ] {
            assert!(
                matches!(
                    unsubscribe_address(&m.bulk_email, &none(), &m.links, &m.clock, &token),
                    Err(UnsubscribeError::InvalidToken)
                ),
                "{token}"
            );
            assert!(matches!(
                confirm_unsubscribe(&m.bulk_email, &none(), &m.links, &m.clock, &token),
                Err(UnsubscribeError::InvalidToken)
            ));
        }
        // A day before expiry still works.
        let fresh = alert_link_subject(ana, test_now() - Duration::days(59));
        let clock = FixedClock(test_now());
        assert_eq!(
            link(&m.links, &clock, &format!("signed:session-alerts:{fresh}")).unwrap(),
            Link::SessionAlerts(ana)
        );
    }

    #[test]
    fn an_erased_persons_link_is_no_longer_valid() {
        let mut m = Mocks::new().with_plain_links();
        m.bulk_email
            .expect_withdraw_marketing_consent()
            .returning(|_| Err(RepoError::NotFound));
        m.bulk_email
            .expect_stop_session_alerts()
            .returning(|_| Err(RepoError::NotFound));
        let ana = UserId::new();
        for token in [
            format!("signed:unsubscribe:{ana}"),
            format!(
                "signed:session-alerts:{}",
                alert_link_subject(ana, test_now())
            ),
        ] {
            assert!(matches!(
                confirm_unsubscribe(&m.bulk_email, &none(), &m.links, &m.clock, &token),
                Err(UnsubscribeError::InvalidToken)
            ));
        }
    }
}
