//! Choosing a membership plan: Community at once; paid plans through a subscription
//! checkout, active once the gateway reports payment.
use playspace_domain::User;
use playspace_domain::booking_rules::Plan;
use playspace_ports::{
    CheckoutMode, CheckoutRequest, CheckoutSession, GatewayError, Membership, RepoError,
};

use super::BookingDeps;
use super::payments::HOLD;

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
        deps.memberships.activate(&membership, now)?;
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
        expires_at: now + HOLD,
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
    )?;
    Ok(PlanChoice::Checkout(session))
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
            waitlist: &playspace_ports::MockWaitlistRepository::new(),
            gateway: &gateway,
            clock: &clock,
            email: &settings,
        };
        choose_plan(&deps, &user(), plan)
    }

    #[test]
    fn community_is_free_and_immediate() {
        let mut memberships = MockMembershipRepository::new();
        memberships
            .expect_activate()
            .withf(|m, _| m.plan == Plan::Community && m.price_pence == 0)
            .times(1)
            .returning(|_, _| Ok(()));
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_create_checkout().never();
        assert!(matches!(
            run(memberships, gateway, "community"),
            Ok(PlanChoice::Active(_))
        ));
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
            .withf(|m, s| m.status == "pending" && s == "cs_sub")
            .times(1)
            .returning(|_, _| Ok(()));
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
