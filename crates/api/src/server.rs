//! Building the actix application (shared by `serve` and the API tests) and running it.
use std::sync::Arc;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header::{ALLOW, CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use actix_web::middleware::Compress;
use actix_web::{App, HttpServer, web};
use playspace_app::accounts::{EmailSettings, create_admin};
use playspace_app::{
    ScaleOutcome, ScaleSize, SeedMode, SeedOutcome, seed_demo_data, seed_scale_data,
};
use playspace_ports::{Clock, Mailer, PaymentGateway, SystemClock, WebhookVerifier};
use playspace_sendgrid::{FileMailbox, SendGridMailer};
use playspace_store::{Backend, Store};
use playspace_stripe::{StripeGateway, StripeWebhookVerifier};
use tracing::Instrument;

use crate::auth::{Argon2Hasher, HmacLinkSigner, JwtIssuer, load_or_create_secret};
use crate::changes::{self, Changes};
use crate::config::Config;
use crate::dashboard_cache::DashboardCache;
use crate::deadlines::Deadlines;
use crate::error::{
    MAX_BODY_BYTES, framework_error, json_error_handler, query_error_handler, refuse_oversized,
};
use crate::events_cache::EventsCache;
use crate::frontend::{self, Frontend};
use crate::local_checkout::LocalCheckout;
use crate::metrics::Metrics;
use crate::middleware::{SiteOrigin, is_cross_site_write, log_request, security_headers};
use crate::outbox_worker::{self, OutboxWake};
use crate::rate_limit::RateLimiter;
use crate::request_id;
use crate::routes;
use crate::state::AppState;
use crate::stream_registry::StreamRegistry;
use crate::test_clock::ShiftedClock;
use crate::timed_work;

/// JSON bodies in this product are small forms; anything bigger is refused early.
const JSON_LIMIT_BYTES: usize = 64 * 1024;

/// The whole application: routes, limits, security headers, logging and the frontend.
pub fn app(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let https = state.config.is_https();
    let site = SiteOrigin::new(&state.config.public_url);
    let outbox = state.outbox_wake.clone();
    let metrics = state.metrics.clone();
    let deadlines = Deadlines::new(
        state.config.request_body_timeout,
        state.config.request_timeout,
        https,
    );
    App::new()
        .configure(configure_app(state))
        .wrap_fn(|req, srv| {
            // Every failure answers in the error format, also those the framework makes.
            let refused = refuse_oversized(&req);
            let response: std::pin::Pin<Box<dyn std::future::Future<Output = _>>> = match refused {
                Some(error) => {
                    let refused = req.error_response(error).map_into_right_body();
                    Box::pin(async move { Ok(refused) })
                }
                None => {
                    let call = srv.call(req);
                    Box::pin(async move {
                        let response = call.await?;
                        let content_type = response
                            .headers()
                            .get(CONTENT_TYPE)
                            .and_then(|v| v.to_str().ok());
                        let Some(error) = framework_error(response.status(), content_type) else {
                            return Ok(response.map_into_left_body());
                        };
                        let allow = response.headers().get(ALLOW).cloned();
                        let mut replaced = response.error_response(error);
                        if let Some(allow) = allow {
                            replaced.headers_mut().insert(ALLOW, allow);
                        }
                        Ok(replaced.map_into_right_body())
                    })
                }
            };
            response
        })
        .wrap_fn(move |req, srv| {
            // Browsers say where a write comes from; a cross-site one is refused before any
            // handler (and its cookie) sees it. API clients that send neither header pass.
            let response: std::pin::Pin<Box<dyn std::future::Future<Output = _>>> =
                if is_cross_site_write(req.request(), &site) {
                    let error = crate::error::ApiError::new(
                        crate::error_code::ErrorCode::CrossSiteRequest,
                        "This request came from another site and was refused.",
                    );
                    let refused = req.error_response(error).map_into_right_body();
                    Box::pin(async move { Ok(refused) })
                } else {
                    let call = srv.call(req);
                    Box::pin(async move { call.await.map(ServiceResponse::map_into_left_body) })
                };
            response
        })
        .wrap(Compress::default())
        .wrap(deadlines)
        .wrap(security_headers(https))
        .wrap_fn(move |req, srv| {
            // Outermost: the request's id, its log lines, its metrics (ADR 0031).
            let started = Instant::now();
            let id = request_id::for_request(&req);
            let span = tracing::info_span!("request", request_id = %id);
            let method = req.method().clone();
            let path = req.path().to_owned();
            let response = request_id::sync_scope(id.clone(), || span.in_scope(|| srv.call(req)));
            let outbox = outbox.clone();
            let metrics = metrics.clone();
            let header = HeaderValue::from_str(&id).ok();
            let scope_id = id.clone();
            let answer = async move {
                let response = match response.await {
                    Ok(response) => response,
                    // One the dispatcher answers itself (a missed deadline): it answers as
                    // this request, with its id.
                    Err(error) => {
                        let status = error.as_response_error().status_code();
                        log_request(&method, &path, status.as_u16(), started);
                        metrics.observe_request(
                            &method,
                            None,
                            status,
                            started.elapsed().as_secs_f64(),
                        );
                        return Err(request_id::tag(error, id));
                    }
                };
                let status = response.status();
                log_request(&method, &path, status.as_u16(), started);
                if metrics.enabled() {
                    let route = response.request().match_pattern();
                    metrics.observe_request(
                        &method,
                        route,
                        status,
                        started.elapsed().as_secs_f64(),
                    );
                }
                if outbox_worker::may_have_written(&method, status) {
                    outbox.after_write();
                }
                let mut response = response;
                if let Some(header) = header {
                    response.headers_mut().insert(request_id::HEADER, header);
                }
                Ok(response)
            };
            request_id::scope(scope_id, answer.instrument(span))
        })
}

/// Routes and shared data, without middleware.
pub fn configure_app(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        let files_dir = state.frontend.dir().map(ToOwned::to_owned);
        let embedded = state.frontend.embedded_files().is_some();
        cfg.app_data(web::Data::new(state))
            .app_data(
                web::JsonConfig::default()
                    .limit(JSON_LIMIT_BYTES)
                    .error_handler(json_error_handler),
            )
            .app_data(web::QueryConfig::default().error_handler(query_error_handler))
            .app_data(web::PayloadConfig::new(MAX_BODY_BYTES))
            .configure(routes::configure);
        if files_dir.is_some() || embedded {
            // The shell itself goes through spa_index for its no-cache header.
            let files = web::scope("")
                .wrap_fn(|req, srv| {
                    let cache = frontend::cache_control_for(req.path());
                    let response = srv.call(req);
                    async move {
                        let mut response = response.await?;
                        if response.status().is_success()
                            && !response.headers().contains_key(CACHE_CONTROL)
                        {
                            response
                                .headers_mut()
                                .insert(CACHE_CONTROL, HeaderValue::from_static(cache));
                        }
                        Ok(response)
                    }
                })
                .route("/assets/{name}", web::get().to(frontend::asset));
            let files = match files_dir {
                Some(dir) => files.service(
                    actix_files::Files::new("/", dir).default_handler(web::to(frontend::spa_index)),
                ),
                // The binary's own build (FRONTEND_DIR unset).
                None => files.default_service(web::to(frontend::embedded_file)),
            };
            cfg.route("/", web::get().to(frontend::spa_index))
                .service(files);
        } else {
            cfg.default_service(web::to(frontend::spa_index));
        }
    }
}

