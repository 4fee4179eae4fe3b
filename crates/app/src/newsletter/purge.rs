use playspace_domain::newsletter::pending_purge_before;
use playspace_ports::{Clock, NewsletterStore, RepoError};

/// Deletes addresses never confirmed whose latest confirmation link is older than the
/// privacy page's stated period (`PENDING_KEPT_DAYS`). Returns how many went.
#[tracing::instrument(skip_all)]
pub fn purge_unconfirmed_newsletter(
    store: &dyn NewsletterStore,
    clock: &dyn Clock,
) -> Result<usize, RepoError> {
    let purged = store.purge_pending_newsletter(pending_purge_before(clock.now()))?;
    Ok(usize::try_from(purged).unwrap_or(usize::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;
    use playspace_ports::MockNewsletterStore;
    use playspace_test_support::{FixedClock, test_now};

    #[test]
    fn pending_addresses_older_than_thirty_days_are_purged() {
        let mut store = MockNewsletterStore::new();
        store
            .expect_purge_pending_newsletter()
            .withf(|before| *before == test_now() - Duration::days(30))
            .times(1)
            .returning(|_| Ok(4));
        assert_eq!(
            purge_unconfirmed_newsletter(&store, &FixedClock(test_now())).unwrap(),
            4
        );
    }

    #[test]
    fn a_store_failure_is_reported() {
        let mut store = MockNewsletterStore::new();
        store
            .expect_purge_pending_newsletter()
            .returning(|_| Err(RepoError::Unavailable("down".into())));
        assert!(purge_unconfirmed_newsletter(&store, &FixedClock(test_now())).is_err());
    }
}
