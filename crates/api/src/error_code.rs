//! Every `code` an error body carries, each with the one status it answers with. The codes
//! are the API's contract: the frontend switches on them (written into
//! `frontend/src/generated/shared-rules.ts` as `ERROR_CODES`), so a code's text never
//! changes. Which use-case error becomes which code is decided in `use_case_errors.rs`.
use actix_web::http::StatusCode;

macro_rules! error_codes {
    ($($(#[$doc:meta])* $variant:ident => $text:literal, $status:ident;)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)*
        }

        impl ErrorCode {
            pub const ALL: &[ErrorCode] = &[$(Self::$variant),*];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text,)*
                }
            }

            pub fn status(self) -> StatusCode {
                match self {
                    $(Self::$variant => StatusCode::$status,)*
                }
            }
        }
    };
}

error_codes! {
    // The request itself.
    /// With `fieldErrors`, a message per field.
    ValidationFailed => "validation_failed", BAD_REQUEST;
    InvalidJson => "invalid_json", BAD_REQUEST;
    InvalidQuery => "invalid_query", BAD_REQUEST;
    /// A request the framework could not read; it keeps the framework's own 4xx status.
    BadRequest => "bad_request", BAD_REQUEST;
    InvalidBody => "invalid_body", BAD_REQUEST;
    InvalidCursor => "invalid_cursor", BAD_REQUEST;
    InvalidStatus => "invalid_status", BAD_REQUEST;
    InvalidScope => "invalid_scope", BAD_REQUEST;
    InvalidMark => "invalid_mark", BAD_REQUEST;
    InvalidOffset => "invalid_offset", BAD_REQUEST;
    InvalidPlan => "invalid_plan", BAD_REQUEST;
    InvalidSignature => "invalid_signature", BAD_REQUEST;
    /// A signed link (sign-up, reset, verify, unsubscribe, newsletter) that is not valid.
    InvalidToken => "invalid_token", BAD_REQUEST;
    MissingFields => "missing_fields", BAD_REQUEST;
    OneField => "one_field", BAD_REQUEST;
    NoItemsSelected => "no_items_selected", BAD_REQUEST;
    TooManyItems => "too_many_items", BAD_REQUEST;
    MethodNotAllowed => "method_not_allowed", METHOD_NOT_ALLOWED;
    RequestTimeout => "request_timeout", REQUEST_TIMEOUT;
    PayloadTooLarge => "payload_too_large", PAYLOAD_TOO_LARGE;
    UriTooLong => "uri_too_long", URI_TOO_LONG;
    UnsupportedMediaType => "unsupported_media_type", UNSUPPORTED_MEDIA_TYPE;
    RateLimited => "rate_limited", TOO_MANY_REQUESTS;

    // Who is asking.
    Unauthenticated => "unauthenticated", UNAUTHORIZED;
    /// `GET /metrics` without its bearer token (ADR 0031).
    MetricsTokenRequired => "unauthorized", UNAUTHORIZED;
    AdminSessionRequired => "admin_session_required", UNAUTHORIZED;
    InvalidCredentials => "invalid_credentials", UNAUTHORIZED;
    InvalidAdminPassword => "invalid_admin_password", UNAUTHORIZED;
    Forbidden => "forbidden", FORBIDDEN;
    CrossSiteRequest => "cross_site_request", FORBIDDEN;

    // What is not there.
    NotFound => "not_found", NOT_FOUND;
    RouteNotFound => "route_not_found", NOT_FOUND;
    UserNotFound => "user_not_found", NOT_FOUND;
    EventNotFound => "event_not_found", NOT_FOUND;
    BookingNotFound => "booking_not_found", NOT_FOUND;
    NotificationNotFound => "notification_not_found", NOT_FOUND;
    StoryNotFound => "story_not_found", NOT_FOUND;
    VenueNotFound => "venue_not_found", NOT_FOUND;
    ExportNotFound => "export_not_found", NOT_FOUND;
    CheckoutNotFound => "checkout_not_found", NOT_FOUND;
    NotOnWaitlist => "not_on_waitlist", NOT_FOUND;

    // What the records' state refuses now.
    Conflict => "conflict", CONFLICT;
    EmailTaken => "email_taken", CONFLICT;
    LastAdmin => "last_admin", CONFLICT;
    OwnAdminRole => "own_admin_role", CONFLICT;
    OwnAccount => "own_account", CONFLICT;
    EventInactive => "event_inactive", CONFLICT;
    EventStarted => "event_started", CONFLICT;
    EventFull => "event_full", CONFLICT;
    AlreadyBooked => "already_booked", CONFLICT;
    MonthlyLimitReached => "monthly_limit_reached", CONFLICT;
    NoRoomForCompanion => "no_room_for_companion", CONFLICT;
    NoSolidarityPlaces => "no_solidarity_places", CONFLICT;
    EventNotFull => "event_not_full", CONFLICT;
    AlreadyWaiting => "already_waiting", CONFLICT;
    AlreadyOffered => "already_offered", CONFLICT;
    NoOpenOffer => "no_open_offer", CONFLICT;
    CancellationClosed => "cancellation_closed", CONFLICT;
    /// A booking cancelled or whose session started: its access needs stay as they were.
    BookingClosed => "booking_closed", CONFLICT;
    NoPlace => "no_place", CONFLICT;
    NotCash => "not_cash", CONFLICT;
    AlreadyReviewed => "already_reviewed", CONFLICT;
    ReviewFirst => "review_first", CONFLICT;
    ReviewQueueFull => "review_queue_full", CONFLICT;
    VenueInUse => "venue_in_use", CONFLICT;
    NoPaidPlan => "no_paid_plan", CONFLICT;

    // What a session never accepts (a request, not the session's state now).
    CompanionNotAllowed => "companion_not_allowed", BAD_REQUEST;
    SolidarityNotNeeded => "solidarity_not_needed", BAD_REQUEST;
    /// Card payment asked for a free session.
    PaymentNotRequired => "payment_not_required", BAD_REQUEST;

    // Ours, or a provider's.
    InternalError => "internal_error", INTERNAL_SERVER_ERROR;
    PaymentProviderFailed => "payment_provider_failed", BAD_GATEWAY;
    PaymentSetupFailed => "payment_setup_failed", BAD_GATEWAY;
    Unavailable => "unavailable", SERVICE_UNAVAILABLE;
    TookTooLong => "took_too_long", SERVICE_UNAVAILABLE;
    StreamsFull => "streams_full", SERVICE_UNAVAILABLE;
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn every_code_is_one_unique_snake_case_string_with_an_error_status() {
        let codes: HashSet<ErrorCode> = ErrorCode::ALL.iter().copied().collect();
        let texts: HashSet<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(
            (codes.len(), texts.len()),
            (ErrorCode::ALL.len(), ErrorCode::ALL.len())
        );
        for code in ErrorCode::ALL {
            let text = code.as_str();
            assert!(
                !text.is_empty() && text.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{text}"
            );
            let status = code.status();
            assert!(
                status.is_client_error() || status.is_server_error(),
                "{text}: {status}"
            );
        }
    }

    #[test]
    fn the_codes_the_frontend_switches_on_keep_their_text_and_status() {
        let pinned = [
            (ErrorCode::Unauthenticated, "unauthenticated", 401),
            (
                ErrorCode::AdminSessionRequired,
                "admin_session_required",
                401,
            ),
            (ErrorCode::ValidationFailed, "validation_failed", 400),
            (ErrorCode::InvalidToken, "invalid_token", 400),
            (ErrorCode::EmailTaken, "email_taken", 409),
            (ErrorCode::RateLimited, "rate_limited", 429),
            (ErrorCode::ReviewQueueFull, "review_queue_full", 409),
            (ErrorCode::MonthlyLimitReached, "monthly_limit_reached", 409),
            (ErrorCode::PaymentNotRequired, "payment_not_required", 400),
        ];
        for (code, text, status) in pinned {
            assert_eq!((code.as_str(), code.status().as_u16()), (text, status));
        }
    }
}
