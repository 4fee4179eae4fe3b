//! Serving the built single-page app: hashed assets with long cache lifetimes, and
//! `index.html` for client routes (with a 404 status for paths no screen handles).
use std::path::{Path, PathBuf};

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::state::AppState;

const NOT_BUILT: &str = "PlaySpace is running, but the frontend has not been built yet.\n\
Build it with: cd frontend && npm ci && npm run build (scripts/run does this for you).\n\
The API is available under /api, e.g. /api/events.\n";

/// The built frontend, read once at start-up.
pub struct Frontend {
    dir: PathBuf,
    index_html: Option<String>,
}

impl Frontend {
    pub fn load(dir: &Path) -> Self {
        let index_html = std::fs::read_to_string(dir.join("index.html")).ok();
        if index_html.is_none() {
            tracing::warn!(dir = %dir.display(), "no frontend build found; / explains how to build it");
        }
        Self {
            dir: dir.to_owned(),
            index_html,
        }
    }

    pub fn dir(&self) -> Option<&Path> {
        self.index_html.as_ref().map(|_| self.dir.as_path())
    }
}

/// Screens the client router draws. Anything else still gets the app (which shows its
/// '404 Page Not Found' screen) but with a 404 status for crawlers and link checkers.
fn is_client_route(path: &str) -> bool {
    const EXACT: &[&str] = &[
        "/",
        "/events",
        "/about",
        "/membership",
        "/blog",
        "/contact",
        "/preferences",
        "/login",
        "/signup",
        "/forgot-password",
        "/reset-password",
        "/success",
        "/cancel",
        "/admin",
        "/admin/login",
        "/terms",
        "/privacy",
        "/bookings",
        "/profile",
    ];
    const WITH_ID: &[&str] = &["/events/", "/booking/", "/checkout/"];
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    EXACT.contains(&path)
        || WITH_ID.iter().any(|prefix| {
            path.strip_prefix(prefix)
                .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
        })
}

/// The fallback for every GET that no file or API route answered.
pub async fn spa_index(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let Some(index) = state.frontend.index_html.as_deref() else {
        let status = if req.path() == "/" {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        return HttpResponse::build(status)
            .content_type("text/plain; charset=utf-8")
            .body(NOT_BUILT);
    };
    let status = if is_client_route(req.path()) {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    HttpResponse::build(status)
        .insert_header((
            CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        ))
        // The shell must be revalidated so a deploy's new asset names are picked up.
        .insert_header((CACHE_CONTROL, HeaderValue::from_static("no-cache")))
        .body(index.to_owned())
}

/// Vite names files under /assets/ by content hash: they never change, so cache for a year.
pub fn cache_control_for(path: &str) -> &'static str {
    if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_routes_are_recognised() {
        for path in [
            "/",
            "/events",
            "/events/",
            "/events/abc",
            "/booking/x",
            "/admin/login",
            "/reset-password",
        ] {
            assert!(is_client_route(path), "{path}");
        }
        for path in ["/nope", "/events/a/b", "/admin/x", "/eventsx", "/booking/"] {
            assert!(!is_client_route(path), "{path}");
        }
    }

    #[test]
    fn hashed_assets_are_immutable() {
        assert!(cache_control_for("/assets/index-abc123.js").contains("immutable"));
        assert!(!cache_control_for("/favicon.svg").contains("immutable"));
    }
}
