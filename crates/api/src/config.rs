//! Configuration from the environment, with defaults that run the whole product offline.
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use playspace_domain::retention::RetentionPeriods;

use crate::client_address::TrustedProxies;
use crate::stream_registry::StreamLimits;

/// Connections one process serves at once unless `MAX_CONNECTIONS` says otherwise.
pub const DEFAULT_MAX_CONNECTIONS: usize = 1_000;
/// A browser speaking HTTP/1.1 opens at most 6 connections to a site: 4 streams leave it 2
/// for everything else.
pub const DEFAULT_STREAMS_PER_SESSION: usize = 4;
/// A person's few devices, a few tabs each.
pub const DEFAULT_STREAMS_PER_MEMBER: usize = 10;
/// The longest a request body may take to arrive (`REQUEST_BODY_TIMEOUT`'s default and
/// upper bound).
pub const MAX_BODY_TIMEOUT_SECS: u64 = 30;
pub const DEFAULT_REQUEST_TIMEOUT_SECS: u64 = 60;

/// Every environment variable `Config::from_env` reads, and the only ones it reads (a test
/// below holds `from_lookup` to this list; docs/operations.md documents each, and the
/// deploy files' test holds them to it).
pub const VARIABLES: [&str; 29] = [
    "DATABASE_URL",
    "DATA_DIR",
    "BIND",
    "PUBLIC_URL",
    "FRONTEND_DIR",
    "LOG_FORMAT",
    "DB_POOL_SIZE",
    "RATE_LIMITS",
    "TEST_CLOCK",
    "EMAIL_FROM",
    "EMAIL_FROM_NAME",
    "SENDGRID_API_KEY",
    "JWT_SECRET",
    "LINK_SECRET",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "METRICS_TOKEN",
    "MAX_CONNECTIONS",
    "NOTIFICATION_STREAMS_PER_SESSION",
    "NOTIFICATION_STREAMS_PER_MEMBER",
    "NOTIFICATION_STREAMS_MAX",
    "REQUEST_BODY_TIMEOUT",
    "REQUEST_TIMEOUT",
    "TRUSTED_PROXIES",
    "RETENTION_SESSIONS_DAYS",
    "RETENTION_TOKENS_DAYS",
    "RETENTION_EMAIL_BODIES_DAYS",
    "RETENTION_NOTIFICATIONS_DAYS",
    "RETENTION_AUDIT_DAYS",
];

/// The log filter, read by crate::telemetry (`info` when unset).
pub const LOG_FILTER_VARIABLE: &str = "RUST_LOG";
/// The password `playspace create-admin` gives the account (asked for when unset).
pub const ADMIN_PASSWORD_VARIABLE: &str = "ADMIN_PASSWORD";

