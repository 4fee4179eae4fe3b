//! Access needs on both backends (ADR 0023): the member's needs and choice, the copy their
//! bookings carry and how it follows the profile, the register, erasure, the export, and
//! who is going.

use crate::common;

use chrono::{Duration, Utc};
use playspace_domain::preferences::PrivacyPreferences;
use playspace_domain::{
    AccessNeed, AccessNeeds, BookingNeeds, BookingStatus, ProfileAccessNeeds, UserId,
};
use playspace_ports::{
    AccessNeedsRepository, AttendanceRepository, BookingRepository, EventRepository,
    RegisterRepository, RepoError, UserRepository,
};
use playspace_store::Store;
use playspace_test_support::EventBuilder;

use common::{event, members, request};

on_both_backends!(
    needs_start_empty_and_unshared_and_are_kept_as_given,
    a_booking_made_with_the_copy_gets_the_profile_as_it_is_now,
    changing_the_profile_moves_only_upcoming_copies,
    a_booking_is_changed_only_by_its_owner_while_upcoming,
    erasure_takes_needs_off_profile_and_bookings,
    the_export_holds_the_members_own_needs,
    going_lists_confirmed_live_members_with_their_preferences,
);

fn shared(needs: Vec<AccessNeed>, note: &str, share: bool) -> ProfileAccessNeeds {
    ProfileAccessNeeds {
        needs: AccessNeeds {
            needs,
            note: Some(note.into()),
        },
        share_with_leader: share,
    }
}

fn copy_of(profile: &ProfileAccessNeeds) -> BookingNeeds {
    BookingNeeds {
        needs: profile.needs.clone(),
        from_profile: true,
    }
}

fn needs_start_empty_and_unshared_and_are_kept_as_given(store: &Store) {
    let member = members(store, 1)[0];
    assert_eq!(
        store.access_needs(member).unwrap(),
        ProfileAccessNeeds::default()
    );
    let given = shared(
        vec![AccessNeed::StepFree, AccessNeed::LargePrint],
        "Ramp",
        true,
    );
    assert_eq!(store.set_access_needs(member, &given, Utc::now()), Ok(0));
    assert_eq!(store.access_needs(member).unwrap(), given);
    let cleared = ProfileAccessNeeds::default();
    store
        .set_access_needs(member, &cleared, Utc::now())
        .unwrap();
    assert_eq!(store.access_needs(member).unwrap(), cleared);

    let stranger = UserId::new();
    assert_eq!(store.access_needs(stranger), Err(RepoError::NotFound));
    assert_eq!(
        store.set_access_needs(stranger, &given, Utc::now()),
        Err(RepoError::NotFound)
    );
}

fn a_booking_made_with_the_copy_gets_the_profile_as_it_is_now(store: &Store) {
    let member = members(store, 1)[0];
    let e = event(store, 5);
    // The member turned sharing off after the booking read their needs: the booking, made
    // with the old copy, must not carry it.
    let old = shared(vec![AccessNeed::QuietSpace], "Old words", true);
    store
        .set_access_needs(
            member,
            &ProfileAccessNeeds {
                share_with_leader: false,
                ..old.clone()
            },
            Utc::now(),
        )
        .unwrap();
    let mut stale = request(member, &e, None);
    stale.booking = stale.booking.with_needs(copy_of(&old));
    store.book(&stale, Utc::now()).unwrap();
    let booked = BookingRepository::get(store, stale.booking.id)
        .unwrap()
        .booking;
    assert_eq!(booked.needs(), AccessNeeds::default());
    assert!(!booked.needs_from_profile);

    // Shared but changed since: the booking gets the new copy.
    let other = event(store, 5);
    let new = shared(vec![AccessNeed::StepFree], "New words", true);
    store.set_access_needs(member, &new, Utc::now()).unwrap();
    let mut outdated = request(member, &other, None);
    outdated.booking = outdated.booking.with_needs(copy_of(&old));
    store.book(&outdated, Utc::now()).unwrap();
    let booked = BookingRepository::get(store, outdated.booking.id)
        .unwrap()
        .booking;
    assert_eq!(booked.needs(), new.needs);
    assert!(booked.needs_from_profile);
}

