use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use futures_util::StreamExt;
use futures_util::stream;
use playspace_app::admin::{export_chunk, start_export};
use playspace_domain::admin::ExportKind;

use crate::auth::Admin;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::state::AppState;

/// `GET /api/admin/export/{users|events|bookings}`: a CSV download, streamed a chunk of
/// rows at a time (each read on the blocking pool) so memory stays flat for any size and
/// the first bytes leave at once.
pub async fn handle(
    state: web::Data<AppState>,
    admin: Admin,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let kind: ExportKind = path.parse().map_err(|_| {
        ApiError::new(
            ErrorCode::ExportNotFound,
            "No such export: choose users, events or bookings",
        )
    })?;
    let by = admin.actor();
    let app = state.clone();
    let (file_name, header) =
        web::block(move || start_export(&app.admin_deps(), &by, kind)).await??;
    // `Some(after)`: another chunk to read; `None`: done.
    let rows = stream::unfold(Some(None::<String>), move |cursor| {
        let app = state.clone();
        async move {
            let after = cursor?;
            match web::block(move || export_chunk(&app.admin_deps(), kind, after)).await {
                Ok(Ok(chunk)) => Some((Ok(Bytes::from(chunk.csv)), chunk.next.map(Some))),
                Ok(Err(e)) => {
                    tracing::error!(error = %e, "export stopped");
                    Some((Err(std::io::Error::other("export stopped")), None))
                }
                Err(e) => {
                    tracing::error!(error = %e, "export stopped");
                    Some((Err(std::io::Error::other("export stopped")), None))
                }
            }
        }
    });
    let body =
        stream::once(async move { Ok::<_, std::io::Error>(Bytes::from(header)) }).chain(rows);
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/csv; charset=utf-8"))
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"{file_name}\""),
        ))
        .streaming(body))
}
