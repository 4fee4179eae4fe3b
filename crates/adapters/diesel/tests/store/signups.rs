//! Pending sign-ups against both backends (ADR 0018): stored or the owner told in one
//! transaction, replaced by a newer sign-up, capped per address, spent once however many
//! try at once, and swept when expired.

use crate::common;

use std::sync::{Arc, Barrier};

use chrono::{DateTime, Duration, NaiveDate, Utc};
use playspace_domain::outbox::{SIGNUP_ATTEMPT_NOTICES, SIGNUP_LINKS};
use playspace_domain::session::hash_token;
use playspace_domain::signup::PendingSignUp;
use playspace_domain::{
    Email, FitnessLevel, Gender, HowDidYouHear, NewNotification, OneTimeToken, OutgoingEmail,
    Profile, Session,
};
use playspace_ports::{
    NewUserRecord, Outbox, RepoError, SignUpRecorded, SignUpRequest, UserRepository,
};
use playspace_store::Store;
use playspace_test_support::{outgoing_email, test_now, user_with_email};

on_both_backends!(
    a_free_address_keeps_the_whole_form_until_its_link_is_used,
    a_newer_sign_up_replaces_the_older_and_its_link,
    a_taken_address_tells_its_owner_and_keeps_nothing,
    each_address_is_sent_three_of_either_kind_a_day,
    a_link_makes_one_account_however_many_use_it_at_once,
    an_address_taken_meanwhile_spends_the_sign_up,
    expired_sign_ups_are_swept_and_live_ones_kept,
);

fn profile() -> Profile {
    Profile {
        first_name: "Ana".into(),
        last_name: "Silva".into(),
        chosen_name: None,
        pronouns: None,
        phone: Some("07700 900123".into()),
        date_of_birth: NaiveDate::from_ymd_opt(1990, 5, 17),
        gender: Some(Gender::NonBinary),
        address: Some("1 Mare Street".into()),
        city: Some("London".into()),
        postcode: Some("E8 4RP".into()),
        emergency_contact_name: Some("Jo Silva".into()),
        emergency_contact_phone: Some("07700 900456".into()),
        medical_conditions: Some("Asthma".into()),
        fitness_level: Some(FitnessLevel::Beginner),
        sports_interests: vec!["Football".into(), "Table Tennis".into()],
        how_did_you_hear: Some(HowDidYouHear::Friend),
        marketing_consent: true,
    }
}

fn email_of(kind: &'static str, to: &str) -> OutgoingEmail {
    OutgoingEmail {
        email_type: kind,
        to_name: None,
        ..outgoing_email(to)
    }
}

/// A sign-up for `address` made at `now`, with a fresh link.
fn request(address: &str, now: DateTime<Utc>) -> SignUpRequest {
    let email = Email::parse(address).unwrap();
    SignUpRequest {
        link: email_of("signup_confirm", email.as_str()),
        link_cap: SIGNUP_LINKS,
        notice: email_of("signup_attempt", email.as_str()),
        notice_cap: SIGNUP_ATTEMPT_NOTICES,
        sign_up: PendingSignUp::start(email, profile(), Some("10.0.0.9".into()), now)
            .with_access_note(Some("Step-free access".into())),
        password_hash: "$argon2id$pending".into(),
        token: OneTimeToken::generate(&mut rand::rng()),
    }
}

fn account(store: &Store, address: &str) -> playspace_domain::User {
    let user = user_with_email(address);
    let record = NewUserRecord {
        user: user.clone(),
        password_hash: "h".into(),
        registration_ip: None,
        access_note: None,
    };
    let session = Session::start(user.id, test_now(), None, None);
    store
        .create_account(&record, &session, &[], &[], &[])
        .unwrap();
    user
}

/// The account a pending sign-up's link makes at `now`.
fn completion(
    pending: PendingSignUp,
    hash: String,
    now: DateTime<Utc>,
) -> (NewUserRecord, Session) {
    let registration_ip = pending.registration_ip.clone();
    let access_note = pending.access_note.clone();
    let user = pending.into_user(now);
    let session = Session::start(user.id, now, None, None);
    let record = NewUserRecord {
        user,
        password_hash: hash,
        registration_ip,
        access_note,
    };
    (record, session)
}

