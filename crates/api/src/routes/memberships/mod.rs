//! `/api/memberships`: choosing a plan, listing mine and cancelling a paid one; `/api/membership-plans`: the plans.
use chrono::SecondsFormat;
use playspace_ports::Membership;

pub mod cancel;
pub mod choose;
pub mod list;
pub mod plans;
pub mod solidarity;

fn membership_json(m: &Membership) -> serde_json::Value {
    serde_json::json!({
        "id": m.id,
        "plan": m.plan.as_str(),
        "status": m.status,
        "price": format!("{}.{:02}", m.price_pence / 100, m.price_pence % 100),
        "startDate": m.start_date.to_rfc3339_opts(SecondsFormat::Secs, true),
        "endDate": m.end_date.map(|d| d.to_rfc3339_opts(SecondsFormat::Secs, true)),
    })
}
