//! The bookings tab's store on both backends: filters and paging, and status changes that
//! keep the capacity guard.

use crate::common;

use chrono::{Duration, Utc};
use playspace_domain::{AuditEntry, BookingStatus, PaymentStatus};
use playspace_ports::{
    AdminBookingRepository, BookingFilter, BookingRepository, EventRepository, RepoError,
};
use playspace_store::Store;

use common::{event, members, request};

on_both_backends!(
    filters_and_pages_cover_every_booking_once,
    cancelling_and_reviving_keep_the_capacity_guard
);

fn audit_by(who: playspace_domain::UserId) -> AuditEntry {
    AuditEntry::new(who, "booking.update", "booking", None, Utc::now())
}

fn filters_and_pages_cover_every_booking_once(store: &Store) {
    let people = members(store, 25);
    let (a, b) = (event(store, 30), event(store, 30));
    for (i, p) in people.iter().enumerate() {
        let mut r = request(*p, if i % 5 == 0 { &b } else { &a }, None);
        r.booking.created_at = Utc::now() - Duration::minutes(i as i64 / 2);
        store.book(&r, Utc::now()).unwrap();
    }
    let all = BookingFilter::default();
    let mut seen = Vec::new();
    let mut after = None;
    loop {
        let page = store.list_admin_bookings(&all, after, 7).unwrap();
        assert_eq!(page.total, 25);
        seen.extend(
            page.items
                .iter()
                .map(|x| (x.booking.created_at, x.booking.id)),
        );
        match page.next {
            Some(c) => after = Some(c),
            None => break,
        }
    }
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.reverse();
    sorted.dedup();
    assert_eq!(seen, sorted, "newest first, each once");
    let by_event = BookingFilter {
        event_id: Some(b.id),
        ..BookingFilter::default()
    };
    assert_eq!(
        store
            .list_admin_bookings(&by_event, None, 20)
            .unwrap()
            .total,
        5
    );
    let one = store
        .list_admin_bookings(&all, None, 1)
        .unwrap()
        .items
        .remove(0);
    let by_reference = BookingFilter {
        reference: Some(one.booking.reference.as_str()[3..].to_owned()),
        ..BookingFilter::default()
    };
    assert_eq!(
        store
            .list_admin_bookings(&by_reference, None, 20)
            .unwrap()
            .items[0]
            .booking
            .id,
        one.booking.id
    );
    let later = BookingFilter {
        from: Some(Utc::now() + Duration::minutes(1)),
        ..BookingFilter::default()
    };
    assert_eq!(
        store.list_admin_bookings(&later, None, 20).unwrap().total,
        0
    );
}

fn cancelling_and_reviving_keep_the_capacity_guard(store: &Store) {
    let people = members(store, 2);
    let audit = || audit_by(people[0]);
    let e = event(store, 1);
    let first = request(people[0], &e, None);
    store.book(&first, Utc::now()).unwrap();
    let id = first.booking.id;
    store
        .set_booking_status(
            id,
            BookingStatus::Cancelled,
            Some("Asked".into()),
            &[],
            &[],
            &audit(),
        )
        .unwrap();
    assert_eq!(
        EventRepository::get(store, e.id)
            .unwrap()
            .current_participants,
        0
    );
    store
        .book(&request(people[1], &e, None), Utc::now())
        .unwrap();
    assert_eq!(
        store.set_booking_status(id, BookingStatus::Confirmed, None, &[], &[], &audit()),
        Err(RepoError::Conflict),
        "full: cannot come back"
    );
    let second = store.list_for_user(people[1]).unwrap()[0].booking.id;
    store
        .set_booking_status(second, BookingStatus::Cancelled, None, &[], &[], &audit())
        .unwrap();
    store
        .set_booking_status(id, BookingStatus::Confirmed, None, &[], &[], &audit())
        .unwrap();
    assert_eq!(
        EventRepository::get(store, e.id)
            .unwrap()
            .current_participants,
        1
    );
    // Cancelled again after being revived: its cancellation is recorded afresh.
    store
        .set_booking_status(id, BookingStatus::Cancelled, None, &[], &[], &audit())
        .unwrap();
    store
        .set_payment_status(id, PaymentStatus::Refunded, &audit())
        .unwrap();
    let row = store.admin_booking(id).unwrap();
    assert_eq!(
        (row.booking.status, row.booking.payment_status),
        (BookingStatus::Cancelled, PaymentStatus::Refunded)
    );
    assert_eq!(
        store.set_payment_status(
            playspace_domain::BookingId::new(),
            PaymentStatus::Paid,
            &audit()
        ),
        Err(RepoError::NotFound)
    );
}
