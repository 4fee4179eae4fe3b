//! Retention sweeps (docs/operations.md, Retention): each removes one kind of record once
//! its configured period has passed.
use playspace_domain::retention::{Retained, RetentionPeriods};
use playspace_ports::{Clock, RepoError, RetentionStore};

/// Removes the records of `kind` older than `periods` allows. Returns how many went.
#[tracing::instrument(skip(store, clock, periods))]
pub fn apply_retention(
    store: &dyn RetentionStore,
    clock: &dyn Clock,
    periods: &RetentionPeriods,
    kind: Retained,
) -> Result<usize, RepoError> {
    let before = periods.cutoff(kind, clock.now());
    let removed = match kind {
        Retained::EndedSessions => store.delete_ended_sessions(before),
        Retained::SpentTokens => store.delete_spent_tokens(before),
        Retained::SentEmailBodies => store.clear_sent_email_bodies(before),
        Retained::Notifications => store.delete_old_notifications(before),
        Retained::AuditEntries => store.delete_old_audit_entries(before),
    }?;
    Ok(usize::try_from(removed).unwrap_or(usize::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;
    use playspace_ports::MockRetentionStore;
    use playspace_test_support::{FixedClock, test_now};

    fn periods() -> RetentionPeriods {
        RetentionPeriods {
            ended_sessions_days: 1,
            spent_tokens_days: 2,
            sent_email_bodies_days: 3,
            notifications_days: 4,
            audit_entries_days: 5,
        }
    }

    #[test]
    fn each_kind_goes_to_its_own_query_with_its_own_cutoff() {
        let mut store = MockRetentionStore::new();
        let days = |n: i64| test_now() - Duration::days(n);
        store
            .expect_delete_ended_sessions()
            .withf(move |before| *before == days(1))
            .times(1)
            .returning(|_| Ok(10));
        store
            .expect_delete_spent_tokens()
            .withf(move |before| *before == days(2))
            .times(1)
            .returning(|_| Ok(20));
        store
            .expect_clear_sent_email_bodies()
            .withf(move |before| *before == days(3))
            .times(1)
            .returning(|_| Ok(30));
        store
            .expect_delete_old_notifications()
            .withf(move |before| *before == days(4))
            .times(1)
            .returning(|_| Ok(40));
        store
            .expect_delete_old_audit_entries()
            .withf(move |before| *before == days(5))
            .times(1)
            .returning(|_| Ok(50));
        let clock = FixedClock(test_now());
        let counts: Vec<usize> = Retained::ALL
            .iter()
            .map(|kind| apply_retention(&store, &clock, &periods(), *kind).unwrap())
            .collect();
        assert_eq!(counts, vec![10, 20, 30, 40, 50]);
    }

    #[test]
    fn a_store_failure_is_reported() {
        let mut store = MockRetentionStore::new();
        store
            .expect_delete_old_audit_entries()
            .returning(|_| Err(RepoError::Unavailable("down".into())));
        assert!(
            apply_retention(
                &store,
                &FixedClock(test_now()),
                &periods(),
                Retained::AuditEntries
            )
            .is_err()
        );
    }
}
