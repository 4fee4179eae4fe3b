//! A person's in-app notifications against both backends: at most the newest 50 are kept,
//! and reading, marking and deleting only ever touch the owner's rows.

use crate::common;

use chrono::{DateTime, Duration, Utc};
use playspace_domain::{
    NOTIFICATIONS_KEPT, NewNotification, NotificationId, NotificationKind, UserId,
};
use playspace_ports::{BookingRepository, NotificationRepository, RepoError};
use playspace_store::Store;

use common::{event, members, request};

on_both_backends!(
    adding_beyond_fifty_keeps_the_newest_fifty,
    the_list_is_newest_first_with_its_unread_count,
    marking_read_touches_only_the_owners_rows,
    deleting_touches_only_the_owners_rows,
    a_booking_notification_is_pruned_with_the_booking,
    notifications_written_in_one_instant_keep_their_order,
);

fn note(user: UserId, title: &str) -> NewNotification {
    NewNotification {
        user_id: user,
        kind: NotificationKind::Info,
        title: title.into(),
        message: format!("{title}: message"),
        action_url: Some("/events".into()),
        event_id: None,
    }
}

fn start() -> DateTime<Utc> {
    // Whole seconds: both backends store microseconds at most.
    DateTime::from_timestamp(Utc::now().timestamp(), 0).unwrap()
}

/// Adds `titles` for `user`, one a minute from `at`.
fn add_all(store: &Store, user: UserId, titles: &[String], at: DateTime<Utc>) {
    for (i, title) in titles.iter().enumerate() {
        store
            .add(&note(user, title), at + Duration::minutes(i as i64))
            .unwrap();
    }
}

fn titles(store: &Store, user: UserId) -> Vec<String> {
    store
        .notifications_of(user)
        .unwrap()
        .items
        .into_iter()
        .map(|n| n.title)
        .collect()
}

fn adding_beyond_fifty_keeps_the_newest_fifty(store: &Store) {
    let people = members(store, 2);
    let (ana, ben) = (people[0], people[1]);
    let at = start();
    let names: Vec<String> = (1..=55).map(|i| format!("n{i}")).collect();
    add_all(store, ben, &names[..3], at);
    add_all(store, ana, &names, at);
    let kept = titles(store, ana);
    assert_eq!(kept.len(), NOTIFICATIONS_KEPT as usize);
    let newest_first: Vec<String> = (6..=55).rev().map(|i| format!("n{i}")).collect();
    assert_eq!(kept, newest_first, "n1..n5 were pruned");
    assert_eq!(store.notifications_of(ana).unwrap().unread, 50);
    assert_eq!(
        titles(store, ben),
        ["n3", "n2", "n1"],
        "another's are untouched"
    );
}

fn the_list_is_newest_first_with_its_unread_count(store: &Store) {
    let ana = members(store, 1)[0];
    let at = start();
    store.add(&note(ana, "older"), at).unwrap();
    store
        .add(&note(ana, "newer"), at + Duration::seconds(1))
        .unwrap();
    let list = store.notifications_of(ana).unwrap();
    assert_eq!(list.unread, 2);
    let first = &list.items[0];
    assert_eq!(first.title, "newer");
    assert_eq!(first.user_id, ana);
    assert_eq!(first.kind, NotificationKind::Info);
    assert_eq!(first.message, "newer: message");
    assert_eq!(first.action_url.as_deref(), Some("/events"));
    assert!(!first.read);
    assert_eq!(first.created_at, at + Duration::seconds(1));
    assert_eq!(list.items[1].title, "older");
    let nobody = store.notifications_of(UserId::new()).unwrap();
    assert!(nobody.items.is_empty());
    assert_eq!(nobody.unread, 0);
}

