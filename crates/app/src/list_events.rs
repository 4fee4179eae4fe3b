use playspace_domain::{Event, EventQuery, EventsSummary};
use playspace_ports::{EventRepository, RepoError};

/// The public events list: active events in the query's window, soonest first, narrowed
/// by the events page's filters (validated by [`playspace_domain::EventFilter::into_query`]).
#[tracing::instrument(skip_all)]
pub fn list_events(
    events: &impl EventRepository,
    query: &EventQuery,
) -> Result<Vec<Event>, RepoError> {
    events.list(query)
}

/// The sport cards and area choices of the events page, for the same query.
#[tracing::instrument(skip_all)]
pub fn summarise_events(
    events: &impl EventRepository,
    query: &EventQuery,
) -> Result<EventsSummary, RepoError> {
    Ok(EventsSummary::of(&events.list(query)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_ports::MockEventRepository;
    use playspace_test_support::{EventBuilder, test_now};

    #[test]
    fn asks_the_store_for_the_query() {
        let event = EventBuilder::new().build();
        let expected = vec![event.clone()];
        let mut repo = MockEventRepository::new();
        repo.expect_list()
            .withf(|q| *q == EventQuery::upcoming(test_now()))
            .times(1)
            .returning(move |_| Ok(vec![event.clone()]));
        let listed = list_events(&repo, &EventQuery::upcoming(test_now())).unwrap();
        assert_eq!(listed, expected);
    }

    #[test]
    fn summarises_what_the_store_lists() {
        let mut repo = MockEventRepository::new();
        repo.expect_list().times(1).returning(|_| {
            Ok(vec![
                EventBuilder::new().category("Yoga").build(),
                EventBuilder::new().category("Yoga").build(),
            ])
        });
        let summary = summarise_events(&repo, &EventQuery::upcoming(test_now())).unwrap();
        assert_eq!(summary.event_count, 2);
        assert_eq!(summary.sports.len(), 1);
    }

    #[test]
    fn store_failures_are_passed_on() {
        let mut repo = MockEventRepository::new();
        repo.expect_list()
            .returning(|_| Err(RepoError::Unavailable("down".into())));
        let err = list_events(&repo, &EventQuery::upcoming(test_now())).unwrap_err();
        assert!(matches!(err, RepoError::Unavailable(_)));
    }
}
