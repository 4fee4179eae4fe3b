//! `GET /api/notifications/stream`: the signed-in person's new notifications as server-sent
//! events. An open stream looks at the person's list when woken by a notice that their
//! notifications changed, written by any server (PostgreSQL, ADR 0028), and at least every
//! 30 s besides; on SQLite, or while the notices are not heard, every
//! `Config::notification_poll` (ADR 0013). A session that ends (logout, expiry) ends the
//! stream at the next look.
//! A notification written over (a standing one, such as the review queue's count) is sent
//! again, and one that left the list is announced, so an open bell stays true.
//! Streams are capped per sign-in, per person and per process (crate::stream_registry): a
//! stream replaced by a newer one of the same person ends with `event: replaced`. Every
//! stream ends, without a word, when the server begins to stop (crate::shutdown).
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use actix_web::http::header::{CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use futures_util::stream;
use playspace_app::notifications::list_notifications;
use playspace_domain::{Notification, NotificationId, UserId};
use tokio::sync::broadcast;

use crate::auth::{Credentials, CurrentUser};
use crate::changes::{Wake, woken};
use crate::dto::NotificationDto;
use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::state::AppState;
use crate::stream_registry::StreamTicket;
use crate::use_case_errors::unauthenticated;

/// A comment line at least this often, so proxies keep the connection. A client that closes
/// its connection is noticed at once (crate::server::http_server); one that vanished
/// without closing it (a phone out of signal) only when writes fail, or when a newer stream
/// of the same person replaces it.
const KEEP_ALIVE: Duration = Duration::from_secs(25);

/// Sent first: headers and this reach the browser at once, and a dropped stream is retried
/// after 10 s rather than the browser's default 3 s.
const OPENING: &[u8] = b"retry: 10000\n\n";

/// Sent last when a newer stream of the same sign-in or person has taken this one's place.
/// The app closes its EventSource on it; a client that does not know the event is asked to
/// wait an hour before the browser reconnects by itself, so old tabs cannot keep replacing
/// each other.
const REPLACED: &[u8] = b"retry: 3600000\nevent: replaced\ndata: newer\n\n";

/// How long a client refused for a full server is asked to wait: the app's own fallback.
const FULL_RETRY_SECS: u64 = 60;

/// One open stream. Its memory is bounded: a few bytes for each notification of the
/// person's current list (at most `NOTIFICATIONS_KEPT`) and the credentials it re-checks.
struct Watch {
    state: web::Data<AppState>,
    credentials: Credentials,
    /// Its place in the registry, given back when the stream is dropped (when the answer
    /// ends or the connection closes).
    ticket: StreamTicket,
    /// Whose stream it is, and the wakes that may concern them.
    member: UserId,
    wakes: broadcast::Receiver<Wake>,
    ended: bool,
    /// The person's list at the last look: anything not in it as it is now is news.
    known: Vec<Seen>,
    last_write: Instant,
    opened: bool,
}

/// What one look at the database found.
enum Look {
    /// The session has ended (or the token no longer verifies): the stream ends.
    SignedOut,
    /// The person and sign-in, and their list, newest first.
    List(Box<CurrentUser>, Vec<Notification>),
}

/// Blocking: the session check and the list, on one trip to the blocking pool.
fn look(state: &AppState, credentials: Credentials) -> Result<Look, ApiError> {
    let Some(current) = credentials.authenticate(&state.account_deps())? else {
        return Ok(Look::SignedOut);
    };
    let list = list_notifications(&state.notification_deps(), current.user.id)?;
    Ok(Look::List(Box::new(current), list.items))
}

/// A notification as a look found it: its id, when it was written and a hash of what it
/// says, enough to tell when it is written over (being read elsewhere is not news).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Seen {
    id: NotificationId,
    at: DateTime<Utc>,
    words: u64,
}

impl Seen {
    fn of(n: &Notification) -> Self {
        let mut words = DefaultHasher::new();
        (&n.title, &n.message).hash(&mut words);
        Self {
            id: n.id,
            at: n.created_at,
            words: words.finish(),
        }
    }
}

/// `event: notification` frames for `fresh` (oldest first, so they arrive in order), then
/// an `event: removed` frame (`{"id"}`) for each of `gone`.
fn frames(fresh: &[&Notification], gone: &[NotificationId]) -> Bytes {
    let mut out = String::new();
    for n in fresh.iter().rev() {
        // Serialising our own DTO cannot fail; the `data:` line stays on one line because
        // JSON escapes newlines inside strings.
        let json = serde_json::to_string(&NotificationDto::from(*n)).unwrap_or_default();
        out.push_str("event: notification\nid: ");
        out.push_str(&n.id.to_string());
        out.push_str("\ndata: ");
        out.push_str(&json);
        out.push_str("\n\n");
    }
    for id in gone {
        out.push_str("event: removed\ndata: {\"id\":\"");
        out.push_str(&id.to_string());
        out.push_str("\"}\n\n");
    }
    Bytes::from(out)
}