fn changing_the_profile_moves_only_upcoming_copies(store: &Store) {
    let member = members(store, 1)[0];
    let first = shared(vec![AccessNeed::BslInterpreter], "Sign language", true);
    store.set_access_needs(member, &first, Utc::now()).unwrap();

    let upcoming = event(store, 5);
    let mut copied = request(member, &upcoming, None);
    copied.booking = copied.booking.with_needs(copy_of(&first));
    store.book(&copied, Utc::now()).unwrap();

    let own_event = event(store, 5);
    let mut own = request(member, &own_event, None);
    own.booking = own.booking.with_needs(BookingNeeds {
        needs: AccessNeeds {
            needs: vec![AccessNeed::SensoryFriendly],
            note: Some("Only this time".into()),
        },
        from_profile: false,
    });
    store.book(&own, Utc::now()).unwrap();

    // Starts within the hour: over by `later`, when the member changes their needs.
    let past = EventBuilder::new()
        .starts_at(Utc::now() + Duration::hours(1))
        .places(0, 5)
        .build();
    store.insert(&past).unwrap();
    let mut earlier = request(member, &past, None);
    earlier.booking = earlier.booking.with_needs(copy_of(&first));
    store.book(&earlier, Utc::now()).unwrap();

    let cancelled_event = event(store, 5);
    let mut cancelled = request(member, &cancelled_event, None);
    cancelled.booking = cancelled.booking.with_needs(copy_of(&first));
    store.book(&cancelled, Utc::now()).unwrap();
    store
        .cancel(cancelled.booking.id, None, &[], &[], Utc::now())
        .unwrap();

    // Changed, once the first session is over: the upcoming copy follows.
    let later = Utc::now() + Duration::hours(2);
    let second = shared(vec![AccessNeed::Companion], "My carer comes too", true);
    assert_eq!(store.set_access_needs(member, &second, later), Ok(1));
    let line = |event_id, booking_id| {
        store
            .register(event_id)
            .unwrap()
            .into_iter()
            .find(|l| l.booking_id == booking_id)
            .unwrap()
    };
    let now = line(upcoming.id, copied.booking.id);
    assert_eq!(now.access_needs, [AccessNeed::Companion]);
    assert_eq!(
        now.accessibility_requirements.as_deref(),
        Some("My carer comes too")
    );

    // Sharing off: gone from the upcoming register; the member's own words for one
    // booking, the past session and the cancelled booking are left as they were.
    let off = ProfileAccessNeeds {
        share_with_leader: false,
        ..second.clone()
    };
    assert_eq!(store.set_access_needs(member, &off, later), Ok(1));
    let now = line(upcoming.id, copied.booking.id);
    assert!(now.access_needs.is_empty());
    assert_eq!(now.accessibility_requirements, None);
    let booking = BookingRepository::get(store, copied.booking.id)
        .unwrap()
        .booking;
    assert!(!booking.needs_from_profile, "no longer the copy");
    let kept = line(own_event.id, own.booking.id);
    assert_eq!(kept.access_needs, [AccessNeed::SensoryFriendly]);
    assert_eq!(
        BookingRepository::get(store, earlier.booking.id)
            .unwrap()
            .booking
            .needs(),
        first.needs,
        "a past session's register stays as it was"
    );
    let gone = BookingRepository::get(store, cancelled.booking.id)
        .unwrap()
        .booking;
    assert_eq!(gone.status, BookingStatus::Cancelled);
    assert_eq!(gone.needs(), first.needs);

    // Turning sharing back on does not bring needs back to a booking that stopped
    // carrying the copy: new bookings carry it.
    assert_eq!(store.set_access_needs(member, &second, later), Ok(0));
    assert!(line(upcoming.id, copied.booking.id).access_needs.is_empty());

    // Deleting the needs (sharing on, nothing left) removes them as well.
    let again = event(store, 5);
    let mut fresh = request(member, &again, None);
    fresh.booking = fresh.booking.with_needs(copy_of(&second));
    store.book(&fresh, Utc::now()).unwrap();
    let deleted = ProfileAccessNeeds {
        share_with_leader: true,
        ..Default::default()
    };
    assert_eq!(store.set_access_needs(member, &deleted, later), Ok(1));
    let line = line(again.id, fresh.booking.id);
    assert!(line.access_needs.is_empty() && line.accessibility_requirements.is_none());
}

