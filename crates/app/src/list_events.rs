use playspace_domain::{Event, EventFilter, FieldErrors};
use playspace_ports::{Clock, EventRepository, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum ListEventsError {
    #[error("invalid filters: {0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// The public events list: active events from now on (or from `filter.from`), soonest
/// first, narrowed by the events page's filters.
#[tracing::instrument(skip_all)]
pub fn list_events(
    events: &impl EventRepository,
    clock: &impl Clock,
    filter: EventFilter,
) -> Result<Vec<Event>, ListEventsError> {
    let query = filter
        .into_query(clock.now())
        .map_err(ListEventsError::Invalid)?;
    Ok(events.list(&query)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_domain::EventQuery;
    use playspace_ports::MockEventRepository;
    use playspace_test_support::{EventBuilder, FixedClock, test_now};

    #[test]
    fn asks_the_store_for_upcoming_events_without_filters() {
        let event = EventBuilder::new().build();
        let expected = vec![event.clone()];
        let mut repo = MockEventRepository::new();
        repo.expect_list()
            .withf(|q| *q == EventQuery::upcoming(test_now()))
            .times(1)
            .returning(move |_| Ok(vec![event.clone()]));
        let listed = list_events(&repo, &FixedClock(test_now()), EventFilter::default()).unwrap();
        assert_eq!(listed, expected);
    }

    #[test]
    fn passes_validated_filters_through() {
        let mut repo = MockEventRepository::new();
        repo.expect_list()
            .withf(|q| q.sport.as_deref() == Some("yoga") && q.area.as_deref() == Some("camden"))
            .times(1)
            .returning(|_| Ok(vec![]));
        let filter = EventFilter {
            sport: Some("Yoga".into()),
            area: Some(" Camden ".into()),
            ..Default::default()
        };
        assert!(
            list_events(&repo, &FixedClock(test_now()), filter)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn invalid_filters_never_reach_the_store() {
        let mut repo = MockEventRepository::new();
        repo.expect_list().never();
        let filter = EventFilter {
            date: Some("tomorrow".into()),
            ..Default::default()
        };
        let err = list_events(&repo, &FixedClock(test_now()), filter).unwrap_err();
        assert!(matches!(err, ListEventsError::Invalid(fields) if fields.get("date").is_some()));
    }

    #[test]
    fn store_failures_are_passed_on() {
        let mut repo = MockEventRepository::new();
        repo.expect_list()
            .returning(|_| Err(RepoError::Unavailable("down".into())));
        let err = list_events(&repo, &FixedClock(test_now()), EventFilter::default()).unwrap_err();
        assert!(matches!(
            err,
            ListEventsError::Store(RepoError::Unavailable(_))
        ));
    }
}
