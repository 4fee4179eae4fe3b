//! Changes every server must hear of (ADRs 0027, 0028). On PostgreSQL each server keeps
//! one listening connection ([`listen`], on a thread of its own): a write on any server that
//! changes the events list or the overview sends a notice through it (after the write has
//! committed), and every notification written, by any process, sends one from a trigger in
//! the writing transaction (migrations/postgres/2026-12-01-000002_change_notices). Each
//! server then drops its caches and wakes the streams of the person concerned. On SQLite
//! (one server) the caches are dropped in process and streams look every
//! `Config::notification_poll` (3 s).
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use playspace_domain::UserId;
use playspace_store::NoticeConnection;
use tokio::sync::broadcast;

use crate::dashboard_cache::DashboardCache;
use crate::events_cache::EventsCache;

/// The channel of the caches' notices; the payload names the cache.
const CACHES: &str = "playspace_caches";
/// The channel the notifications trigger sends on; the payload is the person's id.
const NOTIFICATIONS: &str = "playspace_notifications";

/// Streams still look this often while notices wake them: a notice lost with a connection
/// between a write and the listener's return is made good by the look on reconnecting, so
/// this only bounds what nothing else would catch.
pub const SAFETY_POLL: Duration = Duration::from_secs(30);

/// How often the listener reads its socket for notices: the most a notice waits.
const LISTEN_TICK: Duration = Duration::from_millis(50);
/// A listener idle this long checks its connection is still there.
const PING_EVERY: Duration = Duration::from_secs(10);
/// Reconnecting waits double from the first to the last, then stay there.
const BACKOFF: (Duration, Duration) = (Duration::from_millis(250), Duration::from_secs(5));
/// Notices waiting for the listener; past this (the database away for a while) they are
/// dropped: on reconnecting every cache is dropped and every stream looks anyway.
const QUEUED: usize = 1_024;

/// A cache other servers must drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cache {
    Events,
    Overview,
}

impl Cache {
    fn name(self) -> &'static str {
        match self {
            Self::Events => "events",
            Self::Overview => "overview",
        }
    }
}

/// Whose streams to wake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wake {
    Member(UserId),
    /// Notices may have been missed (the listener reconnected): every stream looks.
    Everyone,
}

pub struct Changes {
    events: Arc<EventsCache>,
    overview: Arc<DashboardCache>,
    streams: broadcast::Sender<Wake>,
    /// Set while a listener is connected: notices are then sent and heard.
    listening: AtomicBool,
    /// Notices for the listener to send; `None` on SQLite.
    outgoing: Mutex<Option<mpsc::SyncSender<Cache>>>,
}

impl Changes {
    pub fn new(events: Arc<EventsCache>, overview: Arc<DashboardCache>) -> Self {
        Self {
            events,
            overview,
            streams: broadcast::channel(QUEUED).0,
            listening: AtomicBool::new(false),
            outgoing: Mutex::new(None),
        }
    }

    /// Drops `cache` here and, through the listener, on every other server. Call after the
    /// write has committed.
    pub fn changed(&self, cache: Cache) {
        self.drop_here(cache);
        if let Ok(outgoing) = self.outgoing.lock()
            && let Some(outgoing) = outgoing.as_ref()
        {
            // Full or gone: the listener is reconnecting and will drop every cache itself.
            let _ = outgoing.try_send(cache);
        }
    }

    fn drop_here(&self, cache: Cache) {
        match cache {
            Cache::Events => self.events.invalidate(),
            Cache::Overview => self.overview.invalidate(),
        }
    }

    /// Wakes for the streams of this process.
    pub fn wakes(&self) -> broadcast::Receiver<Wake> {
        self.streams.subscribe()
    }

    /// How long a stream may wait for a wake before looking anyway: [`SAFETY_POLL`] while
    /// notices are heard, else `poll`.
    pub fn stream_poll(&self, poll: Duration) -> Duration {
        if self.listening.load(Ordering::Acquire) {
            SAFETY_POLL.max(poll)
        } else {
            poll
        }
    }

    /// What a notice heard means here.
    fn heard(&self, channel: &str, payload: &str) {
        match channel {
            CACHES => {
                for cache in [Cache::Events, Cache::Overview] {
                    if payload == cache.name() {
                        self.drop_here(cache);
                    }
                }
            }
            NOTIFICATIONS => {
                if let Ok(member) = payload.parse() {
                    let _ = self.streams.send(Wake::Member(member));
                }
            }
            _ => {}
        }
    }

    /// After (re)connecting: whatever was missed, every cache goes and every stream looks.
    fn resync(&self) {
        self.drop_here(Cache::Events);
        self.drop_here(Cache::Overview);
        let _ = self.streams.send(Wake::Everyone);
    }
}

