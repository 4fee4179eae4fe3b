//! Users, sessions and one-time tokens against both backends.

use crate::common;

use chrono::{Duration, Utc};
use playspace_domain::waitlist::WaitlistStatus;
use playspace_domain::{
    BookingStatus, Email, Money, OneTimeToken, PaymentMethod, PaymentStatus, Preferences, Session,
    TokenPurpose, User,
};
use playspace_ports::{
    BookingRepository, EventRepository, NewUserRecord, RepoError, SessionRepository, TokenRecord,
    UserRepository, WaitlistRepository,
};
use playspace_store::Store;
use playspace_test_support::{outgoing_email, test_now, user_with_email};

on_both_backends!(
    creates_and_finds_accounts_ignoring_case,
    one_address_is_one_account_whatever_case_it_is_typed_in,
    a_taken_email_writes_nothing,
    reset_tokens_work_once_within_the_hour_and_sign_out_everywhere,
    a_reset_or_a_password_change_spends_every_other_reset_link,
    verification_marks_the_email_verified,
    changing_password_keeps_only_the_current_session,
    sessions_touch_and_revoke,
    preferences_default_and_round_trip,
    export_holds_the_persons_data,
    erasure_removes_personal_data,
    erasure_gives_back_upcoming_places_and_queue_places,
);

fn token(user: &User, purpose: TokenPurpose, lifetime: Duration) -> TokenRecord {
    TokenRecord {
        user_id: user.id,
        purpose,
        token: OneTimeToken::generate(&mut rand::rng()),
        expires_at: test_now() + lifetime,
    }
}

fn create(store: &Store, email: &str) -> (User, Session) {
    let user = user_with_email(email);
    let session = Session::start(user.id, test_now(), Some("Firefox"), Some("10.0.0.1"));
    let record = NewUserRecord {
        user: user.clone(),
        password_hash: "hash-1".into(),
        registration_ip: Some("10.0.0.1".into()),
        access_note: Some("Step-free access please".into()),
    };
    store
        .create_account(&record, &session, &[], &[outgoing_email(email)], &[])
        .unwrap();
    (user, session)
}

