//! The overview's cards and charts count over every booking and member, which at 200,000
//! bookings takes a few hundred milliseconds; the figures are kept in memory for a while
//! (docs/adr/0009-overview-figures-cache.md):
//!
//! - younger than [`FRESH`]: served as they are;
//! - younger than [`SERVE_UNTIL`]: served, while the first such request starts one
//!   refresh in the background;
//! - older, or dropped by an admin's write in this process: computed while the request waits.
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use playspace_app::admin::overview::OverviewFigures;

pub const FRESH: Duration = Duration::from_secs(30);
pub const SERVE_UNTIL: Duration = Duration::from_secs(120);

struct Entry {
    figures: Arc<OverviewFigures>,
    built: Instant,
}

#[derive(Default)]
struct Slot {
    entry: Option<Entry>,
    /// The last invalidation: figures read before it may miss the write, so are not kept.
    invalidated: Option<Instant>,
}

/// What to do for a request.
pub enum Lookup {
    Fresh(Arc<OverviewFigures>),
    /// Serve these and refresh in the background (this caller was chosen to).
    RefreshBehind(Arc<OverviewFigures>),
    /// Compute now and `put` the result.
    Missing,
}

#[derive(Default)]
pub struct DashboardCache {
    slot: RwLock<Slot>,
    refreshing: AtomicBool,
}

impl DashboardCache {
    pub fn get(&self) -> Lookup {
        self.get_at(Instant::now())
    }

    fn get_at(&self, now: Instant) -> Lookup {
        let Ok(slot) = self.slot.read() else {
            return Lookup::Missing;
        };
        let Some(entry) = slot.entry.as_ref() else {
            return Lookup::Missing;
        };
        let age = now.saturating_duration_since(entry.built);
        if age < FRESH {
            return Lookup::Fresh(Arc::clone(&entry.figures));
        }
        if age >= SERVE_UNTIL {
            return Lookup::Missing;
        }
        match self
            .refreshing
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => Lookup::RefreshBehind(Arc::clone(&entry.figures)),
            Err(_) => Lookup::Fresh(Arc::clone(&entry.figures)),
        }
    }

    /// Keeps figures whose read began at `started`, unless newer ones are kept already or
    /// a write was invalidated after the read began (it may not show that write).
    pub fn put(&self, figures: Arc<OverviewFigures>, started: Instant) {
        if let Ok(mut slot) = self.slot.write() {
            let newer = slot.entry.as_ref().is_none_or(|e| e.built <= started);
            let current = slot.invalidated.is_none_or(|at| at <= started);
            if newer && current {
                slot.entry = Some(Entry {
                    figures,
                    built: started,
                });
            }
        }
        self.refreshing.store(false, Ordering::Release);
    }

    /// Call when a background refresh failed, so a later request tries again.
    pub fn refresh_failed(&self) {
        self.refreshing.store(false, Ordering::Release);
    }

    /// Call after a write that changes the figures: the next request computes them afresh.
    pub fn invalidate(&self) {
        if let Ok(mut slot) = self.slot.write() {
            slot.entry = None;
            slot.invalidated = Some(Instant::now());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_domain::stats::StatsWindows;
    use playspace_ports::Dashboard;
    use playspace_test_support::test_now;

    fn figures() -> Arc<OverviewFigures> {
        Arc::new(OverviewFigures {
            windows: StatsWindows::at(test_now()),
            figures: Dashboard::default(),
        })
    }

    fn fresh(lookup: Lookup) -> bool {
        matches!(lookup, Lookup::Fresh(_))
    }

    #[test]
    fn fresh_figures_are_served_until_an_admin_write() {
        let cache = DashboardCache::default();
        assert!(matches!(cache.get(), Lookup::Missing));
        cache.put(figures(), Instant::now());
        assert!(fresh(cache.get()));
        cache.invalidate();
        assert!(matches!(cache.get(), Lookup::Missing));
    }

    #[test]
    fn older_figures_are_served_while_one_caller_refreshes_behind() {
        let cache = DashboardCache::default();
        let t0 = Instant::now();
        cache.put(figures(), t0);
        let later = t0 + FRESH + Duration::from_secs(1);
        assert!(matches!(cache.get_at(later), Lookup::RefreshBehind(_)));
        assert!(
            fresh(cache.get_at(later)),
            "the others are served meanwhile"
        );
        cache.refresh_failed();
        assert!(
            matches!(cache.get_at(later), Lookup::RefreshBehind(_)),
            "after a failure the next caller retries"
        );
        assert!(matches!(cache.get_at(t0 + SERVE_UNTIL), Lookup::Missing));
    }

    #[test]
    fn figures_read_before_an_invalidation_are_not_kept() {
        let cache = DashboardCache::default();
        let started = Instant::now()
            .checked_sub(Duration::from_millis(5))
            .unwrap();
        cache.invalidate();
        cache.put(figures(), started);
        assert!(matches!(cache.get(), Lookup::Missing));
        cache.put(figures(), Instant::now());
        assert!(fresh(cache.get()));
    }
}