/// Builds the shared state over an already migrated store: secrets, hashing, tokens, the
/// mailer (SendGrid with a key, else the file mailbox under `DATA_DIR/mail`).
pub fn state(config: Config, store: Store) -> Result<AppState, StartError> {
    let secret = load_or_create_secret(
        config.jwt_secret.as_ref().map(|s| s.expose()),
        &config.data_dir,
        "jwt-secret",
    )?;
    let link_secret = load_or_create_secret(
        config.link_secret.as_ref().map(|s| s.expose()),
        &config.data_dir,
        "link-secret",
    )?;
    let hasher =
        Argon2Hasher::new().map_err(|e| StartError::Io(std::io::Error::other(e.to_string())))?;
    let mailer: Arc<dyn Mailer> = match &config.sendgrid_api_key {
        Some(key) => Arc::new(
            SendGridMailer::new(key.expose())
                .map_err(|e| StartError::Io(std::io::Error::other(e.to_string())))?,
        ),
        None => Arc::new(FileMailbox::new(config.data_dir.join("mail"))),
    };
    let setup = |e: String| StartError::Io(std::io::Error::other(e));
    let (gateway, local_checkout, webhooks): (
        Arc<dyn PaymentGateway>,
        _,
        Option<Arc<dyn WebhookVerifier>>,
    ) = match &config.stripe_secret_key {
        Some(key) => {
            let verifier = match &config.stripe_webhook_secret {
                Some(secret) => Some(Arc::new(
                    StripeWebhookVerifier::new(secret.expose())
                        .map_err(|e| setup(e.to_string()))?,
                ) as Arc<dyn WebhookVerifier>),
                None => {
                    tracing::warn!(
                        "STRIPE_WEBHOOK_SECRET is not set: payments are confirmed only by the return page and the hold sweep"
                    );
                    None
                }
            };
            (
                Arc::new(StripeGateway::new(key.expose()).map_err(|e| setup(e.to_string()))?),
                None,
                verifier,
            )
        }
        None => {
            let local = Arc::new(LocalCheckout::new(&config.public_url));
            (local.clone(), Some(local), None)
        }
    };
    let test_clock = config.test_clock.then(|| {
        tracing::warn!("TEST_CLOCK=on: the browser tests may move this server's clock");
        Arc::new(ShiftedClock::default())
    });
    let clock: Arc<dyn Clock> = match &test_clock {
        Some(shifted) => shifted.clone(),
        None => Arc::new(SystemClock),
    };
    // Counted in the database, under a hash keyed by the link secret (which every server
    // shares), so all servers count together.
    let rate_limiter = Arc::new(RateLimiter::new(
        config.rate_limits,
        Arc::new(store.clone()),
        clock.clone(),
        &link_secret,
    ));
    let events_cache = Arc::new(EventsCache::default());
    let dashboard_cache = Arc::new(DashboardCache::default());
    let changes = Arc::new(Changes::new(events_cache.clone(), dashboard_cache.clone()));
    Ok(AppState {
        gateway,
        test_clock,
        local_checkout,
        webhooks,
        store,
        clock,
        hasher: Arc::new(hasher),
        tokens: Arc::new(JwtIssuer::new(&secret)),
        links: Arc::new(HmacLinkSigner::new(&link_secret)),
        mailer,
        email: Arc::new(EmailSettings {
            from_email: config.email_from.clone(),
            from_name: config.email_from_name.clone(),
            public_url: config.public_url.clone(),
        }),
        events_cache,
        dashboard_cache,
        changes,
        frontend: Arc::new(match &config.frontend_dir {
            Some(dir) => Frontend::load(dir),
            None => Frontend::built_in(),
        }),
        rate_limiter,
        streams: Arc::new(StreamRegistry::new(config.stream_limits())),
        shutdown: Arc::default(),
        outbox_wake: Arc::new(OutboxWake::default()),
        metrics: Arc::new(Metrics::new(config.metrics_token.is_some())),
        config: Arc::new(config),
    })
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Store(#[from] playspace_store::StoreError),
    #[error("seeding failed: {0}")]
    Seed(#[from] playspace_app::SeedError),
    #[error("could not bind or serve: {0}")]
    Io(#[from] std::io::Error),
}

/// Connects and applies migrations.
pub fn prepare_store(config: &Config) -> Result<Store, StartError> {
    let store = Store::connect(&config.database_url, config.db_pool_size)?;
    store.migrate()?;
    Ok(store)
}

/// The demo administrator created with the demo data; its password is written to
/// `DATA_DIR/demo-admin.txt` (owner-readable only), which `scripts/run` prints.
pub const DEMO_ADMIN_EMAIL: &str = "admin@playspace.local";

/// Seeds demo data (see `SeedMode`) and, when it did, a demo admin with a fresh password.
pub fn seed(state: &AppState, mode: SeedMode) -> Result<SeedOutcome, StartError> {
    let outcome = seed_demo_data(&state.store, &state.clock, mode)?;
    if let SeedOutcome::Seeded { events, bookings } = outcome {
        let password: String = {
            const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ";
            let mut rng = rand::rng();
            (0..20)
                .map(|_| char::from(ALPHABET[rand::Rng::random_range(&mut rng, 0..ALPHABET.len())]))
                .collect()
        };
        create_admin(&state.account_deps(), DEMO_ADMIN_EMAIL, &password)
            .map_err(|e| StartError::Io(std::io::Error::other(e.to_string())))?;
        write_private(
            &state.config.data_dir.join("demo-admin.txt"),
            &format!("Demo admin: {DEMO_ADMIN_EMAIL}\nPassword:   {password}\n"),
        )?;
        tracing::info!(
            events,
            bookings,
            admin = DEMO_ADMIN_EMAIL,
            "demo data seeded; admin password in DATA_DIR/demo-admin.txt"
        );
    }
    Ok(outcome)
}

/// Adds the scale data set (`seed --scale`) unless it is there already.
pub fn seed_scale(state: &AppState, size: ScaleSize) -> Result<ScaleOutcome, StartError> {
    let started = Instant::now();
    let outcome = seed_scale_data(&state.store, &state.clock, size)?;
    if let ScaleOutcome::Seeded {
        members,
        events,
        bookings,
    } = outcome
    {
        tracing::info!(
            members,
            events,
            bookings,
            seconds = started.elapsed().as_secs_f64(),
            "scale data seeded"
        );
    }
    Ok(outcome)
}

fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(text.as_bytes())
}

/// How long a connection may take to send a request's head (actix's default, said here).
pub const REQUEST_HEAD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// After SIGTERM or SIGINT, how long requests in flight, and then the timed work's current
/// step, may take to finish before the process exits (actix's default, said here:
/// deploy/playspace.service gives the process longer than this to stop, and a test holds
/// the two together). Open notification streams end at once (crate::shutdown).
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(30);

/// The HTTP server for `state` with `workers` workers, bound to `bind` (port 0 picks a free
/// one; the address bound is returned), not yet running: `serve` and the tests that need a
/// real socket share it.
///
/// - At most `Config::max_connections` connections at once (divided among the workers);
///   more wait in the kernel's queue.
/// - A request's head must arrive within `REQUEST_HEAD_TIMEOUT`; its body and its answer
///   have their own deadlines (crate::deadlines).
/// - SIGTERM or SIGINT, or `AppState::shutdown` begun, stops it (crate::shutdown); its
///   handle's `stop` does too, without ending the streams.
/// - A client that closes its side of the connection has gone: whatever its request was
///   doing is dropped at once. Browsers and proxies never half-close a connection to wait
///   for an answer, and this is how a notification stream learns its tab has closed
///   (otherwise only a failed write, 25 to 50 s later, would tell).
pub fn http_server(
    state: AppState,
    workers: usize,
    bind: std::net::SocketAddr,
) -> Result<(actix_web::dev::Server, std::net::SocketAddr), StartError> {
    let workers = workers.max(1);
    // Blocking work is almost all database work: more threads than pooled connections
    // would only queue on the pool, and hundreds of them (actix's default) thrash the
    // scheduler under a rush.
    let blocking_threads = usize::try_from(state.config.db_pool_size).unwrap_or(16);
    let per_worker = (state.config.max_connections / workers).max(1);
    let stop = crate::shutdown::on_signal(state.shutdown.clone());
    let server = HttpServer::new(move || app(state.clone()))
        .workers(workers)
        .worker_max_blocking_threads(blocking_threads.div_ceil(workers).max(2))
        .max_connections(per_worker)
        .client_request_timeout(REQUEST_HEAD_TIMEOUT)
        .shutdown_timeout(SHUTDOWN_GRACE.as_secs())
        // In place of actix's own signal handling, which knows nothing of the streams.
        .shutdown_signal(stop)
        .h1_allow_half_closed(false)
        .bind(bind)?;
    let bound = server.addrs().first().copied().unwrap_or(bind);
    Ok((server.run(), bound))
}

/// `playspace serve`: migrate, maybe seed, then serve until SIGINT/SIGTERM.
pub async fn run(config: Config) -> Result<(), StartError> {
    let prepare_config = config.clone();
    let store = web::block(move || prepare_store(&prepare_config))
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))??;
    let bind = config.bind;
    let public_url = config.public_url.clone();
    if !config.rate_limits {
        tracing::warn!(
            "RATE_LIMITS=off: rate limits are disabled (load tests only, never in production)"
        );
    }
    let embedded_default = config.embedded_default;
    let mut config = config;
    config.max_connections =
        crate::descriptors::fit_connections(config.max_connections, config.db_pool_size);
    let state = state(config, store)?;
    if embedded_default {
        // The embedded database seeds itself on its first start; never PostgreSQL.
        let seeding = state.clone();
        web::block(move || seed(&seeding, SeedMode::IfEmpty))
            .await
            .map_err(|e| std::io::Error::other(e.to_string()))??;
    }
    if state.store.backend() == Backend::Postgres {
        changes::listen(state.changes.clone(), state.config.database_url.clone())?;
    }
    let mut work = vec![actix_web::rt::spawn(outbox_worker::run(state.clone()))];
    for schedule in [
        timed_work::HOLDS,
        timed_work::REMINDERS,
        timed_work::DIGESTS,
        timed_work::RETENTION,
    ] {
        work.push(actix_web::rt::spawn(timed_work::run_every(
            state.clone(),
            schedule,
        )));
    }
    let shutdown = state.shutdown.clone();
    let workers = std::thread::available_parallelism().map_or(2, usize::from);
    let (server, bound) = http_server(state, workers, bind)?;
    tracing::info!(bind = %bound, url = %public_url, "PlaySpace is serving");
    let served = server.await;
    // The work stops at the signal, after its current step; it gets what is left of the
    // grace to finish that step. Past it the process exits anyway, as a killed one would.
    shutdown.begin();
    let deadline = shutdown.begun_at().unwrap_or_else(Instant::now) + SHUTDOWN_GRACE;
    if tokio::time::timeout_at(deadline.into(), futures_util::future::join_all(work))
        .await
        .is_err()
    {
        tracing::warn!("timed work was still running when the grace ran out");
    }
    served?;
    tracing::info!("stopped");
    Ok(())
}
