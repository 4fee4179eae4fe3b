//! What each membership plan is called and includes: the cards /membership draws from
//! `GET /api/membership-plans`. Prices and limits are `Plan`'s (booking_rules); the tests
//! below hold the wording to them.
use chrono::{DateTime, Months, Utc};

use crate::booking_rules::Plan;

/// What a person sees after cancelling a paid plan.
pub const PLAN_CANCELLED: &str = "Plan cancelled";
/// Cancelling needs a paid plan that is still running.
pub const NO_PAID_PLAN: &str = "You have no paid plan to cancel";
pub const CANCEL_FAILED: &str = "We couldn't cancel your plan. Please try again.";

/// The end of the monthly period a paid plan started at `start` is in at `now`: the first
/// monthly anniversary of `start` after `now` (31 January runs to 28 or 29 February). A
/// cancelled plan keeps its benefits until then, as the FAQ promises (plan changes take
/// effect at the next billing cycle).
pub fn period_end(start: DateTime<Utc>, now: DateTime<Utc>) -> DateTime<Utc> {
    let mut months = 1;
    loop {
        match start.checked_add_months(Months::new(months)) {
            Some(end) if end > now => return end,
            Some(_) => months += 1,
            // Beyond chrono's range: nothing renews that far ahead.
            None => return now,
        }
    }
}

/// When a paid plan that started (was first paid for) at `start` has been paid for by
/// `now`: at its start, then at each monthly anniversary before it ended (`end`, when it was
/// replaced or its cancellation took effect) and before `now`, as the payment provider
/// renews it. The overview counts membership income from these.
pub fn payments(
    start: DateTime<Utc>,
    end: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> impl Iterator<Item = DateTime<Utc>> {
    let until = end.map_or(now, |end| end.min(now));
    (0..)
        .map_while(move |months| start.checked_add_months(Months::new(months)))
        .enumerate()
        .take_while(move |&(months, at)| months == 0 || at < until)
        .map(|(_, at)| at)
}

/// One plan as members see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanOffer {
    pub plan: Plan,
    pub name: &'static str,
    pub description: &'static str,
    pub features: &'static [&'static str],
    /// Flagged 'Most Popular' on its card.
    pub popular: bool,
}

/// The plans in the order the page shows them.
pub const PLAN_OFFERS: [PlanOffer; 3] = [
    PlanOffer {
        plan: Plan::Community,
        name: "Community",
        description: "Try sessions and meet the community, free.",
        features: &[
            "2 events per month",
            "Forum access",
            "Email updates",
            "Basic support",
        ],
        popular: false,
    },
    PlanOffer {
        plan: Plan::Active,
        name: "Active",
        description: "For regulars who want to play as often as they like.",
        features: &[
            "Unlimited events",
            "Priority booking",
            "Member discounts",
            "Wellness workshops",
            "Forum access",
            "Email updates",
        ],
        popular: true,
    },
    // Stored as "champion" since the first memberships were sold; shown as Supporter.
    PlanOffer {
        plan: Plan::Champion,
        name: "Supporter",
        description: "Everything in Active. The extra £15 a month pays for free solidarity places, \
                      so someone who could not afford a session plays for free.",
        features: &[
            "£15 a month funds free solidarity places for others",
            "Unlimited events",
            "Priority booking",
            "Member discounts",
            "Wellness workshops",
            "Forum access",
            "Email updates",
        ],
        popular: false,
    },
];

