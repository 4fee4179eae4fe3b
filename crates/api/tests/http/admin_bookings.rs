//! The bookings tab: filters, inline edits of status and payment status, and cancelling
//! with or without a refund.

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, admin, admin_with_role, book_card, book_cash, register, send};
use serde_json::json;

fn list(query: &str) -> TestRequest {
    TestRequest::get().uri(&format!("/api/admin/bookings{query}"))
}

fn edit(id: &str, body: serde_json::Value) -> TestRequest {
    TestRequest::patch()
        .uri(&format!("/api/admin/bookings/{id}"))
        .set_json(body)
}

fn cancel(id: &str, body: serde_json::Value) -> TestRequest {
    TestRequest::post()
        .uri(&format!("/api/admin/bookings/{id}/cancel"))
        .set_json(body)
}

#[actix_web::test]
async fn every_bookings_endpoint_is_for_admins_only() {
    let app = TestApp::new();
    let service = app.service().await;
    let (member, _) = register(&service, "member@example.org").await;
    let (no_session, id) = register(&service, "admin@example.org").await;
    app.set_role(&id, "admin");
    let (moderator, _) = admin_with_role(&app, &service, "mod@example.org", "moderator").await;
    let some = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    for (token, status) in [
        (None, 401),
        (Some(member.as_str()), 403),
        (Some(no_session.as_str()), 401),
        (Some(moderator.as_str()), 403),
    ] {
        for request in [
            list(""),
            edit(some, json!({"status": "cancelled"})),
            cancel(some, json!({"refund": true})),
        ] {
            assert_eq!(send(&service, request, token).await.0, status);
        }
    }
}

