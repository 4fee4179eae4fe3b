//! Memberships against both backends: the plan in force, a paid plan's end set when it is
//! cancelled, and checkouts left for another plan expiring (with the migration that expired
//! those left from before).

use crate::common;

use chrono::Duration;
use playspace_domain::UserId;
use playspace_domain::booking_rules::Plan;
use playspace_ports::{Membership, MembershipRepository};
use playspace_store::{Backend, Store};
use playspace_test_support::test_now;

use common::TestStore;

on_both_backends!(
    the_current_plan_comes_with_its_subscription,
    a_cancelled_plan_lasts_until_its_end_and_is_ended_once,
    a_new_plan_answers_the_subscriptions_of_the_plans_it_ended,
    choosing_another_plan_leaves_no_pending_checkout_behind,
    the_migration_expires_checkouts_left_for_a_later_plan
);

fn membership(user: UserId, id: &str, plan: Plan, minutes_ago: i64) -> Membership {
    Membership {
        id: id.into(),
        user_id: user,
        plan,
        status: "active".into(),
        price_pence: plan.monthly_price_pence(),
        start_date: test_now() - Duration::minutes(minutes_ago),
        end_date: None,
    }
}

/// A paid plan bought through a checkout session, renewed by `subscription`; answers the
/// subscriptions of the plans it replaced.
fn buy(store: &Store, m: &Membership, subscription: &str) -> Vec<String> {
    let session = format!("cs_{}", m.id);
    store
        .create_pending(
            &Membership {
                status: "pending".into(),
                ..m.clone()
            },
            &session,
            m.start_date,
        )
        .unwrap();
    store
        .activate_paid(&session, Some(subscription.into()), m.start_date)
        .unwrap()
        .expect("pending until now")
}

fn a_new_plan_answers_the_subscriptions_of_the_plans_it_ended(store: &Store) {
    let [ana, bo] = common::members(store, 2)[..] else {
        unreachable!()
    };
    buy(
        store,
        &membership(bo, "bo-paid", Plan::Active, 50),
        "sub_bo",
    );
    assert_eq!(
        buy(store, &membership(ana, "m-1", Plan::Active, 40), "sub_1"),
        Vec::<String>::new(),
        "nothing replaced, and never another person's plan"
    );
    assert_eq!(
        buy(store, &membership(ana, "m-2", Plan::Champion, 30), "sub_2"),
        vec!["sub_1".to_owned()]
    );
    // The same checkout reported again activates nothing and ends nothing.
    assert_eq!(
        store
            .activate_paid("cs_m-2", Some("sub_2".into()), test_now())
            .unwrap(),
        None
    );
    let free = membership(ana, "m-3", Plan::Community, 20);
    assert_eq!(
        store.activate(&free, free.start_date).unwrap(),
        vec!["sub_2".to_owned()]
    );
    // A free plan has no subscription to stop.
    let again = membership(ana, "m-4", Plan::Community, 10);
    assert!(store.activate(&again, again.start_date).unwrap().is_empty());
    let (current, _) = store.current_membership(ana, test_now()).unwrap().unwrap();
    assert_eq!(current.id, "m-4");
    // Both replaced subscriptions wait to be stopped, longest first, until the provider has.
    assert_eq!(
        store.renewals_to_stop(10).unwrap(),
        vec!["sub_1".to_owned(), "sub_2".to_owned()]
    );
    store.renewal_stopped("sub_1", test_now()).unwrap();
    assert_eq!(
        store.renewals_to_stop(10).unwrap(),
        vec!["sub_2".to_owned()]
    );
    assert_eq!(store.renewals_to_stop(0).unwrap(), Vec::<String>::new());
    let (theirs, subscription) = store.current_membership(bo, test_now()).unwrap().unwrap();
    assert_eq!(
        (theirs.id.as_str(), subscription.as_deref()),
        ("bo-paid", Some("sub_bo"))
    );
}

