//! Community stories: `GET /api/blog-posts`, `GET /api/blog-posts/{id}` and
//! `POST /api/blog-posts/submit`.

use crate::common;

use actix_web::test;
use chrono::{Duration, Utc};
use common::{TestApp, get_json, notifications, post_json, register, send};
use diesel::prelude::*;
use playspace_domain::StoryId;
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::story::{Story, StorySummary};
use playspace_ports::{DemoData, DemoSeedStore};
use serde_json::{Value, json};

const SUBMIT: &str = "/api/blog-posts/submit";
const THANKS: &str =
    "Thank you for sharing your story! Our team will review it and publish it soon.";

/// Publishes `n` stories, one a minute apart, "Story 0" the newest.
fn publish(app: &TestApp, n: i64) -> Vec<Story> {
    let now = Utc::now();
    let stories: Vec<Story> = (0..n)
        .map(|i| Story {
            summary: StorySummary {
                id: StoryId::new(),
                title: format!("Story {i}"),
                excerpt: format!("The summary of story {i}."),
                category: "Community".into(),
                author_name: "A member".into(),
                published_at: now - Duration::minutes(i + 1),
            },
            content: format!("<p>Story {i}</p>"),
        })
        .collect();
    app.store
        .insert_demo_data(&DemoData {
            stories: stories.clone(),
            seeded_at: now,
            ..Default::default()
        })
        .unwrap();
    stories
}

fn form() -> Value {
    json!({
        "title": "My first swim in years",
        "content": "I was nervous walking in, but the coach met me at the door and the group made me welcome.",
        "excerpt": "Getting back in the water with friends.",
        "category": "Member Story",
        "authorName": "Maya"
    })
}

#[derive(QueryableByName, Debug, PartialEq)]
struct Row {
    #[diesel(sql_type = diesel::sql_types::Text)]
    id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    title: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    content: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    excerpt: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    author_name: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    submitted_by: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    is_published: bool,
}

fn stored(app: &TestApp) -> Vec<Row> {
    let path = app.db.path().join("test.db");
    let mut conn = diesel::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    diesel::sql_query(
        "SELECT id, title, content, excerpt, author_name, submitted_by, is_published \
         FROM blog_posts WHERE is_published = 0 ORDER BY created_at",
    )
    .load(&mut conn)
    .unwrap()
}

fn titles(body: &Value) -> Vec<String> {
    body["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap().to_owned())
        .collect()
}

/// Every page from the first, following `nextCursor`: the titles per page.
async fn all_pages(service: &svc!(), query: &str) -> Vec<Vec<String>> {
    let mut pages = vec![];
    let mut uri = format!("/api/blog-posts?{query}");
    loop {
        let (status, body) = get_json(service, &uri).await;
        assert_eq!(status, 200, "{body}");
        pages.push(titles(&body));
        match body["nextCursor"].as_str() {
            Some(next) => uri = format!("/api/blog-posts?{query}&cursor={next}"),
            None => {
                assert_eq!(body["nextCursor"], Value::Null);
                return pages;
            }
        }
    }
}

#[actix_web::test]
async fn six_seven_and_thirteen_stories_page_by_six_newest_first() {
    for (n, sizes) in [(6, vec![6]), (7, vec![6, 1]), (13, vec![6, 6, 1])] {
        let app = TestApp::new();
        let service = app.service().await;
        publish(&app, n);
        let pages = all_pages(&service, "").await;
        assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), sizes, "{n}");
        let expected: Vec<String> = (0..n).map(|i| format!("Story {i}")).collect();
        assert_eq!(pages.concat(), expected, "{n}");
    }
}

