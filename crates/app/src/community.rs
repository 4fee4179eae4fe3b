//! The messaging community's settings: read by every visitor, changed by admins.
use playspace_domain::audit::actions;
use playspace_domain::{Community, CommunityForm, FieldErrors};
use playspace_ports::{Clock, CommunityStore, RepoError};

use crate::admin::Actor;

/// What the pages show; the defaults (no invite link: 'Coming Soon!') until an admin or the
/// demo seed has saved settings.
pub fn community(store: &dyn CommunityStore) -> Result<Community, RepoError> {
    Ok(store.community()?.unwrap_or_default())
}

#[derive(Debug, thiserror::Error)]
pub enum UpdateCommunityError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Replaces the settings, audited (the entry names no values: they are public anyway, and
/// the earlier rows keep them).
#[tracing::instrument(skip_all)]
pub fn update_community(
    store: &dyn CommunityStore,
    clock: &dyn Clock,
    by: &Actor,
    form: CommunityForm,
) -> Result<Community, UpdateCommunityError> {
    let community = form.validate().map_err(UpdateCommunityError::Invalid)?;
    let audit = by.entry(actions::COMMUNITY_UPDATE, "community", None, clock.now());
    store.save_community(&community, &audit)?;
    Ok(community)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::accounts::ClientInfo;
    use playspace_domain::UserId;
    use playspace_ports::MockCommunityStore;
    use playspace_test_support::{FixedClock, test_now};

    fn actor() -> Actor {
        Actor {
            id: UserId::new(),
            client: ClientInfo::default(),
        }
    }

    #[test]
    fn nothing_saved_reads_as_coming_soon() {
        let mut store = MockCommunityStore::new();
        store.expect_community().returning(|| Ok(None));
        let community = community(&store).unwrap();
        assert_eq!(community.invite_link, None);
        assert_eq!(community.name, "PlaySpace Community");
    }

    #[test]
    fn a_valid_form_is_saved_with_its_audit_entry() {
        let by = actor();
        let id = by.id;
        let mut store = MockCommunityStore::new();
        store
            .expect_save_community()
            .withf(move |community, audit| {
                community.name == "Our Crew"
                    && audit.action == "community.update"
                    && audit.resource_type == "community"
                    && audit.actor == Some(id)
                    && audit.at == test_now()
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let form = CommunityForm {
            community_name: " Our Crew ".into(),
            ..CommunityForm::default()
        };
        let saved = update_community(&store, &FixedClock(test_now()), &by, form);
        assert_eq!(saved.unwrap().name, "Our Crew");
    }

    #[test]
    fn an_invalid_form_saves_nothing() {
        let store = MockCommunityStore::new();
        let form = CommunityForm {
            invite_link: Some("http://example.org".into()),
            ..CommunityForm::default()
        };
        let error = update_community(&store, &FixedClock(test_now()), &actor(), form).unwrap_err();
        let UpdateCommunityError::Invalid(fields) = error else {
            panic!("{error:?}")
        };
        assert!(fields.get("communityName").is_some());
        assert!(fields.get("inviteLink").is_some());
    }
}
