//! A day of the server's timed notification work for `scripts/bench notifications`, at the
//! server's own cadence: the reminder sweep every minute and the digest sweep every five,
//! through the same app functions, on a clock stepped through the next 24 hours (no
//! waiting), at the lower CPU priority the server gives its timed work. Run beside a serving
//! server on the same database, so the visitors' figures measured meanwhile include the
//! sweeps' writes. Prints one JSON line: the sweeps' total
//! and slowest times, what they sent, this process's CPU time and peak RSS.
//!
//! usage: reminder-day DATABASE_URL
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use playspace_api::auth::HmacLinkSigner;
use playspace_app::accounts::EmailSettings;
use playspace_app::bookings::{send_event_reminders, send_session_digests};
use playspace_ports::Clock;
use playspace_store::Store;

/// The server's own intervals (crates/api/src/timed_work.rs).
const MINUTES: i64 = 24 * 60;
const DIGEST_EVERY_MINUTES: i64 = 5;

struct SteppedClock(Mutex<DateTime<Utc>>);

impl Clock for SteppedClock {
    fn now(&self) -> DateTime<Utc> {
        *self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[derive(Default)]
struct Tally {
    runs: u32,
    sent: usize,
    total: Duration,
    slowest: Duration,
}

impl Tally {
    fn time(&mut self, sweep: impl FnOnce() -> Result<usize, String>) -> Result<(), String> {
        let started = Instant::now();
        self.sent += sweep()?;
        let took = started.elapsed();
        self.runs += 1;
        self.total += took;
        self.slowest = self.slowest.max(took);
        Ok(())
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "runs": self.runs,
            "sent": self.sent,
            "totalSeconds": self.total.as_secs_f64(),
            "slowestMs": self.slowest.as_secs_f64() * 1000.0,
        })
    }
}

/// A /proc/self figure: (utime + stime) in seconds from `stat`, or a `status` line in KiB.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // The kernel's USER_HZ is 100 on Linux.
    (ticks(11) + ticks(12)) / 100.0
}

fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn run(database_url: &str) -> Result<serde_json::Value, String> {
    let store = Store::connect(database_url, 4).map_err(|e| e.to_string())?;
    let links = HmacLinkSigner::new(b"reminder-day bench: links are never followed");
    let email = EmailSettings {
        from_email: "bench@playspace.local".into(),
        from_name: "PlaySpace".into(),
        public_url: "http://127.0.0.1".into(),
    };
    let start = Utc::now();
    let clock = SteppedClock(Mutex::new(start));
    let (mut reminders, mut digests) = (Tally::default(), Tally::default());
    let started = Instant::now();
    for minute in 0..MINUTES {
        *clock.0.lock().map_err(|e| e.to_string())? = start + chrono::Duration::minutes(minute);
        reminders
            .time(|| send_event_reminders(&store, &clock, &email).map_err(|e| e.to_string()))?;
        if minute % DIGEST_EVERY_MINUTES == 0 {
            digests.time(|| {
                send_session_digests(&store, &store, &links, &clock, &email)
                    .map_err(|e| e.to_string())
            })?;
        }
    }
    Ok(serde_json::json!({
        "wallSeconds": started.elapsed().as_secs_f64(),
        "reminders": reminders.json(),
        "digests": digests.json(),
        "cpuSeconds": cpu_seconds(),
        "peakRssKib": peak_rss_kib(),
    }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [database_url] = args.as_slice() else {
        eprintln!("usage: reminder-day DATABASE_URL");
        return ExitCode::FAILURE;
    };
    playspace_api::timed_work::lower_priority();
    match run(database_url) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("reminder-day: {e}");
            ExitCode::FAILURE
        }
    }
}
