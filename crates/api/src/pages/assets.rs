//! The built files: `/assets/{name}` in the best encoding the browser takes, and any other
//! file of an embedded build; what names no file gets the app's 404 page.
use actix_web::http::header::{ContentEncoding, HeaderValue, VARY};
use actix_web::{HttpRequest, HttpResponse, web};

use super::spa_index;
use crate::encoding::accepts;
use crate::frontend::{files, is_asset_name};
use crate::state::AppState;

/// `GET /assets/{name}`: a built file. The build writes `name.br` and `name.gz` beside each
/// script, stylesheet and picture (frontend/scripts/precompress.ts, at the best levels), and
/// the smallest one the browser accepts goes out as it is, with its length. Anything else
/// goes through the usual file service (compressed on the fly where it is worth it).
pub async fn asset(
    req: HttpRequest,
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> HttpResponse {
    if state.frontend.embedded_files().is_some() {
        return embedded_asset(req, state, &name).await;
    }
    let Some(dir) = state.frontend.dir().filter(|_| is_asset_name(&name)) else {
        return spa_index(req, state).await;
    };
    let path = dir.join("assets").join(name.as_str());
    let content_type = actix_files::file_extension_to_mime(
        path.extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default(),
    );
    for (coding, encoding, suffix) in [
        ("br", ContentEncoding::Brotli, "br"),
        ("gzip", ContentEncoding::Gzip, "gz"),
    ] {
        if !accepts(&req, coding) {
            continue;
        }
        let mut compressed = path.clone().into_os_string();
        compressed.push(".");
        compressed.push(suffix);
        if let Ok(file) = actix_files::NamedFile::open_async(&compressed).await {
            let file = file
                .set_content_type(content_type.clone())
                .set_content_encoding(encoding);
            return varied(file.disable_content_disposition().into_response(&req));
        }
    }
    match actix_files::NamedFile::open_async(&path).await {
        Ok(file) => varied(file.disable_content_disposition().into_response(&req)),
        Err(_) => spa_index(req, state).await,
    }
}

/// [`asset`] from an embedded build: the same choice of copies, the same headers.
async fn embedded_asset(req: HttpRequest, state: web::Data<AppState>, name: &str) -> HttpResponse {
    let Some(build) = state
        .frontend
        .embedded_files()
        .filter(|_| is_asset_name(name))
    else {
        return spa_index(req, state).await;
    };
    let path = format!("assets/{name}");
    let content_type = files::content_type_for(name);
    for (coding, encoding, suffix) in [
        ("br", ContentEncoding::Brotli, "br"),
        ("gzip", ContentEncoding::Gzip, "gz"),
    ] {
        if accepts(&req, coding)
            && let Some(file) = build.get(&format!("{path}.{suffix}"))
        {
            return varied(files::answer(&req, file, &content_type, Some(encoding)));
        }
    }
    match build.get(&path) {
        Some(file) => varied(files::answer(&req, file, &content_type, None)),
        None => spa_index(req, state).await,
    }
}

/// Any other file of an embedded build (the favicon, link-preview pictures…), as the
/// directory service answers from a directory: GET and HEAD only, 400 for a hidden or odd
/// path, the app's 404 page for a path that names no file.
pub async fn embedded_file(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    use actix_web::http::Method;
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return HttpResponse::MethodNotAllowed().finish();
    }
    let Some(path) = files::requested_file(req.path()) else {
        return HttpResponse::BadRequest().finish();
    };
    let Some(build) = state.frontend.embedded_files() else {
        return spa_index(req, state).await;
    };
    if build.is_dir(&path) {
        // A directory without an index file, as the directory service answers it.
        return HttpResponse::NotFound().finish();
    }
    let Some(file) = build.get(&path).filter(|_| !path.is_empty()) else {
        return spa_index(req, state).await;
    };
    files::answer(&req, file, &files::content_type_for(&path), None)
}

/// The answer depends on `Accept-Encoding`: caches must keep one copy per encoding.
fn varied(mut response: HttpResponse) -> HttpResponse {
    response
        .headers_mut()
        .insert(VARY, HeaderValue::from_static("accept-encoding"));
    response
}