fn a_booking_is_changed_only_by_its_owner_while_upcoming(store: &Store) {
    let people = members(store, 2);
    let (owner, other) = (people[0], people[1]);
    let e = event(store, 5);
    let booking = request(owner, &e, None);
    store.book(&booking, Utc::now()).unwrap();
    let needs = BookingNeeds {
        needs: AccessNeeds {
            needs: vec![AccessNeed::QuietSpace],
            note: Some("Near the exit".into()),
        },
        from_profile: false,
    };
    assert_eq!(
        store.set_booking_needs(other, booking.booking.id, &needs, Utc::now()),
        Err(RepoError::NotFound),
        "someone else's booking"
    );
    assert!(
        BookingRepository::get(store, booking.booking.id)
            .unwrap()
            .booking
            .access_needs
            .is_empty()
    );
    store
        .set_booking_needs(owner, booking.booking.id, &needs, Utc::now())
        .unwrap();
    assert_eq!(
        BookingRepository::get(store, booking.booking.id)
            .unwrap()
            .booking
            .needs(),
        needs.needs
    );
    assert_eq!(
        store.set_booking_needs(
            owner,
            booking.booking.id,
            &BookingNeeds::default(),
            e.starts_at + Duration::minutes(1)
        ),
        Err(RepoError::NotFound),
        "the session has started"
    );
    store
        .cancel(booking.booking.id, None, &[], &[], Utc::now())
        .unwrap();
    assert_eq!(
        store.set_booking_needs(
            owner,
            booking.booking.id,
            &BookingNeeds::default(),
            Utc::now()
        ),
        Err(RepoError::NotFound),
        "cancelled"
    );
}

fn erasure_takes_needs_off_profile_and_bookings(store: &Store) {
    let member = members(store, 1)[0];
    let profile = shared(vec![AccessNeed::StepFree], "Ramp", true);
    store
        .set_access_needs(member, &profile, Utc::now())
        .unwrap();
    // Starts within the hour: over by the time the member is erased.
    let past = EventBuilder::new()
        .starts_at(Utc::now() + Duration::hours(1))
        .places(0, 5)
        .build();
    store.insert(&past).unwrap();
    let mut earlier = request(member, &past, None);
    earlier.booking = earlier.booking.with_needs(copy_of(&profile));
    store.book(&earlier, Utc::now()).unwrap();

    store
        .erase(member, Utc::now() + Duration::hours(2))
        .unwrap();
    let kept = BookingRepository::get(store, earlier.booking.id)
        .unwrap()
        .booking;
    assert_eq!(kept.needs(), AccessNeeds::default());
    assert_eq!(store.access_needs(member), Err(RepoError::NotFound));
}

fn the_export_holds_the_members_own_needs(store: &Store) {
    let member = members(store, 1)[0];
    let profile = shared(vec![AccessNeed::LargePrint], "Big letters", false);
    store
        .set_access_needs(member, &profile, Utc::now())
        .unwrap();
    let e = event(store, 5);
    let mut booking = request(member, &e, None);
    booking.booking = booking.booking.with_needs(BookingNeeds {
        needs: AccessNeeds {
            needs: vec![AccessNeed::Other],
            note: Some("Typed on the form".into()),
        },
        from_profile: false,
    });
    store.book(&booking, Utc::now()).unwrap();
    let export = store.export(member).unwrap();
    assert_eq!(export.access_needs, profile);
    assert_eq!(export.bookings.len(), 1);
    assert_eq!(export.bookings[0].needs.needs, [AccessNeed::Other]);
    assert_eq!(
        export.bookings[0].needs.note.as_deref(),
        Some("Typed on the form")
    );
}

