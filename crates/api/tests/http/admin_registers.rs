//! Session registers: leaders see who is coming (with what they need) and mark them at the
//! door; nobody else sees accessibility requirements or emergency contacts.

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, admin, admin_with_role, book_card, book_cash, register, send};
use serde_json::json;

fn register_of(event: &str) -> TestRequest {
    TestRequest::get().uri(&format!("/api/admin/events/{event}/register"))
}

fn mark(event: &str, booking: &str, body: serde_json::Value) -> TestRequest {
    TestRequest::patch()
        .uri(&format!("/api/admin/events/{event}/register/{booking}"))
        .set_json(body)
}

async fn lead(service: &svc!(), admin: &str, event: &str, leader: &str) {
    let (status, _, body) = send(
        service,
        TestRequest::patch()
            .uri(&format!("/api/admin/events/{event}"))
            .set_json(json!({ "leaderId": leader })),
        Some(admin),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[actix_web::test]
async fn a_leader_sees_their_register_and_marks_people_at_the_door() {
    let app = TestApp::new();
    let event = app.event(1, |e| e.places(0, 10).price_pence(500));
    let id = event.id.to_string();
    let service = app.service().await;
    let (admin_token, _) = admin(&app, &service).await;
    let (leader, leader_id) =
        admin_with_role(&app, &service, "leader@example.org", "moderator").await;
    lead(&service, &admin_token, &id, &leader_id).await;
    let (cash, _) = register(&service, "cash@example.org").await;
    let cash_booking = book_cash(&service, &cash, &id).await;
    let (card, _) = register(&service, "card@example.org").await;
    book_card(&service, &card, &id).await;

    let (status, _, list) = send(
        &service,
        TestRequest::get().uri("/api/admin/registers"),
        Some(&leader),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(list["events"].as_array().unwrap().len(), 1);
    assert_eq!(list["events"][0]["id"], id.as_str());

    let (status, headers, body) = send(&service, register_of(&id), Some(&leader)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(headers.get("cache-control").unwrap(), "no-store");
    let people = body["attendees"].as_array().unwrap();
    assert_eq!(people.len(), 2);
    let line = people
        .iter()
        .find(|p| p["bookingId"] == cash_booking.as_str())
        .unwrap();
    assert_eq!(line["name"], "Ana Silva");
    assert_eq!(line["accessibilityRequirements"], "Step-free access");
    assert_eq!(line["emergencyContactName"], "Jo Silva");
    assert_eq!(line["emergencyContactPhone"], "07700 900456");
    assert_eq!(line["paymentMethod"], "cash");
    assert_eq!(line["paymentStatus"], "pending");
    assert!(line["attendance"].is_null());

    let (status, _, body) = send(
        &service,
        mark(&id, &cash_booking, json!({"attendance": "attended"})),
        Some(&leader),
    )
    .await;
    assert_eq!((status, &body["attendance"]), (200, &json!("attended")));
    let (status, _, body) = send(
        &service,
        mark(&id, &cash_booking, json!({"paymentStatus": "paid"})),
        Some(&leader),
    )
    .await;
    assert_eq!((status, &body["paymentStatus"]), (200, &json!("paid")));
    let (status, _, body) = send(
        &service,
        mark(&id, &cash_booking, json!({"attendance": null})),
        Some(&leader),
    )
    .await;
    assert_eq!((status, &body["attendance"]), (200, &json!(null)));
    let card_booking = people
        .iter()
        .find(|p| p["paymentMethod"] == "card")
        .unwrap()["bookingId"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, _, body) = send(
        &service,
        mark(&id, &card_booking, json!({"paymentStatus": "paid"})),
        Some(&leader),
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("not_cash")));
    for bad in [
        json!({}),
        json!({"attendance": "late"}),
        json!({"paymentStatus": "refunded"}),
    ] {
        let (status, _, _) = send(&service, mark(&id, &cash_booking, bad), Some(&leader)).await;
        assert_eq!(status, 400);
    }
    let marks: Vec<String> = app
        .audit()
        .into_iter()
        .filter(|(_, t, r)| t == "booking" && r.as_deref() == Some(&cash_booking))
        .map(|(a, _, _)| a)
        .collect();
    assert_eq!(
        marks,
        [
            "booking.attendance",
            "booking.cash_paid",
            "booking.attendance"
        ]
    );
}

#[actix_web::test]
async fn nobody_else_sees_a_register() {
    let app = TestApp::new();
    let event = app.event(1, |e| e.places(0, 10));
    let id = event.id.to_string();
    let service = app.service().await;
    let (admin_token, _) = admin(&app, &service).await;
    let (_, leader_id) = admin_with_role(&app, &service, "leader@example.org", "moderator").await;
    lead(&service, &admin_token, &id, &leader_id).await;
    let (other, _) = admin_with_role(&app, &service, "other@example.org", "moderator").await;
    let (member, _) = register(&service, "member@example.org").await;
    let booking = book_cash(&service, &member, &id).await;
    let (no_session, someone) = register(&service, "nosession@example.org").await;
    app.set_role(&someone, "moderator");

    for (token, status) in [
        (None, 401),
        (Some(member.as_str()), 403),
        (Some(no_session.as_str()), 401),
        (Some(other.as_str()), 403),
    ] {
        assert_eq!(send(&service, register_of(&id), token).await.0, status);
        assert_eq!(
            send(
                &service,
                mark(&id, &booking, json!({"attendance": "attended"})),
                token
            )
            .await
            .0,
            status
        );
    }
    let (_, _, list) = send(
        &service,
        TestRequest::get().uri("/api/admin/registers"),
        Some(&other),
    )
    .await;
    assert_eq!(list["events"], json!([]));
    // An admin may open any register; a booking of another session is not on this one.
    assert_eq!(
        send(&service, register_of(&id), Some(&admin_token)).await.0,
        200
    );
    let elsewhere = app.event(2, |e| e).id.to_string();
    let (status, _, _) = send(
        &service,
        mark(&elsewhere, &booking, json!({"attendance": "attended"})),
        Some(&admin_token),
    )
    .await;
    assert_eq!(status, 404);

    // Members never see what others need, in any list they can reach.
    let (_, _, mine) = send(
        &service,
        TestRequest::get().uri("/api/bookings"),
        Some(&member),
    )
    .await;
    assert!(!mine.to_string().contains("Jo Silva"));
    let (_, _, public) = send(
        &service,
        TestRequest::get().uri(&format!("/api/events/{id}")),
        None,
    )
    .await;
    assert!(!public.to_string().contains("Step-free"));
}