fn a_free_address_keeps_the_whole_form_until_its_link_is_used(store: &Store) {
    let r = request("Ana@Example.org", test_now());
    assert_eq!(
        store.request_sign_up(&r, test_now()),
        Ok(SignUpRecorded::LinkSent)
    );
    let (pending, hash) = store.pending_sign_up(r.token.hash()).unwrap();
    assert_eq!(pending, r.sign_up, "every field as given");
    assert_eq!(hash, "$argon2id$pending");
    assert_eq!(
        store.pending_sign_up(&hash_token("another")),
        Err(RepoError::NotFound)
    );
    let address = Email::parse("ana@example.org").unwrap();
    assert!(
        store.find_by_email(&address).unwrap().is_none(),
        "no account yet"
    );

    let (record, session) = completion(pending, hash, test_now() + Duration::hours(2));
    let welcome = OutgoingEmail {
        user_id: Some(record.user.id),
        ..email_of("welcome", "ana@example.org")
    };
    let note = NewNotification::welcome(record.user.id);
    store
        .complete_sign_up(r.token.hash(), &record, &session, &[welcome], &[note])
        .unwrap();
    let (user, hash) = store.find_by_email(&address).unwrap().unwrap();
    assert_eq!(user.id, record.user.id);
    assert!(user.is_email_verified);
    assert_eq!(user.profile, profile());
    assert_eq!(hash, "$argon2id$pending");
    let export = store.export(user.id).unwrap();
    assert_eq!(export.registration_ip.as_deref(), Some("10.0.0.9"));
    assert_eq!(
        export.access_needs.needs.note.as_deref(),
        Some("Step-free access"),
        "the form's accessibility needs, kept as the unshared note"
    );
    assert!(!export.access_needs.share_with_leader);
    assert_eq!(
        store.pending_sign_up(r.token.hash()),
        Err(RepoError::NotFound),
        "spent"
    );
    // The link's email is now the account's (erasure deletes it with the rest).
    let since = test_now() - Duration::days(1);
    assert_eq!(store.sent_since(user.id, "signup_confirm", since), Ok(1));
    assert_eq!(store.sent_since(user.id, "welcome", since), Ok(1));
}

fn a_newer_sign_up_replaces_the_older_and_its_link(store: &Store) {
    let first = request("ana@example.org", test_now());
    store.request_sign_up(&first, test_now()).unwrap();
    let mut second = request("ANA@example.org", test_now() + Duration::minutes(5));
    second.sign_up.profile.first_name = "Anabel".into();
    second.password_hash = "$argon2id$newer".into();
    assert_eq!(
        store.request_sign_up(&second, test_now() + Duration::minutes(5)),
        Ok(SignUpRecorded::LinkSent)
    );
    assert_eq!(
        store.pending_sign_up(first.token.hash()),
        Err(RepoError::NotFound)
    );
    let (pending, hash) = store.pending_sign_up(second.token.hash()).unwrap();
    assert_eq!(pending.profile.first_name, "Anabel");
    assert_eq!(pending.expires_at, second.sign_up.expires_at);
    assert_eq!(hash, "$argon2id$newer");
}

fn a_taken_address_tells_its_owner_and_keeps_nothing(store: &Store) {
    let owner = account(store, "ana@example.org");
    let r = request("Ana@example.org", test_now());
    assert_eq!(
        store.request_sign_up(&r, test_now()),
        Ok(SignUpRecorded::OwnerTold)
    );
    assert_eq!(
        store.pending_sign_up(r.token.hash()),
        Err(RepoError::NotFound)
    );
    let since = test_now() - Duration::hours(1);
    assert_eq!(
        store.sent_since(owner.id, "signup_attempt", since),
        Ok(1),
        "the notice is the owner's"
    );
}

