use actix_web::{HttpResponse, web};
use chrono::SecondsFormat;
use playspace_app::admin::{AuditLogInput, audit_log};
use playspace_ports::AuditRecord;
use serde::{Deserialize, Serialize};

use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Query {
    action: Option<String>,
    user_id: Option<String>,
    cursor: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditLogDto {
    id: String,
    user_id: Option<String>,
    user_name: Option<String>,
    action: String,
    resource_type: String,
    resource_id: Option<String>,
    details: serde_json::Value,
    ip_address: Option<String>,
    user_agent: Option<String>,
    created_at: String,
}

impl From<AuditRecord> for AuditLogDto {
    fn from(r: AuditRecord) -> Self {
        Self {
            id: r.id,
            user_id: r.user_id.map(|u| u.to_string()),
            user_name: r.user_name,
            action: r.action,
            resource_type: r.resource_type,
            resource_id: r.resource_id,
            details: serde_json::from_str(&r.details).unwrap_or(serde_json::Value::Null),
            ip_address: r.ip_address,
            user_agent: r.user_agent,
            created_at: r.created_at.to_rfc3339_opts(SecondsFormat::Secs, true),
        }
    }
}

/// `GET /api/admin/audit-logs?action=&userId=&cursor=`: 50 entries, newest first, and
/// `nextCursor` for the 50 before them (null on the last page).
pub async fn handle(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<Query>,
) -> Result<HttpResponse, ApiError> {
    let Query {
        action,
        user_id,
        cursor,
    } = query.into_inner();
    let input = AuditLogInput {
        action,
        user_id,
        cursor,
    };
    let app = state.clone();
    let page = web::block(move || audit_log(&app.admin_deps(), input)).await??;
    let logs: Vec<AuditLogDto> = page.items.into_iter().map(AuditLogDto::from).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "logs": logs,
        "nextCursor": page.next.map(|c| c.encode()),
    })))
}
