use std::sync::Arc;

use playspace_ports::Clock;
use playspace_store::Store;

use crate::config::Config;
use crate::events_cache::EventsCache;
use crate::frontend::Frontend;
use crate::rate_limit::RateLimiter;

/// Everything a request handler may use. Cheap to clone (all shared).
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub clock: Arc<dyn Clock>,
    pub events_cache: Arc<EventsCache>,
    pub frontend: Arc<Frontend>,
    pub rate_limiter: Arc<RateLimiter>,
    pub config: Arc<Config>,
}