/// Waits for a wake meant for `member` (or everyone); never returns once the sender is gone.
pub async fn woken(wakes: &mut broadcast::Receiver<Wake>, member: UserId) {
    loop {
        match wakes.recv().await {
            Ok(Wake::Member(m)) if m != member => {}
            // Lagging behind means wakes were missed: look, to be sure.
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => return,
            Err(broadcast::error::RecvError::Closed) => std::future::pending::<()>().await,
        }
    }
}

/// Starts this server's listener on PostgreSQL at `url`: a thread holding one connection
/// that sends this server's notices and hears every server's, reconnecting with backoff
/// whenever the database goes away.
pub fn listen(changes: Arc<Changes>, url: String) -> std::io::Result<()> {
    let (outgoing, queue) = mpsc::sync_channel(QUEUED);
    if let Ok(mut slot) = changes.outgoing.lock() {
        *slot = Some(outgoing);
    }
    std::thread::Builder::new()
        .name("db-listener".into())
        .spawn(move || {
            let mut wait = BACKOFF.0;
            // Whether this outage has been logged: once each, not at every retry.
            let mut told = false;
            loop {
                match listen_once(&changes, &url, &queue) {
                    // The queue's sender is gone: the server is stopping.
                    Ok(()) => return,
                    Err(error) => {
                        if changes.listening.swap(false, Ordering::AcqRel) {
                            // It was connected: a new outage, retried quickly at first.
                            told = false;
                            wait = BACKOFF.0;
                        }
                        if !told {
                            tracing::warn!(%error, "lost the database's change notices; reconnecting");
                            told = true;
                        }
                        std::thread::sleep(wait);
                        wait = (wait * 2).min(BACKOFF.1);
                    }
                }
            }
        })
        .map(|_| ())
}

/// One connection's life: `Ok` only when the server is stopping.
fn listen_once(changes: &Changes, url: &str, queue: &mpsc::Receiver<Cache>) -> Result<(), String> {
    let mut conn = NoticeConnection::listen(url, &[CACHES, NOTIFICATIONS])?;
    changes.listening.store(true, Ordering::Release);
    changes.resync();
    tracing::info!("listening for the database's change notices");
    let mut last_word = Instant::now();
    loop {
        match queue.recv_timeout(LISTEN_TICK) {
            Ok(cache) => {
                conn.notify(CACHES, cache.name())?;
                last_word = Instant::now();
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
        }
        for (channel, payload) in conn.arrived()? {
            changes.heard(&channel, &payload);
        }
        if last_word.elapsed() >= PING_EVERY {
            conn.ping()?;
            last_word = Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changes() -> Changes {
        Changes::new(Arc::default(), Arc::default())
    }

    #[actix_web::test]
    async fn a_notice_wakes_only_that_members_streams() {
        let changes = changes();
        let (ana, ben) = (UserId::new(), UserId::new());
        let mut ana_wakes = changes.wakes();
        let mut ben_wakes = changes.wakes();
        changes.heard(NOTIFICATIONS, &ana.to_string());
        changes.heard(NOTIFICATIONS, "not an id");
        changes.heard("elsewhere", &ben.to_string());
        tokio::time::timeout(Duration::from_secs(1), woken(&mut ana_wakes, ana))
            .await
            .unwrap();
        assert!(
            tokio::time::timeout(Duration::from_millis(50), woken(&mut ben_wakes, ben))
                .await
                .is_err()
        );
        // Reconnecting wakes everyone.
        changes.resync();
        tokio::time::timeout(Duration::from_secs(1), woken(&mut ben_wakes, ben))
            .await
            .unwrap();
    }

    #[test]
    fn streams_wait_long_only_while_notices_are_heard() {
        let changes = changes();
        let poll = Duration::from_secs(3);
        assert_eq!(changes.stream_poll(poll), poll);
        changes.listening.store(true, Ordering::Release);
        assert_eq!(changes.stream_poll(poll), SAFETY_POLL);
    }

    #[test]
    fn a_change_drops_the_cache_here_and_queues_a_notice_only_with_a_listener() {
        let changes = changes();
        changes.events.put(Vec::new()).unwrap();
        changes.changed(Cache::Events);
        assert!(changes.events.get(chrono::Utc::now()).is_none());
        let (outgoing, queue) = mpsc::sync_channel(QUEUED);
        *changes.outgoing.lock().unwrap() = Some(outgoing);
        changes.changed(Cache::Overview);
        assert_eq!(queue.try_recv(), Ok(Cache::Overview));
        // Heard from another server: dropped here, not sent on again.
        changes.events.put(Vec::new()).unwrap();
        changes.heard(CACHES, "events");
        assert!(changes.events.get(chrono::Utc::now()).is_none());
        assert!(queue.try_recv().is_err());
    }
}
