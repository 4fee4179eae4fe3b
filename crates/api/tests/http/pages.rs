//! What the server adds to the app's HTML: inlined data, titles, Open Graph and JSON-LD.

use crate::common;

use chrono::{Duration, Utc};
use common::{TestApp, get};
use playspace_domain::story::{Story, StorySummary};
use playspace_domain::{EventId, StoryId};
use playspace_ports::{DemoData, DemoSeedStore};

fn script<'a>(html: &'a str, id: &str) -> &'a str {
    let open = format!("<script id=\"{id}\"");
    let start = html
        .find(&open)
        .unwrap_or_else(|| panic!("no {id} in {html}"));
    let body_start = start + html[start..].find('>').unwrap() + 1;
    let end = body_start + html[body_start..].find("</script>").unwrap();
    &html[body_start..end]
}

#[actix_web::test]
async fn home_carries_its_first_sessions_and_events_its_summary() {
    let app = TestApp::new();
    let soonest = app.event(1, |e| e.title("Sunday </script> Swim"));
    for day in 2..=5 {
        app.event(day, |e| e.category("Yoga"));
    }
    let service = app.service().await;

    let (status, headers, html) = get(&service, "/").await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("cache-control").unwrap(), "no-cache");
    assert!(!html.contains("<!--initial-data-->"));
    let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
    let upcoming = data["upcoming"].as_array().unwrap();
    assert_eq!(upcoming.len(), 3, "what GET /api/events?limit=3 answers");
    assert_eq!(upcoming[0]["id"], soonest.id.to_string());
    assert_eq!(upcoming[0]["title"], "Sunday </script> Swim");

    let (status, _, html) = get(&service, "/events").await;
    assert_eq!(status, 200);
    let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
    let (_, summary) = common::get_json(&service, "/api/events/summary").await;
    assert_eq!(data["summary"], summary);
    assert_eq!(data["summary"]["eventCount"], 5);
    assert!(data.get("events").is_none(), "never the whole programme");
}

#[actix_web::test]
async fn an_event_page_has_its_title_description_og_and_json_ld() {
    let app = TestApp::new();
    let event = app.event(3, |e| {
        e.title("Carers' Gentle Yoga")
            .category("Yoga")
            .location("Jubilee Hall, Camden")
            .price_pence(500)
            .places(12, 12)
    });
    let service = app.service().await;
    let (status, _, html) = get(&service, &format!("/events/{}", event.id)).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("<title>Carers&#39; Gentle Yoga | PlaySpace</title>"),
        "{html}"
    );
    assert!(html.contains(&format!(
        "<meta name=\"description\" content=\"{}\"",
        event.description
    )));
    assert!(html.contains("<meta property=\"og:title\" content=\"Carers&#39; Gentle Yoga\" />"));
    assert!(html.contains(&format!(
        "<meta property=\"og:url\" content=\"http://127.0.0.1:8080/events/{}\" />",
        event.id
    )));

    let ld: serde_json::Value = serde_json::from_str(script(&html, "event-jsonld")).unwrap();
    assert_eq!(ld["@type"], "Event");
    assert_eq!(ld["name"], "Carers' Gentle Yoga");
    assert_eq!(
        ld["startDate"],
        event
            .starts_at
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    );
    assert_eq!(ld["location"]["address"]["addressLocality"], "Camden");
    assert_eq!(ld["offers"]["price"], "5.00");
    assert_eq!(ld["offers"]["priceCurrency"], "GBP");
    assert_eq!(ld["offers"]["availability"], "https://schema.org/SoldOut");

    let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
    assert_eq!(data["event"]["id"], event.id.to_string());
    assert_eq!(data["event"]["price"], "5.00");
}

#[actix_web::test]
async fn unknown_events_and_paths_get_the_app_with_a_404() {
    let app = TestApp::new();
    let service = app.service().await;
    for path in [
        format!("/events/{}", EventId::new()),
        "/events/nope".into(),
        "/no/such/page".into(),
    ] {
        let (status, _, html) = get(&service, &path).await;
        assert_eq!(status, 404, "{path}");
        assert!(html.contains("<div id=root>"), "{path}");
        assert!(!html.contains("event-jsonld"));
    }
}

