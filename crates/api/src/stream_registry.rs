//! The notification streams open in this process, and the rules that bound them (ADR 0013,
//! addendum of 2026-11-29): at most `per_session` for one sign-in and `per_member` for one
//! person, the newest winning (the oldest is told to stop), and at most `total` in the
//! process, beyond which a new stream is refused. A stream leaves the registry when its
//! [`StreamTicket`] is dropped: when its answer ends or its connection closes.
//!
//! Everything that knows which streams are open lives here, so a signal from outside the
//! process (PostgreSQL `LISTEN/NOTIFY`, issue 25) can later find a person's streams through
//! this one module.
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use playspace_domain::{SessionId, UserId};
use tokio::sync::oneshot;

/// How many streams may be open at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamLimits {
    /// For one sign-in: the tabs of one browser.
    pub per_session: usize,
    /// For one person: their browsers and devices together.
    pub per_member: usize,
    /// For the whole process.
    pub total: usize,
}

/// The process holds `StreamLimits::total` streams and none of them is the caller's to
/// replace.
#[derive(Debug, PartialEq, Eq)]
pub struct Full;

#[derive(Default)]
struct Open {
    next_id: u64,
    /// Each person's and each sign-in's streams, oldest first.
    by_member: HashMap<UserId, Vec<u64>>,
    by_session: HashMap<SessionId, Vec<u64>>,
    /// How to tell each open stream to stop.
    stops: HashMap<u64, Stream>,
}

struct Stream {
    member: UserId,
    session: SessionId,
    stop: oneshot::Sender<()>,
}

impl Open {
    fn remove(&mut self, id: u64) -> Option<Stream> {
        let stream = self.stops.remove(&id)?;
        forget(&mut self.by_member, stream.member, id);
        forget(&mut self.by_session, stream.session, id);
        Some(stream)
    }

    /// Removes stream `id` and tells it to stop.
    fn evict(&mut self, id: u64) {
        if let Some(stream) = self.remove(id) {
            // Its receiver is gone only if the stream ended at this very moment.
            let _ = stream.stop.send(());
        }
    }
}

fn forget<K: std::hash::Hash + Eq>(index: &mut HashMap<K, Vec<u64>>, key: K, id: u64) {
    if let Some(ids) = index.get_mut(&key) {
        ids.retain(|&other| other != id);
        if ids.is_empty() {
            index.remove(&key);
        }
    }
}

fn oldest<K: std::hash::Hash + Eq>(
    index: &HashMap<K, Vec<u64>>,
    key: &K,
    cap: usize,
) -> Option<u64> {
    index
        .get(key)
        .filter(|ids| ids.len() >= cap)
        .and_then(|ids| ids.first().copied())
}

/// The streams open in this process. Cheap to share (`Arc`).
pub struct StreamRegistry {
    limits: StreamLimits,
    open: Arc<Mutex<Open>>,
}

impl StreamRegistry {
    pub fn new(limits: StreamLimits) -> Self {
        Self {
            limits: StreamLimits {
                per_session: limits.per_session.max(1),
                per_member: limits.per_member.max(1),
                total: limits.total,
            },
            open: Arc::default(),
        }
    }

    pub fn limits(&self) -> StreamLimits {
        self.limits
    }

    fn lock(&self) -> MutexGuard<'_, Open> {
        lock(&self.open)
    }

    /// Registers a new stream for `member` signed in as `session`. When that sign-in, or
    /// else that person, already has as many as allowed, their oldest is told to stop and
    /// the new one takes its place; otherwise, when the process is full, it is refused.
    pub fn open(&self, member: UserId, session: SessionId) -> Result<StreamTicket, Full> {
        let mut open = self.lock();
        // Newest wins: each sign-in's and each person's oldest streams make room.
        while let Some(id) = oldest(&open.by_session, &session, self.limits.per_session) {
            open.evict(id);
        }
        while let Some(id) = oldest(&open.by_member, &member, self.limits.per_member) {
            open.evict(id);
        }
        if open.stops.len() >= self.limits.total {
            return Err(Full);
        }
        let id = open.next_id;
        open.next_id += 1;
        let (stop, stopped) = oneshot::channel();
        open.by_member.entry(member).or_default().push(id);
        open.by_session.entry(session).or_default().push(id);
        open.stops.insert(
            id,
            Stream {
                member,
                session,
                stop,
            },
        );
        Ok(StreamTicket {
            id,
            open: Arc::clone(&self.open),
            stopped: Some(stopped),
        })
    }

    /// How many streams are open in this process.
    pub fn count(&self) -> usize {
        self.lock().stops.len()
    }
}

fn lock(open: &Mutex<Open>) -> MutexGuard<'_, Open> {
    // Nothing under the lock can panic half-way through a change, so a poisoned lock still
    // holds consistent data.
    open.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One open stream's place in the registry, held for as long as the stream is open.
pub struct StreamTicket {
    id: u64,
    open: Arc<Mutex<Open>>,
    /// `None` once it has said the stream was replaced.
    stopped: Option<oneshot::Receiver<()>>,
}