fn each_address_is_sent_three_of_either_kind_a_day(store: &Store) {
    account(store, "owner@example.org");
    for (address, sent) in [
        ("free@example.org", SignUpRecorded::LinkSent),
        ("owner@example.org", SignUpRecorded::OwnerTold),
    ] {
        let mut last = None;
        for minutes in 0..3 {
            let at = test_now() + Duration::minutes(minutes);
            let r = request(address, at);
            assert_eq!(store.request_sign_up(&r, at), Ok(sent), "{address}");
            last = Some(r);
        }
        let at = test_now() + Duration::hours(23);
        let capped = request(address, at);
        assert_eq!(
            store.request_sign_up(&capped, at),
            Ok(SignUpRecorded::Capped),
            "{address}"
        );
        if sent == SignUpRecorded::LinkSent {
            // A capped sign-up replaces nothing: the newest link sent still works.
            assert!(store.pending_sign_up(last.unwrap().token.hash()).is_ok());
            assert_eq!(
                store.pending_sign_up(capped.token.hash()),
                Err(RepoError::NotFound)
            );
        }
        // A day after the first, it leaves the count.
        let next_day = test_now() + Duration::days(1) + Duration::seconds(1);
        assert_eq!(
            store.request_sign_up(&request(address, next_day), next_day),
            Ok(sent),
            "{address}: the first of the three a day later"
        );
    }
    // Another address is counted on its own.
    let other = request("other@example.org", test_now());
    assert_eq!(
        store.request_sign_up(&other, test_now()),
        Ok(SignUpRecorded::LinkSent)
    );
}

/// Reads the pending sign-up behind `token_hash` and makes its account at `now`.
fn use_link(store: &Store, token_hash: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
    let (pending, hash) = store.pending_sign_up(token_hash)?;
    let (record, session) = completion(pending, hash, now);
    store.complete_sign_up(token_hash, &record, &session, &[], &[])
}

fn a_link_makes_one_account_however_many_use_it_at_once(store: &Store) {
    let r = request("ana@example.org", test_now());
    store.request_sign_up(&r, test_now()).unwrap();
    let token_hash = r.token.hash().to_owned();
    // Every attempt reads the pending sign-up first, then all complete at once.
    let attempts: Vec<_> = (0..6)
        .map(|_| {
            let (pending, hash) = store.pending_sign_up(&token_hash).unwrap();
            completion(pending, hash, test_now())
        })
        .collect();
    let barrier = Arc::new(Barrier::new(attempts.len()));
    let handles: Vec<_> = attempts
        .into_iter()
        .map(|(record, session)| {
            let (store, barrier, token_hash) =
                (store.clone(), Arc::clone(&barrier), token_hash.clone());
            std::thread::spawn(move || {
                barrier.wait();
                store.complete_sign_up(&token_hash, &record, &session, &[], &[])
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        1,
        "{results:?}"
    );
    assert!(
        results
            .iter()
            .all(|r| matches!(r, Ok(()) | Err(RepoError::NotFound))),
        "{results:?}"
    );
    assert!(
        store
            .find_by_email(&Email::parse("ana@example.org").unwrap())
            .unwrap()
            .is_some()
    );
    assert_eq!(
        use_link(store, &token_hash, test_now()),
        Err(RepoError::NotFound),
        "and later"
    );
}

fn an_address_taken_meanwhile_spends_the_sign_up(store: &Store) {
    let r = request("ana@example.org", test_now());
    store.request_sign_up(&r, test_now()).unwrap();
    let (pending, hash) = store.pending_sign_up(r.token.hash()).unwrap();
    let owner = account(store, "ana@example.org");
    let (record, session) = completion(pending, hash, test_now());
    assert_eq!(
        store.complete_sign_up(r.token.hash(), &record, &session, &[], &[]),
        Err(RepoError::Conflict)
    );
    assert_eq!(
        store.pending_sign_up(r.token.hash()),
        Err(RepoError::NotFound),
        "spent all the same"
    );
    let (found, _) = store
        .find_by_email(&Email::parse("ana@example.org").unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(found.id, owner.id, "the account made meanwhile stays");
}

fn expired_sign_ups_are_swept_and_live_ones_kept(store: &Store) {
    let old = request("old@example.org", test_now() - Duration::hours(24));
    let live = request("live@example.org", test_now() - Duration::hours(23));
    for r in [&old, &live] {
        store.request_sign_up(r, r.sign_up.created_at).unwrap();
    }
    assert_eq!(
        store.purge_expired_sign_ups(test_now() - Duration::seconds(1)),
        Ok(0)
    );
    assert_eq!(
        store.purge_expired_sign_ups(test_now()),
        Ok(1),
        "expired at its 24 hours"
    );
    assert_eq!(
        store.pending_sign_up(old.token.hash()),
        Err(RepoError::NotFound)
    );
    assert!(store.pending_sign_up(live.token.hash()).is_ok());
    assert_eq!(store.purge_expired_sign_ups(test_now()), Ok(0));
}
