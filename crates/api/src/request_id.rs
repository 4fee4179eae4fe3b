//! A request id a person can quote: every answer carries it in `x-request-id`, every log
//! line of the request has it (the `request` span's `request_id` field), and JSON error
//! bodies say it as `requestId` (ADR 0031).
//!
//! A well-formed id from the client (a proxy's, or a load balancer's) is kept, so one id
//! follows a request through every hop; anything else is replaced by a fresh UUID (v7).
//! "Well-formed" is narrow on purpose: the id is written into logs and headers, so it may
//! never carry spaces, quotes, control characters or enough length to flood a line.

use actix_web::http::header::HeaderName;

pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// The longest id kept from a client.
pub const MAX_LEN: usize = 64;

tokio::task_local! {
    /// The id of the request whose future is being polled (set around the whole
    /// application by `crate::server::app`).
    static CURRENT: String;
}

/// 1 to 64 characters of `A-Z a-z 0-9 . _ -`.
pub fn is_well_formed(id: &str) -> bool {
    (1..=MAX_LEN).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// The client's id when it is well-formed, else a new one.
pub fn for_request(req: &actix_web::dev::ServiceRequest) -> String {
    req.headers()
        .get(HEADER)
        .and_then(|value| value.to_str().ok())
        .filter(|id| is_well_formed(id))
        .map_or_else(|| uuid::Uuid::now_v7().to_string(), ToOwned::to_owned)
}

/// Runs `future` as the request `id`: `current()` answers it while the future is polled.
pub async fn scope<F: Future>(id: String, future: F) -> F::Output {
    CURRENT.scope(id, future).await
}

/// An error the dispatcher answers itself (after every middleware has finished), answered
/// as the request `id`: its body names the id and its head carries it.
pub fn tag(error: actix_web::Error, id: String) -> actix_web::Error {
    Tagged { error, id }.into()
}

struct Tagged {
    error: actix_web::Error,
    id: String,
}

impl std::fmt::Debug for Tagged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.error, f)
    }
}

impl std::fmt::Display for Tagged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.error, f)
    }
}

impl actix_web::ResponseError for Tagged {
    fn status_code(&self) -> actix_web::http::StatusCode {
        self.error.as_response_error().status_code()
    }

    fn error_response(&self) -> actix_web::HttpResponse {
        let mut response = CURRENT.sync_scope(self.id.clone(), || self.error.error_response());
        if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&self.id) {
            response.headers_mut().insert(HEADER, value);
        }
        response
    }
}

/// Runs `f` as the request `id` (the synchronous part of a call: middleware that answers
/// before any handler runs makes its error there).
pub fn sync_scope<R>(id: String, f: impl FnOnce() -> R) -> R {
    CURRENT.sync_scope(id, f)
}

/// The id of the request being answered, if any (none outside a request, as in unit tests
/// of the error format and in timed work).
pub fn current() -> Option<String> {
    CURRENT.try_with(Clone::clone).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn only_short_plain_ids_are_well_formed() {
        assert!(is_well_formed("abc-123_DEF.4"));
        assert!(is_well_formed(&"a".repeat(64)));
        assert!(!is_well_formed(&"a".repeat(65)));
        assert!(!is_well_formed(""));
        for bad in [
            "a b", "a\"b", "a\nb", "é", "a/b", "a=b", "<script>", "a\u{0}",
        ] {
            assert!(!is_well_formed(bad), "{bad:?}");
        }
    }

    #[test]
    fn a_well_formed_id_is_kept_and_another_replaced() {
        let kept = TestRequest::get()
            .insert_header(("x-request-id", "edge-42.a_b"))
            .to_srv_request();
        assert_eq!(for_request(&kept), "edge-42.a_b");
        let replaced = TestRequest::get()
            .insert_header(("x-request-id", "has space"))
            .to_srv_request();
        let made = for_request(&replaced);
        assert!(uuid::Uuid::parse_str(&made).is_ok(), "{made}");
        let absent = for_request(&TestRequest::get().to_srv_request());
        assert!(is_well_formed(&absent));
        assert_ne!(absent, made, "each request gets its own");
    }

    #[actix_web::test]
    async fn the_current_id_is_known_only_inside_its_scope() {
        assert_eq!(current(), None);
        let inside = scope("req-1".into(), async { current() }).await;
        assert_eq!(inside.as_deref(), Some("req-1"));
        assert_eq!(current(), None);
    }
}
