//! The users tab's store on both backends: the paged list, the writes, and the guard that
//! keeps at least one admin (also when two admins demote each other at the same moment).

use crate::common;

use std::collections::HashSet;
use std::sync::{Arc, Barrier};

use chrono::{DateTime, Duration, Utc};
use playspace_domain::admin::RoleChangeRefusal;
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::{
    AuditEntry, Email, OneTimeToken, Profile, Role, Session, TokenPurpose, User, UserId,
};
use playspace_ports::{
    AdminUserError, AdminUserStore, AuditFilter, AuditLog, BookingRepository, EventRepository,
    ExportStore, NewUserRecord, RepoError, SessionRepository, TokenRecord, UserChange,
    UserListQuery, UserRepository,
};
use playspace_store::Store;
use playspace_test_support::outgoing_email;

on_both_backends!(
    pages_cover_every_live_row_once_newest_first,
    search_matches_names_and_email_ignoring_case_and_wildcards,
    the_role_filter_and_search_combine,
    a_change_that_would_leave_no_admin_is_refused,
    two_admins_demoting_each_other_at_once_leave_one,
    a_role_change_closes_the_persons_admin_sessions,
    names_and_email_change_one_at_a_time,
    bulk_erasure_is_self_service_erasure_all_or_nothing,
    a_taken_email_is_refused_on_create_and_change,
    role_changes_are_audited_from_the_role_replaced_to_the_role_given,
    simultaneous_role_changes_each_record_the_role_they_replaced,
);

/// A person to create, with what the tests vary.
struct P {
    first: &'static str,
    last: &'static str,
    email: String,
    role: Role,
    at: DateTime<Utc>,
}

fn p(first: &'static str, last: &'static str, email: &str) -> P {
    P {
        first,
        last,
        email: email.to_owned(),
        role: Role::User,
        at: Utc::now(),
    }
}

/// An entry by nobody in particular (the trail's user id must be a real account).
fn audit(action: &'static str, id: Option<UserId>) -> AuditEntry {
    AuditEntry {
        actor: None,
        ..AuditEntry::new(
            UserId::new(),
            action,
            "user",
            id.map(|i| i.to_string()),
            Utc::now(),
        )
    }
}

fn create(store: &Store, person: P) -> UserId {
    let user = User {
        id: UserId::new(),
        email: Email::parse(&person.email).unwrap(),
        role: person.role,
        profile: Profile {
            first_name: person.first.into(),
            last_name: person.last.into(),
            medical_conditions: Some("Asthma".into()),
            ..Default::default()
        },
        is_email_verified: false,
        profile_image_url: None,
        last_login: None,
        created_at: person.at,
    };
    let token = TokenRecord {
        user_id: user.id,
        purpose: TokenPurpose::VerifyEmail,
        token: OneTimeToken::generate(&mut rand::rng()),
        expires_at: person.at + Duration::days(2),
    };
    let id = user.id;
    store
        .create_user(
            &NewUserRecord {
                user,
                password_hash: "hash".into(),
                registration_ip: None,
                access_note: None,
            },
            &token,
            &[outgoing_email(&person.email)],
            &audit("user.create", Some(id)),
        )
        .unwrap();
    id
}

fn admin(store: &Store, email: &str) -> UserId {
    create(
        store,
        P {
            role: Role::Admin,
            ..p("Ada", "Admin", email)
        },
    )
}

fn all_pages(store: &Store, query: UserListQuery) -> (Vec<UserId>, u64) {
    let mut ids = Vec::new();
    let mut after = None;
    let mut total = None;
    for _ in 0..100 {
        let page = store
            .list_users(&UserListQuery {
                after: after.clone(),
                ..query.clone()
            })
            .unwrap();
        assert!(page.items.len() <= query.limit as usize);
        if let Some(t) = total {
            assert_eq!(t, page.total, "the total does not change between pages");
        }
        total = Some(page.total);
        ids.extend(page.items.iter().map(|u| u.id));
        // The cursor survives being sent to a client and back.
        after = match page.next {
            Some(next) => Some(PageCursor::decode(&next.encode()).unwrap()),
            None => break,
        };
    }
    (ids, total.unwrap_or_default())
}

