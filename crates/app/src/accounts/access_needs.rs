//! The member's own access needs and their choice to share them (ADR 0023).
use playspace_domain::access_needs::AccessNeedsForm;
use playspace_domain::{FieldErrors, ProfileAccessNeeds, UserId};
use playspace_ports::{AccessNeedsRepository, Clock, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum AccessNeedsError {
    #[error("invalid access needs: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

pub fn my_access_needs(
    access: &dyn AccessNeedsRepository,
    user: UserId,
) -> Result<ProfileAccessNeeds, RepoError> {
    access.access_needs(user)
}

/// Saves the member's needs and choice. Their upcoming bookings carrying the profile's copy
/// follow at once: the new needs while shared, none once sharing is off or the needs are
/// deleted, so a session's register never shows what the member took back.
#[tracing::instrument(skip_all)]
pub fn update_access_needs(
    access: &dyn AccessNeedsRepository,
    clock: &dyn Clock,
    user: UserId,
    form: AccessNeedsForm,
) -> Result<ProfileAccessNeeds, AccessNeedsError> {
    let needs = form.validate().map_err(AccessNeedsError::Invalid)?;
    access.set_access_needs(user, &needs, clock.now())?;
    Ok(needs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_domain::AccessNeed;
    use playspace_ports::MockAccessNeedsRepository;
    use playspace_test_support::{FixedClock, test_now};

    #[test]
    fn valid_needs_are_saved_with_the_time_and_invalid_ones_never_reach_the_store() {
        let mut access = MockAccessNeedsRepository::new();
        access
            .expect_set_access_needs()
            .withf(|_, needs, now| {
                needs.share_with_leader
                    && needs.needs.needs == [AccessNeed::LargePrint]
                    && *now == test_now()
            })
            .times(1)
            .returning(|_, _, _| Ok(2));
        let clock = FixedClock(test_now());
        let saved = update_access_needs(
            &access,
            &clock,
            UserId::new(),
            AccessNeedsForm {
                needs: vec!["large-print".into()],
                note: None,
                share_with_leader: true,
            },
        )
        .unwrap();
        assert!(saved.share_with_leader);

        let mut access = MockAccessNeedsRepository::new();
        access.expect_set_access_needs().never();
        let refused = update_access_needs(
            &access,
            &clock,
            UserId::new(),
            AccessNeedsForm {
                needs: vec!["jetpack".into()],
                ..Default::default()
            },
        );
        assert!(matches!(refused, Err(AccessNeedsError::Invalid(_))));
    }
}
