//! The admin Blog tab over HTTP: admins write, edit, publish and unpublish posts;
//! admins and moderators (with an admin session) work the review queue of submitted
//! stories; everything audited; a decline's reason is emailed to a signed-in author.

use crate::common;

use actix_web::test::TestRequest;
use common::{TestApp, admin, admin_with_role, get_json, refused_callers, register, send_from};
use serde_json::{Value, json};

const LIST: &str = "/api/admin/blog-posts";

fn post_fields() -> Value {
    json!({
        "title": "New Thursday sessions",
        "content": "From next month we run two extra sessions on Thursday evenings, open to everyone.",
        "excerpt": "Two extra sessions on Thursday evenings.",
        "category": "Community",
        "authorName": "The PlaySpace team"
    })
}

fn story_fields(title: &str) -> Value {
    json!({
        "title": title,
        "content": "I was nervous walking in, but the coach met me at the door and the group made me welcome.",
        "excerpt": "Getting back in the water with friends.",
        "category": "Member Story",
        "authorName": "Maya"
    })
}

async fn call(service: &svc!(), request: TestRequest, token: Option<&str>) -> (u16, Value) {
    let (status, _, body) = send_from(service, request, token, "10.2.2.2").await;
    (status, body)
}

/// Submits a story through Share Your Story, signed in as `token` or not; returns its id
/// as the admin's queue shows it.
async fn submit(service: &svc!(), title: &str, token: Option<&str>, admin: &str) -> String {
    let (status, body) = call(
        service,
        TestRequest::post()
            .uri("/api/blog-posts/submit")
            .set_json(story_fields(title)),
        token,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (_, list) = call(
        service,
        TestRequest::get().uri(&format!("{LIST}?status=submitted")),
        Some(admin),
    )
    .await;
    // The queue is newest first.
    list["posts"][0]["id"].as_str().unwrap().to_owned()
}

fn action(id: &str, what: &str) -> TestRequest {
    TestRequest::post().uri(&format!("{LIST}/{id}/{what}"))
}

#[actix_web::test]
async fn an_admin_creates_a_published_post_and_a_draft() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (status, created) = call(
        &service,
        TestRequest::post().uri(LIST).set_json(post_fields()),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let post = &created["post"];
    assert_eq!(post["title"], "New Thursday sessions");
    assert_eq!(post["isPublished"], true);
    assert_eq!(post["reviewStatus"], Value::Null);
    assert_eq!(post["hasAuthorEmail"], false);
    assert!(post["publishedAt"].is_string());
    assert!(
        post["content"]
            .as_str()
            .unwrap()
            .starts_with("<p>From next month")
    );
    let id = post["id"].as_str().unwrap();
    let (status, public) = get_json(&service, &format!("/api/blog-posts/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(public["title"], "New Thursday sessions");

    let mut draft = post_fields();
    draft["title"] = json!("A draft for later");
    draft["isPublished"] = json!(false);
    let (status, created) = call(
        &service,
        TestRequest::post().uri(LIST).set_json(draft),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(created["post"]["isPublished"], false);
    assert_eq!(created["post"]["publishedAt"], Value::Null);
    let draft_id = created["post"]["id"].as_str().unwrap();
    let (status, _) = get_json(&service, &format!("/api/blog-posts/{draft_id}")).await;
    assert_eq!(status, 404);

    let (status, list) = call(&service, TestRequest::get().uri(LIST), Some(&token)).await;
    assert_eq!(status, 200);
    let titles: Vec<&str> = list["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["A draft for later", "New Thursday sessions"]);
    assert_eq!(list["nextCursor"], Value::Null);
    let audit = app.audit();
    let created: Vec<_> = audit
        .iter()
        .filter(|(a, kind, _)| a == "story.create" && kind == "blog_post")
        .collect();
    assert_eq!(created.len(), 2);
    assert_eq!(created[0].2.as_deref(), Some(id));
}

#[actix_web::test]
async fn a_post_breaking_the_rules_gets_every_message_and_markup_is_cleaned() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (status, body) = call(
        &service,
        TestRequest::post().uri(LIST).set_json(json!({
            "title": "Hi", "content": "short", "excerpt": "brief", "category": "Gossip", "authorName": "A"
        })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "validation_failed");
    assert_eq!(
        body["fieldErrors"],
        json!({
            "title": "Title must be at least 5 characters",
            "content": "Story content must be at least 50 characters",
            "excerpt": "Summary must be at least 20 characters",
            "category": "Please select a category",
            "authorName": "Your name must be at least 2 characters"
        })
    );
    let mut xss = post_fields();
    xss["title"] = json!("<img src=x onerror=alert(1)>Safe title");
    xss["content"] = json!(format!(
        "<p onclick=\"alert(1)\">{}</p><script>alert(1)</script>",
        "Long enough text for a story, written by the team. ".repeat(2)
    ));
    let (status, created) = call(
        &service,
        TestRequest::post().uri(LIST).set_json(xss),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(created["post"]["title"], "Safe title");
    let content = created["post"]["content"].as_str().unwrap();
    assert!(
        !content.contains("script") && !content.contains("onclick"),
        "{content}"
    );
    assert!(
        app.audit()
            .iter()
            .filter(|(a, _, _)| a == "story.create")
            .count()
            == 1
    );
}

#[actix_web::test]
async fn an_admin_edits_unpublishes_and_publishes_a_post() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (_, created) = call(
        &service,
        TestRequest::post().uri(LIST).set_json(post_fields()),
        Some(&token),
    )
    .await;
    let id = created["post"]["id"].as_str().unwrap().to_owned();
    let mut edited = post_fields();
    edited["title"] = json!("Thursday sessions: the times");
    let (status, body) = call(
        &service,
        TestRequest::put()
            .uri(&format!("{LIST}/{id}"))
            .set_json(edited),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["post"]["title"], "Thursday sessions: the times");
    let (status, body) = call(
        &service,
        TestRequest::put()
            .uri(&format!("{LIST}/{id}"))
            .set_json(json!({ "title": "x" })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"]["title"],
        "Title must be at least 5 characters"
    );

    let (status, body) = call(&service, action(&id, "unpublish"), Some(&token)).await;
    assert_eq!((status, &body["post"]["isPublished"]), (200, &json!(false)));
    let (status, _) = get_json(&service, &format!("/api/blog-posts/{id}")).await;
    assert_eq!(status, 404);
    let (status, body) = call(&service, action(&id, "publish"), Some(&token)).await;
    assert_eq!((status, &body["post"]["isPublished"]), (200, &json!(true)));
    let (status, public) = get_json(&service, &format!("/api/blog-posts/{id}")).await;
    assert_eq!(
        (status, &public["title"]),
        (200, &json!("Thursday sessions: the times"))
    );

    for unknown in ["not-an-id", "0193a1b2-0000-7000-8000-000000000001"] {
        let (status, body) = call(&service, action(unknown, "publish"), Some(&token)).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("story_not_found"))
        );
        let (status, _) = call(
            &service,
            TestRequest::put()
                .uri(&format!("{LIST}/{unknown}"))
                .set_json(post_fields()),
            Some(&token),
        )
        .await;
        assert_eq!(status, 404);
    }
    let kinds: Vec<String> = app
        .audit()
        .into_iter()
        .filter(|(_, kind, _)| kind == "blog_post")
        .map(|(a, _, _)| a)
        .collect();
    assert_eq!(
        kinds,
        [
            "story.create",
            "story.update",
            "story.unpublish",
            "story.publish"
        ]
    );
}

#[actix_web::test]
async fn approving_a_submission_publishes_it_once() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let id = submit(&service, "My first swim in years", None, &token).await;
    // Waiting stories are approved, not published by the switch.
    let (status, body) = call(&service, action(&id, "publish"), Some(&token)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("review_first")));

    let (status, body) = call(&service, action(&id, "approve"), Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["post"]["reviewStatus"], "approved");
    assert_eq!(body["post"]["isPublished"], true);
    let (_, public) = get_json(&service, "/api/blog-posts").await;
    assert_eq!(public["posts"][0]["id"], id.as_str());
    let (_, queue) = call(
        &service,
        TestRequest::get().uri(&format!("{LIST}?status=submitted")),
        Some(&token),
    )
    .await;
    assert_eq!(queue["posts"], json!([]));

    let (status, body) = call(&service, action(&id, "approve"), Some(&token)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("already_reviewed"))
    );
    let (status, body) = call(
        &service,
        action(&id, "decline").set_json(json!({ "reason": "Too late" })),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("already_reviewed"))
    );
    assert!(
        app.audit()
            .iter()
            .any(|(a, _, rid)| a == "story.approve" && rid.as_deref() == Some(id.as_str()))
    );
}

