//! The event repository against both backends.

use crate::common;

use chrono::Duration;
use playspace_domain::{EventFilter, EventId, EventQuery};
use playspace_ports::{EventRepository, HealthCheck, RepoError};
use playspace_store::Store;
use playspace_test_support::{EventBuilder, test_now};

on_both_backends!(
    round_trips_every_field,
    unknown_id_is_not_found,
    duplicate_id_is_a_conflict,
    lists_upcoming_active_soonest_first,
    filters_by_sport_ignoring_case,
    filters_by_area,
    searches_title_location_and_description,
    search_treats_wildcards_literally,
    filters_by_london_day,
    combined_filters_intersect,
    limit_keeps_the_soonest,
    no_match_is_empty,
    capacity_check_constraint_holds,
    ping_answers,
);

fn query(filter: EventFilter) -> EventQuery {
    filter.into_query(test_now()).unwrap()
}

fn titles(store: &Store, q: &EventQuery) -> Vec<String> {
    store
        .list(q)
        .unwrap()
        .into_iter()
        .map(|e| e.title)
        .collect()
}

fn round_trips_every_field(store: &Store) {
    let event = EventBuilder::new()
        .title("Carers' Gentle Yoga")
        .category("Yoga")
        .location("Brockwell Park, Lambeth")
        .price_pence(750)
        .places(3, 12)
        .build();
    store.insert(&event).unwrap();
    assert_eq!(store.get(event.id).unwrap(), event);
}

fn unknown_id_is_not_found(store: &Store) {
    assert_eq!(store.get(EventId::new()), Err(RepoError::NotFound));
}

fn duplicate_id_is_a_conflict(store: &Store) {
    let event = EventBuilder::new().build();
    store.insert(&event).unwrap();
    assert_eq!(store.insert(&event), Err(RepoError::Conflict));
}

fn lists_upcoming_active_soonest_first(store: &Store) {
    store
        .insert(
            &EventBuilder::new()
                .title("later")
                .starts_in(Duration::days(3))
                .build(),
        )
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .title("sooner")
                .starts_in(Duration::hours(2))
                .build(),
        )
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .title("past")
                .starts_in(-Duration::hours(2))
                .build(),
        )
        .unwrap();
    store
        .insert(&EventBuilder::new().title("hidden").inactive().build())
        .unwrap();
    assert_eq!(
        titles(store, &EventQuery::upcoming(test_now())),
        ["sooner", "later"]
    );
}

fn filters_by_sport_ignoring_case(store: &Store) {
    store
        .insert(
            &EventBuilder::new()
                .title("tt")
                .category("Table Tennis")
                .build(),
        )
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .title("tennis")
                .category("Tennis")
                .build(),
        )
        .unwrap();
    let q = query(EventFilter {
        sport: Some("TABLE tennis".into()),
        ..Default::default()
    });
    assert_eq!(titles(store, &q), ["tt"]);
}

fn filters_by_area(store: &Store) {
    store
        .insert(
            &EventBuilder::new()
                .title("hackney")
                .location("Haggerston Park, Hackney")
                .build(),
        )
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .title("tower")
                .location("Mile End Park, Tower Hamlets")
                .build(),
        )
        .unwrap();
    // "Hackney Wick" mentions Hackney but its area is Tower Hamlets.
    store
        .insert(
            &EventBuilder::new()
                .title("wick")
                .location("Hackney Wick, Tower Hamlets")
                .build(),
        )
        .unwrap();
    let q = query(EventFilter {
        area: Some("hackney".into()),
        ..Default::default()
    });
    assert_eq!(titles(store, &q), ["hackney"]);
    let q = query(EventFilter {
        area: Some("Tower Hamlets".into()),
        ..Default::default()
    });
    assert_eq!(titles(store, &q).len(), 2);
}

