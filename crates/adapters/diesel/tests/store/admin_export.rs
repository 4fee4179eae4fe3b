//! The CSV exports' chunked reads on both backends: every row exactly once, in id order,
//! whatever the chunk size.

use crate::common;

use std::collections::HashSet;

use chrono::Utc;
use playspace_ports::{BookingRepository, ExportStore, RepoError, UserRepository};
use playspace_store::Store;

on_both_backends!(
    users_are_read_in_chunks_erased_ones_flagged,
    events_and_bookings_are_read_in_chunks,
);

/// Reads everything through `chunk`, `size` rows at a time; returns the ids in order.
fn read_all<R>(
    size: u32,
    chunk: impl Fn(Option<String>, u32) -> Result<Vec<R>, RepoError>,
    id: impl Fn(&R) -> String,
) -> Vec<String> {
    let mut ids = Vec::new();
    let mut after = None;
    loop {
        let rows = chunk(after.clone(), size).unwrap();
        assert!(rows.len() <= size as usize);
        let Some(last) = rows.last() else { break };
        after = Some(id(last));
        ids.extend(rows.iter().map(&id));
    }
    ids
}

fn sorted(mut ids: Vec<String>) -> Vec<String> {
    ids.sort();
    ids
}

fn users_are_read_in_chunks_erased_ones_flagged(store: &Store) {
    let people = common::members(store, 23);
    store.erase(people[4], Utc::now()).unwrap();
    let ids = read_all(5, |a, n| store.users_after(a, n), |r| r.id.clone());
    assert_eq!(ids.len(), 23);
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), 23);
    assert_eq!(ids, sorted(ids.clone()), "in id order");
    let rows = store.users_after(None, 100).unwrap();
    let erased: Vec<_> = rows.iter().filter(|r| r.erased).collect();
    assert_eq!(erased.len(), 1);
    assert_eq!(erased[0].id, people[4].to_string());
    let live = rows.iter().find(|r| r.id == people[0].to_string()).unwrap();
    assert_eq!(
        (live.first_name.as_str(), live.role.as_str()),
        ("Racer", "user")
    );
    assert!(live.email.starts_with("racer0-"));
}

fn events_and_bookings_are_read_in_chunks(store: &Store) {
    let people = common::members(store, 7);
    let events: Vec<_> = (0..7).map(|_| common::event(store, 10)).collect();
    for (i, person) in people.iter().enumerate() {
        for event in events.iter().take(i + 1) {
            store
                .book(&common::request(*person, event, None), Utc::now())
                .unwrap();
        }
    }
    let event_ids = read_all(3, |a, n| store.events_after(a, n), |r| r.id.clone());
    assert_eq!(
        sorted(event_ids.clone()),
        sorted(events.iter().map(|e| e.id.to_string()).collect())
    );
    assert_eq!(event_ids, sorted(event_ids.clone()));
    let booking_ids = read_all(4, |a, n| store.bookings_after(a, n), |r| r.id.clone());
    assert_eq!(booking_ids.len(), 28);
    assert_eq!(booking_ids.iter().collect::<HashSet<_>>().len(), 28);
    assert_eq!(booking_ids, sorted(booking_ids.clone()));
    let booking = &store.bookings_after(None, 1).unwrap()[0];
    let event = events
        .iter()
        .find(|e| e.id.to_string() == booking.event_id)
        .unwrap();
    assert_eq!(booking.event_title, event.title);
    assert_eq!(booking.status, "confirmed");
    assert_eq!(booking.payment_method, "cash");
    assert_eq!(booking.attendance, None);
    let all = store.events_after(None, 100).unwrap();
    let first_event = all
        .iter()
        .find(|e| e.id == events[0].id.to_string())
        .unwrap();
    assert_eq!(first_event.current_participants, 7);
    assert_eq!(first_event.leader_id, None);
    // Erasure keeps bookings as counts.
    store.erase(people[6], Utc::now()).unwrap();
    assert_eq!(store.bookings_after(None, 100).unwrap().len(), 28);
    assert!(UserRepository::get(store, people[6]).is_err());
}