#[actix_web::test]
async fn declining_needs_a_reason_and_emails_a_signed_in_author() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (author, _) = register(&service, "maya@example.org").await;
    let id = submit(
        &service,
        "<b>Ten</b> laps & counting",
        Some(&author),
        &token,
    )
    .await;
    let anonymous = submit(&service, "A story without an address", None, &token).await;

    let (_, queue) = call(
        &service,
        TestRequest::get().uri(&format!("{LIST}?status=submitted")),
        Some(&token),
    )
    .await;
    let flags: Vec<(&str, bool)> = queue["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["title"].as_str().unwrap(),
                p["hasAuthorEmail"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        flags,
        [
            ("A story without an address", false),
            ("Ten laps & counting", true)
        ]
    );
    // The address itself never reaches the admin area.
    assert!(!queue.to_string().contains("maya@example.org"));

    for (reason, message) in [
        (json!(""), "Please give a reason for declining this story"),
        (
            json!("   "),
            "Please give a reason for declining this story",
        ),
        (json!("x".repeat(1001)), "Must be at most 1000 characters"),
    ] {
        let (status, body) = call(
            &service,
            action(&id, "decline").set_json(json!({ "reason": reason })),
            Some(&token),
        )
        .await;
        assert_eq!(status, 400);
        assert_eq!(body["fieldErrors"]["reason"], message);
    }
    let before = app.emails().len();
    let (status, body) = call(
        &service,
        action(&id, "decline").set_json(
            json!({ "reason": "Please leave out <script>alert(1)</script>other people's names." }),
        ),
        Some(&token),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["emailed"], true);
    assert_eq!(body["post"]["reviewStatus"], "declined");
    assert_eq!(
        body["post"]["declineReason"],
        "Please leave out other people's names."
    );
    let emails = app.emails();
    assert_eq!(emails.len(), before + 1);
    let (to, kind, text) = emails.last().unwrap();
    assert_eq!(
        (to.as_str(), kind.as_str()),
        ("maya@example.org", "story_declined")
    );
    assert!(text.contains("Ten laps & counting"), "{text}");
    assert!(text.contains("The reason our team gave: Please leave out other people's names."));
    let (status, _) = get_json(&service, &format!("/api/blog-posts/{id}")).await;
    assert_eq!(status, 404);

    let (status, body) = call(
        &service,
        action(&anonymous, "decline").set_json(json!({ "reason": "Off topic for the blog." })),
        Some(&token),
    )
    .await;
    assert_eq!((status, &body["emailed"]), (200, &json!(false)));
    assert_eq!(app.emails().len(), before + 1);
    let declines = app
        .audit()
        .iter()
        .filter(|(a, _, _)| a == "story.decline")
        .count();
    assert_eq!(declines, 2);
}

