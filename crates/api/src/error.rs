//! The one error format every failure answers with:
//! `{ "error": "human message", "code": "snake_case_code", "fieldErrors": { ... },
//! "requestId": "..." }` (`requestId`: the request's `x-request-id`, for a person to quote).
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use playspace_domain::FieldErrors;
use serde::Serialize;

use crate::error_code::ErrorCode;

/// What a person is told when a ceiling shared by everyone is full.
pub const BUSY: &str =
    "Lots of people are writing to us right now. Please try again in a few minutes.";

#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: ErrorCode,
    message: String,
    field_errors: Option<FieldErrors>,
    retry_after_secs: Option<u64>,
    /// Logged for 5xx, never sent.
    cause: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Body<'a> {
    error: &'a str,
    code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    field_errors: Option<std::collections::BTreeMap<&'a str, &'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    request_id: Option<String>,
}

impl ApiError {
    /// An error answering with its code's status.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            status: code.status(),
            code,
            message: message.into(),
            field_errors: None,
            retry_after_secs: None,
            cause: None,
        }
    }

    /// 400 with a message per field, for forms to show beside each field.
    pub fn validation(field_errors: FieldErrors) -> Self {
        Self {
            field_errors: Some(field_errors),
            ..Self::new(
                ErrorCode::ValidationFailed,
                "Please check the highlighted fields.",
            )
        }
    }

    pub fn too_many_requests(retry_after_secs: u64) -> Self {
        Self {
            retry_after_secs: Some(retry_after_secs.max(1)),
            ..Self::new(
                ErrorCode::RateLimited,
                "Too many requests. Please wait a moment and try again.",
            )
        }
    }

    /// 429 when everyone together has used up a ceiling: the message says it is not the
    /// person's doing, and when to come back.
    pub fn busy(retry_after_secs: u64) -> Self {
        Self {
            retry_after_secs: Some(retry_after_secs.max(1)),
            ..Self::new(ErrorCode::RateLimited, BUSY)
        }
    }

    /// A failure that is ours, not the caller's: the cause goes to the log only.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        Self {
            cause: Some(cause.to_string()),
            ..Self::new(ErrorCode::InternalError, "Something went wrong")
        }
    }

    pub fn unavailable(cause: impl std::fmt::Display) -> Self {
        Self {
            cause: Some(cause.to_string()),
            ..Self::new(ErrorCode::Unavailable, "Something went wrong")
        }
    }

    /// Says when to try again (`Retry-After`, in seconds).
    pub fn with_retry_after(self, secs: u64) -> Self {
        Self {
            retry_after_secs: Some(secs.max(1)),
            ..self
        }
    }

    pub fn code(&self) -> ErrorCode {
        self.code
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code.as_str(),
            self.message
        )
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        if let Some(cause) = &self.cause {
            tracing::error!(code = self.code.as_str(), %cause, "request failed");
        }
        let body = Body {
            error: &self.message,
            code: self.code.as_str(),
            field_errors: self.field_errors.as_ref().map(|f| f.iter().collect()),
            request_id: crate::request_id::current(),
        };
        let mut response = HttpResponse::build(self.status);
        if let Some(secs) = self.retry_after_secs {
            response.insert_header((header::RETRY_AFTER, HeaderValue::from(secs)));
        }
        response.json(body)
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(error: actix_web::error::BlockingError) -> Self {
        Self::internal(error)
    }
}

/// Malformed JSON bodies and query strings answer in the same format as everything else.
pub fn json_error_handler(
    err: actix_web::error::JsonPayloadError,
    _: &actix_web::HttpRequest,
) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as E;
    let api = match &err {
        E::OverflowKnownLength { .. } | E::Overflow { .. } => too_large(),
        E::ContentType => ApiError::new(
            ErrorCode::UnsupportedMediaType,
            "Send JSON with Content-Type: application/json",
        ),
        _ => ApiError::new(
            ErrorCode::InvalidJson,
            "The request body is not valid JSON for this action",
        ),
    };
    api.into()
}

pub fn query_error_handler(
    _: actix_web::error::QueryPayloadError,
    _: &actix_web::HttpRequest,
) -> actix_web::Error {
    ApiError::new(
        ErrorCode::InvalidQuery,
        "The query string is not valid for this action",
    )
    .into()
}