/// A build with prerendered pages, as frontend/scripts/prerender.ts writes them: each page
/// in each language, its `<html>` saying which, and a heading in that language.
fn with_prerendered_pages(app: &TestApp) {
    let dir = app.frontend_path().join(".prerendered");
    std::fs::create_dir(&dir).unwrap();
    for (language, dir_attr, home, events) in [
        ("en-GB", "ltr", "Sport for everyone.", "Sports Events"),
        ("ar", "rtl", "رياضة للجميع.", "الفعاليات الرياضية"),
        ("uk", "ltr", "Спорт для всіх.", "Спортивні події"),
    ] {
        let page = |body: &str| {
            format!(
                "<!doctype html><html lang=\"{language}\" dir=\"{dir_attr}\"><head><title>PlaySpace</title>\
                 <meta name=\"description\" content=\"Inclusive sport\" /><!--initial-data--></head>\
                 <body><div id=\"root\">{body}</div></body></html>"
            )
        };
        let write = |name: &str, body: &str| {
            std::fs::write(dir.join(format!("{name}.{language}.html")), page(body)).unwrap();
        };
        write("home", &format!("<h1>{home}</h1>"));
        write("events", &format!("<h1>{events}</h1>"));
        write(
            "event",
            "<img src=\"__EVENT_IMAGE__\" alt=\"__EVENT_CATEGORY__ illustration\">\
             <h1>__EVENT_TITLE__</h1><span>__EVENT_LOCATION__</span>\
             <span>__EVENT_CURRENT_PARTICIPANTS__<!-- -->/<!-- -->__EVENT_MAX_PARTICIPANTS__</span>\
             <p>__EVENT_DESCRIPTION__</p>",
        );
        write(
            "story",
            "<span class=\"badge\">__STORY_CATEGORY__</span><h1>__STORY_TITLE__</h1>\
             <p>__STORY_EXCERPT__</p><span>__STORY_AUTHOR__</span>\
             <div class=\"prose\">__STORY_CONTENT__</div>",
        );
        write(
            "blog",
            "<h1>Community Stories</h1><span class=\"badge\">__STORY_CATEGORY__</span>\
             <h3>__STORY_TITLE__</h3><p>__STORY_EXCERPT__</p><span>__STORY_AUTHOR__</span>\
             <a href=\"/blog/__STORY_ID__\">Read more</a>",
        );
    }
    std::fs::write(
        dir.join("sport-images.json"),
        r#"{"default":"/assets/default-1.svg","bySlug":{"yoga":"/assets/yoga-2.svg"}}"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("catalogues.json"),
        r#"{"en-GB":"/assets/first-En1.js","ar":"/assets/first-Ar1.js","uk":"/assets/first-Uk1.js"}"#,
    )
    .unwrap();
}

