//! The public events list is read far more than it changes, so the upcoming sessions, their
//! serialised JSON and the events page's summary of them (each plain and gzipped) are kept
//! in memory; the home page's first few are cut from the same list. An entry dies when a write in this process invalidates
//! it, when its soonest event starts (that event must drop off the list), or after a short
//! TTL so writes by other processes (another server, `playspace seed`) show up quickly.
//! When only the TTL has run out, one request rebuilds while the others keep serving the
//! previous entry, so a busy server never stampedes the database every second.
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use playspace_domain::{Event, EventsSummary};

use crate::dto::{events_json, summary_json};
use crate::encoding::Encoded;

const TTL: Duration = Duration::from_secs(1);

pub struct CachedList {
    /// The upcoming active sessions, soonest first.
    pub events: Vec<Event>,
    pub list: Encoded,
    pub summary: Encoded,
    built: Instant,
    /// When the soonest listed event starts and so leaves the list.
    stale_at: Option<DateTime<Utc>>,
    /// Each sport's sessions (the events page once a sport is chosen), encoded on first
    /// request, keyed by the lower-cased name. Only sports with sessions are kept, so the
    /// map is bounded by the list itself whatever names are asked for.
    by_sport: Mutex<HashMap<String, Arc<Encoded>>>,
}

impl CachedList {
    /// The sessions of `sport` (a lower-cased name), encoded.
    pub fn sport(&self, sport: &str) -> Result<Arc<Encoded>, std::io::Error> {
        if let Some(hit) = self
            .by_sport
            .lock()
            .ok()
            .and_then(|m| m.get(sport).cloned())
        {
            return Ok(hit);
        }
        let mut sessions = self
            .events
            .iter()
            .filter(|event| event.category.matches(sport))
            .peekable();
        let any = sessions.peek().is_some();
        let encoded = Arc::new(Encoded::new(events_json(sessions)?)?);
        if any && let Ok(mut by_sport) = self.by_sport.lock() {
            by_sport.insert(sport.to_owned(), Arc::clone(&encoded));
        }
        Ok(encoded)
    }
}

#[derive(Default)]
pub struct EventsCache {
    slot: RwLock<Option<Arc<CachedList>>>,
    refreshing: AtomicBool,
}

impl EventsCache {
    /// The entry to serve, or `None` when the caller should load the list and `put` it.
    pub fn get(&self, now: DateTime<Utc>) -> Option<Arc<CachedList>> {
        let slot = self.slot.read().ok()?;
        let cached = slot.as_ref()?;
        if cached.stale_at.is_some_and(|t| now >= t) {
            return None;
        }
        if cached.built.elapsed() < TTL {
            return Some(Arc::clone(cached));
        }
        // Past its TTL: the first caller refreshes, everyone else serves this entry meanwhile.
        match self
            .refreshing
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => None,
            Err(_) => Some(Arc::clone(cached)),
        }
    }

    /// Keeps `events` (the unfiltered upcoming list, soonest first), serialised and summarised.
    pub fn put(&self, events: Vec<Event>) -> Result<Arc<CachedList>, std::io::Error> {
        let entry = Arc::new(CachedList {
            list: Encoded::new(events_json(&events)?)?,
            summary: Encoded::new(summary_json(&EventsSummary::of(&events))?)?,
            built: Instant::now(),
            stale_at: events.first().map(|e| e.starts_at),
            by_sport: Mutex::default(),
            events,
        });
        if let Ok(mut slot) = self.slot.write() {
            *slot = Some(Arc::clone(&entry));
        }
        self.refreshing.store(false, Ordering::Release);
        Ok(entry)
    }

    /// Call after any write that changes what the list shows.
    pub fn invalidate(&self) {
        if let Ok(mut slot) = self.slot.write() {
            *slot = None;
        }
    }

    /// Call when a refresh that `get` asked for failed, so a later request tries again.
    pub fn refresh_failed(&self) {
        self.refreshing.store(false, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration as ChronoDuration;
    use playspace_test_support::{EventBuilder, test_now};

    #[test]
    fn serves_until_invalidated() {
        let cache = EventsCache::default();
        assert!(cache.get(test_now()).is_none());
        cache.put(vec![EventBuilder::new().build()]).unwrap();
        let hit = cache.get(test_now()).unwrap();
        assert!(hit.list.json.starts_with(b"[{\"id\":"));
        assert!(hit.list.gzip.len() > 10);
        assert!(hit.summary.json.starts_with(b"{\"eventCount\":1,"));
        cache.invalidate();
        assert!(cache.get(test_now()).is_none());
    }

    #[test]
    fn after_the_ttl_one_caller_refreshes_while_others_get_the_old_entry() {
        let cache = EventsCache::default();
        cache.put(vec![EventBuilder::new().build()]).unwrap();
        if let Ok(mut slot) = cache.slot.write() {
            let old = slot.take().unwrap();
            *slot = Some(Arc::new(CachedList {
                events: old.events.clone(),
                list: Encoded::new(old.list.json.to_vec()).unwrap(),
                summary: Encoded::new(old.summary.json.to_vec()).unwrap(),
                built: Instant::now() - TTL,
                stale_at: old.stale_at,
                by_sport: Mutex::default(),
            }));
        }
        assert!(cache.get(test_now()).is_none(), "first caller refreshes");
        assert!(cache.get(test_now()).is_some(), "others keep serving");
        cache.refresh_failed();
        assert!(
            cache.get(test_now()).is_none(),
            "after a failure the next caller retries"
        );
        cache.put(vec![EventBuilder::new().build()]).unwrap();
        assert!(cache.get(test_now()).is_some());
    }

    #[test]
    fn a_sports_sessions_are_kept_once_asked_for_and_unknown_names_are_not() {
        let cache = EventsCache::default();
        let entry = cache
            .put(vec![
                EventBuilder::new().category("Yoga").build(),
                EventBuilder::new().category("Boxing").build(),
                EventBuilder::new().category("yoga").build(),
            ])
            .unwrap();
        let yoga = entry.sport("yoga").unwrap();
        let listed: Vec<serde_json::Value> = serde_json::from_slice(&yoga.json).unwrap();
        assert_eq!(listed.len(), 2);
        assert!(Arc::ptr_eq(&yoga, &entry.sport("yoga").unwrap()), "kept");
        assert_eq!(&entry.sport("curling").unwrap().json[..], b"[]");
        assert_eq!(
            entry.by_sport.lock().unwrap().len(),
            1,
            "only sports with sessions"
        );
    }

    #[test]
    fn goes_stale_when_the_first_event_starts() {
        let cache = EventsCache::default();
        let event = EventBuilder::new()
            .starts_in(ChronoDuration::hours(1))
            .build();
        let start = event.starts_at;
        cache.put(vec![event]).unwrap();
        assert!(cache.get(start - ChronoDuration::seconds(1)).is_some());
        assert!(cache.get(start).is_none());
    }

    #[test]
    fn gzip_decodes_to_the_json() {
        use std::io::Read;
        let cache = EventsCache::default();
        let entry = cache
            .put(vec![
                EventBuilder::new().build(),
                EventBuilder::new().build(),
            ])
            .unwrap();
        for encoded in [&entry.list, &entry.summary] {
            let mut decoded = Vec::new();
            flate2::read::GzDecoder::new(&encoded.gzip[..])
                .read_to_end(&mut decoded)
                .unwrap();
            assert_eq!(decoded, encoded.json);
        }
    }
}
