//! `POST /api/contact`.

use crate::common;

use actix_web::test;
use common::{TestApp, post_json};
use diesel::prelude::*;
use serde_json::json;

fn form() -> serde_json::Value {
    json!({
        "firstName": "Ana",
        "lastName": "Silva",
        "email": "ana@example.org",
        "subject": "accessibility",
        "message": "Is the changing room at Haggerston step-free?"
    })
}

fn stored_messages(app: &TestApp) -> Vec<(String, String, String)> {
    let path = app.db.path().join("test.db");
    let mut conn = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    diesel::sql_query("SELECT first_name, email, subject FROM contact_messages")
        .load::<Row>(&mut conn)
        .unwrap()
        .into_iter()
        .map(|r| (r.first_name, r.email, r.subject))
        .collect()
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = diesel::sql_types::Text)]
    first_name: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    email: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    subject: String,
}

#[actix_web::test]
async fn a_valid_message_is_stored_and_thanked() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = post_json(&service, "/api/contact", "10.0.0.1:5000", &form()).await;
    assert_eq!(status, 201);
    assert_eq!(
        body["message"],
        "Thank you for contacting us. We'll get back to you within 24 hours."
    );
    assert_eq!(
        stored_messages(&app),
        [(
            "Ana".into(),
            "ana@example.org".into(),
            "accessibility".into()
        )]
    );
}

#[actix_web::test]
async fn missing_and_invalid_fields_get_the_forms_messages() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = post_json(&service, "/api/contact", "10.0.0.2:5000", &json!({})).await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({
            "error": "Please check the highlighted fields.",
            "code": "validation_failed",
            "fieldErrors": {
                "firstName": "First name is required",
                "lastName": "Last name is required",
                "email": "Invalid email address",
                "subject": "Please choose a subject",
                "message": "Message is required"
            }
        })
    );
    let mut bad = form();
    bad["email"] = json!("not-an-email");
    bad["subject"] = json!("sales");
    let (status, _, body) = post_json(&service, "/api/contact", "10.0.0.2:5000", &bad).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"],
        json!({"email": "Invalid email address", "subject": "Please choose a subject"})
    );
    assert!(stored_messages(&app).is_empty());
}

#[actix_web::test]
async fn malformed_wrong_type_and_oversized_bodies_are_refused() {
    let app = TestApp::new();
    let service = app.service().await;
    let call = |request: test::TestRequest| {
        let service = &service;
        async move {
            let response =
                test::call_service(service, request.uri("/api/contact").to_request()).await;
            let status = response.status().as_u16();
            let body: serde_json::Value =
                serde_json::from_slice(&test::read_body(response).await).unwrap();
            (status, body["code"].as_str().unwrap().to_owned())
        }
    };
    let json_header = ("content-type", "application/json");
    assert_eq!(
        call(
            test::TestRequest::post()
                .insert_header(json_header)
                .set_payload("{not json")
        )
        .await,
        (400, "invalid_json".into())
    );
    assert_eq!(
        call(
            test::TestRequest::post()
                .insert_header(("content-type", "text/plain"))
                .set_payload("hi")
        )
        .await,
        (415, "unsupported_media_type".into())
    );
    let huge = json!({ "message": "x".repeat(70 * 1024) }).to_string();
    assert_eq!(
        call(
            test::TestRequest::post()
                .insert_header(json_header)
                .set_payload(huge)
        )
        .await,
        (413, "payload_too_large".into())
    );
}

#[actix_web::test]
async fn each_address_may_send_five_messages_per_ten_minutes() {
    let app = TestApp::new();
    let service = app.service().await;
    for _ in 0..5 {
        assert_eq!(
            post_json(&service, "/api/contact", "10.0.0.3:5000", &form())
                .await
                .0,
            201
        );
    }
    let (status, headers, body) =
        post_json(&service, "/api/contact", "10.0.0.3:6000", &form()).await;
    assert_eq!(status, 429);
    assert_eq!(body["code"], "rate_limited");
    let retry: u64 = headers
        .get("retry-after")
        .unwrap()
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&retry));
    // Someone else is not affected.
    assert_eq!(
        post_json(&service, "/api/contact", "10.0.0.4:5000", &form())
            .await
            .0,
        201
    );
    assert_eq!(stored_messages(&app).len(), 6);
}
