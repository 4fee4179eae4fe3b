//! The outbox worker: sends due emails until the server stops. Each process runs one; claims
//! keep several processes from sending the same email.
//!
//! It looks every `Config::outbox_poll`, and also as soon as a request has changed something
//! (any successful write may have queued an email in its transaction): a sign-up link or a
//! booking confirmation then leaves within moments instead of at the next look. A burst of
//! writes wakes it at most once per `MIN_GAP`, so a booking rush costs it a few looks a second.
use std::time::Duration;

use actix_web::web;
use playspace_app::bookings::announce_waitlist_offers;
use playspace_app::{DeliveryReport, deliver_due_emails};
use tokio::sync::Notify;

use crate::state::AppState;

/// How many due emails one look takes.
const BATCH: u32 = 20;

/// The least time between two looks, however often writes wake the worker.
const MIN_GAP: Duration = Duration::from_millis(200);

/// Tells the worker that a write may have queued an email. Waking it while it is busy or
/// resting keeps one wake for when it is ready: many wakes make one look.
#[derive(Debug, Default)]
pub struct OutboxWake(Notify);

impl OutboxWake {
    pub fn after_write(&self) {
        self.0.notify_one();
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

/// Sends due outbox emails until the server begins to stop (then it ends after the look it
/// is on).
pub async fn run(state: AppState) {
    let mut ticks = tokio::time::interval(state.config.outbox_poll);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            () = state.outbox_wake.0.notified() => {}
            () = state.shutdown.begun() => return,
        }
        step(&state).await;
        tokio::select! {
            () = tokio::time::sleep(MIN_GAP) => {}
            () = state.shutdown.begun() => return,
        }
    }
}

/// One look: offers made since the last get their email first, then everything due is sent.
async fn step(state: &AppState) {
    let app = state.clone();
    let step = web::block(move || {
        if let Err(e) = announce_waitlist_offers(&app.booking_deps()) {
            tracing::warn!(error = %e, "announcing waitlist offers failed");
        }
        deliver_due_emails(
            &app.store,
            app.mailer.as_ref(),
            app.clock.as_ref(),
            &app.email.from_name,
            BATCH,
        )
    })
    .await;
    match step {
        Ok(Ok(report)) if report != DeliveryReport::default() => {
            state.metrics.outbox_report(&report);
            tracing::info!(
                delivered = report.delivered,
                retrying = report.retrying,
                failed = report.failed,
                "outbox"
            );
        }
        Ok(Ok(_)) => {}
        Ok(Err(e)) => tracing::warn!(error = %e, "outbox step failed"),
        Err(e) => tracing::warn!(error = %e, "outbox step did not run"),
    }
}

#[cfg(test)]
mod tests {
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
        tokio::time::timeout(Duration::from_millis(50), wake.0.notified())
            .await
            .unwrap();
        assert!(
            tokio::time::timeout(Duration::from_millis(50), wake.0.notified())
                .await
                .is_err()
        );
    }
}
