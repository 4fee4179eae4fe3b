//! The server's stop. At SIGTERM (systemd) or SIGINT (a terminal) it stops taking
//! connections, and at the same moment every open notification stream ends (the browser's
//! EventSource reconnects by itself, to whichever server answers next) and the timed work
//! and the outbox worker stop after the step they are on. Requests in flight still get
//! `server::SHUTDOWN_GRACE` to finish. Without this a stream, which never finishes by
//! itself, held every restart for the whole grace.
use std::time::Instant;

use tokio::sync::watch;

/// Whether the server has begun to stop, and since when. One per process, in the state.
#[derive(Debug)]
pub struct Shutdown(watch::Sender<Option<Instant>>);

impl Default for Shutdown {
    fn default() -> Self {
        Self(watch::Sender::new(None))
    }
}

impl Shutdown {
    /// Begins the stop (once: later calls change nothing).
    pub fn begin(&self) {
        self.0.send_if_modified(|begun| {
            let first = begun.is_none();
            if first {
                *begun = Some(Instant::now());
            }
            first
        });
    }

    /// When the stop began, if it has.
    pub fn begun_at(&self) -> Option<Instant> {
        *self.0.borrow()
    }

    /// Waits until the stop has begun (at once if it has).
    pub async fn begun(&self) {
        let mut begun = self.0.subscribe();
        // The sender lives as long as `self`, so this only returns once it has begun.
        let _ = begun.wait_for(Option::is_some).await;
    }
}

/// Resolves at SIGTERM or SIGINT, or when something else began the stop, having begun it:
/// the HTTP server's stop signal (crate::server::http_server), which then stops taking
/// connections and gives requests in flight the grace.
pub async fn on_signal(shutdown: std::sync::Arc<Shutdown>) {
    tokio::select! {
        signal = stop_signal() => {
            tracing::info!(
                signal,
                "stopping: open notification streams end now, requests in flight may finish"
            );
        }
        () = shutdown.begun() => {}
    }
    shutdown.begin();
}

#[cfg(unix)]
async fn stop_signal() -> &'static str {
    use tokio::signal::unix::{SignalKind, signal};
    match (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) {
        (Ok(mut term), Ok(mut int)) => tokio::select! {
            _ = term.recv() => "SIGTERM",
            _ = int.recv() => "SIGINT",
        },
        (Err(error), _) | (_, Err(error)) => {
            tracing::error!(%error, "cannot listen for SIGTERM and SIGINT: stop with SIGKILL");
            std::future::pending().await
        }
    }
}

#[cfg(not(unix))]
async fn stop_signal() -> &'static str {
    if let Err(error) = tokio::signal::ctrl_c().await {
        tracing::error!(%error, "cannot listen for Ctrl-C");
        std::future::pending::<()>().await;
    }
    "Ctrl-C"
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    #[actix_web::test]
    async fn waiters_wake_when_the_stop_begins_and_it_begins_once() {
        let shutdown = Arc::new(Shutdown::default());
        assert!(shutdown.begun_at().is_none());
        let waiting = tokio::spawn({
            let shutdown = shutdown.clone();
            async move { shutdown.begun().await }
        });
        let signal = tokio::spawn(on_signal(shutdown.clone()));
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting.is_finished() && !signal.is_finished());
        shutdown.begin();
        let first = shutdown.begun_at().unwrap();
        tokio::time::timeout(Duration::from_secs(5), waiting)
            .await
            .unwrap()
            .unwrap();
        // The server's stop signal follows a stop begun from inside the process.
        tokio::time::timeout(Duration::from_secs(5), signal)
            .await
            .unwrap()
            .unwrap();
        shutdown.begin();
        assert_eq!(shutdown.begun_at(), Some(first), "begun once");
        // Asked after it began, it answers at once.
        tokio::time::timeout(Duration::from_millis(100), shutdown.begun())
            .await
            .unwrap();
    }
}