fn searches_title_location_and_description(store: &Store) {
    store
        .insert(
            &EventBuilder::new()
                .title("Refugee Welcome Table Tennis")
                .build(),
        )
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .title("b")
                .location("Brockwell Lido, Lambeth")
                .build(),
        )
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .title("c")
                .description("Step-free ACCESS and a quiet room.")
                .build(),
        )
        .unwrap();
    let search = |text: &str| {
        titles(
            store,
            &query(EventFilter {
                q: Some(text.into()),
                ..Default::default()
            }),
        )
    };
    assert_eq!(search("refugee"), ["Refugee Welcome Table Tennis"]);
    assert_eq!(search("LIDO"), ["b"]);
    assert_eq!(search("step-free access"), ["c"]);
}

fn search_treats_wildcards_literally(store: &Store) {
    store
        .insert(&EventBuilder::new().title("100% fun").build())
        .unwrap();
    store
        .insert(&EventBuilder::new().title("1000 fun").build())
        .unwrap();
    let q = query(EventFilter {
        q: Some("100%".into()),
        ..Default::default()
    });
    assert_eq!(titles(store, &q), ["100% fun"]);
    let q = query(EventFilter {
        q: Some("_".into()),
        ..Default::default()
    });
    assert!(titles(store, &q).is_empty());
}

fn filters_by_london_day(store: &Store) {
    // 23:30 UTC on 30 November is still 30 November in London (GMT in winter)...
    let late = playspace_test_support::utc("2026-11-30T23:30:00Z");
    store
        .insert(&EventBuilder::new().title("late").starts_at(late).build())
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .title("next")
                .starts_at(late + Duration::hours(1))
                .build(),
        )
        .unwrap();
    let q = query(EventFilter {
        date: Some("2026-11-30".into()),
        ..Default::default()
    });
    assert_eq!(titles(store, &q), ["late"]);
    let q = query(EventFilter {
        date: Some("2026-12-01".into()),
        ..Default::default()
    });
    assert_eq!(titles(store, &q), ["next"]);
}

fn combined_filters_intersect(store: &Store) {
    let day = Duration::days(2);
    store
        .insert(
            &EventBuilder::new()
                .title("match")
                .category("Yoga")
                .location("Park, Camden")
                .starts_in(day)
                .build(),
        )
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .title("other area")
                .category("Yoga")
                .location("Park, Lambeth")
                .starts_in(day)
                .build(),
        )
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .title("other sport")
                .category("Boxing")
                .location("Gym, Camden")
                .starts_in(day)
                .build(),
        )
        .unwrap();
    let q = query(EventFilter {
        sport: Some("yoga".into()),
        area: Some("camden".into()),
        q: Some("park".into()),
        date: Some("2026-11-23".into()),
        ..Default::default()
    });
    assert_eq!(titles(store, &q), ["match"]);
}

fn no_match_is_empty(store: &Store) {
    store.insert(&EventBuilder::new().build()).unwrap();
    let q = query(EventFilter {
        sport: Some("curling".into()),
        ..Default::default()
    });
    assert!(store.list(&q).unwrap().is_empty());
}

fn capacity_check_constraint_holds(store: &Store) {
    let overfull = EventBuilder::new().places(21, 20).build();
    assert_eq!(store.insert(&overfull), Err(RepoError::Conflict));
}

fn ping_answers(store: &Store) {
    store.ping().unwrap();
}

fn limit_keeps_the_soonest(store: &Store) {
    for (title, hours) in [("third", 30), ("first", 10), ("second", 20), ("fourth", 40)] {
        store
            .insert(
                &EventBuilder::new()
                    .title(title)
                    .category("Yoga")
                    .starts_in(Duration::hours(hours))
                    .build(),
            )
            .unwrap();
    }
    let limited = EventFilter {
        limit: Some("2".into()),
        ..Default::default()
    };
    assert_eq!(titles(store, &query(limited)), ["first", "second"]);
    let sport_limited = EventFilter {
        sport: Some("yoga".into()),
        limit: Some("3".into()),
        ..Default::default()
    };
    assert_eq!(
        titles(store, &query(sport_limited)),
        ["first", "second", "third"]
    );
}
