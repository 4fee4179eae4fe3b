//! Venues on both backends: the migration that made venues of free-text locations (no
//! event, booking or other row lost), and the repository: the public and admin lists,
//! edits reaching every session's location, deleting only unused venues, and the events
//! list's access filter on the joined venue.

use crate::common;

use std::sync::Arc;

use chrono::{Duration, Utc};
use playspace_domain::venue::AccessCheck;
use playspace_domain::{
    AccessFact, AccessSet, AuditEntry, EventFilter, FactValue, UserId, Venue, VenueId,
};
use playspace_ports::{AdminEventRepository, EventRepository, RepoError, VenueRepository};
use playspace_store::Store;
use playspace_test_support::EventBuilder;

use common::members;

on_both_backends!(
    venues_are_listed_by_name_and_retired_ones_only_for_admins,
    an_edit_rewrites_the_location_of_every_session_there,
    a_venue_any_session_used_cannot_be_deleted,
    the_access_filter_keeps_sessions_at_venues_saying_yes_to_every_fact,
);

const VENUES_MIGRATION: &str = "2026-11-30-000001_venues";

fn audit(who: UserId, action: &'static str, venue: &Venue) -> AuditEntry {
    AuditEntry::new(who, action, "venue", Some(venue.id.to_string()), Utc::now())
}

fn stored(store: &Store, who: UserId, location: &str, yes: &[AccessFact]) -> Arc<Venue> {
    let mut venue = Venue::from_location(location);
    for fact in yes {
        venue.access.set(*fact, FactValue::Yes);
    }
    store
        .create_venue(&venue, &audit(who, "venue.create", &venue))
        .unwrap();
    Arc::new(venue)
}

/// Reverts migrations, newest first, until the venues migration is undone: the database as
/// it was before venues, with the rows it held.
fn before_venues(store: &common::TestStore) {
    loop {
        let reverted = store.revert_last_migration_for_tests().unwrap();
        match reverted.as_deref() {
            Some(VENUES_MIGRATION) => return,
            Some(_) => continue,
            None => panic!("the venues migration was never applied"),
        }
    }
}

/// Every row of every table but `events` (which gains `venue_id`), `venues` (new) and the
/// migrations' own.
fn other_rows(store: &common::TestStore) -> Vec<String> {
    store
        .contents()
        .into_iter()
        .filter(|line| {
            !["events:", "venues:", "__diesel_schema_migrations:"]
                .iter()
                .any(|table| line.starts_with(table))
        })
        .collect()
}

/// Each event's own columns (all but `venue_id`), sorted.
fn event_rows(store: &common::TestStore) -> Vec<String> {
    store.lines(
        "SELECT id || '|' || title || '|' || category || '|' || location || '|' || area || '|' \
         || CAST(starts_at AS TEXT) || '|' || CAST(max_participants AS TEXT) || '|' \
         || CAST(current_participants AS TEXT) || '|' || CAST(price_pence AS TEXT) || '|' \
         || coalesce(leader_id, '') || '|' || coalesce(series_id, '') AS line \
         FROM events ORDER BY id",
    )
}

fn count(store: &common::TestStore, table: &str) -> u64 {
    store.lines(&format!(
        "SELECT CAST(count(*) AS TEXT) AS line FROM {table}"
    ))[0]
        .parse()
        .unwrap()
}

