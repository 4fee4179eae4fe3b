use actix_web::{HttpResponse, web};
use chrono::SecondsFormat;
use playspace_app::admin::email_campaigns;
use playspace_ports::CampaignSummary;
use serde::Serialize;

use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CampaignDto {
    id: String,
    recipient_group: &'static str,
    subject: String,
    /// The sender's user id.
    sent_by: Option<String>,
    sent_by_name: Option<String>,
    created_at: String,
    recipients: u32,
    delivered: u32,
    failed: u32,
    pending: u32,
}

impl From<CampaignSummary> for CampaignDto {
    fn from(c: CampaignSummary) -> Self {
        Self {
            id: c.id.to_string(),
            recipient_group: c.group.as_str(),
            subject: c.subject,
            sent_by: c.sent_by.map(|id| id.to_string()),
            sent_by_name: c.sent_by_name,
            created_at: c.created_at.to_rfc3339_opts(SecondsFormat::Secs, true),
            recipients: c.recipients,
            delivered: c.delivered,
            failed: c.failed,
            pending: c.pending,
        }
    }
}

/// `GET /api/admin/email-campaigns`: the newest 50 with their delivery counts.
pub async fn handle(state: web::Data<AppState>, _admin: Admin) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let campaigns = web::block(move || email_campaigns(&app.admin_deps())).await??;
    let campaigns: Vec<CampaignDto> = campaigns.into_iter().map(CampaignDto::from).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({ "campaigns": campaigns })))
}