#[actix_web::test]
async fn home_and_events_pages_are_sent_prerendered_with_their_data() {
    let app = TestApp::new();
    with_prerendered_pages(&app);
    let event = app.event(1, |e| e.title("Sunday Swim"));
    let service = app.service().await;
    for (path, heading, data_at, expected) in [
        (
            "/",
            "<h1>Sport for everyone.</h1>",
            "/upcoming/0/id",
            event.id.to_string(),
        ),
        (
            "/events",
            "<h1>Sports Events</h1>",
            "/summary/sports/0/category",
            "Football".to_owned(),
        ),
    ] {
        let (status, _, html) = get(&service, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(html.contains(heading), "{path}: {html}");
        let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
        assert_eq!(data.pointer(data_at).unwrap(), &expected, "{path}");
    }
    // Filters show on the events page, which the prerendered one has none of: the app draws it.
    let (status, _, html) = get(&service, "/events?sport=Yoga").await;
    assert_eq!(status, 200);
    assert!(html.contains("<div id=root></div>"), "{html}");
    assert!(html.contains("initial-data"));
    // Pages without a prerendered version keep the app shell.
    let (_, _, html) = get(&service, "/about").await;
    assert!(html.contains("<div id=root></div>"));
}

#[actix_web::test]
async fn an_event_page_is_its_template_filled_with_the_escaped_event() {
    let app = TestApp::new();
    with_prerendered_pages(&app);
    let event = app.event(2, |e| {
        e.title("<script>alert('x')</script> \"Yoga\" & Tea")
            .description("Bring a mat.\nAll welcome </p><script>alert(1)</script>")
            .category("Yoga")
            .location("Jubilee Hall, Camden")
            .places(3, 12)
    });
    let service = app.service().await;
    let (status, _, html) = get(&service, &format!("/events/{}", event.id)).await;
    assert_eq!(status, 200);
    assert!(!html.contains("__EVENT_"), "{html}");
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(html.contains(
        "<h1>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;Yoga&quot; &amp; Tea</h1>"
    ));
    assert!(html.contains(
        "<p>Bring a mat.\nAll welcome &lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>"
    ));
    assert!(html.contains("<img src=\"/assets/yoga-2.svg\" alt=\"Yoga illustration\">"));
    assert!(html.contains("<span>Jubilee Hall, Camden</span>"));
    assert!(html.contains(&format!(
        "<span>{}<!-- -->/<!-- -->{}</span>",
        event.current_participants, event.max_participants
    )));
    // Still its own title, data and JSON-LD.
    assert!(html.contains("<title>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;Yoga&quot; &amp; Tea | PlaySpace</title>"));
    let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
    assert_eq!(data["event"]["id"], event.id.to_string());
    assert!(script(&html, "event-jsonld").contains("\\u003cscript\\u003e"));

    // An unknown event gets the app shell and a 404, not an empty template.
    let (status, _, html) = get(&service, &format!("/events/{}", EventId::new())).await;
    assert_eq!(status, 404);
    assert!(html.contains("<div id=root></div>"));
    assert!(!html.contains("__EVENT_"));
}

#[actix_web::test]
async fn pages_are_gzipped_for_browsers_that_accept_it() {
    use actix_web::test;
    use std::io::Read;

    let app = TestApp::new();
    with_prerendered_pages(&app);
    app.event(1, |e| e.title("Sunday Swim"));
    let service = app.service().await;
    let request = test::TestRequest::get()
        .uri("/")
        .insert_header(("accept-encoding", "gzip, deflate, br, zstd"))
        .to_request();
    let response = test::call_service(&service, request).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers().get("content-encoding").unwrap(), "gzip");
    assert_eq!(
        response.headers().get("vary").unwrap(),
        "Accept-Encoding, Accept-Language, Cookie"
    );
    let body = test::read_body(response).await;
    let mut html = String::new();
    flate2::read::GzDecoder::new(&body[..])
        .read_to_string(&mut html)
        .unwrap();
    assert!(html.contains("<h1>Sport for everyone.</h1>"));
    assert!(html.contains("Sunday Swim"));
}

/// The build's compressed copies go out as they are: Brotli when the browser takes it, else
/// gzip, else the file itself; never as a download, always with the script's type.
#[actix_web::test]
async fn assets_go_out_precompressed_in_the_best_encoding_the_browser_takes() {
    use actix_web::test;

    let app = TestApp::new();
    let assets = app.frontend_path().join("assets");
    std::fs::write(assets.join("page-1a2b.js"), "console.log('plain');").unwrap();
    std::fs::write(assets.join("page-1a2b.js.br"), "brotli bytes").unwrap();
    std::fs::write(assets.join("page-1a2b.js.gz"), "gzip bytes").unwrap();
    let service = app.service().await;

    for (accept, encoding, body) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), "brotli bytes"),
        (Some("gzip"), Some("gzip"), "gzip bytes"),
        (Some("br;q=0, gzip"), Some("gzip"), "gzip bytes"),
        (Some("identity"), None, "console.log('plain');"),
        (None, None, "console.log('plain');"),
    ] {
        let mut request = test::TestRequest::get().uri("/assets/page-1a2b.js");
        if let Some(accept) = accept {
            request = request.insert_header(("accept-encoding", accept));
        }
        let response = test::call_service(&service, request.to_request()).await;
        assert_eq!(response.status(), 200, "{accept:?}");
        let headers = response.headers().clone();
        assert_eq!(
            headers.get("content-encoding").map(|v| v.to_str().unwrap()),
            encoding,
            "{accept:?}"
        );
        assert_eq!(headers.get("content-type").unwrap(), "text/javascript");
        assert_eq!(headers.get("vary").unwrap(), "accept-encoding");
        assert!(headers.get("content-disposition").is_none(), "{accept:?}");
        assert_eq!(
            headers.get("cache-control").unwrap(),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(
            test::read_body(response).await,
            body.as_bytes(),
            "{accept:?}"
        );
    }

    // Names that are not a plain file under /assets/ get the 404 page, not a file.
    for path in [
        "/assets/.hidden",
        "/assets/missing-9z.js",
        "/assets/..%2Findex.html",
    ] {
        let (status, _, _) = get(&service, path).await;
        assert_eq!(status, 404, "{path}");
    }
}

