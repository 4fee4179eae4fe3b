//! Structured logs through `tracing`: human-readable by default, JSON lines for machines.
//! Filter with `RUST_LOG` (default `info`). Never log secrets, tokens or personal data.
use tracing_subscriber::EnvFilter;

use crate::config::{LOG_FILTER_VARIABLE, LogFormat};

pub fn init(format: LogFormat) {
    let filter =
        EnvFilter::try_from_env(LOG_FILTER_VARIABLE).unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    // try_init: a second call (tests, or `seed` then `serve`) keeps the first subscriber.
    let _ = match format {
        LogFormat::Pretty => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
}
