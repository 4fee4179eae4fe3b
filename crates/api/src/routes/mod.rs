//! One file per action. `configure` mounts them all.
use actix_web::web;

use crate::error::ApiError;

mod get_event;
mod health;
mod list_events;
mod submit_contact;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(health::healthz))
        .route("/readyz", web::get().to(health::readyz))
        .service(
            web::scope("/api")
                .service(web::resource("/events").route(web::get().to(list_events::handle)))
                .service(web::resource("/events/{id}").route(web::get().to(get_event::handle)))
                .service(web::resource("/contact").route(web::post().to(submit_contact::handle)))
                // Unknown API paths answer JSON, never the single-page app.
                .default_service(web::to(api_not_found)),
        );
}

async fn api_not_found() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::not_found(
        "route_not_found",
        "No such API endpoint",
    ))
}
