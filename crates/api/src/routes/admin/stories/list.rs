use actix_web::{HttpResponse, web};
use playspace_app::admin::stories::list_admin_stories;
use playspace_domain::admin::AdminArea;
use playspace_ports::AdminStoryFilter;
use serde::Deserialize;

use super::AdminStoryDto;
use crate::auth::StoryReviewer;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::state::AppState;
use crate::use_case_errors::forbidden;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Query {
    status: Option<String>,
    cursor: Option<String>,
}

/// `GET /api/admin/blog-posts?status=all|submitted&cursor=`: every story (admins), or the
/// review queue (admins and moderators), newest written first, 20 a page.
pub async fn handle(
    state: web::Data<AppState>,
    caller: StoryReviewer,
    query: web::Query<Query>,
) -> Result<HttpResponse, ApiError> {
    let Query { status, cursor } = query.into_inner();
    let filter = match status.as_deref().map(str::trim) {
        None | Some("" | "all") => AdminStoryFilter::All,
        Some("submitted") => AdminStoryFilter::Submitted,
        Some(_) => {
            return Err(ApiError::new(
                ErrorCode::InvalidStatus,
                "Choose all or submitted stories",
            ));
        }
    };
    if filter == AdminStoryFilter::All && caller.area != AdminArea::Everything {
        return Err(forbidden());
    }
    let app = state.clone();
    let page =
        web::block(move || list_admin_stories(&app.store, filter, cursor.as_deref())).await??;
    let posts: Vec<AdminStoryDto> = page.items.iter().map(AdminStoryDto::from).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "posts": posts,
        "nextCursor": page.next.map(|c| c.encode()),
    })))
}
