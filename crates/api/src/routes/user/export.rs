use actix_web::{HttpResponse, web};
use chrono::SecondsFormat;
use playspace_app::accounts::export_account;

use crate::auth::CurrentUser;
use crate::dto::{AccessNeedsDto, ProfileDto, UserDto};
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/user/export`: everything held about the signed-in person, as a JSON download.
pub async fn handle(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let app = state.clone();
    let id = current.user.id;
    let export = web::block(move || export_account(&app.account_deps(), id)).await??;
    let time = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
    let body = serde_json::json!({
        "exportedAt": time(state.clock.now()),
        "account": UserDto::from(&export.user),
        "profile": ProfileDto::from(&export.user),
        "createdAt": time(export.user.created_at),
        "lastLogin": export.user.last_login.map(time),
        "registrationIp": export.registration_ip,
        "preferences": export.preferences,
        // Their own access needs, and what each booking carries: theirs to see (right of
        // access); no other export ever holds them (ADR 0023).
        "accessNeeds": AccessNeedsDto::from(&export.access_needs),
        "sessions": export.sessions.iter().map(|s| serde_json::json!({
            "createdAt": time(s.created_at),
            "lastSeenAt": time(s.last_seen_at),
            "userAgent": s.user_agent,
            "ip": s.ip,
            "revoked": s.revoked_at.is_some(),
        })).collect::<Vec<_>>(),
        "bookings": export.bookings.iter().map(|b| serde_json::json!({
            "reference": b.reference, "event": b.event_title, "date": time(b.starts_at),
            "status": b.status, "paymentStatus": b.payment_status,
            "accessNeeds": b.needs.names(), "accessibilityRequirements": b.needs.note,
        })).collect::<Vec<_>>(),
        "notifications": export.notifications.iter().map(|(title, message, created)| serde_json::json!({
            "title": title, "message": message, "createdAt": time(*created),
        })).collect::<Vec<_>>(),
    });
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"playspace-my-data.json\"",
        ))
        .json(body))
}
