//! The scale data set on both backends: written in chunks, all of it, and only once.

use crate::common;

use chrono::Utc;
use playspace_app::{ScaleOutcome, ScaleSize, seed_scale_data};
use playspace_domain::BookingStatus;
use playspace_ports::{
    AdminBookingRepository, AdminEventRepository, BookingFilter, EventListQuery, EventWhen,
    RegisterRepository, ScaleSeedStore,
};
use playspace_store::Store;
use playspace_test_support::FixedClock;

on_both_backends!(a_small_scale_seed_is_written_once);

fn a_small_scale_seed_is_written_once(store: &Store) {
    let clock = FixedClock(Utc::now());
    let ScaleOutcome::Seeded {
        members,
        events,
        bookings,
    } = seed_scale_data(store, &clock, ScaleSize::SMALL).unwrap()
    else {
        panic!("a fresh database is seeded");
    };
    assert_eq!(members, ScaleSize::SMALL.members);
    assert_eq!(store.scale_member_count().unwrap(), members as u64);
    assert_eq!(store.booking_references().unwrap().len(), bookings);
    let all = EventListQuery {
        when: EventWhen::All,
        q: None,
        after: None,
        now: clock.0,
    };
    assert_eq!(
        store.list_admin_events(&all, 20).unwrap().total,
        events as u64
    );
    let cancelled = BookingFilter {
        status: Some(BookingStatus::Cancelled),
        ..Default::default()
    };
    let cancelled = store
        .list_admin_bookings(&cancelled, None, 20)
        .unwrap()
        .total;
    assert!(
        cancelled > 0 && cancelled < bookings as u64 / 5,
        "{cancelled}"
    );

    // Participant counts agree with the live bookings the register shows.
    let page = store.list_admin_events(&all, 20).unwrap();
    for e in &page.items {
        let lines = store.register(e.event.id).unwrap();
        assert_eq!(
            lines.len() as u32,
            e.event.current_participants,
            "{}",
            e.event.title
        );
    }

    // A second run sees the members and writes nothing.
    assert_eq!(
        seed_scale_data(store, &clock, ScaleSize::SMALL).unwrap(),
        ScaleOutcome::AlreadySeeded {
            members: members as u64
        }
    );
    assert_eq!(store.booking_references().unwrap().len(), bookings);
}
