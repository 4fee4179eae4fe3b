use std::sync::Arc;
use std::time::Instant;

use actix_web::{HttpResponse, web};
use playspace_app::admin::overview::{OverviewFigures, overview_figures, recent_activity};
use playspace_ports::Revenue;
use serde_json::json;

use super::audit_logs::AuditLogDto;
use crate::auth::Admin;
use crate::dashboard_cache::Lookup;
use crate::error::ApiError;
use crate::state::AppState;

/// Reads the figures now and keeps them.
async fn compute(state: web::Data<AppState>) -> Result<Arc<OverviewFigures>, ApiError> {
    let started = Instant::now();
    let app = state.clone();
    let figures = Arc::new(web::block(move || overview_figures(&app.admin_deps())).await??);
    state.dashboard_cache.put(Arc::clone(&figures), started);
    Ok(figures)
}

fn revenue(r: Revenue) -> serde_json::Value {
    json!({ "total": r.total.to_string(), "thisMonth": r.this_month.to_string() })
}

/// `GET /api/admin/dashboard-stats`: the spec's cards (money in pounds as "1234.50"; the
/// revenue card's total and this month's are bookings and memberships together, each also
/// given on its own), the
/// 5 latest activities and the charts (12 London weeks or months, oldest first). The cards
/// and charts may be up to two minutes old (ADR 0009); the activities are always current.
pub async fn handle(state: web::Data<AppState>, _admin: Admin) -> Result<HttpResponse, ApiError> {
    let o = match state.dashboard_cache.get() {
        Lookup::Fresh(figures) => figures,
        Lookup::RefreshBehind(figures) => {
            let behind = state.clone();
            actix_web::rt::spawn(async move {
                if let Err(e) = compute(behind.clone()).await {
                    behind.dashboard_cache.refresh_failed();
                    tracing::warn!(error = %e, "overview refresh failed");
                }
            });
            figures
        }
        Lookup::Missing => compute(state.clone()).await?,
    };
    let app = state.clone();
    let recent = web::block(move || recent_activity(&app.admin_deps())).await??;
    let f = &o.figures;
    let per_week: Vec<_> = o
        .windows
        .weeks
        .iter()
        .zip(&f.bookings_per_week)
        .map(|(w, n)| json!({ "weekStart": w.label, "bookings": n }))
        .collect();
    let per_month: Vec<_> = o
        .windows
        .months
        .iter()
        .zip(&f.new_members_per_month)
        .map(|(m, n)| json!({ "month": m.label, "members": n }))
        .collect();
    let fill: Vec<_> = f
        .fill_by_sport
        .iter()
        .map(|(sport, places, taken)| json!({ "sport": sport, "places": places, "taken": taken }))
        .collect();
    let turn_up: Vec<_> = f
        .turn_up_by_sport
        .iter()
        .map(|(sport, came, missed)| json!({ "sport": sport, "attended": came, "noShow": missed }))
        .collect();
    let recent: Vec<AuditLogDto> = recent.into_iter().map(AuditLogDto::from).collect();
    Ok(HttpResponse::Ok().json(json!({
        "users": { "total": f.users_total, "newThisMonth": f.users_new_this_month, "verified": f.users_verified },
        "events": { "active": f.events_active, "upcomingWeek": f.events_upcoming_week, "total": f.events_total },
        "bookings": { "total": f.bookings_total, "pending": f.bookings_pending, "paid": f.bookings_paid },
        "revenue": {
            "total": f.revenue.total.to_string(),
            "thisMonth": f.revenue.this_month.to_string(),
            "bookings": revenue(f.booking_revenue),
            "memberships": revenue(f.membership_revenue),
        },
        "solidarity": { "placesUsedThisMonth": f.solidarity_used_this_month },
        "recentActivity": recent,
        "charts": {
            "bookingsPerWeek": per_week,
            "fillRateBySport": fill,
            "newMembersPerMonth": per_month,
            "paymentMethods": {
                "cash": f.cash_bookings,
                "card": f.card_bookings,
                "solidarity": f.solidarity_bookings,
            },
            "turnUpBySport": turn_up,
        },
    })))
}
