//! Sessions from the admin side on both backends: paging, series, edits that tell the
//! people booked exactly once, cancelling, and capacity that never drops below what's taken.

use crate::common;

use playspace_domain::NotificationKind;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Barrier};

use chrono::{Duration, NaiveDate, NaiveTime, Utc};
use playspace_domain::page_cursor::PageCursor as Cursor;
use playspace_domain::series::SeriesRule;
use playspace_domain::waitlist::WaitlistStatus;
use playspace_domain::{AuditEntry, Event, SeriesId, UserId};
use playspace_ports::{
    AdminEventRepository, AuditFilter, AuditLog, BookingRepository, EventListQuery, EventNews,
    EventRepository, EventUpdate, EventWhen, Message, NewNotification, NewSeries, RepoError,
    WaitlistRepository,
};
use playspace_store::Store;
use playspace_test_support::{EventBuilder, outgoing_email};

use common::{event, members, request};

on_both_backends!(
    pages_cover_every_event_once_in_order,
    a_series_is_stored_with_its_sessions,
    a_changed_time_tells_each_person_booked_once,
    cancelling_cancels_bookings_closes_the_waitlist_and_marks_card_refunds,
    capacity_below_the_places_taken_is_a_conflict,
    a_bigger_session_offers_its_new_places_to_the_waitlist,
    a_booking_racing_a_cancellation_is_refused_or_cancelled_and_told,
);

fn audit(who: UserId, action: &'static str) -> AuditEntry {
    AuditEntry::new(who, action, "event", None, Utc::now())
}

fn query(when: EventWhen, q: Option<&str>, after: Option<Cursor>) -> EventListQuery {
    EventListQuery {
        when,
        q: q.map(str::to_owned),
        after,
        now: Utc::now(),
    }
}

/// A composer that counts the messages it writes.
fn counting(
    count: &AtomicU32,
) -> impl Fn(&Event, &Event, EventNews, &playspace_ports::Attendee) -> Result<Message, RepoError>
+ Sync
+ '_ {
    move |_, after, news, person| {
        count.fetch_add(1, Ordering::SeqCst);
        Ok(Message {
            notification: NewNotification {
                user_id: person.user_id,
                kind: NotificationKind::Booking,
                title: format!("{news:?}"),
                message: after.title.clone(),
                action_url: None,
                event_id: Some(after.id),
            },
            email: outgoing_email(person.email.as_str()),
        })
    }
}

fn edit(store: &Store, event: &Event, change: impl FnOnce(&mut Event), who: UserId) -> EventUpdate {
    let before = EventRepository::get(store, event.id).unwrap();
    let mut after = before.clone();
    change(&mut after);
    EventUpdate {
        before,
        after,
        leader: None,
        audit: audit(who, "event.update"),
    }
}

fn pages_cover_every_event_once_in_order(store: &Store) {
    let who = members(store, 1)[0];
    let now = Utc::now();
    // Same start for several: ties are broken by id.
    for i in 0..25 {
        let e = EventBuilder::new()
            .title(if i % 5 == 0 {
                "Queer Climbing"
            } else {
                "Football"
            })
            .starts_at(now + Duration::days(1 + i / 3))
            .build();
        store.insert(&e).unwrap();
    }
    for i in 0..3 {
        store
            .insert(
                &EventBuilder::new()
                    .starts_at(now - Duration::days(1 + i))
                    .inactive()
                    .build(),
            )
            .unwrap();
    }
    let mut seen = Vec::new();
    let mut after = None;
    loop {
        let page = store
            .list_admin_events(&query(EventWhen::Upcoming, None, after), 10)
            .unwrap();
        assert_eq!(page.total, 25);
        seen.extend(
            page.items
                .iter()
                .map(|e| (e.event.starts_at, e.event.id.to_string())),
        );
        match page.next {
            Some(c) => after = Some(c),
            None => break,
        }
    }
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(seen, sorted, "soonest first, each once");
    assert_eq!(seen.len(), 25);

    let past = store
        .list_admin_events(&query(EventWhen::Past, None, None), 10)
        .unwrap();
    assert_eq!(past.total, 3);
    assert!(
        past.items[0].event.starts_at > past.items[1].event.starts_at,
        "newest first"
    );
    let climbing = store
        .list_admin_events(&query(EventWhen::All, Some("CLIMB"), None), 10)
        .unwrap();
    assert_eq!(climbing.total, 5);
    let none = store
        .list_admin_events(&query(EventWhen::All, Some("100%_"), None), 10)
        .unwrap();
    assert_eq!(none.total, 0, "wildcards are literal");
    let _ = who;
}

