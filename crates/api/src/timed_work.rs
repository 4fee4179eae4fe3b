//! The server's timed work: sweeps that run every so often until the server stops, each
//! schedule on a thread of its own at a lower CPU priority ([`Background`]). Every process
//! runs them; the store's claims keep any of them from doing one thing twice.
//! `POST /api/test/clock` runs the time-dependent ones through the same steps.
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::time::Duration;

use playspace_app::accounts::purge_expired_sign_ups;
use playspace_app::bookings::{
    lapse_waitlist_offers, release_expired_holds, retry_unsent_refunds, send_event_reminders,
    send_session_digests, stop_replaced_renewals,
};
use playspace_app::newsletter::purge_unconfirmed_newsletter;
use playspace_app::retention::apply_retention;
use playspace_domain::retention::Retained;

use crate::changes::Cache;
use crate::state::AppState;

/// One sweep: how many things it did, and what to call them in the log.
pub struct Step {
    /// "expired holds released", as the log says when there were some.
    done: &'static str,
    run: fn(&AppState) -> Result<usize, String>,
    /// Whether what it did can free places (the events list's cache must then be dropped).
    frees_places: bool,
}

impl Step {
    /// Runs the step here (call it on the blocking pool).
    pub fn run(&self, app: &AppState) -> Result<usize, String> {
        (self.run)(app)
    }

    /// Runs the step on `worker` and logs what it did (nothing when nothing).
    async fn run_logged(&self, state: &AppState, worker: &Background) {
        let app = state.clone();
        let run = self.run;
        match worker.run(move || run(&app)).await {
            Some(Ok(0)) => {}
            Some(Ok(count)) => {
                if self.frees_places {
                    state.changes.changed(Cache::Events);
                }
                tracing::info!(count, "{}", self.done);
            }
            Some(Err(error)) => tracing::warn!(%error, step = self.done, "timed work failed"),
            None => tracing::warn!(step = self.done, "timed work did not run"),
        }
    }
}

/// How much lower than requests timed work runs, in nice steps (0 is the default, 19 the
/// lowest). Ten lower, the kernel gives a busy sweep about a tenth of the CPU a request
/// thread gets while both want it, and all of it when the server is otherwise idle: on a
/// small machine a catch-up sweep then waits for visitors instead of taking a core from them
/// (docs/performance.md, notifications).
pub const BACKGROUND_NICENESS: i32 = 10;
const LOWEST_NICE: i32 = 19;

/// A thread for one schedule's steps, [`BACKGROUND_NICENESS`] lower than the server's
/// others; it ends with its schedule.
struct Background {
    jobs: mpsc::Sender<Box<dyn FnOnce() + Send>>,
}

impl Background {
    fn start(name: &str) -> std::io::Result<Self> {
        let (jobs, queue) = mpsc::channel::<Box<dyn FnOnce() + Send>>();
        std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                lower_priority();
                for job in queue {
                    // A step that panics loses its own answer ("did not run"), not the thread.
                    let _ = catch_unwind(AssertUnwindSafe(job));
                }
            })?;
        Ok(Self { jobs })
    }

    /// `work`'s result, run on this thread; None if it panicked.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (answer, result) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move || {
                let _ = answer.send(work());
            }))
            .ok()?;
        result.await.ok()
    }
}

/// Lowers the calling thread's priority alone, by [`BACKGROUND_NICENESS`]: Linux keeps a
/// nice value per thread. (`reminder-day` in crates/bench runs its sweeps so, as here.)
#[cfg(target_os = "linux")]
pub fn lower_priority() {
    use rustix::process::{getpriority_process, setpriority_process};
    let thread = Some(rustix::thread::gettid());
    let lowered = getpriority_process(thread).and_then(|nice| {
        setpriority_process(thread, (nice + BACKGROUND_NICENESS).min(LOWEST_NICE))
    });
    if let Err(error) = lowered {
        tracing::warn!(%error, "timed work runs at the requests' priority");
    }
}