/// A published story whose text never went through the form's cleaning (so markup reaches
/// the page's values as it is), and an unpublished one.
fn stories(app: &TestApp) -> (Story, Story) {
    let now = Utc::now();
    let story = |title: &str, minutes: i64| Story {
        summary: StorySummary {
            id: StoryId::new(),
            title: title.into(),
            excerpt: "Nervous at first </p><script>alert(2)</script>, now a regular & \"proud\"."
                .into(),
            category: "Member Story".into(),
            author_name: "Maya O'Neil".into(),
            published_at: now - Duration::minutes(minutes),
        },
        content: "<p>One.</p><script>alert(3)</script><p>Two.</p>".into(),
    };
    let published = story("<script>alert(1)</script> \"&'", 1);
    let draft = story("Waiting for review", 2);
    app.store
        .insert_demo_data(&DemoData {
            stories: vec![published.clone(), draft.clone()],
            seeded_at: now,
            ..Default::default()
        })
        .unwrap();
    app.sql(&format!(
        "UPDATE blog_posts SET is_published = false WHERE id = '{}'",
        draft.summary.id
    ));
    (published, draft)
}

const ESCAPED_TITLE: &str = "&lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&#39;";
const ESCAPED_EXCERPT: &str = "Nervous at first &lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;, now a regular &amp; &quot;proud&quot;.";

#[actix_web::test]
async fn a_story_page_has_its_title_description_og_and_json_ld() {
    let app = TestApp::new();
    let (story, _) = stories(&app);
    let service = app.service().await;
    let (status, _, html) = get(&service, &format!("/blog/{}", story.summary.id)).await;
    assert_eq!(status, 200);
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(
        html.contains(&format!("<title>{ESCAPED_TITLE} | PlaySpace</title>")),
        "{html}"
    );
    assert!(html.contains(&format!(
        "<meta name=\"description\" content=\"{ESCAPED_EXCERPT}\""
    )));
    for (property, content) in [
        ("og:type", "article".to_owned()),
        ("og:title", ESCAPED_TITLE.to_owned()),
        ("og:description", ESCAPED_EXCERPT.to_owned()),
        ("og:site_name", "PlaySpace".to_owned()),
        (
            "og:url",
            format!("http://127.0.0.1:8080/blog/{}", story.summary.id),
        ),
        ("article:section", "Member Story".to_owned()),
    ] {
        let tag = format!("<meta property=\"{property}\" content=\"{content}\" />");
        assert!(html.contains(&tag), "{tag} in {html}");
    }
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"http://127.0.0.1:8080/blog/{}\" />",
        story.summary.id
    )));

    let ld: serde_json::Value = serde_json::from_str(script(&html, "story-jsonld")).unwrap();
    assert_eq!(ld["@type"], "BlogPosting");
    assert_eq!(ld["headline"], story.summary.title);
    assert_eq!(ld["author"]["name"], "Maya O'Neil");

    // The same story GET /api/blog-posts/{id} answers, so the page needs no round trip.
    let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
    let (_, api) =
        common::get_json(&service, &format!("/api/blog-posts/{}", story.summary.id)).await;
    assert_eq!(data["story"], api);
    assert_eq!(
        data["story"]["content"],
        "<p>One.</p><script>alert(3)</script><p>Two.</p>"
    );
}