fn marking_read_touches_only_the_owners_rows(store: &Store) {
    let people = members(store, 2);
    let (ana, ben) = (people[0], people[1]);
    let at = start();
    add_all(store, ana, &["a1".into(), "a2".into(), "a3".into()], at);
    add_all(store, ben, &["b1".into(), "b2".into()], at);
    let a1 = store.notifications_of(ana).unwrap().items[2].id;
    let b1 = store.notifications_of(ben).unwrap().items[1].id;

    assert_eq!(store.mark_read(ana, a1), Ok(2));
    assert_eq!(store.mark_read(ana, a1), Ok(2), "again is fine");
    assert_eq!(store.mark_read(ana, b1), Err(RepoError::NotFound));
    assert_eq!(
        store.mark_read(ana, NotificationId::new()),
        Err(RepoError::NotFound)
    );
    assert_eq!(store.notifications_of(ben).unwrap().unread, 2);
    let ana_list = store.notifications_of(ana).unwrap();
    assert!(ana_list.items[2].read);
    assert!(!ana_list.items[0].read);

    assert_eq!(store.mark_all_read(ana), Ok(0));
    assert!(
        store
            .notifications_of(ana)
            .unwrap()
            .items
            .iter()
            .all(|n| n.read)
    );
    let ben_list = store.notifications_of(ben).unwrap();
    assert_eq!(ben_list.unread, 2);
    assert!(ben_list.items.iter().all(|n| !n.read));
}

fn deleting_touches_only_the_owners_rows(store: &Store) {
    let people = members(store, 2);
    let (ana, ben) = (people[0], people[1]);
    let at = start();
    add_all(store, ana, &["a1".into(), "a2".into(), "a3".into()], at);
    add_all(store, ben, &["b1".into(), "b2".into()], at);
    let a2 = store.notifications_of(ana).unwrap().items[1].id;
    let b2 = store.notifications_of(ben).unwrap().items[0].id;

    assert_eq!(store.delete(ana, b2), Err(RepoError::NotFound));
    assert_eq!(store.delete(ana, a2), Ok(2));
    assert_eq!(store.delete(ana, a2), Err(RepoError::NotFound));
    assert_eq!(titles(store, ana), ["a3", "a1"]);
    store
        .mark_read(ana, store.notifications_of(ana).unwrap().items[0].id)
        .unwrap();
    let a1 = store.notifications_of(ana).unwrap().items[1].id;
    assert_eq!(store.delete(ana, a1), Ok(0), "the unread count after");

    store.clear(ana).unwrap();
    assert!(titles(store, ana).is_empty());
    assert_eq!(titles(store, ben), ["b2", "b1"]);
    store.clear(ana).unwrap();
}

/// The booking path (one statement on PostgreSQL) writes through the same insert, so a
/// person at the cap still keeps only the newest 50.
fn a_booking_notification_is_pruned_with_the_booking(store: &Store) {
    let ana = members(store, 1)[0];
    let names: Vec<String> = (1..=50).map(|i| format!("n{i}")).collect();
    add_all(store, ana, &names, start() - Duration::days(1));
    let session = event(store, 3);
    let mut booking = request(ana, &session, None);
    booking.notification = Some(NewNotification {
        kind: NotificationKind::Booking,
        event_id: Some(session.id),
        ..note(ana, "Booking Confirmed!")
    });
    store.book(&booking, Utc::now()).unwrap();
    let list = store.notifications_of(ana).unwrap();
    assert_eq!(list.items.len(), 50);
    assert_eq!(list.items[0].title, "Booking Confirmed!");
    assert_eq!(list.items[0].kind, NotificationKind::Booking);
    assert_eq!(list.items[0].event_id, Some(session.id));
    assert_eq!(list.items[49].title, "n2", "the oldest went");
}

/// Rows written in the same instant (one transaction) are told apart by their
/// time-ordered ids, so the newest stays first and pruning drops the oldest.
fn notifications_written_in_one_instant_keep_their_order(store: &Store) {
    let ana = members(store, 1)[0];
    let at = start();
    for i in 1..=52 {
        store.add(&note(ana, &format!("n{i}")), at).unwrap();
    }
    let kept = titles(store, ana);
    assert_eq!(kept.len(), 50);
    assert_eq!(kept[0], "n52");
    assert_eq!(kept[49], "n3");
}
