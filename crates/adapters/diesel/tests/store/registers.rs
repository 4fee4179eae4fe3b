//! Registers on both backends: the lines, marking them, and the sessions a leader leads.

use crate::common;

use chrono::{Duration, Utc};
use playspace_domain::admin::Attendance;
use playspace_domain::{AuditEntry, BookingId};
use playspace_ports::{
    AdminEventRepository, AuditFilter, AuditLog, BookingRepository, EventRepository,
    RegisterChange, RegisterRepository, RepoError,
};
use playspace_store::Store;
use playspace_test_support::EventBuilder;

use common::{event, members, request};

on_both_backends!(marking_the_register, sessions_a_leader_leads);

fn audit(who: playspace_domain::UserId) -> AuditEntry {
    AuditEntry::new(who, "booking.attendance", "booking", None, Utc::now())
}

fn marking_the_register(store: &Store) {
    let people = members(store, 3);
    let e = event(store, 5);
    let mut with_needs = request(people[0], &e, None);
    with_needs.booking.accessibility_requirements = Some("A quiet space".into());
    store.book(&with_needs, Utc::now()).unwrap();
    store
        .book(&request(people[1], &e, None), Utc::now())
        .unwrap();
    let cancelled = request(people[2], &e, None);
    store.book(&cancelled, Utc::now()).unwrap();
    store
        .cancel(cancelled.booking.id, None, &[], &[], Utc::now())
        .unwrap();

    let lines = store.register(e.id).unwrap();
    assert_eq!(lines.len(), 2, "live bookings only");
    let first = lines
        .iter()
        .find(|l| l.booking_id == with_needs.booking.id)
        .unwrap();
    assert_eq!(
        first.accessibility_requirements.as_deref(),
        Some("A quiet space")
    );
    assert_eq!(first.attendance, None);

    let line = store
        .mark(
            e.id,
            with_needs.booking.id,
            RegisterChange::Attendance(Some(Attendance::Attended)),
            &audit(people[2]),
        )
        .unwrap();
    assert_eq!(line.attendance, Some(Attendance::Attended));
    let line = store
        .mark(
            e.id,
            with_needs.booking.id,
            RegisterChange::CashPaid,
            &audit(people[2]),
        )
        .unwrap();
    assert_eq!(line.payment_status, playspace_domain::PaymentStatus::Paid);
    assert_eq!(
        store.mark(
            e.id,
            cancelled.booking.id,
            RegisterChange::CashPaid,
            &audit(people[2])
        ),
        Err(RepoError::NotFound),
        "a cancelled booking is not on the register"
    );
    assert_eq!(
        store.mark(
            e.id,
            BookingId::new(),
            RegisterChange::Attendance(None),
            &audit(people[2])
        ),
        Err(RepoError::NotFound)
    );
    let other = event(store, 5);
    assert_eq!(
        store.mark(
            other.id,
            with_needs.booking.id,
            RegisterChange::Attendance(None),
            &audit(people[2])
        ),
        Err(RepoError::NotFound),
        "a booking is marked only on its own session"
    );
    assert_eq!(store.latest(&AuditFilter::default(), 10).unwrap().len(), 2);
}

fn sessions_a_leader_leads(store: &Store) {
    let people = members(store, 2);
    let who = people[0];
    let audit = AuditEntry::new(who, "event.create", "event", None, Utc::now());
    let park = common::venue(store, who, "Haggerston Park, Hackney");
    let at = |days| {
        EventBuilder::new()
            .venue(&park)
            .starts_at(Utc::now() + Duration::days(days))
            .build()
    };
    let (past, soon, later) = (at(-3), at(1), at(9));
    store
        .create_events(
            &[past, soon.clone(), later.clone()],
            Some(who),
            None,
            &audit,
        )
        .unwrap();
    let someone_elses = at(2);
    store
        .create_events(
            std::slice::from_ref(&someone_elses),
            Some(people[1]),
            None,
            &audit,
        )
        .unwrap();
    store.insert(&EventBuilder::new().build()).unwrap();

    let mine: Vec<_> = store
        .led_sessions(Some(who), Utc::now() - Duration::days(1))
        .unwrap()
        .into_iter()
        .map(|e| e.event.id)
        .collect();
    assert_eq!(mine, vec![soon.id, later.id]);
    let all = store
        .led_sessions(None, Utc::now() - Duration::days(1))
        .unwrap();
    assert_eq!(all.len(), 3, "every led session, none without a leader");
    assert_eq!(all[1].event.id, someone_elses.id);
}