impl Watch {
    /// Waits until there is something to send; `None` ends the stream.
    async fn next_chunk(&mut self) -> Option<Bytes> {
        if self.ended {
            return None;
        }
        if !self.opened {
            self.opened = true;
            return Some(Bytes::from_static(OPENING));
        }
        loop {
            let poll = self
                .state
                .changes
                .stream_poll(self.state.config.notification_poll);
            tokio::select! {
                () = actix_web::rt::time::sleep(poll) => {}
                () = woken(&mut self.wakes, self.member) => {}
                () = self.ticket.replaced() => {
                    self.ended = true;
                    return Some(Bytes::from_static(REPLACED));
                }
                // The server is stopping: the browser reconnects by itself (after the
                // OPENING's retry), to whichever server answers then.
                () = self.state.shutdown.begun() => return None,
            }
            let state = self.state.clone();
            let credentials = self.credentials.clone();
            match web::block(move || look(&state, credentials)).await {
                Ok(Ok(Look::SignedOut)) => return None,
                Ok(Ok(Look::List(_, items))) => {
                    let seen: Vec<Seen> = items.iter().map(Seen::of).collect();
                    let fresh: Vec<&Notification> = items
                        .iter()
                        .zip(&seen)
                        .filter(|(_, s)| !self.known.contains(s))
                        .map(|(n, _)| n)
                        .collect();
                    let gone: Vec<NotificationId> = self
                        .known
                        .iter()
                        .map(|k| k.id)
                        .filter(|id| !seen.iter().any(|s| s.id == *id))
                        .collect();
                    let chunk =
                        (!fresh.is_empty() || !gone.is_empty()).then(|| frames(&fresh, &gone));
                    self.known = seen;
                    if let Some(chunk) = chunk {
                        self.last_write = Instant::now();
                        return Some(chunk);
                    }
                }
                // A store hiccup is not the client's business: try again at the next look.
                Ok(Err(e)) => tracing::warn!(error = %e, "notification stream could not look"),
                Err(e) => tracing::warn!(error = %e, "notification stream could not look"),
            }
            if self.last_write.elapsed() >= KEEP_ALIVE {
                self.last_write = Instant::now();
                return Some(Bytes::from_static(b": keep-alive\n\n"));
            }
        }
    }
}

/// `GET /api/notifications/stream`: 401 signed out; 503 `streams_full` (with Retry-After)
/// when this process holds as many streams as it may; otherwise `text/event-stream` with an
/// `event: notification` (the list's item shape) for each notification written (or written
/// over) after it opened, an `event: removed` (`{id}`) for each that left the person's list,
/// a keep-alive comment every 25 s, and `event: replaced` as its last words when a newer
/// stream of the same sign-in or person took its place.
pub async fn handle(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let credentials = Credentials::from_request(&req);
    let first = {
        let state = state.clone();
        let credentials = credentials.clone();
        web::block(move || look(&state, credentials)).await??
    };
    let Look::List(current, items) = first else {
        return Err(unauthenticated());
    };
    let ticket = state
        .streams
        .open(current.user.id, current.session.id)
        .map_err(|_| {
            ApiError::new(ErrorCode::StreamsFull,
                "This server has as many live connections as it can hold. Your notifications still arrive; please try again in a minute.",
            )
            .with_retry_after(FULL_RETRY_SECS)
        })?;
    let watch = Watch {
        wakes: state.changes.wakes(),
        member: current.user.id,
        state,
        credentials,
        ticket,
        ended: false,
        known: items.iter().map(Seen::of).collect(),
        last_write: Instant::now(),
        opened: false,
    };
    let body = stream::unfold(watch, |mut watch| async move {
        let chunk = watch.next_chunk().await?;
        Some((Ok::<_, actix_web::Error>(chunk), watch))
    });
    Ok(HttpResponse::Ok()
        // When the stream ends (replaced, signed out) its connection goes too, rather than
        // idling for a next request: a person's streams then never hold more connections
        // than the caps allow.
        .force_close()
        .insert_header((CONTENT_TYPE, "text/event-stream"))
        .insert_header((CACHE_CONTROL, "no-store"))
        // Nginx and the like would otherwise hold events back in their buffers.
        .insert_header(("X-Accel-Buffering", "no"))
        // Tells the Compress middleware to leave it alone: a compressor buffers.
        .insert_header((CONTENT_ENCODING, "identity"))
        .streaming(body))
}