fn the_current_plan_comes_with_its_subscription(store: &Store) {
    let [ana, bo] = common::members(store, 2)[..] else {
        unreachable!()
    };
    assert_eq!(store.current_membership(ana, test_now()).unwrap(), None);
    store
        .activate(
            &membership(ana, "m-free", Plan::Community, 60),
            test_now() - Duration::minutes(60),
        )
        .unwrap();
    let (current, subscription) = store.current_membership(ana, test_now()).unwrap().unwrap();
    assert_eq!((current.id.as_str(), subscription), ("m-free", None));

    buy(store, &membership(ana, "m-paid", Plan::Active, 30), "sub_1");
    let (current, subscription) = store.current_membership(ana, test_now()).unwrap().unwrap();
    assert_eq!(current.id, "m-paid");
    assert_eq!(current.plan, Plan::Active);
    assert_eq!(subscription.as_deref(), Some("sub_1"));
    assert_eq!(
        store.current_membership(bo, test_now()).unwrap(),
        None,
        "only the person's own"
    );
}

fn a_cancelled_plan_lasts_until_its_end_and_is_ended_once(store: &Store) {
    let ana = common::members(store, 1)[0];
    buy(
        store,
        &membership(ana, "m-paid", Plan::Champion, 30),
        "sub_2",
    );
    let ends = test_now() + Duration::days(20);
    assert!(store.end_at("m-paid", ends, test_now()).unwrap());
    assert!(
        !store
            .end_at("m-paid", ends + Duration::days(5), test_now())
            .unwrap(),
        "an end once set stays"
    );
    assert!(!store.end_at("no-such-plan", ends, test_now()).unwrap());

    let (current, _) = store.current_membership(ana, test_now()).unwrap().unwrap();
    assert_eq!(current.end_date, Some(ends));
    assert_eq!(
        store
            .current_plan(ana, ends - Duration::minutes(1))
            .unwrap(),
        Some(Plan::Champion)
    );
    assert_eq!(
        store.current_plan(ana, ends).unwrap(),
        None,
        "over at its end"
    );
    assert_eq!(store.current_membership(ana, ends).unwrap(), None);
}

/// Opens a checkout for `m` at `at` (its row pending).
fn start_checkout(store: &Store, m: &Membership, at: chrono::DateTime<chrono::Utc>) {
    store
        .create_pending(
            &Membership {
                status: "pending".into(),
                ..m.clone()
            },
            &format!("cs_{}", m.id),
            at,
        )
        .unwrap();
}

/// (id, status, end) of the person's memberships, newest first.
fn rows(
    store: &Store,
    user: UserId,
) -> Vec<(String, String, Option<chrono::DateTime<chrono::Utc>>)> {
    store
        .list_for_user(user)
        .unwrap()
        .into_iter()
        .map(|m| (m.id, m.status, m.end_date))
        .collect()
}