impl Plan {
    /// How the plan is presented.
    pub fn offer(self) -> &'static PlanOffer {
        match self {
            Plan::Community => &PLAN_OFFERS[0],
            Plan::Active => &PLAN_OFFERS[1],
            Plan::Champion => &PLAN_OFFERS[2],
        }
    }

    /// The name members see ("Supporter" for the champion plan).
    pub fn name(self) -> &'static str {
        self.offer().name
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    #[test]
    fn a_period_ends_at_the_next_monthly_anniversary_after_now() {
        let at = |m, d, h| Utc.with_ymd_and_hms(2026, m, d, h, 0, 0).unwrap();
        let start = at(1, 15, 9);
        assert_eq!(period_end(start, at(1, 15, 9)), at(2, 15, 9));
        assert_eq!(period_end(start, at(2, 15, 8)), at(2, 15, 9));
        // At the anniversary itself the next period has begun.
        assert_eq!(period_end(start, at(2, 15, 9)), at(3, 15, 9));
        assert_eq!(period_end(start, at(11, 30, 0)), at(12, 15, 9));
        // A month-end start runs to the shorter month's last day.
        assert_eq!(period_end(at(1, 31, 9), at(2, 1, 0)), at(2, 28, 9));
    }

    use super::*;
    use crate::money::Money;

    #[test]
    fn a_plan_is_paid_for_at_its_start_and_each_anniversary_while_it_runs() {
        let at = |m, d, h| Utc.with_ymd_and_hms(2026, m, d, h, 0, 0).unwrap();
        let paid = |start, end, now| payments(start, end, now).collect::<Vec<_>>();
        let start = at(1, 31, 9);
        // The first month is paid at the checkout, even for a plan replaced at once.
        assert_eq!(paid(start, Some(start), at(6, 1, 0)), [start]);
        assert_eq!(paid(start, None, start), [start]);
        // Renewals at each anniversary (the shorter months' last day) before now...
        assert_eq!(
            paid(start, None, at(4, 30, 9)),
            [start, at(2, 28, 9), at(3, 31, 9)]
        );
        assert_eq!(
            paid(start, None, at(4, 30, 10)),
            [start, at(2, 28, 9), at(3, 31, 9), at(4, 30, 9)]
        );
        // ...and before the plan ended: an end at an anniversary is not renewed.
        assert_eq!(
            paid(start, Some(at(3, 31, 9)), at(12, 1, 0)),
            [start, at(2, 28, 9)]
        );
        // A cancellation that takes effect later: renewals up to now only.
        assert_eq!(
            paid(start, Some(at(12, 31, 9)), at(2, 28, 10)),
            [start, at(2, 28, 9)]
        );
    }

    #[test]
    fn every_plan_is_offered_once_in_its_own_place() {
        assert_eq!(PLAN_OFFERS.len(), Plan::ALL.len());
        for plan in Plan::ALL {
            assert_eq!(plan.offer().plan, *plan);
        }
    }

    #[test]
    fn the_wording_matches_the_limits_and_prices() {
        let community = Plan::Community.offer();
        let limit = Plan::Community.monthly_limit().unwrap_or_default();
        assert!(
            community
                .features
                .contains(&format!("{limit} events per month").as_str())
        );
        assert!(Plan::Active.monthly_limit().is_none());
        assert!(Plan::Active.offer().features.contains(&"Unlimited events"));
        // The supporter's extra is the difference between the two paid plans.
        let extra = Money::from_pence(
            Plan::Champion.monthly_price_pence() - Plan::Active.monthly_price_pence(),
        )
        .unwrap();
        let extra = format!("£{}", extra.to_string().trim_end_matches(".00"));
        assert!(Plan::Champion.offer().description.contains(&extra));
        assert!(
            Plan::Champion
                .offer()
                .features
                .iter()
                .any(|f| f.starts_with(&extra))
        );
        for feature in Plan::Active.offer().features {
            assert!(
                Plan::Champion.offer().features.contains(feature),
                "{feature}"
            );
        }
    }

    #[test]
    fn only_active_is_most_popular() {
        let popular: Vec<_> = PLAN_OFFERS.iter().filter(|o| o.popular).collect();
        assert_eq!(popular.len(), 1);
        assert_eq!(popular[0].plan, Plan::Active);
    }

    #[test]
    fn the_champion_plan_is_shown_as_supporter() {
        assert_eq!(Plan::Champion.name(), "Supporter");
        assert_eq!(Plan::Champion.as_str(), "champion");
    }
}
