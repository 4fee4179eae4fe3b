//! StripeGateway against a mock of the Stripe API on 127.0.0.1 (wiremock).

use std::net::TcpListener;

use chrono::DateTime;
use playspace_ports::{
    CheckoutMode, CheckoutPayment, CheckoutRequest, CheckoutSession, CheckoutState, CheckoutStatus,
    GatewayError, PaymentGateway, Refund, RefundRequest, RefundStatus,
};
use playspace_stripe::StripeGateway;
use playspace_test_support::mock_http::{OneShotServer, Recorded};

const API_KEY: &str = "sk_test_51PlaySpaceDoNotLeak";
/// 2026-01-01T00:30:00Z.
const EXPIRES_AT: i64 = 1_767_227_400;

/// A one-shot mock answering with `Content-Type: {content_type}`.
fn start(status_line: &str, content_type: &str, body: &str) -> OneShotServer {
    OneShotServer::start(status_line, &[("Content-Type", content_type)], body)
}

/// A one-shot mock answering with a JSON body.
fn json_server(status_line: &str, body: &str) -> OneShotServer {
    start(status_line, "application/json", body)
}

fn gateway(server: &OneShotServer) -> StripeGateway {
    StripeGateway::with_base_url(API_KEY, &server.base_url()).unwrap()
}

/// The request body decoded as `application/x-www-form-urlencoded`, in order.
fn form(request: &Recorded) -> Vec<(String, String)> {
    form_urlencoded::parse(&request.body).into_owned().collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
        .collect()
}

fn booking_request() -> CheckoutRequest {
    CheckoutRequest {
        mode: CheckoutMode::Payment,
        reference_id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b".to_owned(),
        product_name: "Saturday football & futsal".to_owned(),
        description: "Sat 3 Jan 2026, 10:00–11:00, Hackney Marshes".to_owned(),
        amount_pence: 750,
        customer_email: "sam+kids@example.com".to_owned(),
        success_url: "https://playspace.example/bookings/paid?session={CHECKOUT_SESSION_ID}"
            .to_owned(),
        cancel_url: "https://playspace.example/events/42?cancelled=1".to_owned(),
        expires_at: DateTime::from_timestamp(EXPIRES_AT, 0).unwrap(),
        idempotency_key: "checkout-0190a1b2-attempt-1".to_owned(),
        metadata: vec![
            ("kind".to_owned(), "booking".to_owned()),
            ("event_id".to_owned(), "42".to_owned()),
        ],
    }
}

fn membership_request() -> CheckoutRequest {
    CheckoutRequest {
        mode: CheckoutMode::Subscription,
        reference_id: "membership-9".to_owned(),
        product_name: "Family plan".to_owned(),
        description: String::new(),
        amount_pence: 1500,
        customer_email: "alex@example.com".to_owned(),
        success_url: "https://playspace.example/plans/welcome?session={CHECKOUT_SESSION_ID}"
            .to_owned(),
        cancel_url: "https://playspace.example/plans".to_owned(),
        expires_at: DateTime::from_timestamp(EXPIRES_AT, 0).unwrap(),
        idempotency_key: "membership-9-attempt-1".to_owned(),
        metadata: vec![],
    }
}

const SESSION_JSON: &str = r#"{"id":"cs_test_a1B2c3","object":"checkout.session","url":"https://checkout.stripe.com/c/pay/cs_test_a1B2c3#fid","status":"open","payment_status":"unpaid"}"#;

fn assert_common_post_headers(request: &Recorded, idempotency_key: &str) {
    assert_eq!(request.method, "POST");
    assert_eq!(
        request.header("authorization"),
        Some(format!("Bearer {API_KEY}").as_str())
    );
    assert_eq!(request.header("idempotency-key"), Some(idempotency_key));
    assert_eq!(
        request.header("content-type"),
        Some("application/x-www-form-urlencoded")
    );
}

/// The error text is stored and logged: no key, short, one line.
fn assert_clean(text: &str) {
    assert!(!text.contains(API_KEY), "{text}");
    assert!(!text.contains("DoNotLeak"), "{text}");
    assert!(text.chars().count() <= 300, "{text}");
    assert!(!text.contains('\n'), "{text}");
}