fn going_lists_confirmed_live_members_with_their_preferences(store: &Store) {
    let people = members(store, 4);
    let e = event(store, 10);
    let mut hidden = store.preferences(people[1]).unwrap();
    hidden.privacy = PrivacyPreferences {
        profile_visibility: "private".into(),
        share_attendance: false,
        share_progress: false,
    };
    store.set_preferences(people[1], &hidden).unwrap();
    for &p in &people {
        store.book(&request(p, &e, None), Utc::now()).unwrap();
    }
    let cancelled = store
        .register(e.id)
        .unwrap()
        .into_iter()
        .find(|l| l.user_id == people[2])
        .unwrap()
        .booking_id;
    store.cancel(cancelled, None, &[], &[], Utc::now()).unwrap();
    store.erase(people[3], Utc::now()).unwrap();

    let going = store.going(e.id).unwrap();
    assert_eq!(going.len(), 2, "cancelled and erased left out");
    assert!(going.iter().all(|p| p.first_name == "Racer"));
    let private = going
        .iter()
        .filter(|p| p.privacy.profile_visibility == "private" && !p.privacy.share_attendance)
        .count();
    assert_eq!(private, 1);
    assert!(store.going(event(store, 3).id).unwrap().is_empty());
}

/// This migration's name: the others' may come before or after it as they are merged.
const MIGRATION: &str = "2026-11-30-200001_access_needs";

/// The free text a member wrote before (at sign-up or on their profile) becomes the note of
/// their access needs, shared with nobody; going down, it goes back where it was.
fn the_migration_keeps_old_free_text_as_an_unshared_note(store: &common::TestStore) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../migrations/sqlite");
    let before = std::fs::read_dir(dir)
        .unwrap()
        .filter(|entry| entry.as_ref().unwrap().file_name().to_str().unwrap() < MIGRATION)
        .count();
    for _ in 0..before {
        let applied = store.run_next_migration_for_tests().unwrap().unwrap();
        assert!(applied.as_str() < MIGRATION);
    }
    let id = UserId::new();
    store.execute(&format!(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, accessibility_needs, created_at, updated_at) \
         VALUES ('{id}', 'old@example.org', 'h', 'Old', 'Member', 'Ramp at the side door', '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
    ));
    store.migrate().unwrap();
    assert_eq!(
        store.access_needs(id).unwrap(),
        ProfileAccessNeeds {
            needs: AccessNeeds {
                needs: vec![],
                note: Some("Ramp at the side door".into()),
            },
            share_with_leader: false,
        }
    );
    assert!(
        store
            .contents()
            .iter()
            .filter(|row| row.contains("old@example.org"))
            .all(|row| !row.contains("Ramp at the side door")),
        "the old column is emptied"
    );
    while store.revert_last_migration_for_tests().unwrap().as_deref() != Some(MIGRATION) {}
    assert!(
        store
            .contents()
            .iter()
            .any(|row| row.contains("old@example.org") && row.contains("Ramp at the side door")),
        "down.sql puts the note back"
    );
}

#[test]
fn sqlite_the_migration_keeps_old_free_text_as_an_unshared_note() {
    the_migration_keeps_old_free_text_as_an_unshared_note(&common::empty_sqlite_store());
}

#[test]
fn postgres_the_migration_keeps_old_free_text_as_an_unshared_note() {
    if let Some(store) = common::empty_postgres_store() {
        the_migration_keeps_old_free_text_as_an_unshared_note(&store);
    }
}
