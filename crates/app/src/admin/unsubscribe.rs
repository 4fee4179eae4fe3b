//! Unsubscribe links: anyone holding a link signed for a person may see their address
//! (masked) and stop marketing email to them, without signing in.
use playspace_domain::UserId;
use playspace_domain::bulk_email::{INVALID_UNSUBSCRIBE_LINK, UNSUBSCRIBE_PURPOSE, mask_email};
use playspace_ports::{BulkEmailStore, LinkSigner, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum UnsubscribeError {
    /// Garbage, tampered with, made for something else, or for an erased account.
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

fn person(links: &dyn LinkSigner, token: &str) -> Result<UserId, UnsubscribeError> {
    links
        .verify(UNSUBSCRIBE_PURPOSE, token.trim())
        .and_then(|subject| subject.parse().ok())
        .ok_or(UnsubscribeError::InvalidToken)
}

/// The address a link unsubscribes, masked ("a***@example.org").
pub fn unsubscribe_address(
    store: &dyn BulkEmailStore,
    links: &dyn LinkSigner,
    token: &str,
) -> Result<String, UnsubscribeError> {
    let user = person(links, token)?;
    Ok(mask_email(&store.marketing_address(user)?))
}

/// Stops marketing email to the link's person; using a link twice is fine.
pub fn confirm_unsubscribe(
    store: &dyn BulkEmailStore,
    links: &dyn LinkSigner,
    token: &str,
) -> Result<(), UnsubscribeError> {
    let user = person(links, token)?;
    Ok(store.withdraw_marketing_consent(user)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::Mocks;

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
        let token = format!("signed:unsubscribe:{ana}");
        assert_eq!(
            unsubscribe_address(&m.bulk_email, &m.links, &token).unwrap(),
            "a***@example.org"
        );
        confirm_unsubscribe(&m.bulk_email, &m.links, &token).unwrap();
    }

    #[test]
    fn bad_links_never_reach_the_store() {
        let mut m = Mocks::new().with_plain_links();
        m.bulk_email.expect_marketing_address().never();
        m.bulk_email.expect_withdraw_marketing_consent().never();
        let ana = UserId::new();
        for token in [
            "garbage".to_owned(),
            format!("signed:reset:{ana}"),
            "signed:unsubscribe:not-a-user".to_owned(),
        ] {
            assert!(matches!(
                unsubscribe_address(&m.bulk_email, &m.links, &token),
                Err(UnsubscribeError::InvalidToken)
            ));
            assert!(matches!(
                confirm_unsubscribe(&m.bulk_email, &m.links, &token),
                Err(UnsubscribeError::InvalidToken)
            ));
        }
    }

    #[test]
    fn an_erased_persons_link_is_no_longer_valid() {
        let mut m = Mocks::new().with_plain_links();
        m.bulk_email
            .expect_withdraw_marketing_consent()
            .returning(|_| Err(RepoError::NotFound));
        let token = format!("signed:unsubscribe:{}", UserId::new());
        assert!(matches!(
            confirm_unsubscribe(&m.bulk_email, &m.links, &token),
            Err(UnsubscribeError::InvalidToken)
        ));
    }
}