#[actix_web::test]
async fn a_story_page_is_its_template_filled_with_the_escaped_story() {
    let app = TestApp::new();
    with_prerendered_pages(&app);
    let (story, draft) = stories(&app);
    let service = app.service().await;
    let (status, _, html) = get(
        &service,
        &format!("/blog/{}?utm_source=x", story.summary.id),
    )
    .await;
    assert_eq!(status, 200);
    assert!(!html.contains("__STORY_"), "{html}");
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(
        html.contains(&format!(
            "<span class=\"badge\">Member Story</span><h1>{ESCAPED_TITLE}</h1>\
         <p>{ESCAPED_EXCERPT}</p><span>Maya O&#39;Neil</span>\
         <div class=\"prose\"><p>One.</p><p>Two.</p></div>"
        )),
        "{html}"
    );
    assert!(html.contains(&format!("<title>{ESCAPED_TITLE} | PlaySpace</title>")));
    assert!(html.contains("<meta property=\"og:type\" content=\"article\" />"));
    let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
    assert_eq!(data["story"]["id"], story.summary.id.to_string());

    // Unpublished, unknown and malformed ids: the app shell with a 404, as for events; the
    // app then shows its 'Story Not Found' screen.
    for path in [
        format!("/blog/{}", draft.summary.id),
        format!("/blog/{}", StoryId::new()),
        "/blog/nope".into(),
    ] {
        let (status, _, html) = get(&service, &path).await;
        assert_eq!(status, 404, "{path}");
        assert!(html.contains("<div id=root></div>"), "{path}: {html}");
        assert!(
            html.contains("<title>Story not found | PlaySpace</title>"),
            "{path}"
        );
        assert!(!html.contains("__STORY_"), "{path}");
        assert!(!html.contains("Waiting for review"), "{path}");
        assert!(
            !html.contains("story-jsonld") && !html.contains("og:title"),
            "{path}"
        );
    }

    // "/blog/" is not the stories list's address: the plain app shell.
    let (status, _, html) = get(&service, "/blog/").await;
    assert_eq!(status, 200);
    assert!(html.contains("<div id=root></div>"), "{html}");
    assert!(!html.contains("initial-data\""));
    // Deeper paths are no page at all.
    let (status, _, _) = get(&service, &format!("/blog/{}/x", story.summary.id)).await;
    assert_eq!(status, 404);
}

#[actix_web::test]
async fn the_stories_list_is_its_template_with_the_newest_story_featured() {
    let app = TestApp::new();
    with_prerendered_pages(&app);
    let service = app.service().await;

    // No stories yet: the app shell, with the empty first page so it asks for nothing.
    let (status, _, html) = get(&service, "/blog").await;
    assert_eq!(status, 200);
    assert!(html.contains("<div id=root></div>"), "{html}");
    let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
    assert_eq!(
        data["stories"],
        serde_json::json!({ "posts": [], "nextCursor": null })
    );

    let (story, draft) = stories(&app);
    let (status, _, html) = get(&service, "/blog?utm_source=x").await;
    assert_eq!(status, 200);
    assert!(!html.contains("__STORY_"), "{html}");
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(
        html.contains(&format!(
            "<h1>Community Stories</h1><span class=\"badge\">Member Story</span>\
             <h3>{ESCAPED_TITLE}</h3><p>{ESCAPED_EXCERPT}</p><span>Maya O&#39;Neil</span>\
             <a href=\"/blog/{}\">Read more</a>",
            story.summary.id
        )),
        "{html}"
    );
    assert!(!html.contains("Waiting for review"));
    // The first page GET /api/blog-posts answers, so the list needs no round trip.
    let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
    let (_, api) = common::get_json(&service, "/api/blog-posts").await;
    assert_eq!(data["stories"], api);
    assert_eq!(data["stories"]["posts"].as_array().unwrap().len(), 1);
    assert_ne!(
        data["stories"]["posts"][0]["id"],
        draft.summary.id.to_string()
    );
}

/// The `content` of each `<meta property|name="key">` in the page, as sent (escaped).
fn meta<'a>(html: &'a str, key: &str) -> Vec<&'a str> {
    let mut found = Vec::new();
    for attribute in ["property", "name"] {
        let open = format!("<meta {attribute}=\"{key}\" content=\"");
        let mut rest = html;
        while let Some(at) = rest.find(&open) {
            rest = &rest[at + open.len()..];
            found.push(&rest[..rest.find('"').unwrap()]);
        }
    }
    found
}

/// The one `content` of `key`, failing when the page has none or several.
fn one_meta<'a>(html: &'a str, key: &str, path: &str) -> &'a str {
    match meta(html, key).as_slice() {
        [content] => content,
        other => panic!("{path}: {key} is {other:?}"),
    }
}

const SITE: &str = "http://127.0.0.1:8080";
const SITE_PICTURE_ALT: &str = "The PlaySpace logo and the words Sport for everyone in London, \
                                over pictures of football, swimming and yoga";

