//! `GET /api/admin/audit-logs`: pages of 50 with a cursor, and entries that answer "who
//! made whom an admin" and "who erased their own admin account".

use crate::common;

use actix_web::test::TestRequest;
use chrono::{Duration, Utc};
use common::{PASSWORD, TestApp, admin, refused_callers, register, send};
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::{AuditEntry, UserId};
use playspace_ports::AuditLog;
use serde_json::{Value, json};

fn logs(query: &str) -> TestRequest {
    TestRequest::get().uri(&format!("/api/admin/audit-logs{query}"))
}

/// Every page of `query` (which starts with `?`), following `nextCursor`.
async fn all_pages(service: &svc!(), token: &str, query: &str) -> Vec<Vec<Value>> {
    let mut pages = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let uri = match &cursor {
            Some(c) => format!("{query}&cursor={c}"),
            None => query.to_owned(),
        };
        let (status, _, body) = send(service, logs(&uri), Some(token)).await;
        assert_eq!(status, 200, "{body}");
        pages.push(body["logs"].as_array().unwrap().clone());
        match body["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => {
                assert_eq!(body["nextCursor"], Value::Null, "present, null at the end");
                return pages;
            }
        }
    }
}

#[actix_web::test]
async fn only_admins_with_an_admin_session_read_any_page() {
    let app = TestApp::new();
    let service = app.service().await;
    let cursor = PageCursor::new(Utc::now(), UserId::new().to_string()).encode();
    for (token, status, code) in refused_callers(&app, &service).await {
        for query in [
            String::new(),
            format!("?cursor={cursor}"),
            "?cursor=junk".into(),
        ] {
            let (got, _, body) = send(&service, logs(&query), token.as_deref()).await;
            assert_eq!(
                (got, body["code"].as_str()),
                (status, Some(code)),
                "{query}"
            );
        }
    }
}

#[actix_web::test]
async fn entries_beyond_the_latest_fifty_are_read_page_by_page() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, admin_id) = admin(&app, &service).await;
    let (_, member) = register(&service, "member@example.org").await;
    let admin_id: UserId = admin_id.parse().unwrap();
    let member: UserId = member.parse().unwrap();
    // 120 entries, six to an instant (ties the id orders), by two people.
    let t0 = Utc::now() - Duration::hours(1);
    for i in 0..120_i64 {
        let who = if i % 4 == 0 { member } else { admin_id };
        let mut e = AuditEntry::new(who, "event.update", "event", Some(format!("e{i:03}")), t0)
            .detail("fields", "title")
            .from_client(Some("10.0.0.1".into()), Some("Firefox".into()));
        e.at = t0 + Duration::seconds(i / 6);
        app.store.record(&e).unwrap();
    }
    let pages = all_pages(&service, &token, "?action=event.update").await;
    assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [50, 50, 20]);
    let ids: Vec<&str> = pages
        .iter()
        .flatten()
        .map(|l| l["resourceId"].as_str().unwrap())
        .collect();
    let expected: Vec<String> = (0..120).rev().map(|i| format!("e{i:03}")).collect();
    assert_eq!(ids, expected, "newest first, each once");
    // The spec's fields, and the details, in camelCase.
    let first = &pages[0][0];
    for field in [
        "id",
        "userId",
        "action",
        "resourceType",
        "resourceId",
        "ipAddress",
        "createdAt",
    ] {
        assert!(first[field].is_string(), "{field} in {first}");
    }
    assert_eq!(first["details"], json!({"fields": "title"}));

    // A filter pages within what it matches.
    let pages = all_pages(
        &service,
        &token,
        &format!("?action=event.update&userId={member}"),
    )
    .await;
    assert_eq!(pages.concat().len(), 30);
    assert!(
        pages
            .concat()
            .iter()
            .all(|l| l["userId"] == member.to_string())
    );
}

#[actix_web::test]
async fn a_cursor_we_did_not_make_is_a_400_that_says_to_start_again() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    for bad in ["junk", "bm90LWEtY3Vyc29y", "%00"] {
        let (status, _, body) = send(&service, logs(&format!("?cursor={bad}")), Some(&token)).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert_eq!(body["code"], "invalid_cursor");
        assert_eq!(
            body["error"],
            "This page link is not valid. Please start from the first page."
        );
    }
    // A blank cursor is the first page; a person id that is nobody's matches nothing.
    let (status, _, body) = send(&service, logs("?cursor="), Some(&token)).await;
    assert_eq!((status, body["logs"].as_array().unwrap().len()), (200, 1));
    let (status, _, body) = send(&service, logs("?userId=nobody"), Some(&token)).await;
    assert_eq!(
        (status, &body),
        (200, &json!({"logs": [], "nextCursor": null}))
    );
}

#[actix_web::test]
async fn the_trail_says_who_made_whom_what() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, admin_id) = admin(&app, &service).await;
    let (_, jo) = register(&service, "jo@example.org").await;
    let (status, _, body) = send(
        &service,
        TestRequest::patch()
            .uri(&format!("/api/admin/users/{jo}"))
            .set_json(json!({"role": "moderator"})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _, body) = send(
        &service,
        TestRequest::post()
            .uri("/api/admin/users/bulk-action")
            .set_json(json!({"action": "updateRole", "userIds": [jo], "data": {"role": "admin"}})),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, _, body) = send(
        &service,
        logs(&format!("?action=user.update&userId={admin_id}")),
        Some(&token),
    )
    .await;
    let entries: Vec<(Value, Value)> = body["logs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["resourceId"].clone(), l["details"].clone()))
        .collect();
    assert_eq!(
        entries,
        [
            (
                json!(jo),
                json!({"field": "role", "from": "moderator", "to": "admin", "bulk": "true"})
            ),
            (
                json!(jo),
                json!({"field": "role", "from": "user", "to": "moderator"})
            ),
        ]
    );
}

#[actix_web::test]
async fn an_admin_erasing_their_own_account_is_in_the_trail_and_a_member_is_not() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (leaving, leaving_id) = register(&service, "leaving@example.org").await;
    app.set_role(&leaving_id, "admin");
    let (member, member_id) = register(&service, "member@example.org").await;
    for who in [&leaving, &member] {
        let (status, _, body) = send(
            &service,
            TestRequest::post()
                .uri("/api/user/delete")
                .set_json(json!({"password": PASSWORD})),
            Some(who),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (_, _, body) = send(&service, logs("?action=user.delete"), Some(&token)).await;
    let entries = body["logs"].as_array().unwrap();
    assert_eq!(entries.len(), 1, "{body}");
    let entry = &entries[0];
    assert_eq!(entry["userId"], leaving_id.as_str());
    assert_eq!(entry["resourceId"], leaving_id.as_str());
    assert_eq!(entry["userName"], "Erased account");
    assert_eq!(entry["details"], json!({"self": "true", "role": "admin"}));
    assert_eq!(entry["ipAddress"], "10.1.1.1");
    assert!(
        app.audit()
            .iter()
            .all(|(_, _, id)| id.as_deref() != Some(member_id.as_str())),
        "a member's own erasure is theirs alone"
    );
}
