//! PostgreSQL's change notices (ADR 0028): every notification written, changed or deleted
//! tells a listening connection whose it was, once its transaction commits; a connection's
//! own notices reach every listener.

use crate::common;

use std::time::{Duration, Instant};

use chrono::Utc;
use playspace_domain::{NewNotification, NotificationKind, UserId};
use playspace_ports::NotificationRepository;
use playspace_store::NoticeConnection;

use common::members;

const NOTIFICATIONS: &str = "playspace_notifications";

/// What arrives within a second, stopping early once `until` holds.
fn heard(
    listener: &mut NoticeConnection,
    until: impl Fn(&[(String, String)]) -> bool,
) -> Vec<(String, String)> {
    let mut got = Vec::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(1) && !until(&got) {
        got.extend(listener.arrived().unwrap());
        std::thread::sleep(Duration::from_millis(10));
    }
    got
}

#[test]
fn postgres_tells_listeners_whose_notifications_changed() {
    let Some((store, url)) = common::postgres_store_and_url() else {
        return;
    };
    let mut listener = NoticeConnection::listen(&url, &[NOTIFICATIONS, "elsewhere"]).unwrap();
    let members = members(&store, 2);
    let (ana, ben) = (members[0], members[1]);
    let note = |user: UserId| NewNotification {
        user_id: user,
        kind: NotificationKind::Info,
        title: "Hello".into(),
        message: "A message".into(),
        action_url: None,
        event_id: None,
    };
    store.add(&note(ana), Utc::now()).unwrap();
    let got = heard(&mut listener, |got| !got.is_empty());
    assert_eq!(got, vec![(NOTIFICATIONS.to_owned(), ana.to_string())]);
    // Marking read and deleting are changes too; only the owner's id is told.
    store.mark_all_read(ben).unwrap();
    store.add(&note(ben), Utc::now()).unwrap();
    let id = store.notifications_of(ben).unwrap().items[0].id;
    store.delete(ben, id).unwrap();
    let got = heard(&mut listener, |got| got.len() >= 2);
    assert!(
        !got.is_empty() && got.iter().all(|n| n.1 == ben.to_string()),
        "{got:?}"
    );
    // A connection's own notices reach it like anyone's; a bad channel name is refused.
    listener.notify("elsewhere", "events").unwrap();
    let got = heard(&mut listener, |got| !got.is_empty());
    assert_eq!(got, vec![("elsewhere".to_owned(), "events".to_owned())]);
    assert!(NoticeConnection::listen(&url, &["x; DROP TABLE users"]).is_err());
    listener.ping().unwrap();
}