/// Today's free-text locations become venues: one per distinct text (surrounding spaces
/// ignored), named as `Venue::from_location` names them, nothing checked; every event
/// refers to its venue and keeps its own columns; every booking and every other row is
/// as it was.
fn the_migration_makes_venues_of_locations_losing_nothing(store: &common::TestStore) {
    use playspace_app::{SeedMode, SeedOutcome, seed_demo_data};
    let clock = playspace_test_support::FixedClock(playspace_test_support::test_now());
    let seeded = seed_demo_data(&**store, &clock, SeedMode::IfEmpty).unwrap();
    assert!(matches!(seeded, SeedOutcome::Seeded { .. }), "{seeded:?}");
    before_venues(store);
    let ids = store.lines("SELECT id AS line FROM events ORDER BY starts_at, id");
    assert!(ids.len() > 50, "the demo's sessions: {}", ids.len());
    // Old data as people typed it: spaces around, commas inside, no comma at all.
    let odd = [
        ("  Unit 3, Mile End Park, Tower Hamlets ", "Tower Hamlets"),
        ("Unit 3, Mile End Park, Tower Hamlets", "Tower Hamlets"),
        ("Online", "Online"),
    ];
    for (id, (location, area)) in ids.iter().zip(odd) {
        store.execute(&format!(
            "UPDATE events SET location = '{location}', area = '{area}' WHERE id = '{id}'"
        ));
    }
    let distinct = store
        .lines("SELECT CAST(count(DISTINCT trim(location)) AS TEXT) AS line FROM events")[0]
        .parse::<u64>()
        .unwrap();
    let (events, bookings) = (count(store, "events"), count(store, "bookings"));
    assert!(bookings > 100, "the demo's bookings: {bookings}");
    let (event_rows_before, other_rows_before) = (event_rows(store), other_rows(store));

    // The venues migration alone: later ones add columns of their own to other tables.
    assert_eq!(
        store.run_next_migration_for_tests().unwrap().as_deref(),
        Some(VENUES_MIGRATION)
    );

    assert_eq!(count(store, "events"), events, "no event lost");
    assert_eq!(count(store, "bookings"), bookings, "no booking lost");
    assert_eq!(
        count(store, "venues"),
        distinct,
        "one venue per distinct location"
    );
    assert_eq!(
        event_rows(store),
        event_rows_before,
        "events keep their columns"
    );
    let after = other_rows(store);
    let lost: Vec<&String> = other_rows_before
        .iter()
        .filter(|l| !after.contains(l))
        .collect();
    let gained: Vec<&String> = after
        .iter()
        .filter(|l| !other_rows_before.contains(l))
        .collect();
    assert!(
        lost.is_empty() && gained.is_empty(),
        "every other row as it was: lost {lost:?}, gained {gained:?}"
    );
    assert!(
        after.iter().any(|l| l.starts_with("bookings: ")),
        "bookings compared"
    );
    let joined = store.lines(
        "SELECT CAST(count(*) AS TEXT) AS line FROM events e JOIN venues v ON v.id = e.venue_id",
    );
    assert_eq!(joined, [events.to_string()], "every event at a venue");
    // The rest, so the store reads the schema it knows.
    store.migrate().unwrap();

    // A sample, read through the store: the odd ones and a demo session.
    let read = |id: &str| store.get(id.parse().unwrap()).unwrap();
    let (first, second, online) = (read(&ids[0]), read(&ids[1]), read(&ids[2]));
    assert_eq!(first.venue.id, second.venue.id, "spaces around are ignored");
    let rule = Venue::from_location("Unit 3, Mile End Park, Tower Hamlets");
    assert_eq!(
        (
            first.venue.name.as_str(),
            first.venue.borough.as_str(),
            first.venue.address.as_str()
        ),
        (
            rule.name.as_str(),
            rule.borough.as_str(),
            rule.address.as_str()
        ),
        "the SQL names venues as Venue::from_location does"
    );
    assert_eq!(first.location(), "Unit 3, Mile End Park, Tower Hamlets");
    assert_eq!(first.venue.access, rule.access, "nothing known");
    assert_eq!(first.venue.access_checked, None);
    assert_eq!(first.venue.postcode, "");
    assert_eq!(online.location(), "Online");
    assert_eq!(online.venue.name, "Online");
    let demo = read(&ids[5]);
    let (location, area) = demo_location(store, &ids[5]);
    assert_eq!(demo.location(), location);
    assert_eq!(demo.area(), area);
    // Bookings read with their session and its venue.
    let booked = store.lines(
        "SELECT user_id AS line FROM bookings WHERE status = 'confirmed' ORDER BY id LIMIT 1",
    );
    let mine =
        playspace_ports::BookingRepository::list_for_user(&**store, booked[0].parse().unwrap())
            .unwrap();
    assert!(!mine.is_empty());
    assert!(mine.iter().all(|b| !b.event.venue.name.is_empty()));
}

fn demo_location(store: &common::TestStore, id: &str) -> (String, String) {
    let line = store.lines(&format!(
        "SELECT location || '|' || area AS line FROM events WHERE id = '{id}'"
    ));
    let (location, area) = line[0].split_once('|').unwrap();
    (location.to_owned(), area.to_owned())
}

