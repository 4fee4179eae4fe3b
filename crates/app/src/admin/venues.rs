//! The admin Venues tab: every venue with who last checked its access facts, creating and
//! editing them (retiring is an edit), and deleting one no session has ever used.
use playspace_domain::audit::actions;
use playspace_domain::venue::{VenueForm, VenuePatch, changed_fields};
use playspace_domain::{FieldErrors, VenueId};
use playspace_ports::{AdminVenue, RepoError};

use super::{Actor, AdminDeps};

#[derive(Debug, thiserror::Error)]
pub enum VenueError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    #[error("Venue not found")]
    NotFound,
    /// A session is (or was) at the venue: it can be retired, not deleted.
    #[error("venue in use")]
    InUse,
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for VenueError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => Self::NotFound,
            e => Self::Store(e),
        }
    }
}

fn parse_id(id: &str) -> Result<VenueId, VenueError> {
    id.trim().parse().map_err(|_| VenueError::NotFound)
}

/// Every venue, retired ones included, by name.
pub fn admin_venues(deps: &AdminDeps) -> Result<Vec<AdminVenue>, RepoError> {
    deps.venues.admin_venues(deps.clock.now())
}

/// A new venue; its facts count as checked by `actor` when the form confirms it.
pub fn create_venue(
    deps: &AdminDeps,
    form: VenueForm,
    actor: &Actor,
) -> Result<AdminVenue, VenueError> {
    let now = deps.clock.now();
    let venue = form.validate(actor.id, now).map_err(VenueError::Invalid)?;
    let audit = actor.entry(
        actions::VENUE_CREATE,
        "venue",
        Some(venue.id.to_string()),
        now,
    );
    deps.venues.create_venue(&venue, &audit)?;
    Ok(deps.venues.admin_venue(venue.id, now)?)
}

/// An edit of the fields given; retiring and bringing back are edits too. Every session at
/// the venue reads the new name and borough at once.
pub fn update_venue(
    deps: &AdminDeps,
    id: &str,
    patch: VenuePatch,
    actor: &Actor,
) -> Result<AdminVenue, VenueError> {
    let id = parse_id(id)?;
    let now = deps.clock.now();
    let current = deps.venues.venue(id)?;
    if patch.is_empty() {
        return Ok(deps.venues.admin_venue(id, now)?);
    }
    let edited = patch
        .apply(&current, actor.id, now)
        .map_err(VenueError::Invalid)?;
    let audit = actor
        .entry(actions::VENUE_UPDATE, "venue", Some(id.to_string()), now)
        .detail("fields", changed_fields(&current, &edited).join(","));
    deps.venues.update_venue(&edited, &audit, now)?;
    Ok(deps.venues.admin_venue(id, now)?)
}

/// Deletes a venue no session has used; otherwise `InUse` (retire it instead).
pub fn delete_venue(deps: &AdminDeps, id: &str, actor: &Actor) -> Result<(), VenueError> {
    let id = parse_id(id)?;
    let audit = actor.entry(
        actions::VENUE_DELETE,
        "venue",
        Some(id.to_string()),
        deps.clock.now(),
    );
    match deps.venues.delete_venue(id, &audit) {
        Err(RepoError::Conflict) => Err(VenueError::InUse),
        other => Ok(other?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::{Mocks, actor};
    use playspace_domain::{AccessFact, FactValue, Venue};

    fn admin_venue(venue: Venue) -> AdminVenue {
        AdminVenue {
            venue,
            checked_by_name: None,
            sessions: 0,
            upcoming_sessions: 0,
        }
    }

    fn form() -> VenueForm {
        VenueForm {
            name: "Clissold Leisure Centre".into(),
            address: "63 Clissold Road, London".into(),
            postcode: "N16 9EX".into(),
            borough: "Hackney".into(),
            access: vec![("stepFree".into(), "yes".into())],
            access_checked: true,
            ..VenueForm::default()
        }
    }

    #[test]
    fn a_new_venue_is_stored_with_its_audit_entry_and_checked_by_the_admin() {
        let mut mocks = Mocks::new();
        let who = actor();
        let admin = who.id;
        mocks
            .venues
            .expect_create_venue()
            .withf(move |venue, audit| {
                venue.access.get(AccessFact::StepFree) == FactValue::Yes
                    && venue.access_checked.as_ref().and_then(|c| c.by) == Some(admin)
                    && audit.action == "venue.create"
                    && audit.resource_id == Some(venue.id.to_string())
                    && audit.ip_address.as_deref() == Some("10.0.0.9")
            })
            .times(1)
            .returning(|_, _| Ok(()));
        mocks
            .venues
            .expect_admin_venue()
            .returning(|_, _| Ok(admin_venue(Venue::from_location("Clissold, Hackney"))));
        create_venue(&mocks.deps(), form(), &who).unwrap();
    }

    #[test]
    fn an_invalid_form_never_reaches_the_store() {
        let mut mocks = Mocks::new();
        mocks.venues.expect_create_venue().never();
        let err = create_venue(&mocks.deps(), VenueForm::default(), &actor()).unwrap_err();
        assert!(
            matches!(&err, VenueError::Invalid(e) if e.get("name") == Some("Venue name is required")),
            "{err:?}"
        );
    }

    #[test]
    fn an_edit_names_the_fields_it_changed() {
        let mut mocks = Mocks::new();
        let venue = Venue::from_location("Jubilee Hall, Camden");
        let id = venue.id;
        let stored = venue.clone();
        mocks
            .venues
            .expect_venue()
            .returning(move |_| Ok(stored.clone()));
        mocks
            .venues
            .expect_update_venue()
            .withf(|venue, audit, _| {
                venue.retired
                    && venue.name == "Jubilee Hall"
                    && audit.details == [("fields", "retired".to_owned())]
            })
            .times(1)
            .returning(|_, _, _| Ok(()));
        mocks
            .venues
            .expect_admin_venue()
            .returning(move |_, _| Ok(admin_venue(venue.clone())));
        let patch = VenuePatch {
            retired: Some(true),
            ..VenuePatch::default()
        };
        update_venue(&mocks.deps(), &id.to_string(), patch, &actor()).unwrap();
    }

    #[test]
    fn unknown_and_malformed_ids_are_not_found() {
        let mut mocks = Mocks::new();
        mocks
            .venues
            .expect_venue()
            .returning(|_| Err(RepoError::NotFound));
        let patch = VenuePatch {
            name: Some("New".into()),
            ..VenuePatch::default()
        };
        assert!(matches!(
            update_venue(&mocks.deps(), "42", patch.clone(), &actor()),
            Err(VenueError::NotFound)
        ));
        assert!(matches!(
            update_venue(&mocks.deps(), &VenueId::new().to_string(), patch, &actor()),
            Err(VenueError::NotFound)
        ));
        assert!(matches!(
            delete_venue(&mocks.deps(), "nope", &actor()),
            Err(VenueError::NotFound)
        ));
    }

    #[test]
    fn a_venue_in_use_is_refused_for_deletion() {
        let mut mocks = Mocks::new();
        mocks
            .venues
            .expect_delete_venue()
            .withf(|_, audit| audit.action == "venue.delete")
            .returning(|_, _| Err(RepoError::Conflict));
        assert!(matches!(
            delete_venue(&mocks.deps(), &VenueId::new().to_string(), &actor()),
            Err(VenueError::InUse)
        ));
    }
}
