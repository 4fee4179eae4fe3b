use actix_web::http::StatusCode;
use actix_web::http::header::LOCATION;
use actix_web::{HttpResponse, web};
use playspace_app::bookings::handle_gateway_event;

use crate::error::ApiError;
use crate::local_checkout::is_checkout_id;
use crate::state::AppState;

/// A payment link that cannot be one: refused before it reaches a lookup or a header.
fn malformed_link() -> ApiError {
    ApiError::not_found("checkout_not_found", "This payment link is not valid.")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn page(status: actix_web::http::StatusCode, title: &str, body: &str) -> HttpResponse {
    HttpResponse::build(status).content_type("text/html; charset=utf-8").insert_header(("Cache-Control", "no-store")).body(format!(
        "<!doctype html><html lang=\"en-GB\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>{} | PlaySpace checkout</title><style>\
body{{margin:0;padding:0 1rem;font-family:system-ui,sans-serif;background:#fffaf3;color:#1f2937}}\
main{{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #e5e7eb;border-radius:1rem}}\
h1{{font-size:1.4rem}}.amount{{font-size:2rem;font-weight:700;margin:1rem 0}}\
.note{{font-size:.9rem;color:#4b5563}}form{{display:inline}}\
button{{font:inherit;padding:.75rem 1.25rem;border-radius:.6rem;border:2px solid #9a3412;margin:.5rem .5rem 0 0;cursor:pointer}}\
.pay{{background:#9a3412;color:#fff}}.cancel{{background:#fff;color:#9a3412}}\
button:focus-visible{{outline:3px solid #1d4ed8;outline-offset:2px}}\
@media (prefers-color-scheme: dark){{body{{background:#1c1917;color:#f5f5f4}}main{{background:#292524;border-color:#44403c}}.note{{color:#d6d3d1}}.cancel{{background:#292524;color:#fdba74;border-color:#fdba74}}}}\
</style></head><body><main>{body}</main></body></html>",
        escape(title)
    ))
}

/// `GET /checkout/{id}`: the local checkout page (offline stand-in for Stripe Checkout).
pub async fn show(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let local = state
        .local_checkout
        .as_ref()
        .ok_or_else(|| ApiError::not_found("not_found", "Not found"))?;
    let view = if is_checkout_id(&id) {
        local.view(&id, state.clock.now())
    } else {
        None
    };
    let Some(view) = view else {
        return Ok(page(
            StatusCode::NOT_FOUND,
            "Checkout not found",
            "<h1>Checkout not found</h1><p>This payment link is not valid. <a href=\"/events\">Back to events</a></p>",
        ));
    };
    if !view.open {
        return Ok(page(
            StatusCode::GONE,
            "Checkout closed",
            "<h1>This checkout has closed</h1><p>It was paid, cancelled or timed out. <a href=\"/events\">Back to events</a></p>",
        ));
    }
    let amount = format!(
        "£{}.{:02}",
        view.amount_pence / 100,
        view.amount_pence % 100
    );
    let id = escape(&id);
    Ok(page(
        StatusCode::OK,
        &view.product_name,
        &format!(
            "<p class=\"note\">PlaySpace test checkout: no real card is charged.</p>\
<h1>{}</h1><p>{}</p><p class=\"amount\" aria-label=\"Amount to pay\">{amount}</p>\
<form method=\"post\" action=\"/checkout/{id}/pay\"><button class=\"pay\" type=\"submit\">Pay {amount}</button></form>\
<form method=\"post\" action=\"/checkout/{id}/cancel\"><button class=\"cancel\" type=\"submit\">Cancel</button></form>",
            escape(&view.product_name),
            escape(&view.description)
        ),
    ))
}

/// `POST /checkout/{id}/pay`: completes the session and applies the resulting event through
/// the webhook's own code path, then returns to the success page.
pub async fn pay(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let local = state
        .local_checkout
        .clone()
        .ok_or_else(|| ApiError::not_found("not_found", "Not found"))?;
    if !is_checkout_id(&id) {
        return Err(malformed_link());
    }
    let Some((event, next)) = local.pay(&id, state.clock.now()) else {
        return Ok(HttpResponse::SeeOther()
            .insert_header((LOCATION, format!("/checkout/{id}")))
            .finish());
    };
    let app = state.clone();
    web::block(move || handle_gateway_event(&app.booking_deps(), &event))
        .await?
        .map_err(ApiError::internal)?;
    state.events_cache.invalidate();
    Ok(HttpResponse::SeeOther()
        .insert_header((LOCATION, next))
        .finish())
}

/// `POST /checkout/{id}/cancel`: back to the cancel page, which releases the place.
pub async fn cancel(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let local = state
        .local_checkout
        .as_ref()
        .ok_or_else(|| ApiError::not_found("not_found", "Not found"))?;
    if !is_checkout_id(&id) {
        return Err(malformed_link());
    }
    let next = local
        .cancel_url(&id, state.clock.now())
        .unwrap_or_else(|| "/events".into());
    Ok(HttpResponse::SeeOther()
        .insert_header((LOCATION, next))
        .finish())
}
