//! Memberships against both backends: the plan in force, and a paid plan's end set when
//! it is cancelled.

use crate::common;

use chrono::Duration;
use playspace_domain::UserId;
use playspace_domain::booking_rules::Plan;
use playspace_ports::{Membership, MembershipRepository};
use playspace_store::Store;
use playspace_test_support::test_now;

on_both_backends!(
    the_current_plan_comes_with_its_subscription,
    a_cancelled_plan_lasts_until_its_end_and_is_ended_once,
    a_new_plan_answers_the_subscriptions_of_the_plans_it_ended
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
