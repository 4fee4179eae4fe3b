//! Reading a Stripe Checkout Session object (from the API or inside a webhook event) into a
//! [`CheckoutState`].

use playspace_ports::{CheckoutPayment, CheckoutState, CheckoutStatus};
use serde_json::Value;

/// Parses a Checkout Session, refusing anything whose id, `status` or `payment_status` is
/// missing or unknown. The error text names the field, never its value.
pub(crate) fn strict(object: &Value) -> Result<CheckoutState, String> {
    if let Some(kind) = object.get("object")
        && kind.as_str() != Some("checkout.session")
    {
        return Err("object is not a checkout.session".to_owned());
    }
    let id = non_empty_str(object.get("id")).ok_or("checkout session without an id")?;
    let status = object
        .get("status")
        .and_then(Value::as_str)
        .and_then(status)
        .ok_or("checkout session with a missing or unknown status")?;
    let payment = object
        .get("payment_status")
        .and_then(Value::as_str)
        .and_then(payment)
        .ok_or("checkout session with a missing or unknown payment_status")?;
    Ok(CheckoutState {
        id: id.to_owned(),
        status,
        payment,
        ..references(object)
    })
}

/// Best effort, for events we only acknowledge: whatever is readable is kept, the rest
/// falls back to an empty id, `Open` and `Unpaid`. Anything but a Checkout Session gives
/// that empty state.
pub(crate) fn lenient(object: &Value) -> CheckoutState {
    if object.get("object").and_then(Value::as_str) != Some("checkout.session") {
        return empty();
    }
    CheckoutState {
        id: non_empty_str(object.get("id"))
            .unwrap_or_default()
            .to_owned(),
        status: object
            .get("status")
            .and_then(Value::as_str)
            .and_then(status)
            .unwrap_or(CheckoutStatus::Open),
        payment: object
            .get("payment_status")
            .and_then(Value::as_str)
            .and_then(payment)
            .unwrap_or(CheckoutPayment::Unpaid),
        ..references(object)
    }
}

pub(crate) fn empty() -> CheckoutState {
    CheckoutState {
        id: String::new(),
        status: CheckoutStatus::Open,
        payment: CheckoutPayment::Unpaid,
        reference_id: None,
        payment_intent: None,
        subscription: None,
    }
}

/// `client_reference_id`, `payment_intent` and `subscription`; the last two may be ids or,
/// when the request asked to expand them, whole objects.
fn references(object: &Value) -> CheckoutState {
    CheckoutState {
        reference_id: non_empty_str(object.get("client_reference_id")).map(str::to_owned),
        payment_intent: id_or_expanded(object.get("payment_intent")),
        subscription: id_or_expanded(object.get("subscription")),
        ..empty()
    }
}

fn status(text: &str) -> Option<CheckoutStatus> {
    match text {
        "open" => Some(CheckoutStatus::Open),
        "complete" => Some(CheckoutStatus::Complete),
        "expired" => Some(CheckoutStatus::Expired),
        _ => None,
    }
}

fn payment(text: &str) -> Option<CheckoutPayment> {
    match text {
        "paid" => Some(CheckoutPayment::Paid),
        "unpaid" => Some(CheckoutPayment::Unpaid),
        "no_payment_required" => Some(CheckoutPayment::NoPaymentRequired),
        _ => None,
    }
}

fn id_or_expanded(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::Object(expanded) => non_empty_str(expanded.get("id")),
        other => non_empty_str(Some(other)),
    }
    .map(str::to_owned)
}

fn non_empty_str(value: Option<&Value>) -> Option<&str> {
    value?.as_str().filter(|text| !text.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn strict_reads_ids_and_expanded_objects() {
        let state = strict(&json!({
            "id": "cs_test_1",
            "object": "checkout.session",
            "status": "complete",
            "payment_status": "paid",
            "client_reference_id": "booking-1",
            "payment_intent": { "id": "pi_1", "object": "payment_intent" },
            "subscription": "sub_1"
        }))
        .unwrap();
        assert_eq!(
            state,
            CheckoutState {
                id: "cs_test_1".to_owned(),
                status: CheckoutStatus::Complete,
                payment: CheckoutPayment::Paid,
                reference_id: Some("booking-1".to_owned()),
                payment_intent: Some("pi_1".to_owned()),
                subscription: Some("sub_1".to_owned()),
            }
        );
    }

    #[test]
    fn strict_refuses_unknown_states_and_other_objects() {
        let base = json!({ "id": "cs_1", "status": "open", "payment_status": "unpaid" });
        assert!(strict(&base).is_ok());
        for (field, value) in [
            ("status", json!("weird")),
            ("payment_status", json!(null)),
            ("id", json!("")),
            ("object", json!("payment_intent")),
        ] {
            let mut object = base.clone();
            object[field] = value;
            assert!(strict(&object).is_err(), "{field}");
        }
    }

    #[test]
    fn lenient_falls_back_field_by_field() {
        let state = lenient(&json!({
            "object": "checkout.session",
            "id": "cs_2",
            "status": "strange",
            "payment_status": "no_payment_required",
            "client_reference_id": null,
            "payment_intent": null
        }));
        assert_eq!(state.id, "cs_2");
        assert_eq!(state.status, CheckoutStatus::Open);
        assert_eq!(state.payment, CheckoutPayment::NoPaymentRequired);
        assert_eq!(state.reference_id, None);
        assert_eq!(state.payment_intent, None);
        assert_eq!(
            lenient(&json!({ "object": "charge", "id": "ch_1" })),
            empty()
        );
    }
}