fn creates_and_finds_accounts_ignoring_case(store: &Store) {
    let (user, _) = create(store, "Ana@Example.org");
    let (found, hash) = store
        .find_by_email(&Email::parse("ana@EXAMPLE.org").unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(found.id, user.id);
    assert_eq!(hash, "hash-1");
    let mut expected = user.clone();
    expected.last_login = Some(test_now());
    assert_eq!(UserRepository::get(store, user.id).unwrap(), expected);
    assert!(
        store
            .find_by_email(&Email::parse("other@example.org").unwrap())
            .unwrap()
            .is_none()
    );
}

fn one_address_is_one_account_whatever_case_it_is_typed_in(store: &Store) {
    let (user, _) = create(store, "ÄNNA-x@example.org");
    for typed in [
        "ÄNNA-x@example.org",
        "änna-x@EXAMPLE.org",
        "A\u{308}nna-X@example.org",
    ] {
        let (found, _) = store
            .find_by_email(&Email::parse(typed).unwrap())
            .unwrap()
            .unwrap_or_else(|| panic!("{typed:?} finds the account"));
        assert_eq!(found.id, user.id);
    }
    let twin = user_with_email("änna-x@example.org");
    let record = NewUserRecord {
        user: twin.clone(),
        password_hash: "h".into(),
        registration_ip: None,
        access_note: None,
    };
    let session = Session::start(twin.id, test_now(), None, None);
    assert_eq!(
        store.create_account(&record, &session, &[], &[], &[]),
        Err(RepoError::Conflict)
    );
}

/// Addresses stored before they were canonical are rewritten, except a twin's.
fn stored_addresses_are_brought_to_their_canonical_form(store: &common::TestStore) {
    let people = common::members(store, 3);
    for (person, address) in
        people
            .iter()
            .zip(["ÖLA@example.org", "ÄNNA@example.org", "änna@example.org"])
    {
        store.execute(&format!(
            "UPDATE users SET email = '{address}' WHERE id = '{person}'"
        ));
    }
    assert_eq!(store.canonicalise_emails(), Ok((1, 1)));
    let (found, _) = store
        .find_by_email(&Email::parse("öla@example.org").unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(found.id, people[0]);
    let (found, _) = store
        .find_by_email(&Email::parse("ÄNNA@example.org").unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(
        found.id, people[2],
        "the account already canonical keeps its address"
    );
    assert_eq!(store.canonicalise_emails(), Ok((0, 1)), "nothing new to do");
}

#[test]
fn sqlite_stored_addresses_are_brought_to_their_canonical_form() {
    stored_addresses_are_brought_to_their_canonical_form(&common::sqlite_store());
}

#[test]
fn postgres_stored_addresses_are_brought_to_their_canonical_form() {
    if let Some(store) = common::postgres_store() {
        stored_addresses_are_brought_to_their_canonical_form(&store);
    }
}

fn a_taken_email_writes_nothing(store: &Store) {
    create(store, "ana@example.org");
    let twin = user_with_email("ANA@example.org");
    let session = Session::start(twin.id, test_now(), None, None);
    let record = NewUserRecord {
        user: twin.clone(),
        password_hash: "h".into(),
        registration_ip: None,
        access_note: None,
    };
    let result = store.create_account(
        &record,
        &session,
        &[token(&twin, TokenPurpose::VerifyEmail, Duration::hours(1))],
        &[],
        &[],
    );
    assert_eq!(result, Err(RepoError::Conflict));
    assert_eq!(
        SessionRepository::get(store, session.id),
        Err(RepoError::NotFound)
    );
}

fn reset_tokens_work_once_within_the_hour_and_sign_out_everywhere(store: &Store) {
    let (user, session) = create(store, "ana@example.org");
    let reset = token(&user, TokenPurpose::ResetPassword, Duration::hours(1));
    store
        .add_token(&reset, &[outgoing_email("ana@example.org")])
        .unwrap();
    // Expired by the time it is used:
    assert_eq!(
        store.reset_password(reset.token.hash(), "new", test_now() + Duration::hours(1)),
        Err(RepoError::NotFound)
    );
    assert_eq!(
        store.reset_password(
            reset.token.hash(),
            "new",
            test_now() + Duration::minutes(59)
        ),
        Ok(user.id)
    );
    assert_eq!(store.password_hash(user.id).unwrap(), "new");
    assert!(
        SessionRepository::get(store, session.id)
            .unwrap()
            .0
            .revoked_at
            .is_some()
    );
    // Single use:
    assert_eq!(
        store.reset_password(reset.token.hash(), "again", test_now()),
        Err(RepoError::NotFound)
    );
    // A verification token is not a reset token:
    let verify = token(&user, TokenPurpose::VerifyEmail, Duration::hours(1));
    store.add_token(&verify, &[]).unwrap();
    assert_eq!(
        store.reset_password(verify.token.hash(), "x", test_now()),
        Err(RepoError::NotFound)
    );
}

fn a_reset_or_a_password_change_spends_every_other_reset_link(store: &Store) {
    let (user, _) = create(store, "ana@example.org");
    let links: Vec<TokenRecord> = (0..3)
        .map(|_| token(&user, TokenPurpose::ResetPassword, Duration::hours(1)))
        .collect();
    for link in &links {
        store.add_token(link, &[]).unwrap();
    }
    let verify = token(&user, TokenPurpose::VerifyEmail, Duration::hours(48));
    store.add_token(&verify, &[]).unwrap();
    assert_eq!(
        store.reset_password(links[1].token.hash(), "new", test_now()),
        Ok(user.id)
    );
    for older in [&links[0], &links[2]] {
        assert_eq!(
            store.reset_password(older.token.hash(), "attacker", test_now()),
            Err(RepoError::NotFound)
        );
    }
    assert_eq!(store.password_hash(user.id).unwrap(), "new");
    // The verification link is another matter and still works.
    assert_eq!(
        store.verify_email(verify.token.hash(), test_now()),
        Ok(user.id)
    );

    // Changing the password signed in spends them too.
    let late = token(&user, TokenPurpose::ResetPassword, Duration::hours(1));
    store.add_token(&late, &[]).unwrap();
    let current = Session::start(user.id, test_now(), None, None);
    store.start(&current).unwrap();
    store
        .change_password(user.id, "changed", current.id, test_now())
        .unwrap();
    assert_eq!(
        store.reset_password(late.token.hash(), "attacker", test_now()),
        Err(RepoError::NotFound)
    );
    assert_eq!(store.password_hash(user.id).unwrap(), "changed");
}

fn verification_marks_the_email_verified(store: &Store) {
    let (user, _) = create(store, "ana@example.org");
    let verify = token(&user, TokenPurpose::VerifyEmail, Duration::hours(48));
    store.add_token(&verify, &[]).unwrap();
    assert_eq!(
        store.verify_email(verify.token.hash(), test_now()),
        Ok(user.id)
    );
    assert!(
        UserRepository::get(store, user.id)
            .unwrap()
            .is_email_verified
    );
    assert_eq!(
        store.verify_email(verify.token.hash(), test_now()),
        Err(RepoError::NotFound)
    );
}

fn changing_password_keeps_only_the_current_session(store: &Store) {
    let (user, first) = create(store, "ana@example.org");
    let second = Session::start(user.id, test_now(), None, None);
    store.start(&second).unwrap();
    store
        .change_password(user.id, "new", second.id, test_now())
        .unwrap();
    assert!(
        SessionRepository::get(store, first.id)
            .unwrap()
            .0
            .revoked_at
            .is_some()
    );
    assert!(
        SessionRepository::get(store, second.id)
            .unwrap()
            .0
            .revoked_at
            .is_none()
    );
    assert_eq!(store.password_hash(user.id).unwrap(), "new");
}

fn sessions_touch_and_revoke(store: &Store) {
    let (_, session) = create(store, "ana@example.org");
    assert_eq!(
        SessionRepository::get(store, session.id).unwrap().0,
        session
    );
    let later = test_now() + Duration::minutes(10);
    store
        .touch(
            session.id,
            later,
            Some("Chrome".into()),
            Some("10.0.0.2".into()),
        )
        .unwrap();
    let touched = SessionRepository::get(store, session.id).unwrap().0;
    assert_eq!(
        (touched.last_seen_at, touched.ip.as_deref()),
        (later, Some("10.0.0.2"))
    );
    store.revoke(session.id, later).unwrap();
    assert!(
        !SessionRepository::get(store, session.id)
            .unwrap()
            .0
            .is_active(later)
    );
}

fn preferences_default_and_round_trip(store: &Store) {
    let (user, _) = create(store, "ana@example.org");
    assert_eq!(store.preferences(user.id).unwrap(), Preferences::default());
    let mut prefs = Preferences::default();
    prefs.availability.max_distance = 25;
    prefs.sports.favorites = vec!["Yoga".into()];
    store.set_preferences(user.id, &prefs).unwrap();
    assert_eq!(store.preferences(user.id).unwrap(), prefs);
}

fn export_holds_the_persons_data(store: &Store) {
    let (user, _) = create(store, "ana@example.org");
    create(store, "someone.else@example.org");
    let export = store.export(user.id).unwrap();
    assert_eq!(export.user.email.as_str(), "ana@example.org");
    assert_eq!(
        export.access_needs.needs.note.as_deref(),
        Some("Step-free access please")
    );
    assert!(
        !export.access_needs.share_with_leader,
        "typed at sign-up: not shared"
    );
    assert_eq!(export.registration_ip.as_deref(), Some("10.0.0.1"));
    assert_eq!(export.sessions.len(), 1);
    assert!(export.sessions.iter().all(|s| s.user_id == user.id));
}

fn erasure_removes_personal_data(store: &Store) {
    let (user, session) = create(store, "ana@example.org");
    store.erase(user.id, test_now()).unwrap();
    assert!(
        store
            .find_by_email(&Email::parse("ana@example.org").unwrap())
            .unwrap()
            .is_none()
    );
    assert_eq!(
        UserRepository::get(store, user.id),
        Err(RepoError::NotFound)
    );
    // Their sessions no longer lead anywhere.
    assert_eq!(
        SessionRepository::get(store, session.id),
        Err(RepoError::NotFound)
    );
    assert_eq!(store.erase(user.id, test_now()), Err(RepoError::NotFound));
    // The address is free for a new account.
    create(store, "ana@example.org");
}

fn erasure_gives_back_upcoming_places_and_queue_places(store: &Store) {
    let (user, _) = create(store, "ana@example.org");
    let cash_event = common::event(store, 2);
    let cash = common::request(user.id, &cash_event, None);
    store.book(&cash, Utc::now()).unwrap();
    let card_event = common::event(store, 2);
    let mut card = common::request(user.id, &card_event, None);
    card.booking.payment_method = PaymentMethod::Card;
    card.booking.payment_status = PaymentStatus::Paid;
    card.booking.amount = Money::from_pence(800).unwrap();
    store.book(&card, Utc::now()).unwrap();
    // A full session where they queue first, someone else behind them.
    let full = common::event(store, 1);
    let others = common::members(store, 2);
    store
        .book(&common::request(others[0], &full, None), Utc::now())
        .unwrap();
    store.join(full.id, user.id, Utc::now()).unwrap();
    store.join(full.id, others[1], Utc::now()).unwrap();

    store.erase(user.id, Utc::now()).unwrap();

    for (event, booking) in [(&cash_event, &cash), (&card_event, &card)] {
        assert_eq!(
            EventRepository::get(store, event.id)
                .unwrap()
                .current_participants,
            0,
            "the place is free again"
        );
        assert_eq!(
            BookingRepository::get(store, booking.booking.id)
                .unwrap()
                .booking
                .status,
            BookingStatus::Cancelled
        );
    }
    // Only the card payment is owed back, and the refund sweep will find it.
    assert_eq!(
        store
            .unrefunded(Utc::now() + Duration::minutes(2), 10)
            .unwrap(),
        vec![(card.booking.id, 800)]
    );
    assert_eq!(
        store.entry(full.id, user.id).unwrap().unwrap().status,
        WaitlistStatus::Left
    );
    assert_eq!(
        store.entry(full.id, others[1]).unwrap().unwrap().status,
        WaitlistStatus::Waiting
    );
}
