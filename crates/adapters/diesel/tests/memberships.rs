//! Memberships against both backends: the plan in force, and a paid plan's end set when
//! it is cancelled.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use chrono::Duration;
use playspace_domain::UserId;
use playspace_domain::booking_rules::Plan;
use playspace_ports::{Membership, MembershipRepository};
use playspace_store::Store;
use playspace_test_support::test_now;

on_both_backends!(
    the_current_plan_comes_with_its_subscription,
    a_cancelled_plan_lasts_until_its_end_and_is_ended_once
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

/// A paid plan bought through a checkout session, renewed by `subscription`.
fn buy(store: &Store, m: &Membership, subscription: &str) {
    let session = format!("cs_{}", m.id);
    store
        .create_pending(
            &Membership {
                status: "pending".into(),
                ..m.clone()
            },
            &session,
        )
        .unwrap();
    assert!(
        store
            .activate_paid(&session, Some(subscription.into()), m.start_date)
            .unwrap()
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
