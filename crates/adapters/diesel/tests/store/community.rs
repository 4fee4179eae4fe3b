//! The messaging community's settings against both backends.

use crate::common;

use chrono::Duration;
use playspace_domain::{AuditEntry, Community, UserId};
use playspace_ports::{CommunityStore, DemoData, DemoSeedStore};
use playspace_store::Store;
use playspace_test_support::test_now;

on_both_backends!(
    the_latest_saved_settings_are_live,
    the_demo_seed_never_overwrites_saved_settings
);

fn community(name: &str, link: Option<&str>) -> Community {
    Community {
        name: name.into(),
        description: Some("Chat and lifts".into()),
        invite_link: link.map(Into::into),
        benefits: vec!["Find a buddy".into(), "Hear \"first\"".into()],
        guidelines: vec![],
    }
}

fn save(store: &Store, c: &Community, minutes: i64) {
    let audit = AuditEntry::new(
        admin(store),
        "community.update",
        "community",
        None,
        test_now() + Duration::minutes(minutes),
    );
    store.save_community(c, &audit).unwrap();
}

fn admin(store: &Store) -> UserId {
    common::members(store, 1)[0]
}

fn the_latest_saved_settings_are_live(store: &Store) {
    assert_eq!(store.community().unwrap(), None);
    let first = community("First", Some("https://chat.whatsapp.com/a"));
    save(store, &first, 0);
    assert_eq!(store.community().unwrap(), Some(first));
    let second = community("Second", None);
    save(store, &second, 1);
    assert_eq!(store.community().unwrap(), Some(second));
}

fn the_demo_seed_never_overwrites_saved_settings(store: &Store) {
    let seeded = community("Seeded", Some("https://chat.whatsapp.com/demo"));
    let data = |c: &Community| DemoData {
        community: Some(c.clone()),
        seeded_at: test_now(),
        ..Default::default()
    };
    store.insert_demo_data(&data(&seeded)).unwrap();
    assert_eq!(store.community().unwrap(), Some(seeded));
    let edited = community("Edited", None);
    save(store, &edited, 5);
    store
        .insert_demo_data(&data(&community("Again", None)))
        .unwrap();
    assert_eq!(store.community().unwrap(), Some(edited));
}
