use actix_web::HttpResponse;
use playspace_domain::{Money, PLAN_OFFERS};

/// `GET /api/membership-plans`: the plans /membership draws, in order. Public and the same
/// for everyone; cached briefly, as it changes only with a release.
pub async fn handle() -> HttpResponse {
    let plans: Vec<_> = PLAN_OFFERS
        .iter()
        .map(|offer| {
            serde_json::json!({
                "id": offer.plan.as_str(),
                "name": offer.name,
                "price": price(offer.plan.monthly_price_pence()),
                "period": "month",
                "description": offer.description,
                "features": offer.features,
                "popular": offer.popular,
            })
        })
        .collect();
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "public, max-age=300"))
        .json(plans)
}

/// "15.00": the prices are constants, so a bad one is a bug caught by the tests.
fn price(pence: i64) -> String {
    Money::from_pence(pence)
        .map(|money| money.to_string())
        .unwrap_or_default()
}