#[actix_web::test]
async fn a_page_shows_the_list_fields_and_no_content() {
    let app = TestApp::new();
    let service = app.service().await;
    let stories = publish(&app, 1);
    let (status, body) = get_json(&service, "/api/blog-posts").await;
    assert_eq!(status, 200);
    let s = &stories[0].summary;
    assert_eq!(
        body,
        json!({
            "posts": [{
                "id": s.id.to_string(),
                "title": "Story 0",
                "excerpt": "The summary of story 0.",
                "category": "Community",
                "publishedAt": s.published_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                "authorName": "A member"
            }],
            "nextCursor": null
        })
    );
}

#[actix_web::test]
async fn the_limit_defaults_to_six_and_stops_at_twenty_four() {
    let app = TestApp::new();
    let service = app.service().await;
    publish(&app, 30);
    for (query, size) in [
        ("", 6),
        ("limit=10", 10),
        ("limit=24", 24),
        ("limit=500", 24),
        ("limit=0", 1),
    ] {
        let (status, body) = get_json(&service, &format!("/api/blog-posts?{query}")).await;
        assert_eq!(status, 200, "{query}");
        assert_eq!(titles(&body).len(), size, "{query}");
    }
    let (status, body) = get_json(&service, "/api/blog-posts?limit=many").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(all_pages(&service, "limit=24").await.len(), 2);
}

#[actix_web::test]
async fn a_cursor_past_the_last_story_reads_an_empty_page_and_a_tampered_one_is_refused() {
    let app = TestApp::new();
    let service = app.service().await;
    let stories = publish(&app, 7);
    let last = &stories[6].summary;
    let after_last = PageCursor::new(last.published_at, last.id.to_string()).encode();
    let (status, body) = get_json(&service, &format!("/api/blog-posts?cursor={after_last}")).await;
    assert_eq!(status, 200);
    assert_eq!(body, json!({"posts": [], "nextCursor": null}));

    let (_, first) = get_json(&service, "/api/blog-posts").await;
    let mut tampered = first["nextCursor"].as_str().unwrap().to_owned();
    tampered.replace_range(0..2, "zz");
    for bad in [tampered.as_str(), "bm90LWEtY3Vyc29y", "%25%25"] {
        let (status, body) = get_json(&service, &format!("/api/blog-posts?cursor={bad}")).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert_eq!(body["code"], "invalid_cursor");
        assert_eq!(
            body["error"],
            "This page link is not valid. Please start from the first page."
        );
    }
}

#[actix_web::test]
async fn one_published_story_is_shown_with_its_content() {
    let app = TestApp::new();
    let service = app.service().await;
    let stories = publish(&app, 2);
    let id = stories[1].summary.id;
    let (status, body) = get_json(&service, &format!("/api/blog-posts/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(body["title"], "Story 1");
    assert_eq!(body["content"], "<p>Story 1</p>");
    assert_eq!(body["authorName"], "A member");
    for unknown in [StoryId::new().to_string(), "not-an-id".into()] {
        let (status, body) = get_json(&service, &format!("/api/blog-posts/{unknown}")).await;
        assert_eq!(status, 404);
        assert_eq!(
            body,
            json!({"error": "Story not found", "code": "story_not_found"})
        );
    }
}

#[actix_web::test]
async fn a_submission_is_kept_unpublished_whatever_it_says_and_never_shown() {
    let app = TestApp::new();
    let service = app.service().await;
    publish(&app, 1);
    let mut body = form();
    body["isPublished"] = json!(true);
    let (status, _, answer) = post_json(&service, SUBMIT, "10.2.0.1:5000", &body).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer, json!({ "message": THANKS }));
    let rows = stored(&app);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert!(!row.is_published);
    assert_eq!(row.title, "My first swim in years");
    assert_eq!(row.submitted_by, None);
    assert!(
        row.content.starts_with("<p>I was nervous"),
        "{}",
        row.content
    );
    let (_, list) = get_json(&service, "/api/blog-posts?limit=24").await;
    assert_eq!(titles(&list), ["Story 0"]);
    let (status, _) = get_json(&service, &format!("/api/blog-posts/{}", row.id)).await;
    assert_eq!(status, 404);
}

#[actix_web::test]
async fn a_signed_in_sender_is_noted_and_the_team_is_told() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, member) = register(&service, "maya@example.org").await;
    let (_, admin) = register(&service, "admin@example.org").await;
    let (_, moderator) = register(&service, "mod@example.org").await;
    app.set_role(&admin, "admin");
    app.set_role(&moderator, "moderator");
    let before = notifications(&app).len();
    let request = test::TestRequest::post().uri(SUBMIT).set_json(form());
    let (status, _, _) = send(&service, request, Some(&token)).await;
    assert_eq!(status, 201);
    assert_eq!(
        stored(&app)[0].submitted_by.as_deref(),
        Some(member.as_str())
    );
    let mut told: Vec<(String, String)> = notifications(&app).split_off(before);
    told.sort();
    let mut expected = vec![
        (admin, "1 story waiting for review".to_owned()),
        (moderator, "1 story waiting for review".to_owned()),
    ];
    expected.sort();
    assert_eq!(told, expected);
}

