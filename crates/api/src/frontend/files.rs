//! The built frontend inside the binary: a release build carries `frontend/dist` as it was
//! when it was compiled, so a deploy is one file (docs/operations.md). `FRONTEND_DIR` still
//! serves a directory instead.
//!
//! Debug builds (tests, `scripts/test`) do not embed: rust-embed reads the same folder at
//! run time, and a missing folder is allowed, so the Rust build needs no frontend build
//! before it (`scripts/test` makes both side by side) and finds none as "not built".
use std::collections::HashSet;
use std::time::{Duration, UNIX_EPOCH};

use actix_web::http::header::{
    CONTENT_ENCODING, ContentEncoding, ETAG, HttpDate, IF_NONE_MATCH, LAST_MODIFIED,
};
use actix_web::{HttpRequest, HttpResponse};
use rust_embed::{EmbeddedFile, RustEmbed};

#[derive(RustEmbed)]
#[folder = "../../frontend/dist"]
#[allow_missing = true]
pub struct Built;

/// An embedded build: its files by path under the build (`assets/index-1a2b.js`), and the
/// directories they make (which the directory service answers 404, not the app's page).
pub struct Embedded {
    get: fn(&str) -> Option<EmbeddedFile>,
    dirs: HashSet<String>,
}

impl Embedded {
    pub fn of<E: RustEmbed>() -> Self {
        let mut dirs = HashSet::new();
        for name in E::iter() {
            let mut path = name.as_ref();
            while let Some((parent, _)) = path.rsplit_once('/') {
                dirs.insert(parent.to_owned());
                path = parent;
            }
        }
        Self { get: E::get, dirs }
    }

    pub fn get(&self, path: &str) -> Option<EmbeddedFile> {
        (self.get)(path)
    }

    pub fn is_dir(&self, path: &str) -> bool {
        self.dirs.contains(path)
    }
}

/// The file a request's path (without its leading slash) names, read as the directory
/// service reads it: empty segments skipped; `None` (a 400, as it answers) for a hidden
/// segment (the prerendered templates, Vite's manifest, `..`) or one it refuses
/// (`*…`, `…:`, `…<`, `…>`, a backslash). Built files have plain names: a percent-encoded
/// path names none of them.
pub fn requested_file(path: &str) -> Option<String> {
    let mut segments = Vec::new();
    for segment in path.split('/').filter(|segment| !segment.is_empty()) {
        if segment.starts_with(['.', '*'])
            || segment.ends_with([':', '<', '>'])
            || segment.contains('\\')
        {
            return None;
        }
        segments.push(segment);
    }
    Some(segments.join("/"))
}

/// The type a file is served with, by its extension, as the directory service names it
/// (UTF-8 said for the text types it says it for).
pub fn content_type_for(path: &str) -> String {
    let extension = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    let mime = actix_files::file_extension_to_mime(extension);
    let utf8 = [
        "application/javascript",
        "text/html",
        "text/css",
        "text/plain",
        "text/csv",
        "text/tab-separated-values",
    ];
    if utf8.contains(&mime.essence_str()) && mime.get_param("charset").is_none() {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    }
}

/// `file` as the answer to `req`: its type, an `ETag` from its content hash (and a 304 when
/// the browser has it already), its build time as `Last-Modified` when known, and
/// `encoding` when it is a precompressed copy.
pub fn answer(
    req: &HttpRequest,
    file: EmbeddedFile,
    content_type: &str,
    encoding: Option<ContentEncoding>,
) -> HttpResponse {
    let hash = file.metadata.sha256_hash();
    let etag = format!(
        "\"{}\"",
        hash[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let not_modified = has_etag(req, &etag);
    let mut response = if not_modified {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response.insert_header((ETAG, etag.as_str()));
    if let Some(seconds) = file.metadata.last_modified() {
        let modified = HttpDate::from(UNIX_EPOCH + Duration::from_secs(seconds));
        response.insert_header((LAST_MODIFIED, modified));
    }
    if let Some(encoding) = encoding {
        response.insert_header((CONTENT_ENCODING, encoding.to_header_value()));
    }
    if not_modified {
        return response.finish();
    }
    response
        .content_type(content_type)
        .body(file.data.into_owned())
}

/// `If-None-Match` lists `etag` (or is `*`).
fn has_etag(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(IF_NONE_MATCH)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == etag || tag == "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_types_say_utf_8_as_the_directory_service_does() {
        assert_eq!(content_type_for("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type_for("assets/a.css"), "text/css; charset=utf-8");
        assert_eq!(content_type_for("assets/a.js"), "text/javascript");
        assert_eq!(content_type_for("share/a.png"), "image/png");
        assert_eq!(content_type_for("favicon.svg"), "image/svg+xml");
    }

    #[test]
    fn hidden_and_odd_segments_are_refused() {
        for (path, file) in [
            ("favicon.svg", "favicon.svg"),
            ("share//yoga.png", "share/yoga.png"),
            ("share/", "share"),
            ("assets/index-1a2b.js", "assets/index-1a2b.js"),
        ] {
            assert_eq!(requested_file(path).as_deref(), Some(file), "{path}");
        }
        for path in [
            ".prerendered/home.html",
            "a/../b",
            "..",
            ".vite/manifest.json",
            "*x",
            "c:",
            "a\\b",
        ] {
            assert_eq!(requested_file(path), None, "{path}");
        }
    }
}