/// Every public page carries what a link preview needs in the HTML the server sends, with or
/// without a prerendered build: its title and description, Open Graph, the Twitter card and
/// an absolute picture of 1200x630 with its alt text, each tag once and every value escaped.
#[actix_web::test]
async fn every_public_page_carries_its_link_preview() {
    for prerendered in [false, true] {
        let app = TestApp::new();
        if prerendered {
            with_prerendered_pages(&app);
        }
        let event = app.event(3, |e| {
            e.title("Carers' \"Gentle\" <Yoga> & Tea")
                .description("Bring a mat & a friend. All welcome.")
                .category("yoga")
                .location("Jubilee Hall, Camden")
                .price_pence(500)
                .starts_at(
                    "2030-12-07T18:30:00Z"
                        .parse::<chrono::DateTime<Utc>>()
                        .unwrap(),
                )
        });
        let (story, _) = stories(&app);
        let service = app.service().await;

        let event_path = format!("/events/{}", event.id);
        let story_path = format!("/blog/{}", story.summary.id);
        // (path, tab title, preview title, description, preview description, picture, alt)
        let pages = [
            (
                "/",
                "Inclusive community sports in London | PlaySpace",
                "PlaySpace: sport for everyone in London",
                "Friendly, inclusive sports sessions across London for every body and every level. Find a session near you and come and play with us.",
                None,
                "site",
                SITE_PICTURE_ALT,
            ),
            (
                "/events",
                "Sports Events | PlaySpace",
                "Sports sessions across London",
                "Football, swimming, yoga and more, all over London. Pick a sport, find a time that suits you and book your place.",
                None,
                "site",
                SITE_PICTURE_ALT,
            ),
            (
                "/about",
                "About Us | PlaySpace",
                "About PlaySpace",
                "We&#39;re a community interest company making sport welcoming for LGBTQIA+ people, refugees, disabled people, carers, NHS staff and anyone who has felt left out.",
                None,
                "site",
                SITE_PICTURE_ALT,
            ),
            (
                "/membership",
                "Membership | PlaySpace",
                "Join the PlaySpace community",
                "Start for free, or go Active for as many sessions as you like. Our WhatsApp community is free for everyone, and we offer sliding-scale prices.",
                None,
                "site",
                SITE_PICTURE_ALT,
            ),
            (
                "/blog",
                "Community Stories | PlaySpace",
                "Community Stories from PlaySpace",
                "Stories from the people who play with us: first sessions, new friends and finding a place in sport.",
                None,
                "site",
                SITE_PICTURE_ALT,
            ),
            (
                "/contact",
                "Contact Us | PlaySpace",
                "Get in touch with PlaySpace",
                "Questions about a session, access or membership? Send us a message and we&#39;ll get back to you within 24 hours.",
                None,
                "site",
                SITE_PICTURE_ALT,
            ),
            (
                event_path.as_str(),
                "Carers&#39; &quot;Gentle&quot; &lt;Yoga&gt; &amp; Tea | PlaySpace",
                "Carers&#39; &quot;Gentle&quot; &lt;Yoga&gt; &amp; Tea",
                "Bring a mat &amp; a friend. All welcome.",
                // When, where and the price first: what a friend needs to know.
                Some(
                    "Saturday 7 December 2030, 18:30 at Jubilee Hall, Camden. £5.00. Bring a mat &amp; a friend. All welcome.",
                ),
                "yoga",
                "A person sitting cross-legged on a yoga mat",
            ),
            (
                story_path.as_str(),
                &format!("{ESCAPED_TITLE} | PlaySpace"),
                ESCAPED_TITLE,
                ESCAPED_EXCERPT,
                None,
                "site",
                SITE_PICTURE_ALT,
            ),
        ];
        for (path, title, heading, description, preview, picture, alt) in pages {
            let (status, _, html) = get(&service, path).await;
            assert_eq!(status, 200, "{path}");
            assert!(!html.contains("<script>alert"), "{path}");
            assert!(
                html.contains(&format!("<title>{title}</title>")),
                "{path}: {html}"
            );
            assert_eq!(one_meta(&html, "description", path), description);
            assert_eq!(one_meta(&html, "og:title", path), heading);
            assert_eq!(
                one_meta(&html, "og:description", path),
                preview.unwrap_or(description)
            );
            assert_eq!(one_meta(&html, "og:url", path), format!("{SITE}{path}"));
            assert_eq!(
                one_meta(&html, "og:image", path),
                format!("{SITE}/share/{picture}.png")
            );
            assert_eq!(one_meta(&html, "og:image:type", path), "image/png");
            assert_eq!(one_meta(&html, "og:image:width", path), "1200");
            assert_eq!(one_meta(&html, "og:image:height", path), "630");
            assert_eq!(one_meta(&html, "og:image:alt", path), alt);
            assert_eq!(one_meta(&html, "og:site_name", path), "PlaySpace");
            assert_eq!(one_meta(&html, "twitter:card", path), "summary_large_image");
            assert_eq!(one_meta(&html, "twitter:image:alt", path), alt);
            assert_eq!(html.matches("<link rel=\"canonical\"").count(), 1, "{path}");
            assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{SITE}{path}\" />")));
        }

        // Not the address of a page: no preview.
        for path in [
            "/no/such/page".to_owned(),
            format!("/events/{}", EventId::new()),
        ] {
            let (status, _, html) = get(&service, &path).await;
            assert_eq!(status, 404);
            assert!(meta(&html, "og:image").is_empty(), "{path}");
        }
    }
}