fn pages_cover_every_live_row_once_newest_first(store: &Store) {
    let t0 = Utc::now() - Duration::days(1);
    let mut created = Vec::new();
    for i in 0..47 {
        // Groups of three share an instant: the id breaks the tie.
        let at = t0 + Duration::seconds(i / 3);
        let email = format!("member{i}@example.org");
        created.push((
            at,
            create(
                store,
                P {
                    at,
                    ..p("Member", "Person", &email)
                },
            ),
        ));
    }
    let erased = created[10].1;
    store.erase(erased, Utc::now()).unwrap();
    let query = UserListQuery {
        limit: 20,
        ..UserListQuery::default()
    };
    let (ids, total) = all_pages(store, query.clone());
    assert_eq!(total, 46);
    assert_eq!(ids.len(), 46);
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), 46, "no repeats");
    assert!(!ids.contains(&erased), "erased accounts are not listed");
    let mut expected: Vec<(DateTime<Utc>, UserId)> = created
        .into_iter()
        .filter(|(_, id)| *id != erased)
        .collect();
    expected.sort_by_key(|b| std::cmp::Reverse((b.0, b.1.to_string())));
    assert_eq!(
        ids,
        expected.into_iter().map(|(_, id)| id).collect::<Vec<_>>(),
        "newest first, then by id"
    );
    let first = store.list_users(&query).unwrap();
    assert_eq!(first.items.len(), 20);
    assert!(first.next.is_some());
    assert_eq!(first.items[0].first_name, "Member");
    assert_eq!(first.items[0].role, Role::User);
    assert!(!first.items[0].is_email_verified);
}

fn search_matches_names_and_email_ignoring_case_and_wildcards(store: &Store) {
    let ana = create(store, p("Ana", "Silva", "ana@example.org"));
    let jo = create(store, p("Jo", "Banana", "jo@example.org"));
    let kim = create(store, p("Kim", "Lee", "kim.ANA@example.net"));
    let pct = create(store, p("Sam", "100%", "sam@example.org"));
    let under = create(store, p("Lou", "x_y", "lou@example.org"));
    create(store, p("Max", "Power", "max@example.org"));
    let search = |q: &str| {
        let (ids, total) = all_pages(
            store,
            UserListQuery {
                search: Some(q.into()),
                limit: 2,
                ..UserListQuery::default()
            },
        );
        assert_eq!(total as usize, ids.len());
        ids.into_iter().collect::<HashSet<_>>()
    };
    assert_eq!(search("aNa"), HashSet::from([ana, jo, kim]));
    assert_eq!(search("SILVA"), HashSet::from([ana]));
    assert_eq!(search("example.net"), HashSet::from([kim]));
    assert_eq!(search("%"), HashSet::from([pct]), "% is literal");
    assert_eq!(search("_"), HashSet::from([under]), "_ is literal");
    assert_eq!(search("nobody"), HashSet::new());
    assert_eq!(search("  ").len(), 6, "a blank search lists everyone");
}

fn the_role_filter_and_search_combine(store: &Store) {
    let a1 = admin(store, "ada@example.org");
    let a2 = create(
        store,
        P {
            role: Role::Admin,
            ..p("Bea", "Boss", "bea@example.org")
        },
    );
    let m = create(
        store,
        P {
            role: Role::Moderator,
            ..p("Ada", "Leader", "leader@example.org")
        },
    );
    create(store, p("Ada", "Member", "member@example.org"));
    let list = |role: Option<Role>, search: Option<&str>| {
        let (ids, _) = all_pages(
            store,
            UserListQuery {
                role,
                search: search.map(Into::into),
                limit: 20,
                ..UserListQuery::default()
            },
        );
        ids.into_iter().collect::<HashSet<_>>()
    };
    assert_eq!(list(Some(Role::Admin), None), HashSet::from([a1, a2]));
    assert_eq!(list(Some(Role::Moderator), None), HashSet::from([m]));
    assert_eq!(list(Some(Role::Admin), Some("ada")), HashSet::from([a1]));
    assert_eq!(list(None, Some("ada")).len(), 3);
}

