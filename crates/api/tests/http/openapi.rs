//! docs/openapi.json and the routes must agree: every documented operation is routed, every
//! route is documented, and documented shapes match real responses.

use crate::common;

use std::collections::BTreeSet;

use common::{TestApp, get_json};
use serde_json::Value;

fn spec() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/openapi.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn documented_operations(spec: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            ops.insert((method.to_uppercase(), path.clone()));
        }
    }
    ops
}

/// The operations registered in routes/mod.rs, read from its source with all white space
/// removed: `.route("/x",web::get()...)` at the top level, and `web::resource("/x")` inside
/// the /api scope with the `web::get()`-style routes that follow it.
fn routed_operations() -> BTreeSet<(String, String)> {
    let source: String = include_str!("../../src/routes/mod.rs")
        .split_whitespace()
        .collect();
    let mut ops = BTreeSet::new();
    let mut path = String::new();
    let mut rest = source.as_str();
    loop {
        let markers = [
            ".route(\"",
            "web::resource(\"",
            "web::get()",
            "web::post()",
            "web::put()",
            "web::patch()",
            "web::delete()",
        ];
        let Some((at, marker)) = markers
            .iter()
            .filter_map(|m| rest.find(m).map(|i| (i, *m)))
            .min_by_key(|(i, _)| *i)
        else {
            break;
        };
        rest = &rest[at + marker.len()..];
        match marker {
            ".route(\"" => path = rest.split('"').next().unwrap_or_default().to_owned(),
            "web::resource(\"" => {
                path = format!("/api{}", rest.split('"').next().unwrap_or_default())
            }
            method => {
                let method = method
                    .trim_start_matches("web::")
                    .trim_end_matches("()")
                    .to_uppercase();
                ops.insert((method, path.clone()));
            }
        }
    }
    ops
}

#[test]
fn every_route_is_documented_and_every_documented_operation_is_routed() {
    let routed = routed_operations();
    assert!(routed.len() >= 5, "parsed {routed:?}");
    assert_eq!(documented_operations(&spec()), routed);
}

#[actix_web::test]
async fn documented_paths_answer_and_event_shape_matches() {
    let app = TestApp::new();
    let event = app.event(1, |e| e);
    let story = publish_story(&app);
    let service = app.service().await;
    let spec = spec();

    for (method, path) in documented_operations(&spec)
        .into_iter()
        .filter(|(m, _)| m == "GET")
    {
        if path.starts_with("/checkout/") {
            continue; // HTML pages, covered by tests/payments.rs
        }
        if path == "/metrics" {
            continue; // text behind its own token, covered by tests/observability.rs
        }
        let id = if path.starts_with("/api/blog-posts/") {
            story.to_string()
        } else {
            event.id.to_string()
        };
        let uri = path.replace("{id}", &id);
        let (status, body) = get_json(&service, &uri).await;
        // Operations that need a session answer 401 without one; public ones 200, or 400
        // when a required query parameter is missing.
        let operation = &spec["paths"][path.as_str()]["get"];
        let needs_query = operation["parameters"].as_array().is_some_and(|ps| {
            ps.iter()
                .any(|p| p["in"] == "query" && p["required"] == true)
        });
        if operation.get("security").is_some() {
            assert_eq!(
                (status, body["code"].as_str()),
                (401, Some("unauthenticated")),
                "{uri}"
            );
        } else if needs_query {
            assert_eq!(status, 400, "{method} {uri}: {body}");
        } else {
            assert_eq!(status, 200, "{method} {uri}: {body}");
        }
    }

    let schema = &spec["components"]["schemas"]["Event"];
    let documented: BTreeSet<&str> = schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let required: BTreeSet<&str> = schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let (_, body) = get_json(&service, &format!("/api/events/{}", event.id)).await;
    let actual: BTreeSet<&str> = body
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(documented, actual);
    assert_eq!(required, actual);
}

/// One published story, for the paths that name one.
fn publish_story(app: &TestApp) -> playspace_domain::StoryId {
    use playspace_domain::story::{Story, StorySummary};
    use playspace_ports::DemoSeedStore;
    let id = playspace_domain::StoryId::new();
    let now = chrono::Utc::now();
    app.store
        .insert_demo_data(&playspace_ports::DemoData {
            stories: vec![Story {
                summary: StorySummary {
                    id,
                    title: "A day at the lido".into(),
                    excerpt: "Swimming with friends on a sunny morning.".into(),
                    category: "Wellness".into(),
                    author_name: "A member".into(),
                    published_at: now,
                },
                content: "<p>We swam.</p>".into(),
            }],
            seeded_at: now,
            ..Default::default()
        })
        .unwrap();
    id
}

fn keys(value: &Value) -> BTreeSet<String> {
    value.as_object().unwrap().keys().cloned().collect()
}

fn required(schema: &Value) -> BTreeSet<String> {
    schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect()
}