#[actix_web::test]
async fn markup_is_stripped_from_plain_fields_and_cleaned_from_the_content() {
    let app = TestApp::new();
    let service = app.service().await;
    let body = json!({
        "title": "<script>alert(1)</script>Swim <b>day</b>",
        "excerpt": "<img src=x onerror=alert(1)>A day at the lido, with friends",
        "authorName": "<a href=\"javascript:alert(1)\">Maya</a>",
        "category": "Wellness",
        "content": "<p onclick=\"alert(1)\" style=\"color:red\">We swam <strong>all</strong> morning, then had breakfast by the pool.</p>\
    <script>fetch('/api/user/export')</script><iframe src=\"https://evil.example\"></iframe>\
    <p><a href=\"javascript:alert(1)\">bad link</a> and <a href=\"https://example.org/lido\">the lido</a>.</p>"
    });
    let (status, _, answer) = post_json(&service, SUBMIT, "10.2.0.2:5000", &body).await;
    assert_eq!(status, 201, "{answer}");
    let row = &stored(&app)[0];
    assert_eq!(row.title, "Swim day");
    assert_eq!(row.excerpt, "A day at the lido, with friends");
    assert_eq!(row.author_name, "Maya");
    assert_eq!(
        row.content,
        "<p>We swam <strong>all</strong> morning, then had breakfast by the pool.</p>\
<p><a rel=\"noopener noreferrer nofollow\">bad link</a> and \
<a href=\"https://example.org/lido\" rel=\"noopener noreferrer nofollow\">the lido</a>.</p>"
    );
}

#[actix_web::test]
async fn a_filled_honeypot_is_thanked_and_nothing_is_kept() {
    let app = TestApp::new();
    let service = app.service().await;
    let (_, admin) = register(&service, "admin@example.org").await;
    app.set_role(&admin, "admin");
    let before = notifications(&app);
    let mut body = form();
    body["website"] = json!("https://spam.example");
    let (status, _, answer) = post_json(&service, SUBMIT, "10.2.0.3:5000", &body).await;
    assert_eq!((status, answer), (201, json!({ "message": THANKS })));
    assert!(stored(&app).is_empty());
    assert_eq!(notifications(&app), before);
    // Blank is how people's browsers send it.
    body["website"] = json!("");
    let (status, _, _) = post_json(&service, SUBMIT, "10.2.0.3:5000", &body).await;
    assert_eq!(status, 201);
    assert_eq!(stored(&app).len(), 1);
}

