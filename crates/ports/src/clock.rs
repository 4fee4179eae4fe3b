use chrono::{DateTime, Utc};

/// The current instant. Injected so rules about time (reset links, cancellations, "past
/// events") are tested at fixed instants.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// The real clock, truncated to microseconds so values survive a database round trip.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        let now = Utc::now();
        chrono::DurationRound::duration_trunc(now, chrono::Duration::microseconds(1)).unwrap_or(now)
    }
}

/// Lets the api hold one shared clock (`Arc<dyn Clock>`) and hand it to generic use cases.
impl<T: Clock + ?Sized> Clock for std::sync::Arc<T> {
    fn now(&self) -> DateTime<Utc> {
        (**self).now()
    }
}