fn roles(store: &Store, ids: &[UserId]) -> Vec<Role> {
    ids.iter()
        .map(|id| store.admin_user(*id).unwrap().role)
        .collect()
}

fn a_change_that_would_leave_no_admin_is_refused(store: &Store) {
    let only = admin(store, "ada@example.org");
    let member = create(store, p("Jo", "Member", "jo@example.org"));
    let last = Err::<(), _>(AdminUserError::Refused(RoleChangeRefusal::LastAdmin));
    assert_eq!(
        store
            .update_user(
                only,
                &UserChange::Role(Role::Moderator),
                &audit("user.update", Some(only))
            )
            .map(|_| ()),
        last
    );
    assert_eq!(
        store
            .set_roles(
                &[only, member],
                Role::User,
                &[
                    audit("user.update", Some(only)),
                    audit("user.update", Some(member))
                ]
            )
            .map(|_| ()),
        last
    );
    assert_eq!(
        store
            .erase_users(&[only], &[audit("user.delete", Some(only))], Utc::now())
            .map(|_| ()),
        last
    );
    assert_eq!(roles(store, &[only, member]), [Role::Admin, Role::User]);
    let written: Vec<String> = store
        .latest(&AuditFilter::default(), 50)
        .unwrap()
        .into_iter()
        .map(|r| r.action)
        .collect();
    assert_eq!(
        written,
        ["user.create", "user.create"],
        "refused writes leave no entry"
    );

    // With a second admin either may go, but not both at once.
    let second = admin(store, "bea@example.org");
    assert_eq!(
        store
            .set_roles(
                &[only, second],
                Role::User,
                &[
                    audit("user.update", Some(only)),
                    audit("user.update", Some(second))
                ]
            )
            .map(|_| ()),
        last
    );
    assert_eq!(
        store.set_roles(
            &[only, member],
            Role::User,
            &[
                audit("user.update", Some(only)),
                audit("user.update", Some(member))
            ]
        ),
        Ok(1),
        "only the admin's role changed"
    );
    assert_eq!(roles(store, &[only, second]), [Role::User, Role::Admin]);
    // An erased admin is not an admin.
    let third = admin(store, "cy@example.org");
    store.erase(third, Utc::now()).unwrap();
    assert_eq!(
        store
            .update_user(
                second,
                &UserChange::Role(Role::User),
                &audit("user.update", Some(second))
            )
            .map(|_| ()),
        last
    );
}

fn two_admins_demoting_each_other_at_once_leave_one(store: &Store) {
    for round in 0..8 {
        let a = admin(store, &format!("a{round}@example.org"));
        let b = admin(store, &format!("b{round}@example.org"));
        // Everyone else loses the role, so a and b are the only admins this round.
        let others: Vec<UserId> = store
            .list_users(&UserListQuery {
                role: Some(Role::Admin),
                limit: 100,
                ..UserListQuery::default()
            })
            .unwrap()
            .items
            .into_iter()
            .map(|u| u.id)
            .filter(|id| *id != a && *id != b)
            .collect();
        let demote_audits: Vec<AuditEntry> = others
            .iter()
            .map(|id| audit("user.update", Some(*id)))
            .collect();
        if !others.is_empty() {
            store
                .set_roles(&others, Role::User, &demote_audits)
                .unwrap();
        }
        let barrier = Arc::new(Barrier::new(2));
        let threads: Vec<_> = [(a, b), (b, a)]
            .into_iter()
            .map(|(_, target)| {
                let store: Store = store.clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    store.update_user(
                        target,
                        &UserChange::Role(Role::User),
                        &audit("user.update", Some(target)),
                    )
                })
            })
            .collect();
        let results: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        let succeeded = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(succeeded, 1, "round {round}: {results:?}");
        assert!(results.iter().any(|r| matches!(
            r,
            Err(AdminUserError::Refused(RoleChangeRefusal::LastAdmin))
        )));
        let admins = roles(store, &[a, b])
            .into_iter()
            .filter(|r| *r == Role::Admin)
            .count();
        assert_eq!(admins, 1, "round {round}");
    }
}

