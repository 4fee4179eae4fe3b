//! The access needs a booking carries (ADR 0023): what its form said, or else the copy of
//! the person's needs they chose to share with the leaders of the sessions they book.
use playspace_domain::access_needs::{BookingNeedsForm, booking_needs};
use playspace_domain::{AccessNeeds, BookingNeeds, FieldErrors, UserId};
use playspace_ports::RepoError;

use super::BookingDeps;

/// What a booking form sent about access: the needs ticked (`accessNeeds`, which clients
/// knowing only the spec's field leave out) and the spec's `accessibilityRequirements`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NeedsInput {
    pub access_needs: Option<Vec<String>>,
    pub accessibility_requirements: Option<String>,
}

impl NeedsInput {
    /// Only the spec's field.
    pub fn text(accessibility_requirements: Option<&str>) -> Self {
        Self {
            access_needs: None,
            accessibility_requirements: accessibility_requirements.map(str::to_owned),
        }
    }

    /// What was said, checked (`None`: nothing at all).
    pub(crate) fn checked(&self) -> Result<Option<AccessNeeds>, FieldErrors> {
        BookingNeedsForm::new(
            self.access_needs.clone(),
            self.accessibility_requirements.as_deref(),
        )
        .validate()
    }
}

/// The needs `user`'s new or edited booking carries, given what its form said. Needs said
/// to be none are none, without asking the store.
pub(crate) fn needs_for_booking(
    deps: &BookingDeps,
    user: UserId,
    said: Option<AccessNeeds>,
) -> Result<BookingNeeds, RepoError> {
    if said.as_ref().is_some_and(AccessNeeds::is_empty) {
        return Ok(BookingNeeds::default());
    }
    let profile = deps.access.access_needs(user)?;
    Ok(booking_needs(&profile, said))
}

/// For tests of use cases that book: a person who never said anything about access.
#[cfg(test)]
pub(crate) fn access_default() -> playspace_ports::MockAccessNeedsRepository {
    let mut access = playspace_ports::MockAccessNeedsRepository::new();
    access
        .expect_access_needs()
        .returning(|_| Ok(playspace_domain::ProfileAccessNeeds::default()));
    access
}