fn a_series_is_stored_with_its_sessions(store: &Store) {
    let who = members(store, 1)[0];
    let template = EventBuilder::new()
        .venue(&common::venue(store, who, "Haggerston Park, Hackney"))
        .build();
    let rule = SeriesRule {
        first_date: NaiveDate::from_ymd_opt(2030, 1, 1).unwrap(),
        time: NaiveTime::from_hms_opt(18, 30, 0).unwrap(),
        interval_weeks: 1,
        until: NaiveDate::from_ymd_opt(2030, 1, 29).unwrap(),
        skip: vec![],
    };
    let events: Vec<Event> = rule
        .starts()
        .into_iter()
        .map(|s| Event {
            id: playspace_domain::EventId::new(),
            starts_at: s,
            ..template.clone()
        })
        .collect();
    let series = NewSeries {
        id: SeriesId::new(),
        rule,
        created_by: who,
    };
    store
        .create_events(
            &events,
            Some(who),
            Some(&series),
            &audit(who, "series.create"),
        )
        .unwrap();
    let from_third = store.series_from(series.id, events[2].starts_at).unwrap();
    assert_eq!(from_third.len(), 3);
    let one = store.admin_event(events[0].id).unwrap();
    assert_eq!(one.series_id, Some(series.id));
    assert_eq!(one.leader.unwrap().id, who);
    assert_eq!(
        store.latest(&AuditFilter::default(), 5).unwrap()[0].action,
        "series.create"
    );
}

fn a_changed_time_tells_each_person_booked_once(store: &Store) {
    let people = members(store, 4);
    let e = event(store, 10);
    for p in &people[..3] {
        store.book(&request(*p, &e, None), Utc::now()).unwrap();
    }
    let cancelled = store.list_for_user(people[2]).unwrap()[0].booking.id;
    store.cancel(cancelled, None, &[], &[], Utc::now()).unwrap();
    let count = AtomicU32::new(0);
    let compose = counting(&count);
    let stored = EventRepository::get(store, e.id).unwrap().starts_at;
    let update = edit(store, &e, |a| a.starts_at += Duration::hours(1), people[3]);
    let outcome = store
        .update_events(&[update], &compose, Utc::now())
        .unwrap();
    assert_eq!(outcome.notified, 2);
    assert_eq!(count.load(Ordering::SeqCst), 2);
    assert!(outcome.to_refund.is_empty());
    assert_eq!(
        EventRepository::get(store, e.id).unwrap().starts_at,
        stored + Duration::hours(1)
    );
    // A title change is not news.
    let update = edit(store, &e, |a| a.title = "Renamed".into(), people[3]);
    assert_eq!(
        store
            .update_events(&[update], &compose, Utc::now())
            .unwrap()
            .notified,
        0
    );
}