/// Elsewhere the nice value may be the whole process's: timed work keeps the default.
#[cfg(not(target_os = "linux"))]
pub fn lower_priority() {}

/// Card holds whose payment window ended: the place goes back (a lost webhook never keeps it).
pub const RELEASE_HOLDS: Step = Step {
    done: "expired holds released",
    run: |app| release_expired_holds(&app.booking_deps()).map_err(|e| e.to_string()),
    frees_places: true,
};
/// Waitlist offers nobody claimed in time pass to the next person.
pub const LAPSE_OFFERS: Step = Step {
    done: "unclaimed waitlist offers passed on",
    run: |app| lapse_waitlist_offers(&app.booking_deps()).map_err(|e| e.to_string()),
    frees_places: true,
};
/// Refunds a crash or an outage left owed.
pub const RETRY_REFUNDS: Step = Step {
    done: "owed refunds sent",
    run: |app| retry_unsent_refunds(&app.booking_deps()).map_err(|e| e.to_string()),
    frees_places: false,
};
/// Subscriptions of replaced plans whose renewal the provider has not stopped yet.
pub const STOP_RENEWALS: Step = Step {
    done: "replaced plans' renewals stopped",
    run: |app| stop_replaced_renewals(&app.booking_deps()).map_err(|e| e.to_string()),
    frees_places: false,
};
/// Event reminders that came due (ADR 0014).
pub const SEND_REMINDERS: Step = Step {
    done: "event reminders sent",
    run: |app| {
        send_event_reminders(&app.store, app.clock.as_ref(), &app.email).map_err(|e| e.to_string())
    },
    frees_places: false,
};
/// Session-alert digests that came due (ADR 0015).
pub const SEND_DIGESTS: Step = Step {
    done: "session digests sent",
    run: |app| {
        send_session_digests(
            &app.store,
            &app.store,
            app.links.as_ref(),
            app.clock.as_ref(),
            &app.email,
        )
        .map_err(|e| e.to_string())
    },
    frees_places: false,
};
/// Newsletter addresses never confirmed, deleted after the period the privacy page states.
pub const PURGE_UNCONFIRMED_NEWSLETTER: Step = Step {
    done: "unconfirmed newsletter addresses deleted",
    run: |app| {
        purge_unconfirmed_newsletter(&app.store, app.clock.as_ref()).map_err(|e| e.to_string())
    },
    frees_places: false,
};

/// Sign-ups whose link expired unused: they can hold medical and accessibility details, so
/// they go within minutes of their 24 hours (ADR 0018).
pub const PURGE_EXPIRED_SIGN_UPS: Step = Step {
    done: "expired sign-ups deleted",
    run: |app| purge_expired_sign_ups(&app.store, app.clock.as_ref()).map_err(|e| e.to_string()),
    frees_places: false,
};

/// Rate-limit counts no limit reads any more (ADR 0026): one indexed delete.
pub const SWEEP_RATE_LIMITS: Step = Step {
    done: "old rate-limit counts deleted",
    run: |app| app.rate_limiter.sweep().map_err(|e| e.to_string()),
    frees_places: false,
};

/// Removes what `kind`'s retention period (`RETENTION_…_DAYS`) no longer keeps.
fn retain(app: &AppState, kind: Retained) -> Result<usize, String> {
    apply_retention(&app.store, app.clock.as_ref(), &app.config.retention, kind)
        .map_err(|e| e.to_string())
}

