//! Answering page requests from the built frontend (crate::frontend): hashed assets with
//! long cache lifetimes (`assets`), and `index.html` for client routes (with a 404 status for
//! paths no screen handles). The home, events, event, stories and story pages get their
//! prerendered HTML instead, with their data inlined (`data`). Every public page carries
//! what a link preview shows (crate::frontend::share).
mod assets;
mod data;
mod page;

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, HeaderValue, VARY};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::encoding::{accepts_gzip, gzip};
use crate::frontend::share;
use crate::frontend::templates::{Prerendered, detail_id};
use crate::locale::request_language;
use crate::state::AppState;
pub use assets::{asset, embedded_file};
use data::{ListPage, blog_page, event_page, events_list_page, story_page};
#[cfg(test)]
use page::{DESCRIPTION_START, HEAD_MARKER, HTML_ELEMENT, data_script};
use page::{Html, Page};

const NOT_BUILT: &str = "PlaySpace is running, but the frontend has not been built yet.\n\
Build it with: cd frontend && npm ci && npm run build (scripts/run does this for you).\n\
The API is available under /api, e.g. /api/events.\n";

/// Screens the client router draws (`frontend/src/app/router.tsx` and the admin area's
/// `routes/admin-area.tsx`; a test holds them together), `:name` standing for one segment.
/// Anything else still gets the app (which shows its '404 Page Not Found' screen) but with a
/// 404 status for crawlers and link checkers.
const CLIENT_ROUTES: &[&str] = &[
    "/",
    "/events",
    "/events/:id",
    "/about",
    "/contact",
    "/login",
    "/signup",
    "/signup/confirm",
    "/forgot-password",
    "/reset-password",
    "/verify-email",
    "/preferences",
    "/profile",
    "/blog",
    "/blog/:id",
    "/booking/:id",
    "/success",
    "/cancel",
    "/bookings",
    "/membership",
    "/unsubscribe",
    "/newsletter/confirm",
    "/terms",
    "/privacy",
    "/cookies",
    "/refunds",
    "/accessibility",
    "/safety",
    "/community-standards",
    "/help",
    "/admin",
    "/admin/login",
    "/admin/register/:eventId",
];

fn is_client_route(path: &str) -> bool {
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    CLIENT_ROUTES.iter().any(|route| {
        let mut wanted = route.split('/');
        let mut given = path.split('/');
        loop {
            match (wanted.next(), given.next()) {
                (None, None) => return true,
                (Some(w), Some(g)) if w.starts_with(':') && !g.is_empty() => {}
                (Some(w), Some(g)) if w == g => {}
                _ => return false,
            }
        }
    })
}

