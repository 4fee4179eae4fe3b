use playspace_domain::{Event, EventId};
use playspace_ports::{EventRepository, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum GetEventError {
    /// Unknown, malformed and inactive ids look the same to the public.
    #[error("event not found")]
    NotFound,
    #[error(transparent)]
    Store(RepoError),
}

/// One event as the public sees it. Inactive events are hidden like unknown ones.
#[tracing::instrument(skip_all)]
pub fn get_event(events: &impl EventRepository, id: &str) -> Result<Event, GetEventError> {
    let id: EventId = id.parse().map_err(|_| GetEventError::NotFound)?;
    match events.get(id) {
        Ok(event) if event.is_active => Ok(event),
        Ok(_) | Err(RepoError::NotFound) => Err(GetEventError::NotFound),
        Err(other) => Err(GetEventError::Store(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_ports::MockEventRepository;
    use playspace_test_support::EventBuilder;

    #[test]
    fn finds_an_active_event() {
        let event = EventBuilder::new().build();
        let id = event.id;
        let mut repo = MockEventRepository::new();
        let found = event.clone();
        repo.expect_get()
            .withf(move |asked| *asked == id)
            .returning(move |_| Ok(found.clone()));
        assert_eq!(get_event(&repo, &id.to_string()).unwrap(), event);
    }

    #[test]
    fn malformed_ids_never_reach_the_store() {
        let mut repo = MockEventRepository::new();
        repo.expect_get().never();
        assert!(matches!(
            get_event(&repo, "42"),
            Err(GetEventError::NotFound)
        ));
        assert!(matches!(
            get_event(&repo, "'; DROP TABLE events; --"),
            Err(GetEventError::NotFound)
        ));
    }

    #[test]
    fn unknown_and_inactive_are_not_found() {
        let mut repo = MockEventRepository::new();
        repo.expect_get()
            .times(1)
            .returning(|_| Err(RepoError::NotFound));
        assert!(matches!(
            get_event(&repo, &EventId::new().to_string()),
            Err(GetEventError::NotFound)
        ));

        let mut repo = MockEventRepository::new();
        let hidden = EventBuilder::new().inactive().build();
        repo.expect_get().returning(move |_| Ok(hidden.clone()));
        assert!(matches!(
            get_event(&repo, &EventId::new().to_string()),
            Err(GetEventError::NotFound)
        ));
    }

    #[test]
    fn store_failures_are_not_disguised_as_not_found() {
        let mut repo = MockEventRepository::new();
        repo.expect_get()
            .returning(|_| Err(RepoError::Unavailable("down".into())));
        assert!(matches!(
            get_event(&repo, &EventId::new().to_string()),
            Err(GetEventError::Store(_))
        ));
    }
}
