//! The overview tab's figures against a known fixture.

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, admin, book_card, book_cash, register, send};
use serde_json::json;

fn stats() -> TestRequest {
    TestRequest::get().uri("/api/admin/dashboard-stats")
}

#[actix_web::test]
async fn the_overview_counts_a_known_fixture() {
    let app = TestApp::new();
    let football = app.event(2, |e| e.category("Football").places(0, 10).price_pence(500));
    let yoga = app.event(20, |e| e.category("Yoga").places(0, 4));
    app.event(3, |e| e.inactive());
    let past = app.event(-2, |e| e.category("Football").places(0, 10));
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;

    let (cash, _) = register(&service, "cash@example.org").await;
    book_cash(&service, &cash, &football.id.to_string()).await;
    let (card, _) = register(&service, "card@example.org").await;
    book_card(&service, &card, &football.id.to_string()).await;
    book_cash(&service, &card, &yoga.id.to_string()).await;
    // A paid plan (its first month, £15.00) and a checkout left unpaid (nothing).
    for pay in [true, false] {
        let (status, _, body) = send(
            &service,
            TestRequest::post()
                .uri("/api/memberships")
                .set_json(json!({"plan": "active", "price": "0.00"})),
            Some(&card),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        if pay {
            let session = body["sessionId"].as_str().unwrap();
            let paid = actix_web::test::call_service(
                &service,
                TestRequest::post()
                    .uri(&format!("/checkout/{session}/pay"))
                    .to_request(),
            )
            .await;
            assert_eq!(paid.status(), 303);
        }
    }
    // Two people on the register of a past session: one came, one didn't.
    let mut marked = Vec::new();
    for email in ["came@example.org", "missed@example.org"] {
        let (_, user) = register(&service, email).await;
        let booking = format!("0190a1b2-c3d4-7e5f-8a9b-{:012x}", marked.len() + 1);
        app.sql(&format!(
            "INSERT INTO bookings (id, reference, user_id, event_id, status, payment_status, payment_method, amount_pence, created_at, updated_at) \
             VALUES ('{booking}', 'PS-2345{}', '{user}', '{}', 'confirmed', 'paid', 'cash', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
            ["A", "B"][marked.len()],
            past.id
        ));
        marked.push(booking);
    }
    // Signing up verifies the address; the others stand for accounts made before that.
    app.sql("UPDATE users SET is_email_verified = FALSE WHERE email <> 'cash@example.org'");
    app.sql(&format!(
        "UPDATE bookings SET attendance = 'attended' WHERE id = '{}'",
        marked[0]
    ));
    app.sql(&format!(
        "UPDATE bookings SET attendance = 'no_show' WHERE id = '{}'",
        marked[1]
    ));

    let (status, _, body) = send(&service, stats(), Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["users"],
        json!({"total": 5, "newThisMonth": 5, "verified": 1})
    );
    assert_eq!(
        body["events"],
        json!({"active": 2, "upcomingWeek": 1, "total": 4})
    );
    assert_eq!(
        body["bookings"],
        json!({"total": 5, "pending": 2, "paid": 3})
    );
    // The spec's total and this month's are bookings and memberships together.
    assert_eq!(
        body["revenue"],
        json!({
            "total": "20.00",
            "thisMonth": "20.00",
            "bookings": {"total": "5.00", "thisMonth": "5.00"},
            "memberships": {"total": "15.00", "thisMonth": "15.00"}
        })
    );
    let recent = body["recentActivity"].as_array().unwrap();
    assert_eq!(recent.len(), 1, "the admin login");
    assert_eq!(recent[0]["action"], "admin.login");

    let charts = &body["charts"];
    let weeks = charts["bookingsPerWeek"].as_array().unwrap();
    assert_eq!(weeks.len(), 12);
    assert_eq!(weeks[11]["bookings"], 5);
    assert_eq!(charts["newMembersPerMonth"].as_array().unwrap().len(), 12);
    assert_eq!(charts["newMembersPerMonth"][11]["members"], 5);
    assert_eq!(
        charts["paymentMethods"],
        json!({"cash": 4, "card": 1, "solidarity": 0})
    );
    let fill = charts["fillRateBySport"].as_array().unwrap();
    let football_fill = fill.iter().find(|f| f["sport"] == "Football").unwrap();
    assert_eq!(football_fill["places"], 20, "this and the past session");
    assert_eq!(
        charts["turnUpBySport"],
        json!([{"sport": "Football", "attended": 1, "noShow": 1}])
    );
}

#[actix_web::test]
async fn the_overview_is_for_admins_with_an_admin_session() {
    let app = TestApp::new();
    let service = app.service().await;
    for (token, status, code) in common::refused_callers(&app, &service).await {
        let (got, _, body) = send(&service, stats(), token.as_deref()).await;
        assert_eq!((got, body["code"].as_str()), (status, Some(code)));
    }
}

#[actix_web::test]
async fn the_figures_are_kept_a_while_but_an_admin_change_shows_at_once() {
    let app = TestApp::new();
    let event = app.event(2, |e| e.places(0, 10));
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (member, _) = register(&service, "member@example.org").await;
    let booking = book_cash(&service, &member, &event.id.to_string()).await;
    let (_, _, body) = send(&service, stats(), Some(&token)).await;
    assert_eq!(body["bookings"]["total"], 1);

    // A member's booking shows once the kept figures are refreshed (ADR 0009)...
    let (other, _) = register(&service, "other@example.org").await;
    book_cash(&service, &other, &event.id.to_string()).await;
    let (_, _, body) = send(&service, stats(), Some(&token)).await;
    assert_eq!(body["bookings"]["total"], 1, "kept figures");
    assert_eq!(body["recentActivity"][0]["action"], "admin.login");

    // ...an admin's change at once.
    let (status, _, _) = send(
        &service,
        TestRequest::patch()
            .uri(&format!("/api/admin/bookings/{booking}"))
            .set_json(json!({ "status": "cancelled" })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    let (_, _, body) = send(&service, stats(), Some(&token)).await;
    assert_eq!(body["bookings"]["total"], 1, "the other booking only");
    assert_eq!(body["recentActivity"][0]["action"], "booking.update");
}
