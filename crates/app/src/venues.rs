//! The public venues list: every venue sessions may be booked at, with its access facts.
use playspace_domain::Venue;
use playspace_ports::{RepoError, VenueRepository};

/// Venues not retired, by name.
#[tracing::instrument(skip_all)]
pub fn list_venues(venues: &impl VenueRepository) -> Result<Vec<Venue>, RepoError> {
    venues.list_venues(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_ports::MockVenueRepository;

    #[test]
    fn retired_venues_are_left_out() {
        let mut repo = MockVenueRepository::new();
        repo.expect_list_venues()
            .withf(|include_retired| !include_retired)
            .times(1)
            .returning(|_| Ok(vec![Venue::from_location("Jubilee Hall, Camden")]));
        assert_eq!(list_venues(&repo).unwrap().len(), 1);
    }
}