#[actix_web::test]
async fn preview_pictures_are_cached_for_a_month() {
    let app = TestApp::new();
    let dir = app.frontend_path().join("share");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("yoga.png"), b"\x89PNG\r\n\x1a\n").unwrap();
    let service = app.service().await;
    let (status, headers, _) = get(&service, "/share/yoga.png").await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("content-type").unwrap(), "image/png");
    assert_eq!(
        headers.get("cache-control").unwrap(),
        "public, max-age=2592000"
    );
}

/// GET `uri` with the language cookie and `Accept-Language` given; the answer's HTML.
async fn get_in(app: &TestApp, uri: &str, cookie: Option<&str>, accept: Option<&str>) -> String {
    let service = app.service().await;
    let mut request = actix_web::test::TestRequest::get().uri(uri);
    if let Some(language) = cookie {
        request = request.cookie(actix_web::cookie::Cookie::new("lang", language.to_owned()));
    }
    if let Some(languages) = accept {
        request = request.insert_header(("Accept-Language", languages));
    }
    let response = actix_web::test::call_service(&service, request.to_request()).await;
    assert_eq!(response.status(), 200, "{uri}");
    let vary = response
        .headers()
        .get("vary")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        vary.contains("Accept-Language") && vary.contains("Cookie"),
        "{vary}"
    );
    String::from_utf8_lossy(&actix_web::test::read_body(response).await).into_owned()
}

#[actix_web::test]
async fn prerendered_pages_come_in_the_language_of_the_cookie_or_the_browser() {
    let app = TestApp::new();
    with_prerendered_pages(&app);
    let event = app.event(1, |e| e.title("Sunday Swim"));
    // The cookie (the site's language switch) wins over the browser's languages.
    let html = get_in(&app, "/", Some("ar"), Some("uk, en")).await;
    assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
    assert!(html.contains("<h1>رياضة للجميع.</h1>"));
    // Without a cookie, the browser's best language the site has.
    let html = get_in(&app, "/events", None, Some("fr-FR, uk;q=0.9, en;q=0.8")).await;
    assert!(html.contains("<html lang=\"uk\" dir=\"ltr\">"), "{html}");
    assert!(html.contains("<h1>Спортивні події</h1>"));
    // Neither: English.
    let html = get_in(&app, "/", Some("fr"), Some("de")).await;
    assert!(html.contains("<html lang=\"en-GB\" dir=\"ltr\">"), "{html}");
    assert!(html.contains("<h1>Sport for everyone.</h1>"));
    // A filled template, in the reader's language, still with the event's own text.
    let html = get_in(&app, &format!("/events/{}", event.id), Some("ar"), None).await;
    assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
    assert!(html.contains("<h1>Sunday Swim</h1>"));
    // Prerendered pages name their catalogue themselves: no second preload.
    assert!(!html.contains("first-Ar1.js"));
}

#[actix_web::test]
async fn the_app_shell_takes_the_readers_language_and_preloads_its_catalogue() {
    let app = TestApp::new();
    with_prerendered_pages(&app);
    let html = get_in(&app, "/about", Some("uk"), None).await;
    assert!(html.contains("<html lang=\"uk\" dir=\"ltr\">"), "{html}");
    assert!(
        html.contains("<link rel=\"modulepreload\" crossorigin href=\"/assets/first-Uk1.js\">")
    );
    assert!(!html.contains("first-Ar1.js") && !html.contains("first-En1.js"));
    let html = get_in(&app, "/login", None, Some("ar-SY")).await;
    assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
    assert!(html.contains("/assets/first-Ar1.js"));
    // A build without prerendered pages still sends the shell in the reader's language.
    let bare = TestApp::new();
    let html = get_in(&bare, "/events", Some("ar"), None).await;
    assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
    assert!(!html.contains("modulepreload"));
}