fn signed_in_with_admin(store: &Store, user: UserId) -> Session {
    let session = Session::start(user, Utc::now(), None, None);
    store.start(&session).unwrap();
    store
        .open_admin(
            session.id,
            Utc::now() + Duration::minutes(30),
            &audit("admin.login", None),
        )
        .unwrap();
    session
}

fn admin_until(store: &Store, session: &Session) -> Option<DateTime<Utc>> {
    SessionRepository::get(store, session.id)
        .unwrap()
        .0
        .admin_until
}

fn a_role_change_closes_the_persons_admin_sessions(store: &Store) {
    let ada = admin(store, "ada@example.org");
    let bea = admin(store, "bea@example.org");
    let cy = admin(store, "cy@example.org");
    let (sa, sb, sc) = (
        signed_in_with_admin(store, ada),
        signed_in_with_admin(store, bea),
        signed_in_with_admin(store, cy),
    );
    let updated = store
        .update_user(
            bea,
            &UserChange::Role(Role::Moderator),
            &audit("user.update", Some(bea)),
        )
        .unwrap();
    assert_eq!(updated.role, Role::Moderator);
    assert_eq!(admin_until(store, &sb), None);
    assert!(admin_until(store, &sa).is_some(), "others keep theirs");
    store
        .set_roles(&[cy], Role::User, &[audit("user.update", Some(cy))])
        .unwrap();
    assert_eq!(admin_until(store, &sc), None);
    // The sign-ins themselves stay.
    assert!(
        SessionRepository::get(store, sb.id)
            .unwrap()
            .0
            .is_active(Utc::now())
    );
}

fn names_and_email_change_one_at_a_time(store: &Store) {
    let jo = create(store, p("Jo", "Member", "jo@example.org"));
    let change = |c: UserChange| store.update_user(jo, &c, &audit("user.update", Some(jo)));
    assert_eq!(
        change(UserChange::FirstName("Joanna".into()))
            .unwrap()
            .first_name,
        "Joanna"
    );
    assert_eq!(
        change(UserChange::LastName("Okafor".into()))
            .unwrap()
            .last_name,
        "Okafor"
    );
    let token = TokenRecord {
        user_id: jo,
        purpose: TokenPurpose::VerifyEmail,
        token: OneTimeToken::generate(&mut rand::rng()),
        expires_at: Utc::now() + Duration::days(2),
    };
    let updated = change(UserChange::Email {
        email: Email::parse("joanna@example.org").unwrap(),
        token: token.clone(),
        emails: vec![outgoing_email("joanna@example.org")],
    })
    .unwrap();
    assert_eq!(updated.email, "joanna@example.org");
    assert!(!updated.is_email_verified);
    // The new address verifies with the new token only.
    assert_eq!(store.verify_email(token.token.hash(), Utc::now()), Ok(jo));
    assert_eq!(
        store.update_user(
            UserId::new(),
            &UserChange::FirstName("X".into()),
            &audit("user.update", None)
        ),
        Err(AdminUserError::NotFound)
    );
    store.erase(jo, Utc::now()).unwrap();
    assert_eq!(
        change(UserChange::FirstName("Again".into())),
        Err(AdminUserError::NotFound),
        "erased accounts cannot be edited"
    );
    assert_eq!(store.admin_user(jo), Err(RepoError::NotFound));
    let entries = store
        .latest(
            &AuditFilter {
                action: Some("user.update".into()),
                ..AuditFilter::default()
            },
            50,
        )
        .unwrap();
    assert_eq!(entries.len(), 3);
}

