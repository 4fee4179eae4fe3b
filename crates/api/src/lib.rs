//! PlaySpace's HTTP side: actix-web routes (one file per action), the ApiError format,
//! serving the built frontend, configuration, telemetry, and the `playspace` binary.

pub mod auth;
pub mod changes;
pub mod client_address;
pub mod config;
pub mod dashboard_cache;
pub mod data_care;
pub mod deadlines;
pub mod descriptors;
pub mod dto;
pub mod encoding;
pub mod error;
pub mod error_code;
pub mod events_cache;
pub mod frontend;
pub mod local_checkout;
pub mod locale;
pub mod metrics;
pub mod middleware;
pub mod outbox_wake;
pub mod outbox_worker;
pub mod pages;
pub mod rate_limit;
pub mod request_id;
pub mod routes;
pub mod server;
pub mod shared_rules;
pub mod shutdown;
pub mod state;
pub mod stream_registry;
pub mod telemetry;
pub mod test_clock;
pub mod timed_work;
pub mod use_case_errors;

pub use config::Config;
pub use error::ApiError;
pub use server::{configure_app, run};
pub use state::AppState;
