//! What wakes the outbox worker (crate::outbox_worker) after a request has changed
//! something: a write may have queued an email in its transaction.
use tokio::sync::Notify;

/// Tells the worker that a write may have queued an email. Waking it while it is busy or
/// resting keeps one wake for when it is ready: many wakes make one look.
#[derive(Debug, Default)]
pub struct OutboxWake(Notify);

impl OutboxWake {
    pub fn after_write(&self) {
        self.0.notify_one();
    }

    /// Resolves at the next wake (at once if one is kept).
    pub(crate) async fn notified(&self) {
        self.0.notified().await;
    }
}

/// Whether a request may have written something (and so queued an email): a method that
/// changes state, answered with success.
pub fn may_have_written(
    method: &actix_web::http::Method,
    status: actix_web::http::StatusCode,
) -> bool {
    !method.is_safe() && status.is_success()
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use actix_web::http::{Method, StatusCode};

    use super::*;

    #[test]
    fn only_a_successful_write_may_have_queued_an_email() {
        assert!(may_have_written(&Method::POST, StatusCode::CREATED));
        assert!(may_have_written(&Method::PATCH, StatusCode::OK));
        assert!(may_have_written(&Method::DELETE, StatusCode::NO_CONTENT));
        assert!(!may_have_written(&Method::POST, StatusCode::BAD_REQUEST));
        assert!(!may_have_written(&Method::GET, StatusCode::OK));
        assert!(!may_have_written(&Method::HEAD, StatusCode::OK));
    }

    #[actix_web::test]
    async fn many_wakes_make_one_look() {
        let wake = OutboxWake::default();
        for _ in 0..5 {
            wake.after_write();
        }
        // One stored wake: the first wait returns at once, the second does not.
        tokio::time::timeout(Duration::from_millis(50), wake.notified())
            .await
            .unwrap();
        assert!(
            tokio::time::timeout(Duration::from_millis(50), wake.notified())
                .await
                .is_err()
        );
    }
}
