use actix_web::http::StatusCode;
use actix_web::http::header::LOCATION;
use actix_web::{HttpResponse, web};
use playspace_app::bookings::handle_gateway_event;

use crate::changes::Cache;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::local_checkout::is_checkout_id;
use crate::state::AppState;

/// A payment link that cannot be one: refused before it reaches a lookup or a header.
fn malformed_link() -> ApiError {
    ApiError::new(
        ErrorCode::CheckoutNotFound,
        "This payment link is not valid.",
    )
}

/// The local checkout's page. Askama escapes every value for HTML text and attributes (`'`
/// included), as the emails' templates are.
#[derive(askama::Template)]
#[template(path = "checkout.html")]
struct CheckoutPage<'a> {
    title: &'a str,
    /// `None`: the checkout is closed (`closed`) or was never one.
    open: Option<OpenCheckout<'a>>,
    closed: bool,
}

struct OpenCheckout<'a> {
    id: &'a str,
    product: &'a str,
    description: &'a str,
    amount: String,
}

fn page(status: StatusCode, page: &CheckoutPage<'_>) -> Result<HttpResponse, ApiError> {
    let html = askama::Template::render(page).map_err(ApiError::internal)?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(html))
}

/// `GET /checkout/{id}`: the local checkout page (offline stand-in for Stripe Checkout).
pub async fn show(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let local = state
        .local_checkout
        .as_ref()
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, "Not found"))?;
    let view = if is_checkout_id(&id) {
        local.view(&id, state.clock.now())
    } else {
        None
    };
    let Some(view) = view else {
        let not_found = CheckoutPage {
            title: "Checkout not found",
            open: None,
            closed: false,
        };
        return page(StatusCode::NOT_FOUND, &not_found);
    };
    if !view.open {
        let closed = CheckoutPage {
            title: "Checkout closed",
            open: None,
            closed: true,
        };
        return page(StatusCode::GONE, &closed);
    }
    let amount = format!(
        "£{}.{:02}",
        view.amount_pence / 100,
        view.amount_pence % 100
    );
    let open = CheckoutPage {
        title: &view.product_name,
        open: Some(OpenCheckout {
            id: &id,
            product: &view.product_name,
            description: &view.description,
            amount,
        }),
        closed: false,
    };
    page(StatusCode::OK, &open)
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
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, "Not found"))?;
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
    state.changes.changed(Cache::Events);
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
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, "Not found"))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_is_escaped_for_text_and_attributes() {
        let open = CheckoutPage {
            title: "O'Brien <b>",
            open: Some(OpenCheckout {
                id: "cs_1\"'><x",
                product: "O'Brien <b>",
                description: "\"quoted\" & 'single'",
                amount: "£8.00".to_owned(),
            }),
            closed: false,
        };
        let html = askama::Template::render(&open).unwrap();
        assert!(!html.contains("<b>") && !html.contains("<x"), "{html}");
        assert!(
            !html.contains("O'Brien") && !html.contains("'single'"),
            "{html}"
        );
        assert!(html.contains("O&#39;Brien &#60;b&#62;"), "{html}");
        assert!(html.contains("Pay £8.00"), "{html}");
    }

    #[test]
    fn a_closed_and_an_unknown_checkout_say_so() {
        let closed = CheckoutPage {
            title: "Checkout closed",
            open: None,
            closed: true,
        };
        let html = askama::Template::render(&closed).unwrap();
        assert!(html.contains("This checkout has closed") && !html.contains("Pay "));
        let unknown = CheckoutPage {
            title: "Checkout not found",
            open: None,
            closed: false,
        };
        let html = askama::Template::render(&unknown).unwrap();
        assert!(html.contains("This payment link is not valid."));
    }
}