#[actix_web::test]
async fn story_shapes_match() {
    let app = TestApp::new();
    let id = publish_story(&app);
    let service = app.service().await;
    let spec = spec();
    let schemas = &spec["components"]["schemas"];
    let summary = &schemas["StorySummary"];
    let (_, list) = get_json(&service, "/api/blog-posts").await;
    let page = &spec["paths"]["/api/blog-posts"]["get"]["responses"]["200"]["content"]["application/json"]
        ["schema"];
    assert_eq!(keys(&list), keys(&page["properties"]));
    assert_eq!(keys(&list), required(page));
    let listed = &list["posts"][0];
    assert_eq!(keys(listed), keys(&summary["properties"]));
    assert_eq!(keys(listed), required(summary));
    let (_, one) = get_json(&service, &format!("/api/blog-posts/{id}")).await;
    let mut documented = keys(&summary["properties"]);
    documented.extend(keys(&schemas["Story"]["allOf"][1]["properties"]));
    assert_eq!(keys(&one), documented);
}

#[actix_web::test]
async fn membership_plan_shape_matches() {
    let app = TestApp::new();
    let service = app.service().await;
    let spec = spec();
    let schema = &spec["components"]["schemas"]["MembershipPlan"];
    let (_, plans) = get_json(&service, "/api/membership-plans").await;
    let ids: Vec<&Value> = schema["properties"]["id"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    for plan in plans.as_array().unwrap() {
        assert_eq!(keys(plan), keys(&schema["properties"]));
        assert_eq!(keys(plan), required(schema));
        assert!(ids.contains(&&plan["id"]), "{plan}");
    }
}

#[actix_web::test]
async fn error_shape_matches() {
    let app = TestApp::new();
    let service = app.service().await;
    let spec = spec();
    let properties = spec["components"]["schemas"]["Error"]["properties"]
        .as_object()
        .unwrap();
    let (_, body) = get_json(&service, "/api/events?date=nope").await;
    for key in body.as_object().unwrap().keys() {
        assert!(
            properties.contains_key(key),
            "undocumented error field {key}"
        );
    }
}

#[actix_web::test]
async fn admin_story_shapes_match() {
    use actix_web::test::TestRequest;
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = common::admin(&app, &service).await;
    let spec = spec();
    let story = &spec["components"]["schemas"]["AdminStory"];
    let (status, _, created) = common::send(
        &service,
        TestRequest::post()
            .uri("/api/admin/blog-posts")
            .set_json(serde_json::json!({
                "title": "New Thursday sessions",
                "content": "From next month we run two extra sessions on Thursday evenings, open to all.",
                "excerpt": "Two extra sessions on Thursday evenings.",
                "category": "Community",
                "authorName": "The PlaySpace team"
            })),
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(keys(&created["post"]), keys(&story["properties"]));
    assert_eq!(keys(&created["post"]), required(story));
    let (_, _, list) = common::send(
        &service,
        TestRequest::get().uri("/api/admin/blog-posts"),
        Some(&token),
    )
    .await;
    let page = &spec["paths"]["/api/admin/blog-posts"]["get"]["responses"]["200"]["content"]["application/json"]
        ["schema"];
    assert_eq!(keys(&list), keys(&page["properties"]));
    assert_eq!(keys(&list["posts"][0]), required(story));
}

#[actix_web::test]
async fn membership_shape_matches() {
    let app = TestApp::new();
    let service = app.service().await;
    let (token, _) = common::register(&service, "ana@example.org").await;
    let (status, _, body) = common::send(
        &service,
        actix_web::test::TestRequest::post()
            .uri("/api/memberships")
            .set_json(serde_json::json!({"plan": "community"})),
        Some(token.as_str()),
    )
    .await;
    assert_eq!(status, 201);
    let spec = spec();
    let schema = &spec["components"]["schemas"]["Membership"];
    assert_eq!(keys(&body["membership"]), keys(&schema["properties"]));
    assert_eq!(keys(&body["membership"]), required(schema));
}

/// The codes an error may carry are `ErrorCode`'s, in its order, and every code a documented
/// response names answers with that response's status.
#[test]
fn documented_error_codes_are_the_apis_with_their_status() {
    use playspace_api::error_code::ErrorCode;
    let spec = spec();
    let listed: Vec<&str> = spec["components"]["schemas"]["Error"]["properties"]["code"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let all: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(listed, all);
    let mut named = 0;
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Some(responses) = operation["responses"].as_object() else {
                continue;
            };
            for (status, response) in responses {
                let description = response["description"].as_str().unwrap_or("");
                // Inside backticks: every other piece.
                for word in description.split('`').skip(1).step_by(2) {
                    if let Some(code) = ErrorCode::ALL.iter().find(|c| c.as_str() == word) {
                        named += 1;
                        assert_eq!(code.status().as_str(), status, "{method} {path}: {word}");
                    }
                }
            }
        }
    }
    assert!(named > 200, "{named}");
}