#[actix_web::test]
async fn moderators_work_the_review_queue_and_nothing_else() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let (moderator, _) = admin_with_role(&app, &service, "mod@example.org", "moderator").await;
    let approve_me = submit(&service, "A story to approve", None, &token).await;
    let decline_me = submit(&service, "A story to decline", None, &token).await;

    let (status, queue) = call(
        &service,
        TestRequest::get().uri(&format!("{LIST}?status=submitted")),
        Some(&moderator),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(queue["posts"].as_array().unwrap().len(), 2);
    let (status, _) = call(&service, action(&approve_me, "approve"), Some(&moderator)).await;
    assert_eq!(status, 200);
    let (status, _) = call(
        &service,
        action(&decline_me, "decline").set_json(json!({ "reason": "Off topic." })),
        Some(&moderator),
    )
    .await;
    assert_eq!(status, 200);

    // Everything else in the tab is the admins'.
    for request in [
        TestRequest::get().uri(LIST),
        TestRequest::get().uri(&format!("{LIST}?status=all")),
        TestRequest::post().uri(LIST).set_json(post_fields()),
        TestRequest::put()
            .uri(&format!("{LIST}/{approve_me}"))
            .set_json(post_fields()),
        action(&approve_me, "unpublish"),
        action(&approve_me, "publish"),
    ] {
        let (status, body) = call(&service, request, Some(&moderator)).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")));
    }
    let (status, body) = call(
        &service,
        TestRequest::get().uri(&format!("{LIST}?status=everything")),
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_status"))
    );
}