/// The fallback for every GET that no file or API route answered.
pub async fn spa_index(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let Some(index) = state.frontend.index_html() else {
        let status = if req.path() == "/" {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        return HttpResponse::build(status)
            .content_type("text/plain; charset=utf-8")
            .body(NOT_BUILT);
    };
    let path = req.path();
    let language = request_language(&req);
    let prerendered = Prerendered::for_request(path, req.query_string());
    let list_page = if path == "/" {
        Some(ListPage::Home)
    } else if path.trim_end_matches('/') == "/events" {
        Some(ListPage::Events)
    } else {
        None
    };
    let mut page = if let Some(list_page) = list_page {
        let mut page = events_list_page(&state, list_page).await;
        if let Some(template) = prerendered.and_then(|p| state.frontend.list_template(p, language))
        {
            page.html = Some(Html::Template(template));
        }
        page
    } else if let Some(id) = detail_id(path, "/events/") {
        event_page(
            &state,
            id,
            (prerendered == Some(Prerendered::Event)).then_some(language),
        )
        .await
    } else if path == "/blog" {
        blog_page(
            &state,
            (prerendered == Some(Prerendered::Blog)).then_some(language),
        )
        .await
    } else if let Some(id) = detail_id(path, "/blog/") {
        story_page(
            &state,
            id,
            (prerendered == Some(Prerendered::Story)).then_some(language),
        )
        .await
    } else {
        Page {
            status: if is_client_route(path) {
                StatusCode::OK
            } else {
                StatusCode::NOT_FOUND
            },
            ..Page::default()
        }
    };
    if page.status == StatusCode::OK
        && let Some(text) = share::page_text(path)
    {
        page.title = Some(format!("{} | PlaySpace", text.title));
        page.description = Some(text.description.to_owned());
        page.head
            .push_str(&text.card().tags(&state.config.public_url));
    }
    if page.html.is_none() {
        page.head
            .push_str(&state.frontend.catalogue_preload(language));
    }
    let html = page.render(&index, language);
    let mut response = HttpResponse::build(page.status);
    response
        .insert_header((
            CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        ))
        // The shell must be revalidated so a deploy's new asset names are picked up.
        .insert_header((CACHE_CONTROL, HeaderValue::from_static("no-cache")))
        // The page's language comes from the cookie or Accept-Language (crate::locale).
        .insert_header((
            VARY,
            HeaderValue::from_static("Accept-Encoding, Accept-Language, Cookie"),
        ));
    match accepts_gzip(&req)
        .then(|| gzip(html.as_bytes()).ok())
        .flatten()
    {
        Some(compressed) => response
            .insert_header((CONTENT_ENCODING, HeaderValue::from_static("gzip")))
            .body(compressed),
        None => response.body(html),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use playspace_domain::language::Language;

    #[test]
    fn client_routes_are_recognised() {
        for path in [
            "/",
            "/events",
            "/events/",
            "/events/abc",
            "/booking/x",
            "/admin/login",
            "/admin/register/abc",
            "/reset-password",
            "/verify-email",
            "/terms",
            "/privacy/",
            "/community-standards",
            "/blog/abc",
            "/newsletter/confirm",
            "/signup/confirm",
        ] {
            assert!(is_client_route(path), "{path}");
        }
        for path in [
            "/nope",
            "/events/a/b",
            "/admin/x",
            "/eventsx",
            "/booking/",
            "/admin/register/",
            "/terms/x",
            "/legal",
            "/blog/a/b",
            "/signup/x",
        ] {
            assert!(!is_client_route(path), "{path}");
        }
    }

    /// The `path` props of a router file's `<Route>`s (`index` as ""), in order.
    fn route_paths(file: &str) -> Vec<String> {
        let source = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../frontend/src/app")
                .join(file),
        )
        .unwrap();
        source
            .split("<Route ")
            .skip(1)
            .filter_map(|route| {
                if route.starts_with("index") {
                    return Some(String::new());
                }
                let rest = route.strip_prefix("path=\"")?;
                Some(rest[..rest.find('"')?].to_owned())
            })
            .collect()
    }

    #[test]
    fn client_routes_are_the_routers() {
        let mut routed = Vec::new();
        for path in route_paths("router.tsx") {
            match path.as_str() {
                "*" => {}
                "admin/*" => {
                    for inner in route_paths("routes/admin-area.tsx") {
                        match inner.as_str() {
                            "*" => {}
                            "" => routed.push("/admin".to_owned()),
                            _ => routed.push(format!("/admin/{inner}")),
                        }
                    }
                }
                _ => routed.push(format!("/{path}")),
            }
        }
        let mut listed: Vec<String> = CLIENT_ROUTES.iter().map(|r| (*r).to_owned()).collect();
        routed.sort();
        listed.sort();
        assert_eq!(listed, routed);
    }

    /// What `Page::render` replaces is in the app's real shell (which every prerendered
    /// page is made from), exactly as it looks for it: each page's own description and
    /// title, and its data and link-preview tags.
    #[test]
    fn the_shell_has_what_pages_fill_in() {
        let shell = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/index.html"),
        )
        .unwrap();
        for marker in [
            DESCRIPTION_START,
            "<title>",
            "</title>",
            HEAD_MARKER,
            HTML_ELEMENT,
        ] {
            assert_eq!(shell.matches(marker).count(), 1, "{marker}");
        }
        let page = Page {
            title: Some("About Us | PlaySpace".into()),
            description: Some("We're \"here\"".into()),
            head: "<meta property=\"og:title\" content=\"x\" />".into(),
            ..Page::default()
        };
        let html = page.render(&shell, Language::Arabic);
        assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"));
        assert!(html.contains("<title>About Us | PlaySpace</title>"));
        assert!(
            html.contains("<meta name=\"description\" content=\"We&#39;re &quot;here&quot;\" />")
        );
        assert!(html.contains("<meta property=\"og:title\" content=\"x\" />"));
    }

    #[test]
    fn data_blocks_cannot_be_closed_by_content() {
        let block = data_script(
            "x",
            "application/json",
            r#"{"t":"</script><script>alert(1)</script>&"}"#,
        );
        assert_eq!(block.matches("</script>").count(), 1);
        assert!(block.contains("\\u003c/script\\u003e"));
    }
}