/// Sign-ins that ended (expired or signed out) longer ago than their retention period.
pub const DELETE_ENDED_SESSIONS: Step = Step {
    done: "ended sign-ins deleted",
    run: |app| retain(app, Retained::EndedSessions),
    frees_places: false,
};
/// Password reset and verification links used or expired longer ago than theirs.
pub const DELETE_SPENT_TOKENS: Step = Step {
    done: "spent one-time links deleted",
    run: |app| retain(app, Retained::SpentTokens),
    frees_places: false,
};
/// The text of emails sent (or given up on) longer ago than theirs; the rows stay.
pub const CLEAR_SENT_EMAIL_BODIES: Step = Step {
    done: "sent emails' bodies emptied",
    run: |app| retain(app, Retained::SentEmailBodies),
    frees_places: false,
};
/// Notifications older than theirs (standing ones stay).
pub const DELETE_OLD_NOTIFICATIONS: Step = Step {
    done: "old notifications deleted",
    run: |app| retain(app, Retained::Notifications),
    frees_places: false,
};
/// Audit entries older than theirs.
pub const DELETE_OLD_AUDIT_ENTRIES: Step = Step {
    done: "old audit entries deleted",
    run: |app| retain(app, Retained::AuditEntries),
    frees_places: false,
};

/// Held places, waitlist offers and money owed either way are looked at every minute.
pub const HOLDS: (Duration, &[Step]) = (
    Duration::from_secs(60),
    &[RELEASE_HOLDS, LAPSE_OFFERS, RETRY_REFUNDS, STOP_RENEWALS],
);
/// Well inside the shortest catch-up window (15 minutes for "1 hour"), so a reminder
/// arrives within a minute of its moment.
pub const REMINDERS: (Duration, &[Step]) = (Duration::from_secs(60), &[SEND_REMINDERS]);
/// The shortest digest period is a day, so a digest goes within minutes of being due, and
/// a sweep with nothing new reads no one. The newsletter, sign-up and rate-limit purges ride
/// along: one indexed delete each, so an address goes within minutes of its 30 days, a
/// sign-up of its 24 hours.
pub const DIGESTS: (Duration, &[Step]) = (
    Duration::from_secs(300),
    &[
        SEND_DIGESTS,
        PURGE_UNCONFIRMED_NEWSLETTER,
        PURGE_EXPIRED_SIGN_UPS,
        SWEEP_RATE_LIMITS,
    ],
);

/// Retention periods are whole days, so hourly is prompt enough; each step is one
/// statement (ADR 0034), and the first run comes at start-up.
pub const RETENTION: (Duration, &[Step]) = (
    Duration::from_secs(3_600),
    &[
        DELETE_ENDED_SESSIONS,
        DELETE_SPENT_TOKENS,
        CLEAR_SENT_EMAIL_BODIES,
        DELETE_OLD_NOTIFICATIONS,
        DELETE_OLD_AUDIT_ENTRIES,
    ],
);

/// Runs `steps` in order every `period`, on a thread of their own, until the server begins
/// to stop (then it ends after the step it is on); a late tick delays the next rather than
/// bunching them up.
pub async fn run_every(state: AppState, (period, steps): (Duration, &'static [Step])) {
    let worker = match Background::start("timed-work") {
        Ok(worker) => worker,
        Err(error) => {
            tracing::error!(%error, "timed work could not start");
            return;
        }
    };
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            () = state.shutdown.begun() => return,
        }
        for step in steps {
            if state.shutdown.begun_at().is_some() {
                return;
            }
            step.run_logged(&state, &worker).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[actix_web::test]
    async fn work_runs_on_its_own_thread_at_a_lower_priority() {
        use rustix::process::getpriority_process;
        let before = getpriority_process(None).unwrap();
        let worker = Background::start("timed-work-test").unwrap();
        let here = std::thread::current().id();
        let (thread, nice) = worker
            .run(|| {
                (
                    std::thread::current().id(),
                    getpriority_process(None).unwrap(),
                )
            })
            .await
            .unwrap();
        assert_ne!(thread, here);
        assert_eq!(nice, (before + BACKGROUND_NICENESS).min(LOWEST_NICE));
        // The rest of the process keeps its priority.
        assert_eq!(getpriority_process(None).unwrap(), before);
    }

    #[actix_web::test]
    async fn a_step_that_panics_does_not_stop_the_next() {
        let worker = Background::start("timed-work-test").unwrap();
        assert_eq!(
            worker.run(|| -> usize { panic!("a failing step") }).await,
            None
        );
        assert_eq!(worker.run(|| 2 + 2).await, Some(4));
    }
}