/// Request targets longer than this are refused (searches are at most 100 characters and
/// links carry tokens of a few hundred), before any handler reads them.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// No route reads a body larger than this (JSON bodies are capped lower); a larger declared
/// length is refused on every route, whether or not it reads its body.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// Refuses a request whose target or declared body is too large, in the error format.
pub fn refuse_oversized(req: &actix_web::dev::ServiceRequest) -> Option<ApiError> {
    if req.uri().to_string().len() > MAX_URI_BYTES {
        return Some(ApiError::new(
            ErrorCode::UriTooLong,
            "The address is too long",
        ));
    }
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    declared
        .is_some_and(|length| length > MAX_BODY_BYTES as u64)
        .then(too_large)
}

fn too_large() -> ApiError {
    ApiError::new(ErrorCode::PayloadTooLarge, "The request body is too large")
}

/// The error a framework-made failure (a 405 from routing, a 413 from a body extractor, a
/// 500 from a header that would not build) stands for, when it came without a body in the
/// error format. Pages (HTML) and JSON answers are left as they are.
pub fn framework_error(status: StatusCode, content_type: Option<&str>) -> Option<ApiError> {
    let is_ours = content_type
        .is_some_and(|t| t.starts_with("application/json") || t.starts_with("text/html"));
    if is_ours || !(status.is_client_error() || status.is_server_error()) {
        return None;
    }
    Some(match status {
        StatusCode::METHOD_NOT_ALLOWED => ApiError::new(
            ErrorCode::MethodNotAllowed,
            "This address does not take that method",
        ),
        StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        StatusCode::NOT_FOUND => ApiError::new(ErrorCode::NotFound, "Not found"),
        status if status.is_server_error() => {
            ApiError::internal(format!("{status} without a body from the framework"))
        }
        // The framework's own status (411, 400, ...) says more than a plain 400 would.
        status => ApiError {
            status,
            ..ApiError::new(ErrorCode::BadRequest, "The request could not be read")
        },
    })
}

/// What any `/api/…` path no route answers gets.
pub(crate) async fn api_not_found() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::new(
        ErrorCode::RouteNotFound,
        "No such API endpoint",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::to_bytes;
    use playspace_domain::ValidationError;
    use playspace_ports::RepoError;

    async fn body_of(error: ApiError) -> (StatusCode, serde_json::Value, Option<String>) {
        let response = error.error_response();
        let status = response.status();
        let retry = response
            .headers()
            .get(header::RETRY_AFTER)
            .map(|v| v.to_str().unwrap().to_owned());
        let bytes = to_bytes(response.into_body()).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap(), retry)
    }

    #[actix_web::test]
    async fn validation_lists_fields() {
        let mut fields = FieldErrors::new();
        fields.add("email", ValidationError::new("Invalid email address"));
        let (status, body, _) = body_of(ApiError::validation(fields)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["code"], "validation_failed");
        assert_eq!(body["fieldErrors"]["email"], "Invalid email address");
    }

    #[actix_web::test]
    async fn internal_errors_never_leak_their_cause() {
        let (status, body, _) = body_of(ApiError::internal("password=hunter2 at db.rs:12")).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            body,
            serde_json::json!({"error": "Something went wrong", "code": "internal_error"})
        );
        let (_, body, _) =
            body_of(RepoError::Unavailable("connection refused".into()).into()).await;
        assert_eq!(body["error"], "Something went wrong");
    }

    #[actix_web::test]
    async fn an_error_made_during_a_request_names_it() {
        let (_, body, _) = crate::request_id::scope("req-7".into(), async {
            body_of(ApiError::new(ErrorCode::NotFound, "Not found")).await
        })
        .await;
        assert_eq!(
            body,
            serde_json::json!({"error": "Not found", "code": "not_found", "requestId": "req-7"})
        );
    }

    #[actix_web::test]
    async fn rate_limits_say_when_to_retry() {
        let (status, body, retry) = body_of(ApiError::too_many_requests(30)).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(body["code"], "rate_limited");
        assert_eq!(retry.as_deref(), Some("30"));
    }

    #[actix_web::test]
    async fn a_full_ceiling_blames_nobody_and_says_when_to_retry() {
        let (status, body, retry) = body_of(ApiError::busy(240)).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(body["code"], "rate_limited");
        assert_eq!(
            body["error"],
            "Lots of people are writing to us right now. Please try again in a few minutes."
        );
        assert_eq!(retry.as_deref(), Some("240"));
    }
}
