//! Choosing a membership plan over HTTP.

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, register, send};
use serde_json::json;

fn choose(plan: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/memberships")
        .set_json(json!({"plan": plan, "price": "0.00"}))
}

#[actix_web::test]
async fn plans_need_a_session_and_a_known_name() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = send(&service, choose("community"), None).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("Please login to select a membership plan"))
    );
    let (token, _) = register(&service, "ana@example.org").await;
    let token = token.as_str();
    let (status, _, body) = send(&service, choose("platinum"), Some(token)).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Invalid plan"))
    );
}

#[actix_web::test]
async fn community_is_immediate_and_active_is_paid_through_the_checkout() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let token = token.as_str();
    let (status, _, body) = send(&service, choose("community"), Some(token)).await;
    assert_eq!(status, 201);
    assert_eq!(body["membership"]["status"], "active");

    let (status, _, body) = send(&service, choose("active"), Some(token)).await;
    assert_eq!(status, 200, "{body}");
    let session = body["sessionId"].as_str().unwrap().to_owned();
    let response = actix_web::test::call_service(
        &service,
        TestRequest::get()
            .uri(&format!("/checkout/{session}"))
            .to_request(),
    )
    .await;
    let page = String::from_utf8(actix_web::test::read_body(response).await.to_vec()).unwrap();
    assert!(page.contains("Pay £15.00"), "our price, not the client's");
    let (_, _, list) = send(
        &service,
        TestRequest::get().uri("/api/memberships"),
        Some(token),
    )
    .await;
    assert_eq!(list[0]["status"], "pending");

    let response = actix_web::test::call_service(
        &service,
        TestRequest::post()
            .uri(&format!("/checkout/{session}/pay"))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), 303);
    let (_, _, list) = send(
        &service,
        TestRequest::get().uri("/api/memberships"),
        Some(token),
    )
    .await;
    let statuses: Vec<(&str, &str)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["plan"].as_str().unwrap(), m["status"].as_str().unwrap()))
        .collect();
    assert_eq!(statuses, [("active", "active"), ("community", "cancelled")]);
}

#[actix_web::test]
async fn the_plans_are_public_in_order_with_our_prices() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, headers, body) = send(
        &service,
        TestRequest::get().uri("/api/membership-plans"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("cache-control").unwrap(), "public, max-age=300");
    let plans = body.as_array().unwrap();
    let summary: Vec<(&str, &str, &str, bool)> = plans
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap(),
                p["name"].as_str().unwrap(),
                p["price"].as_str().unwrap(),
                p["popular"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("community", "Community", "0.00", false),
            ("active", "Active", "15.00", true),
            ("champion", "Supporter", "30.00", false),
        ]
    );
    assert_eq!(plans[0]["features"][0], "2 events per month");
    assert!(
        plans[2]["description"]
            .as_str()
            .unwrap()
            .contains("solidarity places")
    );
}

#[actix_web::test]
async fn the_supporter_plan_is_sold_under_its_own_name() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let (status, _, body) = send(&service, choose("champion"), Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    let session = body["sessionId"].as_str().unwrap();
    let response = actix_web::test::call_service(
        &service,
        TestRequest::get()
            .uri(&format!("/checkout/{session}"))
            .to_request(),
    )
    .await;
    let page = String::from_utf8(actix_web::test::read_body(response).await.to_vec()).unwrap();
    assert!(page.contains("PlaySpace Supporter membership"), "{page}");
    assert!(page.contains("Pay £30.00"));
}

fn cancel() -> TestRequest {
    TestRequest::post().uri("/api/memberships/cancel")
}

/// Buys `plan` through the offline checkout, as a person clicking Pay would.
async fn buy(service: &svc!(), token: &str, plan: &str) {
    let (status, _, body) = send(service, choose(plan), Some(token)).await;
    assert_eq!(status, 200, "{body}");
    let session = body["sessionId"].as_str().unwrap();
    let response = actix_web::test::call_service(
        service,
        TestRequest::post()
            .uri(&format!("/checkout/{session}/pay"))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), 303);
}

#[actix_web::test]
async fn a_paid_plan_is_cancelled_at_the_end_of_its_period() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = send(&service, cancel(), None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("unauthenticated"))
    );

    let (token, _) = register(&service, "ana@example.org").await;
    let token = token.as_str();
    let (status, _, body) = send(&service, cancel(), Some(token)).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("You have no paid plan to cancel"))
    );
    send(&service, choose("community"), Some(token)).await;
    let (status, _, _) = send(&service, cancel(), Some(token)).await;
    assert_eq!(status, 409, "Community is free: nothing renews");

    buy(&service, token, "active").await;
    let (status, _, body) = send(&service, cancel(), Some(token)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["title"], "Plan cancelled");
    assert_eq!(body["membership"]["plan"], "active");
    assert_eq!(
        body["membership"]["status"], "active",
        "it lasts to the period's end"
    );
    let ends = body["membership"]["endDate"].as_str().unwrap().to_owned();
    let ends_at = chrono::DateTime::parse_from_rfc3339(&ends).unwrap();
    let days = (ends_at.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_days();
    assert!(
        (27..=31).contains(&days),
        "a month from today, not {days} days"
    );
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Your Active plan ends on "),
        "{body}"
    );

    // Asking again changes nothing; the plan still counts until then.
    let (status, _, again) = send(&service, cancel(), Some(token)).await;
    assert_eq!(
        (status, again["membership"]["endDate"].as_str()),
        (200, Some(ends.as_str()))
    );
    let (_, _, list) = send(
        &service,
        TestRequest::get().uri("/api/memberships"),
        Some(token),
    )
    .await;
    assert_eq!(list[0]["endDate"].as_str(), Some(ends.as_str()));

    // Someone else's request touches only their own plan.
    let (other, _) = register(&service, "bo@example.org").await;
    let (status, _, _) = send(&service, cancel(), Some(other.as_str())).await;
    assert_eq!(status, 409);
}

/// Choosing a plan, then another before paying: the first checkout is left behind as
/// expired, never pending; choosing the free plan leaves none waiting at all.
#[actix_web::test]
async fn choosing_another_plan_leaves_no_checkout_pending() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    let token = token.as_str();
    let statuses = || async {
        let (_, _, list) = send(
            &service,
            TestRequest::get().uri("/api/memberships"),
            Some(token),
        )
        .await;
        list.as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["plan"].as_str().unwrap().to_owned(),
                    m["status"].as_str().unwrap().to_owned(),
                )
            })
            .collect::<Vec<_>>()
    };
    let pair = |plan: &str, status: &str| (plan.to_owned(), status.to_owned());
    for plan in ["active", "champion"] {
        let (status, _, body) = send(&service, choose(plan), Some(token)).await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(
        statuses().await,
        [pair("champion", "pending"), pair("active", "expired")]
    );
    let (status, _, _) = send(&service, choose("community"), Some(token)).await;
    assert_eq!(status, 201);
    assert_eq!(
        statuses().await,
        [
            pair("community", "active"),
            pair("champion", "expired"),
            pair("active", "expired")
        ]
    );
}