fn bulk_erasure_is_self_service_erasure_all_or_nothing(store: &Store) {
    let by_self = create(store, p("Ana", "Silva", "ana@example.org"));
    let by_admin = create(store, p("Jo", "Member", "jo@example.org"));
    let other = create(store, p("Kim", "Lee", "kim@example.org"));
    let event = common::event(store, 10);
    for person in [by_self, by_admin] {
        let mut request = common::request(person, &event, None);
        request.booking.accessibility_requirements = Some("Wheelchair user".into());
        store.book(&request, Utc::now()).unwrap();
    }
    let session = signed_in_with_admin(store, by_admin);

    // One unknown id refuses the whole action.
    assert_eq!(
        store.erase_users(
            &[other, UserId::new()],
            &[audit("user.delete", Some(other))],
            Utc::now()
        ),
        Err(AdminUserError::NotFound)
    );
    assert!(store.admin_user(other).is_ok());

    store.erase(by_self, Utc::now()).unwrap();
    assert_eq!(
        store.erase_users(
            &[by_admin],
            &[audit("user.delete", Some(by_admin))],
            Utc::now()
        ),
        Ok(1)
    );
    assert_eq!(
        store.erase_users(
            &[by_admin],
            &[audit("user.delete", Some(by_admin))],
            Utc::now()
        ),
        Err(AdminUserError::NotFound),
        "already erased"
    );
    // Both are erased the same way.
    let rows = store.users_after(None, 100).unwrap();
    let row = |id: UserId| {
        rows.iter()
            .find(|r| r.id == id.to_string())
            .cloned()
            .unwrap()
    };
    let (a, b) = (row(by_self), row(by_admin));
    assert!(a.erased && b.erased);
    assert_eq!((&a.first_name, &a.last_name), (&b.first_name, &b.last_name));
    assert_eq!(
        (b.first_name.as_str(), b.last_name.as_str()),
        ("Former", "member")
    );
    assert_eq!(b.email, format!("erased-{by_admin}@erased.invalid"));
    assert_eq!(
        SessionRepository::get(store, session.id),
        Err(RepoError::NotFound),
        "signed out everywhere"
    );
    assert!(
        store
            .find_by_email(&Email::parse("jo@example.org").unwrap())
            .unwrap()
            .is_none()
    );
    // Bookings stay as records, without what the person wrote on them; the upcoming
    // session's places are given back.
    assert_eq!(
        EventRepository::get(store, event.id)
            .unwrap()
            .current_participants,
        0
    );
    let bookings = store.bookings_after(None, 100).unwrap();
    assert_eq!(bookings.len(), 2);
    assert!(bookings.iter().any(|b| b.user_id == by_admin.to_string()));
    for person in [by_self, by_admin] {
        assert_eq!(UserRepository::get(store, person), Err(RepoError::NotFound));
    }
    let deletes = store
        .latest(
            &AuditFilter {
                action: Some("user.delete".into()),
                ..AuditFilter::default()
            },
            50,
        )
        .unwrap();
    assert_eq!(deletes.len(), 1);
    assert_eq!(deletes[0].resource_id, Some(by_admin.to_string()));
}

fn a_taken_email_is_refused_on_create_and_change(store: &Store) {
    create(store, p("Ana", "Silva", "ana@example.org"));
    let jo = create(store, p("Jo", "Member", "jo@example.org"));
    let user = User {
        id: UserId::new(),
        email: Email::parse("ANA@example.org").unwrap(),
        role: Role::User,
        profile: Profile::default(),
        is_email_verified: false,
        profile_image_url: None,
        last_login: None,
        created_at: Utc::now(),
    };
    let token = TokenRecord {
        user_id: user.id,
        purpose: TokenPurpose::VerifyEmail,
        token: OneTimeToken::generate(&mut rand::rng()),
        expires_at: Utc::now() + Duration::days(2),
    };
    let id = user.id;
    assert_eq!(
        store.create_user(
            &NewUserRecord {
                user,
                password_hash: "h".into(),
                registration_ip: None,
                access_note: None,
            },
            &token,
            &[],
            &audit("user.create", Some(id)),
        ),
        Err(AdminUserError::EmailTaken)
    );
    assert_eq!(
        store
            .update_user(
                jo,
                &UserChange::Email {
                    email: Email::parse("Ana@Example.org").unwrap(),
                    token: TokenRecord {
                        user_id: jo,
                        ..token
                    },
                    emails: vec![],
                },
                &audit("user.update", Some(jo)),
            )
            .map(|_| ()),
        Err(AdminUserError::EmailTaken)
    );
    assert_eq!(store.admin_user(jo).unwrap().email, "jo@example.org");
}