#[actix_web::test]
async fn bookings_are_filtered_and_paged_newest_first() {
    let app = TestApp::new();
    let football = app.event(3, |e| e.title("Football").places(0, 30));
    let yoga = app.event(4, |e| e.title("Yoga").places(0, 30));
    // 23 sign-ups from one address would meet the sign-up rate limit.
    let service = app
        .service_with(|s| {
            s.rate_limiter = std::sync::Arc::new(playspace_api::rate_limit::RateLimiter::new(
                false,
                std::sync::Arc::new(s.store.clone()),
                s.clock.clone(),
                b"",
            ));
        })
        .await;
    let (token, _) = admin(&app, &service).await;
    let mut refs = Vec::new();
    for i in 0..23 {
        let (member, _) = register(&service, &format!("m{i}@example.org")).await;
        let event = if i % 2 == 0 { &football } else { &yoga };
        book_cash(&service, &member, &event.id.to_string()).await;
        refs.push(i);
    }
    let (status, _, page) = send(&service, list(""), Some(&token)).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["total"], 23);
    assert_eq!(page["bookings"].as_array().unwrap().len(), 20);
    assert_eq!(
        page["bookings"][0]["userEmail"], "m22@example.org",
        "newest first"
    );
    let cursor = page["nextCursor"].as_str().unwrap();
    let (_, _, rest) = send(&service, list(&format!("?cursor={cursor}")), Some(&token)).await;
    assert_eq!(rest["bookings"].as_array().unwrap().len(), 3);
    assert!(
        rest.get("nextCursor")
            .is_none_or(serde_json::Value::is_null)
    );

    let (_, _, by_event) = send(
        &service,
        list(&format!("?eventId={}", yoga.id)),
        Some(&token),
    )
    .await;
    assert_eq!(by_event["total"], 11);
    assert!(
        by_event["bookings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["eventTitle"] == "Yoga")
    );
    let reference = page["bookings"][0]["reference"].as_str().unwrap();
    let (_, _, by_ref) = send(
        &service,
        list(&format!("?reference={}", &reference[3..].to_lowercase())),
        Some(&token),
    )
    .await;
    assert_eq!(by_ref["total"], 1);
    let today = chrono::Utc::now().date_naive();
    let (_, _, by_day) = send(
        &service,
        list(&format!(
            "?from={today}&to={today}&status=confirmed&paymentStatus=pending"
        )),
        Some(&token),
    )
    .await;
    assert_eq!(by_day["total"], 23);
    let tomorrow = today + chrono::Duration::days(1);
    let (_, _, none) = send(&service, list(&format!("?from={tomorrow}")), Some(&token)).await;
    assert_eq!(none["total"], 0);

    let (status, _, body) = send(
        &service,
        list("?status=lost&paymentStatus=x&from=01/12/2026&eventId=x&reference=%27"),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    let f = &body["fieldErrors"];
    assert_eq!(f["status"], "Choose confirmed, pending or cancelled");
    assert_eq!(
        f["paymentStatus"],
        "Choose paid, pending, failed or refunded"
    );
    assert_eq!(f["from"], "Dates look like 2026-12-01");
    assert_eq!(f["eventId"], "Choose a session");
    assert_eq!(f["reference"], "References look like PS-7K3Q9M");
}

#[actix_web::test]
async fn inline_edits_change_status_and_payment_keeping_capacity() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.places(0, 1));
    let id = event.id.to_string();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (member, _) = register(&service, "ana@example.org").await;
    let booking = book_cash(&service, &member, &id).await;

    let (status, _, body) = send(
        &service,
        edit(&booking, json!({"paymentStatus": "paid"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["booking"]["paymentStatus"], "paid");
    let (status, _, body) = send(
        &service,
        edit(&booking, json!({"status": "cancelled"})),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, &body["booking"]["status"]),
        (200, &json!("cancelled"))
    );
    assert!(
        app.emails()
            .iter()
            .any(|(to, kind, _)| to == "ana@example.org" && kind == "booking_cancellation")
    );
    let (_, _, e) = send(
        &service,
        TestRequest::get().uri(&format!("/api/events/{id}")),
        None,
    )
    .await;
    assert_eq!(e["currentParticipants"], 0, "the place is released");

    // Someone else takes the only place: the cancelled booking cannot come back.
    let (other, _) = register(&service, "bo@example.org").await;
    book_cash(&service, &other, &id).await;
    let (status, _, body) = send(
        &service,
        edit(&booking, json!({"status": "confirmed"})),
        Some(&token),
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("no_place")));
    let (status, _, body) = send(
        &service,
        edit(&booking, json!({"status": "lost"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["status"],
        "Choose confirmed, pending or cancelled"
    );
    let (status, _, _) = send(
        &service,
        edit(
            &booking,
            json!({"status": "confirmed", "paymentStatus": "paid"}),
        ),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    let (status, _, _) = send(
        &service,
        edit(
            "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
            json!({"status": "confirmed"}),
        ),
        Some(&token),
    )
    .await;
    assert_eq!(status, 404);
    let updates = app
        .audit()
        .into_iter()
        .filter(|(a, _, r)| a == "booking.update" && r.as_deref() == Some(&booking))
        .count();
    assert_eq!(updates, 2);
}

#[actix_web::test]
async fn cancelling_for_someone_refunds_a_card_payment_only_when_asked() {
    let app = TestApp::new();
    let event = app.event(3, |e| e.places(0, 5).price_pence(900));
    let id = event.id.to_string();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (a, _) = register(&service, "a@example.org").await;
    let (b, _) = register(&service, "b@example.org").await;
    book_card(&service, &a, &id).await;
    book_card(&service, &b, &id).await;
    let (_, _, page) = send(&service, list(""), Some(&token)).await;
    let booking_of = |email: &str| {
        page["bookings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["userEmail"] == email)
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (status, _, body) = send(
        &service,
        cancel(
            &booking_of("a@example.org"),
            json!({"refund": true, "reason": "Injured"}),
        ),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["booking"]["status"], "cancelled");
    assert_eq!(body["booking"]["paymentStatus"], "refunded");
    let (status, _, body) = send(
        &service,
        cancel(&booking_of("b@example.org"), json!({"refund": false})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["booking"]["paymentStatus"], "paid",
        "kept: no refund asked"
    );
    let (status, _, _) = send(
        &service,
        cancel(&booking_of("b@example.org"), json!({"refund": true})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 404, "already cancelled");
    let cancels = app
        .audit()
        .into_iter()
        .filter(|(action, _, _)| action == "booking.cancel")
        .count();
    assert_eq!(cancels, 2);
}