fn cancelling_cancels_bookings_closes_the_waitlist_and_marks_card_refunds(store: &Store) {
    let people = members(store, 4);
    let e = event(store, 2);
    store
        .book(&request(people[0], &e, None), Utc::now())
        .unwrap();
    let mut card = request(people[1], &e, None);
    card.booking.payment_method = playspace_domain::PaymentMethod::Card;
    card.booking.payment_status = playspace_domain::PaymentStatus::Paid;
    card.booking.amount = playspace_domain::Money::from_pence(700).unwrap();
    store.book(&card, Utc::now()).unwrap();
    store.join(e.id, people[2], Utc::now()).unwrap();
    let count = AtomicU32::new(0);
    let compose = counting(&count);
    let update = edit(store, &e, |a| a.is_active = false, people[3]);
    let outcome = store
        .update_events(&[update], &compose, Utc::now())
        .unwrap();
    assert_eq!(outcome.notified, 3, "two booked, one waiting");
    assert_eq!(outcome.to_refund, vec![(card.booking.id, 700)]);
    // Owed until the gateway is asked; a sweep would find it if the server stopped here.
    let later = Utc::now() + Duration::minutes(2);
    assert_eq!(
        store.unrefunded(later, 10).unwrap(),
        vec![(card.booking.id, 700)]
    );
    store
        .record_refund(
            card.booking.id,
            700,
            Some("re_1".into()),
            "succeeded",
            Utc::now(),
        )
        .unwrap();
    assert!(store.unrefunded(later, 10).unwrap().is_empty());
    let after = EventRepository::get(store, e.id).unwrap();
    assert!(!after.is_active);
    assert_eq!(after.current_participants, 0);
    for p in &people[..2] {
        assert!(!store.list_for_user(*p).unwrap()[0].booking.is_live());
    }
    assert_eq!(
        store.entry(e.id, people[2]).unwrap().unwrap().status,
        WaitlistStatus::Expired
    );
    // Cancelling twice tells nobody again.
    let update = edit(store, &e, |a| a.is_active = false, people[3]);
    assert_eq!(
        store
            .update_events(&[update], &compose, Utc::now())
            .unwrap()
            .notified,
        0
    );
}

fn capacity_below_the_places_taken_is_a_conflict(store: &Store) {
    let people = members(store, 3);
    let e = event(store, 5);
    let update = edit(store, &e, |a| a.max_participants = 2, people[2]);
    // Taken meanwhile: three places, after the admin's form was read.
    for p in &people {
        store.book(&request(*p, &e, None), Utc::now()).unwrap();
    }
    let count = AtomicU32::new(0);
    assert_eq!(
        store.update_events(&[update], &counting(&count), Utc::now()),
        Err(RepoError::Conflict)
    );
    assert_eq!(
        EventRepository::get(store, e.id).unwrap().max_participants,
        5
    );
    assert!(
        store.latest(&AuditFilter::default(), 5).unwrap().is_empty(),
        "nothing written"
    );
}

fn a_bigger_session_offers_its_new_places_to_the_waitlist(store: &Store) {
    let people = members(store, 5);
    let e = event(store, 1);
    store
        .book(&request(people[0], &e, None), Utc::now())
        .unwrap();
    for p in &people[1..4] {
        store.join(e.id, *p, Utc::now()).unwrap();
    }
    let count = AtomicU32::new(0);
    let update = edit(store, &e, |a| a.max_participants = 3, people[4]);
    store
        .update_events(&[update], &counting(&count), Utc::now())
        .unwrap();
    let status = |p: UserId| store.entry(e.id, p).unwrap().unwrap().status;
    assert_eq!(status(people[1]), WaitlistStatus::Offered);
    assert_eq!(status(people[2]), WaitlistStatus::Offered);
    assert_eq!(status(people[3]), WaitlistStatus::Waiting);
    assert_eq!(
        EventRepository::get(store, e.id)
            .unwrap()
            .current_participants,
        3,
        "held"
    );
}

fn a_booking_racing_a_cancellation_is_refused_or_cancelled_and_told(store: &Store) {
    for _ in 0..5 {
        let people = members(store, 2);
        let e = event(store, 5);
        let count = Arc::new(AtomicU32::new(0));
        let barrier = Arc::new(Barrier::new(2));
        let booker = {
            let (store, barrier, e, who) = (store.clone(), barrier.clone(), e.clone(), people[0]);
            std::thread::spawn(move || {
                barrier.wait();
                store.book(&request(who, &e, None), Utc::now()).is_ok()
            })
        };
        let update = edit(store, &e, |a| a.is_active = false, people[1]);
        barrier.wait();
        let counter = count.clone();
        let compose = counting(&counter);
        let outcome = store
            .update_events(&[update], &compose, Utc::now())
            .unwrap();
        let booked = booker.join().unwrap();
        let live = store
            .list_for_user(people[0])
            .unwrap()
            .iter()
            .any(|b| b.booking.is_live());
        assert!(!live, "no live booking on a cancelled session");
        assert_eq!(
            outcome.notified,
            u32::from(booked),
            "told exactly when booked"
        );
        assert_eq!(
            EventRepository::get(store, e.id)
                .unwrap()
                .current_participants,
            0
        );
    }
}