#[derive(Clone, Debug)]
pub struct Config {
    pub database_url: String,
    /// True when `DATABASE_URL` was not given: the embedded SQLite default, which seeds
    /// demo data on its first start.
    pub embedded_default: bool,
    pub bind: SocketAddr,
    /// `FRONTEND_DIR`: serve the built frontend from this directory; unset, the build the
    /// binary carries (crate::frontend::files).
    pub frontend_dir: Option<PathBuf>,
    pub data_dir: PathBuf,
    pub public_url: String,
    pub log_format: LogFormat,
    pub db_pool_size: u32,
    /// `RATE_LIMITS=off` disables rate limits (load tests and benchmarks only).
    pub rate_limits: bool,
    /// `TEST_CLOCK=on`: the browser tests may move the server's clock (crate::test_clock).
    /// Only for a site served on this machine.
    pub test_clock: bool,
    /// Sender address of every email.
    pub email_from: String,
    pub email_from_name: String,
    /// With a key, email goes through SendGrid; without, into the file mailbox.
    pub sendgrid_api_key: Option<Secret>,
    /// Signs session tokens; generated into `DATA_DIR/secrets/` when unset.
    pub jwt_secret: Option<Secret>,
    /// Signs links that act without a sign-in (unsubscribe); generated into
    /// `DATA_DIR/secrets/` when unset.
    pub link_secret: Option<Secret>,
    /// With a key, card payments go through Stripe Checkout; without, the local checkout.
    pub stripe_secret_key: Option<Secret>,
    pub stripe_webhook_secret: Option<Secret>,
    /// `METRICS_TOKEN`: the bearer token that reads `GET /metrics`; without it metrics are
    /// neither recorded nor served (404).
    pub metrics_token: Option<Secret>,
    /// How often an open notification stream looks for the person's new notifications
    /// (ADR 0013). Not read from the environment; tests shorten it.
    pub notification_poll: Duration,
    /// How often the outbox worker looks for due emails when no write has woken it
    /// (crate::outbox_worker). Not read from the environment; tests lengthen it.
    pub outbox_poll: Duration,
    /// `MAX_CONNECTIONS`: connections this process serves at once; more wait in the
    /// kernel's queue until one closes. Lowered at start-up to what the process's descriptor
    /// limit allows (crate::descriptors).
    pub max_connections: usize,
    /// `NOTIFICATION_STREAMS_PER_SESSION`, `…_PER_MEMBER`: open notification streams for one
    /// sign-in and for one person; a newer one replaces the oldest (ADR 0013 addendum).
    pub streams_per_session: usize,
    pub streams_per_member: usize,
    /// `NOTIFICATION_STREAMS_MAX`: open notification streams in this process; `None` is half
    /// of `max_connections`, so streams never hold every connection.
    pub streams_max: Option<usize>,
    /// `REQUEST_BODY_TIMEOUT`: a request's body must have arrived this long after its head,
    /// or it is answered 408 and its connection closed (crate::deadlines).
    pub request_body_timeout: Duration,
    /// `REQUEST_TIMEOUT`: a request's answer must be ready this long after its head, or it
    /// is answered 503 (crate::deadlines).
    pub request_timeout: Duration,
    /// `RETENTION_*_DAYS`: how long records needed only for a while are kept
    /// (docs/operations.md, Retention).
    pub retention: RetentionPeriods,
    /// `TRUSTED_PROXIES`: the reverse proxies whose `X-Forwarded-For` names the visitor
    /// (crate::client_address); empty, the connection's address is the visitor's.
    pub trusted_proxies: TrustedProxies,
}

/// A configuration value that must never reach a log: `Debug` prints a placeholder.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(***)")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Pretty,
    Json,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{name} is invalid: {reason}")]
    Invalid { name: &'static str, reason: String },
}

/// Two connections per core (at least 4): on a 2-core machine a booking rush on PostgreSQL
/// ran 1,369 bookings/s with 4 and 817/s with 16, the extra backends and threads only queueing
/// on the event's row and switching (docs/performance.md).
fn default_pool_size(cores: usize) -> u32 {
    u32::try_from(cores.saturating_mul(2)).map_or(512, |n| n.clamp(4, 512))
}

impl Config {
    /// Reads the [`VARIABLES`] (an empty one counts as unset) and nothing else.
    pub fn from_env() -> Result<Self, ConfigError> {
        let env: std::collections::HashMap<&str, String> = VARIABLES
            .iter()
            .filter_map(|&name| {
                let value = std::env::var(name).ok()?;
                (!value.trim().is_empty()).then_some((name, value))
            })
            .collect();
        Self::from_lookup(|name| env.get(name).cloned())
    }