#[test]
fn payment_session_posts_the_documented_form() {
    let server = json_server("200 OK", SESSION_JSON);
    let result = gateway(&server).create_checkout(&booking_request());
    let request = server.finish();

    assert_eq!(
        result,
        Ok(CheckoutSession {
            id: "cs_test_a1B2c3".to_owned(),
            url: "https://checkout.stripe.com/c/pay/cs_test_a1B2c3#fid".to_owned(),
        })
    );
    assert_eq!(request.path, "/v1/checkout/sessions");
    assert_common_post_headers(&request, "checkout-0190a1b2-attempt-1");
    let reference = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    assert_eq!(
        form(&request),
        pairs(&[
            ("mode", "payment"),
            ("line_items[0][quantity]", "1"),
            ("line_items[0][price_data][currency]", "gbp"),
            ("line_items[0][price_data][unit_amount]", "750"),
            (
                "line_items[0][price_data][product_data][name]",
                "Saturday football & futsal"
            ),
            (
                "line_items[0][price_data][product_data][description]",
                "Sat 3 Jan 2026, 10:00–11:00, Hackney Marshes"
            ),
            ("client_reference_id", reference),
            ("customer_email", "sam+kids@example.com"),
            (
                "success_url",
                "https://playspace.example/bookings/paid?session={CHECKOUT_SESSION_ID}"
            ),
            (
                "cancel_url",
                "https://playspace.example/events/42?cancelled=1"
            ),
            ("expires_at", "1767227400"),
            ("metadata[kind]", "booking"),
            ("metadata[event_id]", "42"),
            ("metadata[reference_id]", reference),
            ("payment_intent_data[metadata][reference_id]", reference),
        ])
    );
    // Percent-encoded on the wire, so `&`, `+`, `=` and the braces survive.
    let raw = request.text();
    assert!(
        raw.contains("%7BCHECKOUT_SESSION_ID%7D"),
        "placeholder not sent literally: {raw}"
    );
    assert!(raw.contains("sam%2Bkids%40example.com"), "{raw}");
    assert!(raw.contains("football+%26+futsal"), "{raw}");
}

#[test]
fn subscription_session_posts_a_monthly_price_and_omits_an_empty_description() {
    let server = json_server("200 OK", SESSION_JSON);
    let result = gateway(&server).create_checkout(&membership_request());
    let request = server.finish();

    assert!(result.is_ok(), "{result:?}");
    assert_eq!(request.path, "/v1/checkout/sessions");
    assert_common_post_headers(&request, "membership-9-attempt-1");
    assert_eq!(
        form(&request),
        pairs(&[
            ("mode", "subscription"),
            ("line_items[0][quantity]", "1"),
            ("line_items[0][price_data][currency]", "gbp"),
            ("line_items[0][price_data][unit_amount]", "1500"),
            (
                "line_items[0][price_data][product_data][name]",
                "Family plan"
            ),
            ("line_items[0][price_data][recurring][interval]", "month"),
            ("client_reference_id", "membership-9"),
            ("customer_email", "alex@example.com"),
            (
                "success_url",
                "https://playspace.example/plans/welcome?session={CHECKOUT_SESSION_ID}"
            ),
            ("cancel_url", "https://playspace.example/plans"),
            ("expires_at", "1767227400"),
            ("metadata[reference_id]", "membership-9"),
            ("subscription_data[metadata][reference_id]", "membership-9"),
        ])
    );
}

#[test]
fn caller_metadata_cannot_override_the_reference() {
    let server = json_server("200 OK", SESSION_JSON);
    let mut checkout = membership_request();
    checkout.metadata = vec![("reference_id".to_owned(), "spoofed".to_owned())];
    gateway(&server).create_checkout(&checkout).unwrap();
    let form = form(&server.finish());
    let values: Vec<&str> = form
        .iter()
        .filter(|(key, _)| key == "metadata[reference_id]")
        .map(|(_, value)| value.as_str())
        .collect();
    assert_eq!(values, vec!["membership-9"]);
}