#[test]
fn sqlite_the_migration_makes_venues_of_locations_losing_nothing() {
    the_migration_makes_venues_of_locations_losing_nothing(&common::sqlite_store());
}

#[test]
fn postgres_the_migration_makes_venues_of_locations_losing_nothing() {
    if let Some(store) = common::postgres_store() {
        the_migration_makes_venues_of_locations_losing_nothing(&store);
    }
}

fn venues_are_listed_by_name_and_retired_ones_only_for_admins(store: &Store) {
    let who = members(store, 1)[0];
    let york = stored(
        store,
        who,
        "York Hall, Tower Hamlets",
        &[AccessFact::StepFree],
    );
    let mut checked = Venue::from_location("Clissold Leisure Centre, Hackney");
    checked.access_checked = Some(AccessCheck {
        at: Utc::now(),
        by: Some(who),
    });
    store
        .create_venue(&checked, &audit(who, "venue.create", &checked))
        .unwrap();
    let mut retired = (*stored(store, who, "Baths, Camden", &[])).clone();
    retired.retired = true;
    store
        .update_venue(&retired, &audit(who, "venue.update", &retired), Utc::now())
        .unwrap();

    let public: Vec<String> = store
        .list_venues(false)
        .unwrap()
        .into_iter()
        .map(|v| v.name)
        .collect();
    assert_eq!(public, ["Clissold Leisure Centre", "York Hall"]);
    assert_eq!(store.list_venues(true).unwrap().len(), 3);
    assert_eq!(store.venue(york.id).unwrap(), *york, "stored as given");
    assert!(store.venue(retired.id).unwrap().retired);
    assert_eq!(store.venue(VenueId::new()), Err(RepoError::NotFound));

    store
        .insert(
            &EventBuilder::new()
                .venue(&york)
                .starts_at(Utc::now() + Duration::days(2))
                .build(),
        )
        .unwrap();
    store
        .insert(
            &EventBuilder::new()
                .venue(&york)
                .starts_at(Utc::now() - Duration::days(2))
                .build(),
        )
        .unwrap();
    let admin = store.admin_venues(Utc::now()).unwrap();
    let names: Vec<&str> = admin.iter().map(|v| v.venue.name.as_str()).collect();
    assert_eq!(names, ["Baths", "Clissold Leisure Centre", "York Hall"]);
    assert_eq!((admin[2].sessions, admin[2].upcoming_sessions), (2, 1));
    assert_eq!(admin[1].checked_by_name.as_deref(), Some("Racer 0"));
    assert_eq!(admin[2].checked_by_name, None, "never checked");
    assert_eq!(store.admin_venue(york.id, Utc::now()).unwrap(), admin[2]);
}

fn an_edit_rewrites_the_location_of_every_session_there(store: &Store) {
    let who = members(store, 1)[0];
    let hall = stored(store, who, "Jubilee Hall, Camden", &[]);
    let other = stored(store, who, "York Hall, Tower Hamlets", &[]);
    let soon = || EventBuilder::new().starts_at(Utc::now() + Duration::days(2));
    let at_hall = soon().venue(&hall).build();
    let elsewhere = soon().venue(&other).build();
    store.insert(&at_hall).unwrap();
    store.insert(&elsewhere).unwrap();

    let mut edited = (*hall).clone();
    edited.name = "Jubilee Community Hall".into();
    edited.borough = "Islington".into();
    edited.access.set(AccessFact::Lift, FactValue::No);
    store
        .update_venue(&edited, &audit(who, "venue.update", &edited), Utc::now())
        .unwrap();
    let read = store.get(at_hall.id).unwrap();
    assert_eq!(read.location(), "Jubilee Community Hall, Islington");
    assert_eq!(read.venue.access.get(AccessFact::Lift), FactValue::No);
    // The stored copies the area filter and search use moved with it.
    let in_islington = EventFilter {
        area: Some("Islington".into()),
        ..Default::default()
    }
    .into_query(Utc::now())
    .unwrap();
    let listed = store.list(&in_islington).unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].id, at_hall.id);
    assert_eq!(
        store.get(elsewhere.id).unwrap().location(),
        "York Hall, Tower Hamlets"
    );
    let missing = Venue::from_location("Nowhere, Camden");
    assert_eq!(
        store.update_venue(&missing, &audit(who, "venue.update", &missing), Utc::now()),
        Err(RepoError::NotFound)
    );
}

