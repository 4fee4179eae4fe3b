//! What the server adds to the app's HTML: inlined data, titles, Open Graph and JSON-LD.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{TestApp, get};
use playspace_domain::EventId;

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
async fn home_and_events_pages_carry_the_events_list() {
    let app = TestApp::new();
    let event = app.event(1, |e| e.title("Sunday </script> Swim"));
    let service = app.service().await;
    for path in ["/", "/events"] {
        let (status, headers, html) = get(&service, path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(headers.get("cache-control").unwrap(), "no-cache");
        assert!(!html.contains("<!--initial-data-->"));
        let data: serde_json::Value = serde_json::from_str(script(&html, "initial-data")).unwrap();
        assert_eq!(data["events"][0]["id"], event.id.to_string());
        assert_eq!(data["events"][0]["title"], "Sunday </script> Swim");
    }
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
