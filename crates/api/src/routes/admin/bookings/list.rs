use actix_web::{HttpResponse, web};
use playspace_app::admin::bookings::{ListBookingsInput, list_admin_bookings};
use serde::Deserialize;

use super::AdminBookingDto;
use crate::auth::Admin;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Query {
    event_id: Option<String>,
    status: Option<String>,
    payment_status: Option<String>,
    from: Option<String>,
    to: Option<String>,
    reference: Option<String>,
    cursor: Option<String>,
}

/// `GET /api/admin/bookings?eventId=&status=&paymentStatus=&from=&to=&reference=&cursor=`.
pub async fn handle(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<Query>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let input = ListBookingsInput {
        event_id: q.event_id,
        status: q.status,
        payment_status: q.payment_status,
        from: q.from,
        to: q.to,
        reference: q.reference,
        cursor: q.cursor,
    };
    let app = state.clone();
    let page = web::block(move || list_admin_bookings(&app.admin_deps(), input)).await??;
    let bookings: Vec<AdminBookingDto> = page.items.iter().map(AdminBookingDto::from).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "bookings": bookings,
        "nextCursor": page.next.map(|c| c.encode()),
        "total": page.total,
    })))
}