/// A role change's entry as the use cases make it: the field and the role given.
fn role_audit(id: UserId, to: Role) -> AuditEntry {
    audit("user.update", Some(id))
        .detail("field", "role")
        .detail("to", to.as_str())
}

/// The details of the role changes of `id`, oldest first.
fn role_changes(store: &Store, id: UserId) -> Vec<serde_json::Value> {
    let mut entries = store
        .latest(
            &AuditFilter {
                action: Some("user.update".into()),
                ..AuditFilter::default()
            },
            200,
        )
        .unwrap();
    entries.reverse();
    entries
        .into_iter()
        .filter(|e| e.resource_id == Some(id.to_string()))
        .map(|e| serde_json::from_str(&e.details).unwrap())
        .collect()
}

fn role_changes_are_audited_from_the_role_replaced_to_the_role_given(store: &Store) {
    admin(store, "ada@example.org");
    let jo = create(store, p("Jo", "Member", "jo@example.org"));
    let kim = create(store, p("Kim", "Lee", "kim@example.org"));
    store
        .update_user(
            jo,
            &UserChange::Role(Role::Moderator),
            &role_audit(jo, Role::Moderator),
        )
        .unwrap();
    store
        .set_roles(
            &[jo, kim],
            Role::Admin,
            &[role_audit(jo, Role::Admin), role_audit(kim, Role::Admin)],
        )
        .unwrap();
    // Already an admin: nothing changes, nothing is recorded.
    store
        .set_roles(&[kim], Role::Admin, &[role_audit(kim, Role::Admin)])
        .unwrap();
    assert_eq!(
        role_changes(store, jo),
        [
            serde_json::json!({"field": "role", "from": "user", "to": "moderator"}),
            serde_json::json!({"field": "role", "from": "moderator", "to": "admin"}),
        ]
    );
    assert_eq!(
        role_changes(store, kim),
        [serde_json::json!({"field": "role", "from": "user", "to": "admin"})]
    );
    // Other changes name their field only.
    store
        .update_user(
            jo,
            &UserChange::FirstName("Joanna".into()),
            &audit("user.update", Some(jo)).detail("field", "firstName"),
        )
        .unwrap();
    assert_eq!(
        role_changes(store, jo).last(),
        Some(&serde_json::json!({"field": "firstName"}))
    );
}

fn simultaneous_role_changes_each_record_the_role_they_replaced(store: &Store) {
    admin(store, "ada@example.org");
    for round in 0..6 {
        let jo = create(store, p("Jo", "Member", &format!("jo{round}@example.org")));
        let barrier = Arc::new(Barrier::new(2));
        let threads: Vec<_> = [Role::Moderator, Role::Admin]
            .into_iter()
            .enumerate()
            .map(|(i, to)| {
                let store: Store = store.clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    // One through update_user, one through the bulk action.
                    if i == 0 {
                        store
                            .update_user(jo, &UserChange::Role(to), &role_audit(jo, to))
                            .map(|_| ())
                    } else {
                        store
                            .set_roles(&[jo], to, &[role_audit(jo, to)])
                            .map(|_| ())
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap().unwrap();
        }
        // Whichever went first (the entries' times may not say), the second replaced what
        // the first gave: the trail chains from "user" to the role Jo has now.
        let changes = role_changes(store, jo);
        assert_eq!(changes.len(), 2, "round {round}: {changes:?}");
        let first = changes
            .iter()
            .position(|c| c["from"] == "user")
            .unwrap_or_else(|| panic!("round {round}: {changes:?}"));
        let (first, second) = (&changes[first], &changes[1 - first]);
        assert_eq!(second["from"], first["to"], "round {round}: {changes:?}");
        assert_eq!(
            serde_json::Value::from(roles(store, &[jo])[0].as_str()),
            second["to"],
            "round {round}"
        );
    }
}