    /// Reads settings through `lookup` so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let data_dir = PathBuf::from(lookup("DATA_DIR").unwrap_or_else(|| "data".into()));
        let given_url = lookup("DATABASE_URL");
        let embedded_default = given_url.is_none();
        let database_url = given_url
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("playspace.db").display()));
        let bind_text = lookup("BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let bind: SocketAddr =
            bind_text
                .parse()
                .map_err(|e: std::net::AddrParseError| ConfigError::Invalid {
                    name: "BIND",
                    reason: e.to_string(),
                })?;
        let public_url = lookup("PUBLIC_URL")
            .unwrap_or_else(|| format!("http://{bind}"))
            .trim_end_matches('/')
            .to_owned();
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            return Err(ConfigError::Invalid {
                name: "PUBLIC_URL",
                reason: "must start with http:// or https://".into(),
            });
        }
        let log_format = match lookup("LOG_FORMAT")
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None | Some("pretty") => LogFormat::Pretty,
            Some("json") => LogFormat::Json,
            Some(other) => {
                return Err(ConfigError::Invalid {
                    name: "LOG_FORMAT",
                    reason: format!("{other:?} is not pretty or json"),
                });
            }
        };
        let db_pool_size = match lookup("DB_POOL_SIZE") {
            None => default_pool_size(std::thread::available_parallelism().map_or(2, usize::from)),
            Some(text) => text
                .parse()
                .ok()
                .filter(|n| (1..=512).contains(n))
                .ok_or_else(|| ConfigError::Invalid {
                    name: "DB_POOL_SIZE",
                    reason: "must be 1 to 512".into(),
                })?,
        };
        let rate_limits = match lookup("RATE_LIMITS")
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None | Some("on") => true,
            Some("off") => false,
            Some(other) => {
                return Err(ConfigError::Invalid {
                    name: "RATE_LIMITS",
                    reason: format!("{other:?} is not on or off"),
                });
            }
        };
        let test_clock = match lookup("TEST_CLOCK").as_deref() {
            None | Some("off") => false,
            Some("on") if is_loopback_url(&public_url) => true,
            Some("on") => {
                return Err(ConfigError::Invalid {
                    name: "TEST_CLOCK",
                    reason: "only for a site served on this machine (PUBLIC_URL on 127.0.0.1 or localhost)".into(),
                });
            }
            Some(other) => {
                return Err(ConfigError::Invalid {
                    name: "TEST_CLOCK",
                    reason: format!("{other:?} is not on or off"),
                });
            }
        };
        let max_connections = number(
            &lookup,
            "MAX_CONNECTIONS",
            DEFAULT_MAX_CONNECTIONS,
            2,
            1_000_000,
        )?;
        let streams_max = match lookup("NOTIFICATION_STREAMS_MAX") {
            None => None,
            Some(_) => Some(number(
                &lookup,
                "NOTIFICATION_STREAMS_MAX",
                0,
                0,
                1_000_000,
            )?),
        };
        let body_secs = number(
            &lookup,
            "REQUEST_BODY_TIMEOUT",
            MAX_BODY_TIMEOUT_SECS,
            1,
            MAX_BODY_TIMEOUT_SECS,
        )?;
        let request_secs = number(
            &lookup,
            "REQUEST_TIMEOUT",
            DEFAULT_REQUEST_TIMEOUT_SECS,
            body_secs,
            3_600,
        )?;
        let metrics_token = match lookup("METRICS_TOKEN") {
            // Short tokens can be guessed; a scrape's header is never typed by hand.
            Some(token) if token.trim().len() < 16 || token.chars().any(char::is_whitespace) => {
                return Err(ConfigError::Invalid {
                    name: "METRICS_TOKEN",
                    reason: "must be at least 16 characters, without spaces".into(),
                });
            }
            token => token.map(Secret),
        };
        let retention = retention(&lookup)?;
        let trusted_proxies = TrustedProxies::parse(&lookup("TRUSTED_PROXIES").unwrap_or_default())
            .map_err(|reason| ConfigError::Invalid {
                name: "TRUSTED_PROXIES",
                reason,
            })?;
        Ok(Self {
            retention,
            trusted_proxies,
            max_connections,
            streams_per_session: number(
                &lookup,
                "NOTIFICATION_STREAMS_PER_SESSION",
                DEFAULT_STREAMS_PER_SESSION,
                1,
                10_000,
            )?,
            streams_per_member: number(
                &lookup,
                "NOTIFICATION_STREAMS_PER_MEMBER",
                DEFAULT_STREAMS_PER_MEMBER,
                1,
                10_000,
            )?,
            streams_max,
            request_body_timeout: Duration::from_secs(body_secs),
            request_timeout: Duration::from_secs(request_secs),
            test_clock,
            email_from: lookup("EMAIL_FROM").unwrap_or_else(|| "hello@playspace.local".into()),
            email_from_name: lookup("EMAIL_FROM_NAME").unwrap_or_else(|| "PlaySpace".into()),
            sendgrid_api_key: lookup("SENDGRID_API_KEY").map(Secret),
            jwt_secret: lookup("JWT_SECRET").map(Secret),
            link_secret: lookup("LINK_SECRET").map(Secret),
            stripe_secret_key: lookup("STRIPE_SECRET_KEY").map(Secret),
            stripe_webhook_secret: lookup("STRIPE_WEBHOOK_SECRET").map(Secret),
            metrics_token,
            rate_limits,
            database_url,
            embedded_default,
            bind,
            frontend_dir: lookup("FRONTEND_DIR").map(PathBuf::from),
            data_dir,
            public_url,
            log_format,
            db_pool_size,
            notification_poll: Duration::from_secs(3),
            outbox_poll: Duration::from_secs(2),
        })
    }

    /// The notification stream caps (ADR 0013 addendum).
    pub fn stream_limits(&self) -> StreamLimits {
        StreamLimits {
            per_session: self.streams_per_session,
            per_member: self.streams_per_member,
            total: self.streams_max.unwrap_or(self.max_connections / 2),
        }
    }

    /// Served over https: cookies get Secure and responses get HSTS.
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

