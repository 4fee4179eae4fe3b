//! The messaging community over HTTP: everyone reads it, only admins change it (audited).

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, admin, get_json, refused_callers, send};
use serde_json::{Value, json};

fn put(body: Value) -> TestRequest {
    TestRequest::put()
        .uri("/api/admin/whatsapp-community")
        .set_json(body)
}

fn settings() -> Value {
    json!({
        "communityName": "  Hackney Movers ",
        "description": "Chat, lifts and kit swaps.",
        "inviteLink": "https://chat.whatsapp.com/Hackney123",
        "benefits": ["Find a buddy", " ", "Hear first"],
        "guidelines": ["Be kind"]
    })
}

#[actix_web::test]
async fn before_anything_is_saved_the_link_is_coming_soon() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, body) = get_json(&service, "/api/whatsapp-community").await;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({
            "communityName": "PlaySpace Community", "description": null, "inviteLink": null,
            "benefits": [], "guidelines": []
        })
    );
}

#[actix_web::test]
async fn an_admin_saves_the_settings_and_everyone_reads_them() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (status, _, saved) = send(&service, put(settings()), Some(&token)).await;
    assert_eq!(status, 200, "{saved}");
    let expected = json!({
        "communityName": "Hackney Movers", "description": "Chat, lifts and kit swaps.",
        "inviteLink": "https://chat.whatsapp.com/Hackney123",
        "benefits": ["Find a buddy", "Hear first"], "guidelines": ["Be kind"]
    });
    assert_eq!(saved, expected);
    let (status, read) = get_json(&service, "/api/whatsapp-community").await;
    assert_eq!((status, read), (200, expected));
    assert!(
        app.audit()
            .iter()
            .any(|(action, kind, _)| action == "community.update" && kind == "community")
    );

    // Saved again without a link: back to 'Coming Soon!'.
    let mut without = settings();
    without["inviteLink"] = json!(null);
    let (status, _, _) = send(&service, put(without), Some(&token)).await;
    assert_eq!(status, 200);
    let (_, read) = get_json(&service, "/api/whatsapp-community").await;
    assert_eq!(read["inviteLink"], Value::Null);
    assert_eq!(read["communityName"], "Hackney Movers");
}

#[actix_web::test]
async fn bad_settings_are_refused_with_every_message_and_nothing_changes() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let body = json!({
        "communityName": " ",
        "inviteLink": "javascript:alert(1)",
        "benefits": vec!["b"; 11],
        "guidelines": ["x".repeat(201)]
    });
    let (status, _, errors) = send(&service, put(body), Some(&token)).await;
    assert_eq!(status, 400, "{errors}");
    let fields = &errors["fieldErrors"];
    assert_eq!(fields["communityName"], "Community name is required");
    assert_eq!(
        fields["inviteLink"],
        "Enter the invite link as an https:// address"
    );
    assert_eq!(fields["benefits"], "Keep it to 10 benefits at most");
    assert_eq!(
        fields["guidelines"],
        "Each of the guidelines must be at most 200 characters"
    );
    let (_, read) = get_json(&service, "/api/whatsapp-community").await;
    assert_eq!(read["inviteLink"], Value::Null);
    assert!(
        app.audit()
            .iter()
            .all(|(action, _, _)| action != "community.update")
    );
}

#[actix_web::test]
async fn only_admins_with_an_admin_session_may_change_it() {
    let app = TestApp::new();
    let service = app.service().await;
    let cases = refused_callers(&app, &service).await;
    for (token, status, code) in cases {
        let (got, _, body) = send(&service, put(settings()), token.as_deref()).await;
        assert_eq!((got, body["code"].as_str()), (status, Some(code)));
    }
    let (_, read) = get_json(&service, "/api/whatsapp-community").await;
    assert_eq!(read["inviteLink"], Value::Null);
}