#[test]
fn session_answer_without_url_is_permanent() {
    let server = json_server("200 OK", r#"{"id":"cs_test_1","url":null}"#);
    let result = gateway(&server).create_checkout(&booking_request());
    server.finish();
    assert!(
        matches!(result, Err(GatewayError::Permanent(_))),
        "{result:?}"
    );
}

#[test]
fn success_with_a_non_json_body_is_retryable() {
    let server = start("200 OK", "text/html", "<html>captive portal</html>");
    let result = gateway(&server).create_checkout(&booking_request());
    server.finish();
    let Err(GatewayError::Retryable(text)) = result else {
        panic!("expected Retryable, got {result:?}");
    };
    assert!(!text.contains("captive"), "{text}");
}

#[test]
fn retrieve_gets_the_session_and_reads_its_state() {
    let body = r#"{"id":"cs_test_a1B2c3","object":"checkout.session","status":"complete","payment_status":"paid","client_reference_id":"booking-42","payment_intent":"pi_3Abc","subscription":null,"url":null}"#;
    let server = json_server("200 OK", body);
    let result = gateway(&server).retrieve_checkout("cs_test_a1B2c3");
    let request = server.finish();

    assert_eq!(
        result,
        Ok(CheckoutState {
            id: "cs_test_a1B2c3".to_owned(),
            status: CheckoutStatus::Complete,
            payment: CheckoutPayment::Paid,
            reference_id: Some("booking-42".to_owned()),
            payment_intent: Some("pi_3Abc".to_owned()),
            subscription: None,
        })
    );
    assert_eq!(request.method, "GET");
    assert_eq!(request.path, "/v1/checkout/sessions/cs_test_a1B2c3");
    assert_eq!(
        request.header("authorization"),
        Some(format!("Bearer {API_KEY}").as_str())
    );
    assert_eq!(request.header("idempotency-key"), None);
    assert!(request.body.is_empty());
}

#[test]
fn retrieve_reads_expanded_objects_subscriptions_and_expiry() {
    let body = r#"{"id":"cs_test_sub","object":"checkout.session","status":"expired","payment_status":"unpaid","client_reference_id":null,"payment_intent":{"id":"pi_x","object":"payment_intent"},"subscription":"sub_1"}"#;
    let server = json_server("200 OK", body);
    let result = gateway(&server).retrieve_checkout("cs_test_sub").unwrap();
    server.finish();
    assert_eq!(result.status, CheckoutStatus::Expired);
    assert_eq!(result.payment, CheckoutPayment::Unpaid);
    assert_eq!(result.reference_id, None);
    assert_eq!(result.payment_intent.as_deref(), Some("pi_x"));
    assert_eq!(result.subscription.as_deref(), Some("sub_1"));
}

#[test]
fn retrieve_with_an_unknown_status_is_permanent() {
    let body =
        r#"{"id":"cs_1","object":"checkout.session","status":"paused","payment_status":"paid"}"#;
    let server = json_server("200 OK", body);
    let result = gateway(&server).retrieve_checkout("cs_1");
    server.finish();
    assert!(
        matches!(result, Err(GatewayError::Permanent(_))),
        "{result:?}"
    );
}

#[test]
fn retrieve_refuses_odd_ids_without_calling_stripe() {
    // Nothing listens there: a call would come back Retryable, not Permanent.
    let gateway = StripeGateway::with_base_url(API_KEY, &closed_base_url()).unwrap();
    for id in [
        "",
        "cs_test/../../v1/refunds",
        "cs test",
        "cs_test?expand[]=x",
        "cs_é",
        "cs%2F",
        &"a".repeat(256),
    ] {
        let result = gateway.retrieve_checkout(id);
        assert!(
            matches!(result, Err(GatewayError::Permanent(_))),
            "{id:?}: {result:?}"
        );
    }
}

#[test]
fn refund_posts_payment_intent_and_amount() {
    let server = json_server(
        "200 OK",
        r#"{"id":"re_1Abc","object":"refund","amount":750,"status":"succeeded"}"#,
    );
    let result = gateway(&server).refund(&RefundRequest {
        payment_intent: "pi_3Abc".to_owned(),
        amount_pence: 750,
        idempotency_key: "refund-cancellation-17".to_owned(),
    });
    let request = server.finish();

    assert_eq!(
        result,
        Ok(Refund {
            id: "re_1Abc".to_owned(),
            status: RefundStatus::Succeeded,
        })
    );
    assert_eq!(request.path, "/v1/refunds");
    assert_common_post_headers(&request, "refund-cancellation-17");
    assert_eq!(
        form(&request),
        pairs(&[("payment_intent", "pi_3Abc"), ("amount", "750")])
    );
}

#[test]
fn refund_statuses_are_mapped() {
    for (stripe, expected) in [
        ("pending", RefundStatus::Pending),
        ("requires_action", RefundStatus::Pending),
        ("failed", RefundStatus::Failed),
        ("canceled", RefundStatus::Failed),
    ] {
        let server = json_server(
            "200 OK",
            &format!(r#"{{"id":"re_2","object":"refund","status":"{stripe}"}}"#),
        );
        let result = gateway(&server).refund(&RefundRequest {
            payment_intent: "pi_1".to_owned(),
            amount_pence: 100,
            idempotency_key: "k".to_owned(),
        });
        server.finish();
        assert_eq!(result.map(|refund| refund.status), Ok(expected), "{stripe}");
    }
}

#[test]
fn cancel_at_period_end_updates_the_subscription_and_reads_when_it_stops() {
    // API versions since 2025-03-31 keep the period on the item; older ones on the
    // subscription; `cancel_at` wins when Stripe sends it.
    for (answer, ends) in [
        (
            r#"{"id":"sub_1Abc","object":"subscription","cancel_at_period_end":true,"items":{"data":[{"current_period_end":1767225600}]}}"#,
            1_767_225_600,
        ),
        (
            r#"{"id":"sub_1Abc","object":"subscription","cancel_at_period_end":true,"current_period_end":1767225601}"#,
            1_767_225_601,
        ),
        (
            r#"{"id":"sub_1Abc","object":"subscription","cancel_at_period_end":true,"cancel_at":1767225602,"current_period_end":1}"#,
            1_767_225_602,
        ),
    ] {
        let server = json_server("200 OK", answer);
        let result = gateway(&server).cancel_at_period_end("sub_1Abc");
        let request = server.finish();

        assert_eq!(result, Ok(DateTime::from_timestamp(ends, 0)), "{answer}");
        assert_eq!(request.path, "/v1/subscriptions/sub_1Abc");
        assert_common_post_headers(&request, "cancel-at-period-end-sub_1Abc");
        assert_eq!(form(&request), pairs(&[("cancel_at_period_end", "true")]));
    }
}

#[test]
fn a_subscription_answer_that_still_renews_is_permanent() {
    let server = json_server(
        "200 OK",
        r#"{"id":"sub_1Abc","object":"subscription","cancel_at_period_end":false}"#,
    );
    let result = gateway(&server).cancel_at_period_end("sub_1Abc");
    server.finish();
    assert!(
        matches!(result, Err(GatewayError::Permanent(_))),
        "{result:?}"
    );
}

#[test]
fn odd_subscription_ids_are_refused_before_calling_stripe() {
    let gateway = StripeGateway::with_base_url(API_KEY, &closed_base_url()).unwrap();
    for bad in ["", "sub_1/../../v1/refunds", "sub 1", "sub_1?x=1"] {
        assert!(
            matches!(
                gateway.cancel_at_period_end(bad),
                Err(GatewayError::Permanent(_))
            ),
            "{bad:?}"
        );
    }
}

#[test]
fn invalid_requests_are_refused_before_calling_stripe() {
    let gateway = StripeGateway::with_base_url(API_KEY, &closed_base_url()).unwrap();
    let mut zero = booking_request();
    zero.amount_pence = 0;
    let mut no_key = booking_request();
    no_key.idempotency_key = " ".to_owned();
    let mut bad_key = booking_request();
    bad_key.idempotency_key = "a\r\nb".to_owned();
    for checkout in [zero, no_key, bad_key] {
        let result = gateway.create_checkout(&checkout);
        assert!(
            matches!(result, Err(GatewayError::Permanent(_))),
            "{result:?}"
        );
    }
    let result = gateway.refund(&RefundRequest {
        payment_intent: "pi_1".to_owned(),
        amount_pence: -5,
        idempotency_key: "k".to_owned(),
    });
    assert!(
        matches!(result, Err(GatewayError::Permanent(_))),
        "{result:?}"
    );
}

#[test]
fn stripe_400_is_permanent_with_its_message() {
    let body = r#"{"error":{"code":"resource_missing","doc_url":"https://stripe.com/docs/error-codes/resource-missing","message":"No such payment_intent: 'pi_nope'","param":"payment_intent","type":"invalid_request_error"}}"#;
    let server = json_server("400 Bad Request", body);
    let result = gateway(&server).refund(&RefundRequest {
        payment_intent: "pi_nope".to_owned(),
        amount_pence: 100,
        idempotency_key: "k".to_owned(),
    });
    server.finish();
    let Err(GatewayError::Permanent(text)) = result else {
        panic!("expected Permanent, got {result:?}");
    };
    assert!(text.contains("400"), "{text}");
    assert!(
        text.contains("No such payment_intent: 'pi_nope' (resource_missing)"),
        "{text}"
    );
    assert_clean(&text);
}

#[test]
fn stripe_402_card_error_is_permanent() {
    let body = r#"{"error":{"code":"charge_already_refunded","message":"Charge ch_1 has already been refunded.","type":"invalid_request_error"}}"#;
    let server = json_server("402 Payment Required", body);
    let result = gateway(&server).refund(&RefundRequest {
        payment_intent: "pi_1".to_owned(),
        amount_pence: 100,
        idempotency_key: "k".to_owned(),
    });
    server.finish();
    let Err(GatewayError::Permanent(text)) = result else {
        panic!("expected Permanent, got {result:?}");
    };
    assert!(text.contains("402"), "{text}");
    assert!(text.contains("has already been refunded"), "{text}");
    assert_clean(&text);
}

#[test]
fn a_leaked_key_in_an_error_message_is_redacted_and_long_messages_are_clipped() {
    let body = format!(
        r#"{{"error":{{"message":"Invalid API Key provided: {API_KEY}. {}","type":"invalid_request_error"}}}}"#,
        "x".repeat(600)
    );
    let server = json_server("401 Unauthorized", &body);
    let result = gateway(&server).retrieve_checkout("cs_1");
    server.finish();
    let Err(GatewayError::Permanent(text)) = result else {
        panic!("expected Permanent, got {result:?}");
    };
    assert!(text.contains("Invalid API Key provided"), "{text}");
    assert!(text.ends_with('…'), "{text}");
    assert_clean(&text);
}

#[test]
fn rate_limit_and_server_errors_are_retryable() {
    for status_line in [
        "429 Too Many Requests",
        "500 Internal Server Error",
        "409 Conflict",
    ] {
        let server = json_server(
            status_line,
            r#"{"error":{"message":"Too many requests, try again later.","type":"api_error"}}"#,
        );
        let result = gateway(&server).create_checkout(&booking_request());
        server.finish();
        let Err(GatewayError::Retryable(text)) = result else {
            panic!("{status_line}: expected Retryable, got {result:?}");
        };
        assert!(text.contains(status_line), "{text}");
        assert!(text.contains("try again later"), "{text}");
        assert_clean(&text);
    }
}

#[test]
fn html_error_page_is_retryable_and_kept_out_of_the_error_text() {
    let page = "<html><head><title>503 Service Temporarily Unavailable</title></head>\
                <body><h1>Upstream maintenance window</h1></body></html>";
    let server = start("503 Service Unavailable", "text/html", page);
    let result = gateway(&server).retrieve_checkout("cs_test_1");
    server.finish();
    let Err(GatewayError::Retryable(text)) = result else {
        panic!("expected Retryable, got {result:?}");
    };
    assert!(text.contains("503"), "{text}");
    assert!(text.contains("not Stripe's JSON error format"), "{text}");
    assert!(!text.contains('<'), "{text}");
    assert!(!text.contains("maintenance"), "{text}");
    assert_clean(&text);
}

fn closed_base_url() -> String {
    // Bind then drop a listener: the port is now (almost certainly) closed.
    let closed = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    format!("http://{closed}")
}

#[test]
fn connection_refused_is_retryable() {
    let gateway = StripeGateway::with_base_url(API_KEY, &closed_base_url()).unwrap();
    let results = [
        gateway.create_checkout(&booking_request()).map(|_| ()),
        gateway.retrieve_checkout("cs_test_1").map(|_| ()),
        gateway
            .refund(&RefundRequest {
                payment_intent: "pi_1".to_owned(),
                amount_pence: 100,
                idempotency_key: "k".to_owned(),
            })
            .map(|_| ()),
    ];
    for result in results {
        let Err(GatewayError::Retryable(text)) = result else {
            panic!("expected Retryable, got {result:?}");
        };
        assert!(text.contains("could not connect"), "{text}");
        assert_clean(&text);
    }
}

#[test]
fn debug_output_redacts_the_api_key() {
    let gateway = StripeGateway::new(API_KEY).unwrap();
    let debug = format!("{gateway:?}");
    assert!(!debug.contains(API_KEY), "{debug}");
    assert!(!debug.contains("DoNotLeak"), "{debug}");
    assert!(debug.contains("redacted"), "{debug}");
    assert!(debug.contains("https://api.stripe.com"), "{debug}");
}