/// A whole number setting `name` between `min` and `max`, `default` when unset.
fn number<T>(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: T,
    min: T,
    max: T,
) -> Result<T, ConfigError>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let Some(text) = lookup(name) else {
        return Ok(default);
    };
    text.trim()
        .parse()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| ConfigError::Invalid {
            name,
            reason: format!("must be a whole number from {min} to {max}"),
        })
}

/// The retention periods, each `RETENTION_…_DAYS` from 1 day to ten years, defaults
/// `RetentionPeriods::DEFAULT`.
fn retention(lookup: &impl Fn(&str) -> Option<String>) -> Result<RetentionPeriods, ConfigError> {
    let d = RetentionPeriods::DEFAULT;
    let days = |name, default| number(lookup, name, default, 1, RetentionPeriods::MAX_DAYS);
    Ok(RetentionPeriods {
        ended_sessions_days: days("RETENTION_SESSIONS_DAYS", d.ended_sessions_days)?,
        spent_tokens_days: days("RETENTION_TOKENS_DAYS", d.spent_tokens_days)?,
        sent_email_bodies_days: days("RETENTION_EMAIL_BODIES_DAYS", d.sent_email_bodies_days)?,
        notifications_days: days("RETENTION_NOTIFICATIONS_DAYS", d.notifications_days)?,
        audit_entries_days: days("RETENTION_AUDIT_DAYS", d.audit_entries_days)?,
    })
}