impl StreamTicket {
    /// Waits until a newer stream of the same sign-in or person has taken this one's
    /// place; waits forever once it has said so.
    pub async fn replaced(&mut self) {
        match self.stopped.as_mut() {
            Some(stopped) => {
                // An error means the sender went without a word: only when this ticket
                // was removed, which is also the end of this stream.
                let _ = stopped.await;
                self.stopped = None;
            }
            None => std::future::pending().await,
        }
    }
}

impl Drop for StreamTicket {
    fn drop(&mut self) {
        // Gone already when it was replaced.
        lock(&self.open).remove(self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn registry(per_session: usize, per_member: usize, total: usize) -> StreamRegistry {
        StreamRegistry::new(StreamLimits {
            per_session,
            per_member,
            total,
        })
    }

    /// Whether `ticket` has been told to stop, without waiting.
    async fn is_replaced(ticket: &mut StreamTicket) -> bool {
        tokio::time::timeout(Duration::from_millis(1), ticket.replaced())
            .await
            .is_ok()
    }

    #[tokio::test]
    async fn one_sign_in_keeps_its_newest_streams_and_the_oldest_is_told_to_stop() {
        let streams = registry(3, 10, 100);
        let (ana, laptop) = (UserId::new(), SessionId::new());
        let mut tickets: Vec<_> = (0..3).map(|_| streams.open(ana, laptop).unwrap()).collect();
        for ticket in &mut tickets {
            assert!(!is_replaced(ticket).await);
        }
        let newest = streams.open(ana, laptop).unwrap();
        assert_eq!(streams.count(), 3, "never more than the sign-in's cap");
        assert!(
            is_replaced(&mut tickets[0]).await,
            "the oldest is told to stop"
        );
        assert!(!is_replaced(&mut tickets[1]).await);
        assert!(!is_replaced(&mut tickets[2]).await);
        // Told once; asking again waits (the stream has ended by then).
        assert!(!is_replaced(&mut tickets[0]).await);
        // The replaced stream ending does not take a live one's place with it.
        drop(tickets.remove(0));
        assert_eq!(streams.count(), 3);
        drop(newest);
        assert_eq!(streams.count(), 2);
    }

    #[tokio::test]
    async fn one_person_keeps_their_newest_streams_across_sign_ins() {
        let streams = registry(3, 4, 100);
        let ana = UserId::new();
        let (phone, laptop) = (SessionId::new(), SessionId::new());
        let mut on_phone: Vec<_> = (0..2).map(|_| streams.open(ana, phone).unwrap()).collect();
        let mut on_laptop: Vec<_> = (0..2).map(|_| streams.open(ana, laptop).unwrap()).collect();
        let _newest = streams.open(ana, laptop).unwrap();
        assert_eq!(streams.count(), 4, "never more than the person's cap");
        assert!(
            is_replaced(&mut on_phone[0]).await,
            "the person's oldest stops"
        );
        assert!(!is_replaced(&mut on_phone[1]).await);
        assert!(!is_replaced(&mut on_laptop[0]).await);
        assert!(!is_replaced(&mut on_laptop[1]).await);

        // Someone else's streams are never touched.
        let ben = UserId::new();
        let mut bens = streams.open(ben, SessionId::new()).unwrap();
        for _ in 0..20 {
            let _ = streams.open(ana, laptop).unwrap();
        }
        assert!(!is_replaced(&mut bens).await);
    }

    #[tokio::test]
    async fn a_full_process_refuses_new_people_but_lets_a_person_replace_their_own() {
        let streams = registry(5, 5, 3);
        let ana = UserId::new();
        let laptop = SessionId::new();
        let _a = streams.open(ana, laptop).unwrap();
        let _b = streams.open(UserId::new(), SessionId::new()).unwrap();
        let _c = streams.open(UserId::new(), SessionId::new()).unwrap();
        assert_eq!(
            streams.open(UserId::new(), SessionId::new()).err(),
            Some(Full)
        );
        assert_eq!(
            streams.open(ana, laptop).err(),
            Some(Full),
            "under her caps"
        );
        assert_eq!(streams.count(), 3);

        // At her own cap, her newest replaces her oldest even in a full process.
        let streams = registry(1, 5, 2);
        let mut first = streams.open(ana, laptop).unwrap();
        let _other = streams.open(UserId::new(), SessionId::new()).unwrap();
        let _second = streams.open(ana, laptop).unwrap();
        assert!(is_replaced(&mut first).await);
        assert_eq!(streams.count(), 2);
    }

    #[tokio::test]
    async fn a_stream_leaves_when_its_ticket_is_dropped() {
        let streams = registry(4, 10, 8);
        let ana = UserId::new();
        let tickets: Vec<_> = (0..8)
            .map(|_| streams.open(UserId::new(), SessionId::new()).unwrap())
            .collect();
        assert_eq!(streams.open(ana, SessionId::new()).err(), Some(Full));
        drop(tickets);
        assert_eq!(streams.count(), 0);
        assert!(streams.open(ana, SessionId::new()).is_ok());
        assert_eq!(streams.count(), 0, "dropped at once");
        // Nothing is left behind for people with no stream.
        let open = streams.lock();
        assert!(open.by_member.is_empty() && open.by_session.is_empty());
    }
}
