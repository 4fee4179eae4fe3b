use actix_web::{HttpResponse, web};
use playspace_ports::HealthCheck;

use crate::error::ApiError;
use crate::state::AppState;

/// The process is up and answering.
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "status": "ok" }))
}

/// The database answers too: safe to send traffic here.
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    web::block(move || store.ping()).await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "status": "ready" })))
}