fn a_venue_any_session_used_cannot_be_deleted(store: &Store) {
    let who = members(store, 1)[0];
    let used = stored(store, who, "Jubilee Hall, Camden", &[]);
    let past = EventBuilder::new()
        .venue(&used)
        .starts_at(Utc::now() - Duration::days(30))
        .build();
    store
        .create_events(
            std::slice::from_ref(&past),
            None,
            None,
            &AuditEntry::new(who, "event.create", "event", None, Utc::now()),
        )
        .unwrap();
    assert_eq!(
        store.delete_venue(used.id, &audit(who, "venue.delete", &used)),
        Err(RepoError::Conflict),
        "a past session is enough"
    );
    assert!(store.venue(used.id).is_ok());
    let unused = stored(store, who, "Empty Hall, Camden", &[]);
    store
        .delete_venue(unused.id, &audit(who, "venue.delete", &unused))
        .unwrap();
    assert_eq!(store.venue(unused.id), Err(RepoError::NotFound));
    assert_eq!(
        store.delete_venue(unused.id, &audit(who, "venue.delete", &unused)),
        Err(RepoError::NotFound)
    );
    // A session made for a venue that is gone is refused by the foreign key.
    let orphan = EventBuilder::new().venue(&unused).build();
    assert!(
        store
            .create_events(
                std::slice::from_ref(&orphan),
                None,
                None,
                &AuditEntry::new(who, "event.create", "event", None, Utc::now()),
            )
            .is_err()
    );
}

fn the_access_filter_keeps_sessions_at_venues_saying_yes_to_every_fact(store: &Store) {
    let who = members(store, 1)[0];
    let level = stored(
        store,
        who,
        "Clissold Leisure Centre, Hackney",
        &[AccessFact::StepFree, AccessFact::GenderNeutralChanging],
    );
    let ramp = stored(
        store,
        who,
        "York Hall, Tower Hamlets",
        &[AccessFact::StepFree],
    );
    let unknown = stored(store, who, "Jubilee Hall, Camden", &[]);
    let mut no = (*stored(store, who, "Old Baths, Camden", &[])).clone();
    no.access.set(AccessFact::StepFree, FactValue::No);
    store
        .update_venue(&no, &audit(who, "venue.update", &no), Utc::now())
        .unwrap();
    let no = Arc::new(no);
    for (title, venue, days) in [
        ("both", &level, 1),
        ("step-free", &ramp, 2),
        ("unknown", &unknown, 3),
        ("no", &no, 4),
        ("both later", &level, 5),
    ] {
        store
            .insert(
                &EventBuilder::new()
                    .title(title)
                    .venue(venue)
                    .starts_at(Utc::now() + Duration::days(days))
                    .build(),
            )
            .unwrap();
    }
    let titles = |access: &[AccessFact], text: Option<&str>| -> Vec<String> {
        let mut query = EventFilter {
            q: text.map(str::to_owned),
            ..Default::default()
        }
        .into_query(Utc::now())
        .unwrap();
        query.access = AccessSet::of(access);
        store
            .list(&query)
            .unwrap()
            .into_iter()
            .map(|e| e.title)
            .collect()
    };
    assert_eq!(
        titles(&[AccessFact::StepFree], None),
        ["both", "step-free", "both later"]
    );
    assert_eq!(
        titles(
            &[AccessFact::StepFree, AccessFact::GenderNeutralChanging],
            None
        ),
        ["both", "both later"]
    );
    assert_eq!(titles(&[AccessFact::Lift], None), Vec::<String>::new());
    assert_eq!(titles(&[], None).len(), 5);
    assert_eq!(
        titles(&[AccessFact::StepFree], Some("later")),
        ["both later"]
    );
    // Sessions at one venue share one copy of it.
    let listed = store
        .list(&playspace_domain::EventQuery::upcoming(Utc::now()))
        .unwrap();
    assert!(Arc::ptr_eq(&listed[0].venue, &listed[4].venue));
}