/// `http://127.0.0.1:…`, `http://localhost:…` or `http://[::1]:…`.
fn is_loopback_url(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("http://") else {
        return false;
    };
    let host = rest.split('/').next().unwrap_or_default();
    let host = host.rsplit_once(':').map_or(host, |(host, port)| {
        if port.bytes().all(|b| b.is_ascii_digit()) {
            host
        } else {
            ""
        }
    });
    matches!(host, "127.0.0.1" | "localhost" | "[::1]")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let env: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|name| env.get(name).cloned())
    }

    #[test]
    fn from_lookup_reads_exactly_the_listed_variables() {
        let asked = std::cell::RefCell::new(std::collections::BTreeSet::new());
        Config::from_lookup(|name| {
            asked.borrow_mut().insert(name.to_owned());
            None
        })
        .unwrap();
        let listed: std::collections::BTreeSet<String> =
            VARIABLES.iter().map(|&name| name.to_owned()).collect();
        assert_eq!(
            asked.into_inner(),
            listed,
            "a setting from_lookup reads is missing from VARIABLES (from_env would never \
             pass it on), or VARIABLES names one nothing reads"
        );
    }

    #[test]
    fn defaults_run_offline_on_embedded_sqlite() {
        let c = config(&[]).unwrap();
        assert_eq!(c.database_url, "sqlite://data/playspace.db");
        assert!(c.embedded_default);
        assert_eq!(c.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(c.frontend_dir, None, "the build inside the binary");
        assert_eq!(
            config(&[("FRONTEND_DIR", "/srv/www")])
                .unwrap()
                .frontend_dir,
            Some(PathBuf::from("/srv/www"))
        );
        assert_eq!(c.public_url, "http://127.0.0.1:8080");
        assert_eq!(c.log_format, LogFormat::Pretty);
        assert!(!c.is_https());
        assert!(c.rate_limits);
    }

    #[test]
    fn a_metrics_token_must_be_long_enough_to_be_secret() {
        assert!(config(&[]).unwrap().metrics_token.is_none());
        let token = config(&[("METRICS_TOKEN", "0123456789abcdef")]).unwrap();
        assert_eq!(
            token.metrics_token.as_ref().map(Secret::expose),
            Some("0123456789abcdef")
        );
        assert!(!format!("{token:?}").contains("0123456789abcdef"));
        for bad in ["short", "0123456789 abcdef"] {
            assert!(config(&[("METRICS_TOKEN", bad)]).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_test_clock_is_only_for_a_site_on_this_machine() {
        assert!(!config(&[]).unwrap().test_clock);
        assert!(config(&[("TEST_CLOCK", "on")]).unwrap().test_clock);
        assert!(
            config(&[
                ("TEST_CLOCK", "on"),
                ("PUBLIC_URL", "http://localhost:5173")
            ])
            .unwrap()
            .test_clock
        );
        for public in [
            "https://playspace.org.uk",
            "http://playspace.org.uk",
            "https://127.0.0.1:8080",
            "http://127.0.0.1.example.org:80",
            "http://localhost.evil:80",
        ] {
            assert!(
                config(&[("TEST_CLOCK", "on"), ("PUBLIC_URL", public)]).is_err(),
                "{public}"
            );
        }
        assert!(config(&[("TEST_CLOCK", "yes")]).is_err());
    }

    #[test]
    fn retention_periods_default_and_are_read_in_days() {
        assert_eq!(config(&[]).unwrap().retention, RetentionPeriods::DEFAULT);
        let c = config(&[
            ("RETENTION_SESSIONS_DAYS", "1"),
            ("RETENTION_TOKENS_DAYS", "2"),
            ("RETENTION_EMAIL_BODIES_DAYS", "3"),
            ("RETENTION_NOTIFICATIONS_DAYS", "4"),
            ("RETENTION_AUDIT_DAYS", "3650"),
        ])
        .unwrap();
        assert_eq!(
            c.retention,
            RetentionPeriods {
                ended_sessions_days: 1,
                spent_tokens_days: 2,
                sent_email_bodies_days: 3,
                notifications_days: 4,
                audit_entries_days: 3650,
            }
        );
        for bad in ["0", "3651", "-1", "a month"] {
            assert!(config(&[("RETENTION_AUDIT_DAYS", bad)]).is_err(), "{bad}");
        }
    }

    #[test]
    fn rate_limits_can_be_turned_off_only_explicitly() {
        assert!(!config(&[("RATE_LIMITS", "off")]).unwrap().rate_limits);
        assert!(config(&[("RATE_LIMITS", "ON")]).unwrap().rate_limits);
        assert!(config(&[("RATE_LIMITS", "maybe")]).is_err());
    }

    #[test]
    fn data_dir_moves_the_default_database() {
        let c = config(&[("DATA_DIR", "/srv/playspace")]).unwrap();
        assert_eq!(c.database_url, "sqlite:///srv/playspace/playspace.db");
    }

    #[test]
    fn explicit_settings_win() {
        let c = config(&[
            ("DATABASE_URL", "postgres://db/playspace"),
            ("BIND", "0.0.0.0:9000"),
            ("PUBLIC_URL", "https://playspace.example/"),
            ("LOG_FORMAT", "JSON"),
        ])
        .unwrap();
        assert!(!c.embedded_default);
        assert_eq!(c.public_url, "https://playspace.example");
        assert!(c.is_https());
        assert_eq!(c.log_format, LogFormat::Json);
    }

    #[test]
    fn secrets_never_show_in_debug_output() {
        let c = config(&[
            ("SENDGRID_API_KEY", "SG.very-secret"),
            ("JWT_SECRET", "j".repeat(40).as_str()),
        ])
        .unwrap();
        let printed = format!("{c:?}");
        assert!(
            !printed.contains("very-secret") && !printed.contains("jjjj"),
            "{printed}"
        );
        assert_eq!(c.sendgrid_api_key.unwrap().expose(), "SG.very-secret");
    }

    #[test]
    fn bad_values_name_the_setting() {
        assert!(
            config(&[("BIND", "nowhere")])
                .unwrap_err()
                .to_string()
                .starts_with("BIND")
        );
        assert!(
            config(&[("LOG_FORMAT", "xml")])
                .unwrap_err()
                .to_string()
                .starts_with("LOG_FORMAT")
        );
        assert!(
            config(&[("PUBLIC_URL", "ftp://x")])
                .unwrap_err()
                .to_string()
                .starts_with("PUBLIC_URL")
        );
        assert!(config(&[("DB_POOL_SIZE", "0")]).is_err());
    }

    #[test]
    fn connection_stream_and_deadline_settings_have_safe_defaults_and_bounds() {
        let c = config(&[]).unwrap();
        assert_eq!(c.max_connections, 1_000);
        assert_eq!(
            c.stream_limits(),
            StreamLimits {
                per_session: 4,
                per_member: 10,
                total: 500
            },
            "streams take at most half the connections"
        );
        assert_eq!(c.request_body_timeout, Duration::from_secs(30));
        assert_eq!(c.request_timeout, Duration::from_secs(60));

        let c = config(&[
            ("MAX_CONNECTIONS", "300"),
            ("NOTIFICATION_STREAMS_PER_SESSION", "2"),
            ("NOTIFICATION_STREAMS_PER_MEMBER", "3"),
            ("REQUEST_BODY_TIMEOUT", "10"),
            ("REQUEST_TIMEOUT", "20"),
        ])
        .unwrap();
        assert_eq!(
            c.stream_limits(),
            StreamLimits {
                per_session: 2,
                per_member: 3,
                total: 150
            }
        );
        assert_eq!(c.request_body_timeout, Duration::from_secs(10));
        assert_eq!(c.request_timeout, Duration::from_secs(20));
        let c = config(&[("NOTIFICATION_STREAMS_MAX", "0")]).unwrap();
        assert_eq!(c.stream_limits().total, 0, "0 turns streams off");

        for (name, value) in [
            ("MAX_CONNECTIONS", "1"),
            ("MAX_CONNECTIONS", "lots"),
            ("NOTIFICATION_STREAMS_PER_SESSION", "0"),
            ("NOTIFICATION_STREAMS_PER_MEMBER", "-1"),
            ("NOTIFICATION_STREAMS_MAX", "many"),
            // A body may take at most 30 s to arrive.
            ("REQUEST_BODY_TIMEOUT", "31"),
            ("REQUEST_BODY_TIMEOUT", "0"),
            // The whole request cannot end before its body must have arrived.
            ("REQUEST_TIMEOUT", "29"),
        ] {
            let error = config(&[(name, value)]).unwrap_err().to_string();
            assert!(error.starts_with(name), "{name}={value}: {error}");
        }
    }

    #[test]
    fn trusted_proxies_are_none_unless_listed() {
        let none = config(&[]).unwrap().trusted_proxies;
        assert!(none.is_empty());
        assert!(!none.trusts("127.0.0.1".parse().unwrap()));
        let c = config(&[("TRUSTED_PROXIES", "127.0.0.1,::1, 10.0.0.0/8")]).unwrap();
        for ip in ["127.0.0.1", "::1", "10.2.3.4"] {
            assert!(c.trusted_proxies.trusts(ip.parse().unwrap()), "{ip}");
        }
        let error = config(&[("TRUSTED_PROXIES", "127.0.0.1, proxy.local")])
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("TRUSTED_PROXIES") && error.contains("\"proxy.local\""),
            "{error}"
        );
    }

    #[test]
    fn the_pool_has_two_connections_per_core_and_at_least_four() {
        assert_eq!(default_pool_size(1), 4);
        assert_eq!(default_pool_size(2), 4);
        assert_eq!(default_pool_size(8), 16);
        assert_eq!(default_pool_size(usize::MAX), 512);
        assert_eq!(config(&[("DB_POOL_SIZE", "9")]).unwrap().db_pool_size, 9);
    }
}