fn choosing_another_plan_leaves_no_pending_checkout_behind(store: &Store) {
    let [ana, bo] = common::members(store, 2)[..] else {
        unreachable!()
    };
    let t = |minutes: i64| test_now() - Duration::minutes(minutes);
    start_checkout(store, &membership(bo, "bo-1", Plan::Active, 50), t(50));
    start_checkout(store, &membership(ana, "m-1", Plan::Active, 40), t(40));
    // Another checkout: the first one is left, so it expires.
    start_checkout(store, &membership(ana, "m-2", Plan::Champion, 30), t(30));
    assert_eq!(
        rows(store, ana),
        vec![
            ("m-2".into(), "pending".into(), None),
            ("m-1".into(), "expired".into(), Some(t(30))),
        ]
    );
    // The free plan instead: no checkout waits any more, and nobody else's is touched.
    let free = membership(ana, "m-3", Plan::Community, 20);
    store.activate(&free, t(20)).unwrap();
    assert_eq!(
        rows(store, ana),
        vec![
            ("m-3".into(), "active".into(), None),
            ("m-2".into(), "expired".into(), Some(t(20))),
            ("m-1".into(), "expired".into(), Some(t(30))),
        ]
    );
    assert_eq!(
        rows(store, bo),
        vec![("bo-1".into(), "pending".into(), None)]
    );
    assert_eq!(
        store.current_plan(ana, test_now()).unwrap(),
        Some(Plan::Community)
    );

    // Paid after all (an old tab): what was paid for is what the person gets.
    assert_eq!(
        store
            .activate_paid("cs_m-1", Some("sub_1".into()), t(10))
            .unwrap(),
        Some(vec![])
    );
    assert_eq!(
        rows(store, ana)
            .iter()
            .map(|(id, status, _)| (id.as_str(), status.as_str()))
            .collect::<Vec<_>>(),
        vec![("m-3", "cancelled"), ("m-2", "expired"), ("m-1", "active")]
    );
    let (current, _) = store.current_membership(ana, test_now()).unwrap().unwrap();
    assert_eq!((current.id.as_str(), current.end_date), ("m-1", None));
    // Once.
    assert_eq!(
        store
            .activate_paid("cs_m-1", Some("sub_1".into()), test_now())
            .unwrap(),
        None
    );

    // Someone else's checkouts are theirs alone.
    start_checkout(store, &membership(bo, "bo-2", Plan::Champion, 45), t(45));
    assert_eq!(
        rows(store, bo),
        vec![
            ("bo-2".into(), "pending".into(), None),
            ("bo-1".into(), "expired".into(), Some(t(45))),
        ]
    );
    assert_eq!(rows(store, ana).len(), 3);
}

/// Checkouts left from before the store expired them: the migration's SQL, run again over
/// such rows (it is idempotent), expires those with a later plan and keeps the newest.
fn the_migration_expires_checkouts_left_for_a_later_plan(store: &TestStore) {
    let [ana, bo] = common::members(store, 2)[..] else {
        unreachable!()
    };
    let insert = |id: &str, user: UserId, status: &str, created: &str| {
        store.execute(&format!(
            "INSERT INTO memberships (id, user_id, plan, status, start_date, price_pence, \
             stripe_session_id, created_at, updated_at) VALUES ('{id}', '{user}', 'active', \
             '{status}', '{created}', 1500, 'cs_{id}', '{created}', '{created}')"
        ));
    };
    insert("a-1", ana, "pending", "2026-11-01 10:00:00");
    insert("a-2", ana, "pending", "2026-11-02 10:00:00");
    insert("a-3", ana, "active", "2026-11-03 10:00:00");
    insert("b-1", bo, "pending", "2026-11-04 10:00:00");
    let (up, down) = match store.backend() {
        Backend::Sqlite => (
            include_str!(
                "../../../../../migrations/sqlite/2026-11-29-200001_expire_replaced_checkouts/up.sql"
            ),
            include_str!(
                "../../../../../migrations/sqlite/2026-11-29-200001_expire_replaced_checkouts/down.sql"
            ),
        ),
        Backend::Postgres => (
            include_str!(
                "../../../../../migrations/postgres/2026-11-29-200001_expire_replaced_checkouts/up.sql"
            ),
            include_str!(
                "../../../../../migrations/postgres/2026-11-29-200001_expire_replaced_checkouts/down.sql"
            ),
        ),
    };
    store.execute(up);
    let at = |day: u32| {
        Some(
            chrono::NaiveDate::from_ymd_opt(2026, 11, day)
                .unwrap()
                .and_hms_opt(10, 0, 0)
                .unwrap()
                .and_utc(),
        )
    };
    assert_eq!(
        rows(store, ana),
        vec![
            ("a-3".into(), "active".into(), None),
            ("a-2".into(), "expired".into(), at(3)),
            ("a-1".into(), "expired".into(), at(2)),
        ]
    );
    assert_eq!(
        rows(store, bo),
        vec![("b-1".into(), "pending".into(), None)],
        "the newest checkout may still be paid"
    );
    // Its down migration gives the old rows back as they were.
    store.execute(down);
    assert!(
        rows(store, ana)[1..]
            .iter()
            .all(|(_, status, end)| status == "pending" && end.is_none())
    );
}