#[actix_web::test]
async fn every_refused_caller_changes_nothing() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    let id = submit(&service, "A story waiting here", None, &token).await;
    let cases = refused_callers(&app, &service).await;
    let audited = app.audit().len();
    let requests = || {
        vec![
            (TestRequest::get().uri(LIST), true),
            (TestRequest::post().uri(LIST).set_json(post_fields()), true),
            (
                TestRequest::put()
                    .uri(&format!("{LIST}/{id}"))
                    .set_json(post_fields()),
                true,
            ),
            (action(&id, "publish"), true),
            (action(&id, "unpublish"), true),
            (
                TestRequest::get().uri(&format!("{LIST}?status=submitted")),
                false,
            ),
            (action(&id, "approve"), false),
            (
                action(&id, "decline").set_json(json!({ "reason": "No." })),
                false,
            ),
        ]
    };
    // refused_callers lists the moderator last: the review queue is theirs too.
    let moderator = cases.len() - 1;
    for (i, (token, status, code)) in cases.iter().enumerate() {
        for (request, admins_only) in requests() {
            if i == moderator && !admins_only {
                continue;
            }
            let (got, body) = call(&service, request, token.as_deref()).await;
            assert_eq!((got, body["code"].as_str()), (*status, Some(*code)));
        }
    }
    assert_eq!(app.audit().len(), audited);
    let (_, queue) = call(
        &service,
        TestRequest::get().uri(&format!("{LIST}?status=submitted")),
        Some(&token),
    )
    .await;
    assert_eq!(queue["posts"][0]["reviewStatus"], "pending");
}

/// The team's posts may have the spec's blog categories (news, sports, fitness, community)
/// beside the stories'; a story sent in through Share Your Story keeps to the stories'.
#[actix_web::test]
async fn the_team_writes_in_the_specs_blog_categories_and_visitors_in_the_stories() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = admin(&app, &service).await;
    for category in ["News", "Sports", "Fitness", "Community", "Wellness"] {
        let mut fields = post_fields();
        fields["category"] = json!(category);
        fields["isPublished"] = json!(true);
        let (status, body) = call(
            &service,
            TestRequest::post().uri(LIST).set_json(fields),
            Some(&token),
        )
        .await;
        assert_eq!(status, 201, "{category}: {body}");
        assert_eq!(body["post"]["category"], category);
    }
    let (_, page) = get_json(&service, "/api/blog-posts?limit=24").await;
    let mut shown: Vec<&str> = page["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|post| post["category"].as_str().unwrap())
        .collect();
    shown.sort_unstable();
    assert_eq!(
        shown,
        ["Community", "Fitness", "News", "Sports", "Wellness"]
    );

    let mut story = story_fields("News from the pool");
    story["category"] = json!("News");
    let (status, body) = call(
        &service,
        TestRequest::post()
            .uri("/api/blog-posts/submit")
            .set_json(story),
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["fieldErrors"]["category"], "Please select a category");
}
