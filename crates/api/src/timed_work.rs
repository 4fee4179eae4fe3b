//! The server's timed work: sweeps that run on the blocking pool every so often until the
//! server stops. Every process runs them; the store's claims keep any of them from doing
//! one thing twice. `POST /api/test/clock` runs the time-dependent ones through the same
//! steps.
use std::time::Duration;

use actix_web::web;
use playspace_app::bookings::{
    lapse_waitlist_offers, release_expired_holds, retry_unsent_refunds, send_event_reminders,
    send_session_digests, stop_replaced_renewals,
};
use playspace_app::newsletter::purge_unconfirmed_newsletter;

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

    /// Runs the step on the blocking pool and logs what it did (nothing when nothing).
    async fn run_logged(&self, state: &AppState) {
        let app = state.clone();
        let run = self.run;
        match web::block(move || run(&app)).await {
            Ok(Ok(0)) => {}
            Ok(Ok(count)) => {
                if self.frees_places {
                    state.events_cache.invalidate();
                }
                tracing::info!(count, "{}", self.done);
            }
            Ok(Err(error)) => tracing::warn!(%error, step = self.done, "timed work failed"),
            Err(error) => tracing::warn!(%error, step = self.done, "timed work did not run"),
        }
    }
}

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

/// Held places, waitlist offers and money owed either way are looked at every minute.
pub const HOLDS: (Duration, &[Step]) = (
    Duration::from_secs(60),
    &[RELEASE_HOLDS, LAPSE_OFFERS, RETRY_REFUNDS, STOP_RENEWALS],
);
/// Well inside the shortest catch-up window (15 minutes for "1 hour"), so a reminder
/// arrives within a minute of its moment.
pub const REMINDERS: (Duration, &[Step]) = (Duration::from_secs(60), &[SEND_REMINDERS]);
/// The shortest digest period is a day, so a digest goes within minutes of being due, and
/// a sweep with nothing new reads no one. The newsletter purge rides along: one indexed
/// delete of pending rows, so an address goes within minutes of its 30 days.
pub const DIGESTS: (Duration, &[Step]) = (
    Duration::from_secs(300),
    &[SEND_DIGESTS, PURGE_UNCONFIRMED_NEWSLETTER],
);

/// Runs `steps` in order every `period` until the server stops; a late tick delays the
/// next rather than bunching them up.
pub async fn run_every(state: AppState, (period, steps): (Duration, &'static [Step])) {
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        for step in steps {
            step.run_logged(&state).await;
        }
    }
}
