//! Choosing a membership plan: Community at once; paid plans through a subscription
//! checkout, active once the gateway reports payment.
use playspace_domain::User;
use playspace_domain::booking::PAYMENT_HOLD;
use playspace_domain::booking_rules::Plan;
use playspace_domain::plans::period_end;
use playspace_ports::{
    CheckoutMode, CheckoutRequest, CheckoutSession, GatewayError, Membership, RepoError,
};

use super::BookingDeps;

#[derive(Debug)]
pub enum PlanChoice {
    Active(Membership),
    Checkout(CheckoutSession),
}

#[derive(Debug, thiserror::Error)]
pub enum ChoosePlanError {
    #[error("Invalid plan")]
    InvalidPlan,
    #[error("Failed to create membership. Please try again.")]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

pub fn choose_plan(
    deps: &BookingDeps,
    user: &User,
    plan: &str,
) -> Result<PlanChoice, ChoosePlanError> {
    let plan: Plan = plan
        .trim()
        .parse()
        .map_err(|_| ChoosePlanError::InvalidPlan)?;
    let now = deps.clock.now();
    let membership = Membership {
        id: playspace_domain::BookingId::new().to_string(),
        user_id: user.id,
        plan,
        status: "active".into(),
        // The price is ours, never the client's.
        price_pence: plan.monthly_price_pence(),
        start_date: now,
        end_date: None,
    };
    if membership.price_pence == 0 {
        let replaced = deps.memberships.activate(&membership, now)?;
        stop_renewals(deps, &replaced);
        return Ok(PlanChoice::Active(membership));
    }
    let base = &deps.email.public_url;
    let request = CheckoutRequest {
        mode: CheckoutMode::Subscription,
        reference_id: membership.id.clone(),
        product_name: format!("PlaySpace {} membership", plan.name()),
        description: plan.offer().description.into(),
        amount_pence: membership.price_pence,
        customer_email: user.email.as_str().to_owned(),
        success_url: format!("{base}/membership?session_id={{CHECKOUT_SESSION_ID}}"),
        cancel_url: format!("{base}/membership"),
        expires_at: now + PAYMENT_HOLD,
        idempotency_key: format!("membership-{}", membership.id),
        metadata: vec![
            ("membership_id".into(), membership.id.clone()),
            ("plan".into(), plan.as_str().into()),
        ],
    };
    let session = deps
        .gateway
        .create_checkout(&request)
        .map_err(ChoosePlanError::Gateway)?;
    deps.memberships.create_pending(
        &Membership {
            status: "pending".into(),
            ..membership
        },
        &session.id,
        now,
    )?;
    Ok(PlanChoice::Checkout(session))
}

#[derive(Debug, thiserror::Error)]
pub enum CancelPlanError {
    #[error("no running paid plan")]
    NoPaidPlan,
    #[error("the payment provider did not stop the renewal: {0}")]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Cancels the person's paid plan at the end of the period already paid for: the gateway
/// stops the subscription renewing, and the plan keeps its benefits until then. Asking
/// again answers the same plan and end.
pub fn cancel_plan(deps: &BookingDeps, user: &User) -> Result<Membership, CancelPlanError> {
    let now = deps.clock.now();
    let Some((membership, subscription)) = deps.memberships.current_membership(user.id, now)?
    else {
        return Err(CancelPlanError::NoPaidPlan);
    };
    if membership.price_pence == 0 {
        return Err(CancelPlanError::NoPaidPlan);
    }
    if membership.end_date.is_some() {
        return Ok(membership);
    }
    let reported = match subscription.as_deref() {
        Some(id) => deps
            .gateway
            .cancel_at_period_end(id)
            .map_err(CancelPlanError::Gateway)?,
        None => None,
    };
    let ends_at = reported.unwrap_or_else(|| period_end(membership.start_date, now));
    if !deps.memberships.end_at(&membership.id, ends_at, now)? {
        // Another request ended it first: answer what it decided.
        return deps
            .memberships
            .current_membership(user.id, now)?
            .map(|(m, _)| m)
            .ok_or(CancelPlanError::NoPaidPlan);
    }
    Ok(Membership {
        end_date: Some(ends_at),
        ..membership
    })
}

/// How many replaced plans' renewals one sweep stops at most.
const RENEWALS_PER_SWEEP: u32 = 50;

/// A plan replaced by another ends at once here; its subscription must not charge again.
/// The period already paid for is not refunded (the new plan starts now). Each stop is
/// tried at once; one that fails stays marked in the store and the hold sweep tries again
/// (`stop_replaced_renewals`). Answers how many were stopped.
pub(crate) fn stop_renewals(deps: &BookingDeps, subscriptions: &[String]) -> usize {
    let now = deps.clock.now();
    let mut stopped = 0;
    for subscription in subscriptions {
        let done = deps
            .gateway
            .cancel_at_period_end(subscription)
            .map_err(|e| e.to_string())
            .and_then(|_| {
                deps.memberships
                    .renewal_stopped(subscription, now)
                    .map_err(|e| e.to_string())
            });
        match done {
            Ok(()) => stopped += 1,
            Err(error) => {
                tracing::warn!(%error, "a replaced plan's renewal could not be stopped yet");
            }
        }
    }
    stopped
}

/// Stops the renewals still marked (a provider outage when the plan was replaced): the hold
/// sweep runs it every minute.
pub fn stop_replaced_renewals(deps: &BookingDeps) -> Result<usize, RepoError> {
    let due = deps.memberships.renewals_to_stop(RENEWALS_PER_SWEEP)?;
    Ok(stop_renewals(deps, &due))
}

pub fn my_memberships(deps: &BookingDeps, user: &User) -> Result<Vec<Membership>, RepoError> {
    deps.memberships.list_for_user(user.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::{settings, user};
    use playspace_ports::{
        MockBookingRepository, MockEventRepository, MockMembershipRepository, MockPaymentGateway,
        MockUserRepository,
    };
    use playspace_test_support::{FixedClock, test_now};

    fn run(
        memberships: MockMembershipRepository,
        gateway: MockPaymentGateway,
        plan: &str,
    ) -> Result<PlanChoice, ChoosePlanError> {
        with_deps(memberships, gateway, |deps| {
            choose_plan(deps, &user(), plan)
        })
    }

    fn with_deps<T>(
        memberships: MockMembershipRepository,
        gateway: MockPaymentGateway,
        body: impl FnOnce(&BookingDeps) -> T,
    ) -> T {
        let (events, bookings, users) = (
            MockEventRepository::new(),
            MockBookingRepository::new(),
            MockUserRepository::new(),
        );
        let clock = FixedClock(test_now());
        let settings = settings();
        let deps = BookingDeps {
            events: &events,
            bookings: &bookings,
            memberships: &memberships,
            users: &users,
            access: &playspace_ports::MockAccessNeedsRepository::new(),
            waitlist: &playspace_ports::MockWaitlistRepository::new(),
            gateway: &gateway,
            clock: &clock,
            email: &settings,
        };
        body(&deps)
    }

    fn paid(end_date: Option<chrono::DateTime<chrono::Utc>>) -> Membership {
        Membership {
            id: "m1".into(),
            user_id: user().id,
            plan: Plan::Active,
            status: "active".into(),
            price_pence: 1500,
            start_date: test_now() - chrono::Duration::days(40),
            end_date,
        }
    }

    fn cancel(
        current: Option<(Membership, Option<String>)>,
        gateway: MockPaymentGateway,
        ends: Option<chrono::DateTime<chrono::Utc>>,
    ) -> Result<Membership, CancelPlanError> {
        let mut memberships = MockMembershipRepository::new();
        memberships
            .expect_current_membership()
            .returning(move |_, _| Ok(current.clone()));
        match ends {
            Some(ends) => {
                memberships
                    .expect_end_at()
                    .withf(move |id, at, _| id == "m1" && *at == ends)
                    .times(1)
                    .returning(|_, _, _| Ok(true));
            }
            None => {
                memberships.expect_end_at().never();
            }
        }
        with_deps(memberships, gateway, |deps| cancel_plan(deps, &user()))
    }

    #[test]
    fn cancelling_stops_the_subscription_and_keeps_the_plan_to_the_period_end() {
        let stripe_says = test_now() + chrono::Duration::days(3);
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_cancel_at_period_end()
            .withf(|id| id == "sub_1")
            .times(1)
            .returning(move |_| Ok(Some(stripe_says)));
        let ended = cancel(
            Some((paid(None), Some("sub_1".into()))),
            gateway,
            Some(stripe_says),
        )
        .unwrap();
        assert_eq!(ended.end_date, Some(stripe_says));
        assert_eq!(ended.status, "active", "its benefits last until then");
    }

    #[test]
    fn without_a_date_from_the_gateway_the_plans_own_month_decides() {
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_cancel_at_period_end()
            .returning(|_| Ok(None));
        let start = paid(None).start_date;
        let ends = period_end(start, test_now());
        assert!(ends > test_now());
        let ended = cancel(
            Some((paid(None), Some("sub_local_1".into()))),
            gateway,
            Some(ends),
        );
        assert_eq!(ended.unwrap().end_date, Some(ends));
    }

    #[test]
    fn nothing_to_cancel_without_a_running_paid_plan() {
        let community = Membership {
            plan: Plan::Community,
            price_pence: 0,
            ..paid(None)
        };
        for current in [None, Some((community, None))] {
            let mut gateway = MockPaymentGateway::new();
            gateway.expect_cancel_at_period_end().never();
            assert!(matches!(
                cancel(current, gateway, None),
                Err(CancelPlanError::NoPaidPlan)
            ));
        }
    }

    #[test]
    fn cancelling_again_answers_the_end_already_set() {
        let ends = test_now() + chrono::Duration::days(9);
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_cancel_at_period_end().never();
        let again = cancel(
            Some((paid(Some(ends)), Some("sub_1".into()))),
            gateway,
            None,
        );
        assert_eq!(again.unwrap().end_date, Some(ends));
    }

    #[test]
    fn a_gateway_failure_changes_nothing() {
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_cancel_at_period_end()
            .returning(|_| Err(GatewayError::Retryable("timeout".into())));
        assert!(matches!(
            cancel(Some((paid(None), Some("sub_1".into()))), gateway, None),
            Err(CancelPlanError::Gateway(_))
        ));
    }

    #[test]
    fn community_is_free_and_immediate() {
        let mut memberships = MockMembershipRepository::new();
        memberships
            .expect_activate()
            .withf(|m, _| m.plan == Plan::Community && m.price_pence == 0)
            .times(1)
            .returning(|_, _| Ok(vec![]));
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_create_checkout().never();
        gateway.expect_cancel_at_period_end().never();
        assert!(matches!(
            run(memberships, gateway, "community"),
            Ok(PlanChoice::Active(_))
        ));
    }

    #[test]
    fn community_over_a_paid_plan_stops_its_subscription_even_if_the_gateway_fails() {
        let mut memberships = MockMembershipRepository::new();
        memberships
            .expect_activate()
            .times(1)
            .returning(|_, _| Ok(vec!["sub_1".into(), "sub_2".into()]));
        // Only the one stopped is unmarked: the other waits for the sweep.
        memberships
            .expect_renewal_stopped()
            .withf(|id, _| id == "sub_2")
            .times(1)
            .returning(|_, _| Ok(()));
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_cancel_at_period_end()
            .withf(|id| id == "sub_1")
            .times(1)
            .returning(|_| Err(GatewayError::Retryable("503".into())));
        gateway
            .expect_cancel_at_period_end()
            .withf(|id| id == "sub_2")
            .times(1)
            .returning(|_| Ok(None));
        // The new plan stands: the person chose it and the store has it.
        assert!(matches!(
            run(memberships, gateway, "community"),
            Ok(PlanChoice::Active(_))
        ));
    }

    #[test]
    fn the_sweep_stops_the_marked_renewals_and_keeps_those_that_fail() {
        let mut memberships = MockMembershipRepository::new();
        memberships
            .expect_renewals_to_stop()
            .returning(|_| Ok(vec!["sub_1".into(), "sub_2".into()]));
        memberships
            .expect_renewal_stopped()
            .withf(|id, _| id == "sub_1")
            .times(1)
            .returning(|_, _| Ok(()));
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_cancel_at_period_end()
            .withf(|id| id == "sub_1")
            .returning(|_| Ok(None));
        gateway
            .expect_cancel_at_period_end()
            .withf(|id| id == "sub_2")
            .returning(|_| Err(GatewayError::Retryable("503".into())));
        let stopped = with_deps(memberships, gateway, stop_replaced_renewals);
        assert_eq!(stopped.unwrap(), 1);
    }

    #[test]
    fn active_is_a_monthly_subscription_at_our_price() {
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_create_checkout()
            .withf(|c| c.mode == CheckoutMode::Subscription && c.amount_pence == 1500)
            .returning(|_| {
                Ok(CheckoutSession {
                    id: "cs_sub".into(),
                    url: "u".into(),
                })
            });
        let mut memberships = MockMembershipRepository::new();
        memberships
            .expect_create_pending()
            .withf(|m, s, now| m.status == "pending" && s == "cs_sub" && *now == test_now())
            .times(1)
            .returning(|_, _, _| Ok(()));
        assert!(matches!(
            run(memberships, gateway, "active"),
            Ok(PlanChoice::Checkout(_))
        ));
    }

    #[test]
    fn unknown_plans_are_invalid() {
        let err = run(
            MockMembershipRepository::new(),
            MockPaymentGateway::new(),
            "platinum",
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "Invalid plan");
    }
}