#[actix_web::test]
async fn each_rule_answers_with_its_message() {
    let app = TestApp::new();
    let service = app.service().await;
    let (status, _, body) = post_json(&service, SUBMIT, "10.2.0.4:5000", &json!({})).await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({
            "error": "Please check the highlighted fields.",
            "code": "validation_failed",
            "fieldErrors": {
                "title": "Title must be at least 5 characters",
                "content": "Story content must be at least 50 characters",
                "excerpt": "Summary must be at least 20 characters",
                "category": "Please select a category",
                "authorName": "Your name must be at least 2 characters"
            }
        })
    );
    let long = json!({
        "title": "x".repeat(151),
        "content": "é".repeat(20_001),
        "excerpt": "x".repeat(301),
        "category": "Gossip",
        "authorName": "x".repeat(81)
    });
    let (status, _, body) = post_json(&service, SUBMIT, "10.2.0.4:5000", &long).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fieldErrors"],
        json!({
            "title": "Must be at most 150 characters",
            "content": "Must be at most 20000 characters",
            "excerpt": "Must be at most 300 characters",
            "category": "Please select a category",
            "authorName": "Must be at most 80 characters"
        })
    );
    // The longest story in a two-byte script fits the body limit.
    let mut longest = form();
    longest["content"] = json!("é".repeat(20_000));
    let (status, _, body) = post_json(&service, SUBMIT, "10.2.0.4:5000", &longest).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(stored(&app).len(), 1);
}

#[actix_web::test]
async fn each_address_may_share_five_stories_an_hour() {
    let app = TestApp::new();
    let service = app.service().await;
    for _ in 0..5 {
        let (status, _, _) = post_json(&service, SUBMIT, "10.2.0.5:5000", &form()).await;
        assert_eq!(status, 201);
    }
    let (status, headers, body) = post_json(&service, SUBMIT, "10.2.0.5:5000", &form()).await;
    assert_eq!(status, 429, "{body}");
    assert!(headers.contains_key("retry-after"));
    let (status, _, _) = post_json(&service, SUBMIT, "10.2.0.6:5000", &form()).await;
    assert_eq!(status, 201);
    assert_eq!(stored(&app).len(), 6);
}

#[actix_web::test]
async fn a_full_queue_is_told_plainly_to_strangers_and_reviewers_keep_one_notice() {
    let app = TestApp::new();
    // Without rate limits, to reach the queue's own limit from one address.
    let service = app
        .service_with(|state| {
            state.rate_limiter = std::sync::Arc::new(playspace_api::rate_limit::RateLimiter::new(
                false,
                std::sync::Arc::new(state.store.clone()),
                state.clock.clone(),
                b"",
            ));
        })
        .await;
    let (admin_token, admin) = register(&service, "admin@example.org").await;
    app.set_role(&admin, "admin");
    let (member, _) = register(&service, "maya@example.org").await;
    for i in 0..30 {
        let (status, _, body) = post_json(&service, SUBMIT, "10.2.0.7:5000", &form()).await;
        assert_eq!(status, 201, "#{i}: {body}");
    }
    let (status, _, body) = post_json(&service, SUBMIT, "10.2.0.8:5000", &form()).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "review_queue_full");
    assert_eq!(
        body["error"],
        "We have a lot of stories to read just now, so we can't take new ones for a little while. Please try again in a few days."
    );
    assert_eq!(stored(&app).len(), 30);
    // A member who is signed in is still heard.
    let request = test::TestRequest::post().uri(SUBMIT).set_json(form());
    let (status, _, body) = send(&service, request, Some(&member)).await;
    assert_eq!(status, 201, "{body}");

    // The admin's bell: their welcome and one notice of the 31 waiting, unread, on top.
    let (status, _, list) = send(
        &service,
        test::TestRequest::get().uri("/api/notifications"),
        Some(&admin_token),
    )
    .await;
    assert_eq!(status, 200);
    let items = list["notifications"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{list}");
    assert_eq!(items[0]["title"], "31 stories waiting for review");
    assert_eq!(items[0]["read"], false);
    assert_eq!(items[0]["actionUrl"], "/admin?tab=blog");
    assert_eq!(items[1]["title"], "Welcome to PlaySpace!");
}
