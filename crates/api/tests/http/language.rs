//! `PUT /api/user/language`: a member's language, kept in their preferences and given back
//! as the language cookie when they sign in on another device (docs/adr/0024-languages.md).
use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, register, send};
use serde_json::{Value, json};

async fn put_language(service: &svc!(), token: Option<&str>, body: Value) -> (u16, Value) {
    let (status, _, body) = send(
        service,
        TestRequest::put().uri("/api/user/language").set_json(body),
        token,
    )
    .await;
    (status, body)
}

async fn preferences(service: &svc!(), token: &str) -> Value {
    let (status, _, body) = send(
        service,
        TestRequest::get().uri("/api/user/preferences"),
        Some(token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["preferences"].clone()
}

/// The `lang` cookie a sign-in as `email` sets, if any.
async fn language_cookie_at_sign_in(service: &svc!(), email: &str) -> Option<String> {
    let (status, headers, body) = send(
        service,
        TestRequest::post()
            .uri("/api/auth/login")
            .set_json(json!({"email": email, "password": "brisk-otter-42"})),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    headers
        .get_all("set-cookie")
        .filter_map(|value| value.to_str().ok())
        .find(|cookie| cookie.starts_with("lang="))
        .map(str::to_owned)
}

#[actix_web::test]
async fn a_member_saves_their_language_and_gets_it_back_at_sign_in() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    // None chosen yet: no language in the preferences, no cookie at sign-in.
    assert_eq!(preferences(&service, &token).await.get("language"), None);
    assert_eq!(
        language_cookie_at_sign_in(&service, "ana@example.org").await,
        None
    );

    let (status, body) = put_language(&service, Some(&token), json!({"language": "ar"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, json!({"language": "ar"}));
    assert_eq!(preferences(&service, &token).await["language"], "ar");

    let cookie = language_cookie_at_sign_in(&service, "ana@example.org")
        .await
        .unwrap();
    assert!(cookie.starts_with("lang=ar;"), "{cookie}");
    assert!(cookie.contains("Path=/") && cookie.contains("SameSite=Lax"));
    assert!(!cookie.contains("HttpOnly"), "the page's switch reads it");
}

#[actix_web::test]
async fn saving_the_preferences_page_keeps_the_language() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    put_language(&service, Some(&token), json!({"language": "uk"})).await;
    // The preferences page sends its own fields, without the language.
    let mut prefs = preferences(&service, &token).await;
    prefs.as_object_mut().unwrap().remove("language");
    prefs["sports"]["skillLevel"] = json!("Advanced");
    let (status, _, body) = send(
        &service,
        TestRequest::put()
            .uri("/api/user/preferences")
            .set_json(json!({ "preferences": prefs })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let saved = preferences(&service, &token).await;
    assert_eq!(saved["language"], "uk");
    assert_eq!(saved["sports"]["skillLevel"], "Advanced");
}

#[actix_web::test]
async fn a_language_the_site_does_not_have_is_refused_with_its_field() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = register(&service, "ana@example.org").await;
    for language in ["fr", "AR", "", "en"] {
        let (status, body) =
            put_language(&service, Some(&token), json!({ "language": language })).await;
        assert_eq!(status, 400, "{language}: {body}");
        assert_eq!(body["code"], "validation_failed", "{body}");
        assert_eq!(
            body["fieldErrors"]["language"], "Please choose a language from the list",
            "{body}"
        );
    }
    // Through the preferences too.
    let mut prefs = preferences(&service, &token).await;
    prefs["language"] = json!("fr");
    let (status, _, body) = send(
        &service,
        TestRequest::put()
            .uri("/api/user/preferences")
            .set_json(json!({ "preferences": prefs })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fieldErrors"]["language"],
        "Please choose a language from the list"
    );
    assert_eq!(preferences(&service, &token).await.get("language"), None);
    // A body without a language is not a choice.
    let (status, _) = put_language(&service, Some(&token), json!({})).await;
    assert_eq!(status, 400);
}

#[actix_web::test]
async fn signed_out_is_401() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, body) = put_language(&service, None, json!({"language": "ar"})).await;
    assert_eq!(status, 401, "{body}");
    let (status, _) =
        put_language(&service, Some("not-a-session"), json!({"language": "ar"})).await;
    assert_eq!(status, 401);
}

#[actix_web::test]
async fn a_new_member_keeps_the_language_they_signed_up_in() {
    let app = TestApp::new();
    let service = app.service().await;
    // Reading the site in Arabic (the switch's cookie) when finishing the sign-up.
    let email = "layla@example.org";
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/auth/register")
            .set_json(common::sign_up(email)),
        None,
    )
    .await;
    assert_eq!(status, 202, "{body}");
    let link = common::sign_up_link(email).unwrap();
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/auth/register/confirm")
            .cookie(actix_web::cookie::Cookie::new("lang", "ar"))
            .set_json(json!({"token": link, "password": "brisk-otter-42"})),
        None,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let token = body["token"].as_str().unwrap();
    assert_eq!(preferences(&service, token).await["language"], "ar");

    // A browser that asks for Ukrainian, without the switch.
    let email = "olena@example.org";
    send(
        &service,
        TestRequest::post()
            .uri("/api/auth/register")
            .set_json(common::sign_up(email)),
        None,
    )
    .await;
    let link = common::sign_up_link(email).unwrap();
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/auth/register/confirm")
            .insert_header(("Accept-Language", "uk-UA, en;q=0.5"))
            .set_json(json!({"token": link, "password": "brisk-otter-42"})),
        None,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let token = body["token"].as_str().unwrap();
    assert_eq!(preferences(&service, token).await["language"], "uk");
}
