use std::sync::Arc;

use playspace_app::accounts::{AccountDeps, EmailSettings};
use playspace_app::admin::AdminDeps;
use playspace_app::bookings::BookingDeps;
use playspace_app::notifications::NotificationDeps;
use playspace_ports::{
    Clock, LinkSigner, Mailer, PasswordHasher, PaymentGateway, TokenIssuer, WebhookVerifier,
};
use playspace_store::Store;

use crate::changes::Changes;
use crate::config::Config;
use crate::dashboard_cache::DashboardCache;
use crate::error::ApiError;
use crate::events_cache::EventsCache;
use crate::frontend::Frontend;
use crate::local_checkout::LocalCheckout;
use crate::metrics::Metrics;
use crate::outbox_worker::OutboxWake;
use crate::rate_limit::{AnonymousWrite, Limit, RateLimiter, client_key};
use crate::shutdown::Shutdown;
use crate::stream_registry::StreamRegistry;
use crate::test_clock::ShiftedClock;

/// Everything a request handler may use. Cheap to clone (all shared).
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub clock: Arc<dyn Clock>,
    /// The same clock when the browser tests may move it (`TEST_CLOCK=on`).
    pub test_clock: Option<Arc<ShiftedClock>>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenIssuer>,
    /// Signs unsubscribe links.
    pub links: Arc<dyn LinkSigner>,
    pub mailer: Arc<dyn Mailer>,
    pub gateway: Arc<dyn PaymentGateway>,
    /// Set when payments run through the local checkout page (no Stripe key).
    pub local_checkout: Option<Arc<LocalCheckout>>,
    /// Set with Stripe: verifies webhook signatures.
    pub webhooks: Option<Arc<dyn WebhookVerifier>>,
    pub email: Arc<EmailSettings>,
    pub events_cache: Arc<EventsCache>,
    /// The overview's figures (ADR 0009); admin writes drop them.
    pub dashboard_cache: Arc<DashboardCache>,
    /// Drops the caches on every server and wakes streams (ADRs 0027, 0028).
    pub changes: Arc<Changes>,
    pub frontend: Arc<Frontend>,
    pub rate_limiter: Arc<RateLimiter>,
    /// The notification streams open in this process and their caps (ADR 0013).
    pub streams: Arc<StreamRegistry>,
    /// Begun when the server starts to stop: streams end, timed work stops
    /// (crate::shutdown).
    pub shutdown: Arc<Shutdown>,
    /// Wakes this process's outbox worker after a write (crate::outbox_worker).
    pub outbox_wake: Arc<OutboxWake>,
    /// What `GET /metrics` reports (crate::metrics); records nothing without `METRICS_TOKEN`.
    pub metrics: Arc<Metrics>,
    pub config: Arc<Config>,
}

impl AppState {
    /// Counts a request against a per-address limit (an IPv6 /64 is one address): 429 with
    /// the wait once it is used up.
    pub async fn limit_ip(
        &self,
        limit: Limit,
        req: &actix_web::HttpRequest,
    ) -> Result<(), ApiError> {
        self.limit_key(limit, client_key(req)).await
    }

    /// Counts a request against a limit per `key` (a member's id): 429 with the wait once it
    /// is used up.
    pub async fn limit_key(&self, limit: Limit, key: String) -> Result<(), ApiError> {
        let limiter = self.rate_limiter.clone();
        actix_web::web::block(move || limiter.check(limit, &key))
            .await?
            .map_err(ApiError::too_many_requests)
    }

    /// Counts a request against a ceiling shared by everyone: 429 with the wait, and a
    /// message that blames nobody, once it is used up. Blocking: on the blocking pool.
    pub fn limit_everyone(&self, ceiling: Limit) -> Result<(), ApiError> {
        self.rate_limiter
            .check_everyone(ceiling)
            .map_err(ApiError::busy)
    }

    /// An anonymous write: its per-address limit first (an address over its own limit
    /// spends nothing of the ceiling), then the ceiling for everyone.
    pub async fn limit_anonymous_write(
        &self,
        write: AnonymousWrite,
        req: &actix_web::HttpRequest,
    ) -> Result<(), ApiError> {
        let limiter = self.rate_limiter.clone();
        let key = client_key(req);
        actix_web::web::block(move || {
            limiter
                .check(write.per_address, &key)
                .map_err(ApiError::too_many_requests)?;
            limiter
                .check_everyone(write.everyone)
                .map_err(ApiError::busy)
        })
        .await?
    }

    /// The ports the account use cases need, borrowed from this state.
    pub fn account_deps(&self) -> AccountDeps<'_> {
        AccountDeps {
            users: &self.store,
            sessions: &self.store,
            outbox: &self.store,
            hasher: self.hasher.as_ref(),
            tokens: self.tokens.as_ref(),
            clock: self.clock.as_ref(),
            email: &self.email,
        }
    }

    /// The ports the admin use cases need, borrowed from this state.
    pub fn admin_deps(&self) -> AdminDeps<'_> {
        AdminDeps {
            users: &self.store,
            sessions: &self.store,
            audit: &self.store,
            hasher: self.hasher.as_ref(),
            clock: self.clock.as_ref(),
            events: &self.store,
            bookings: &self.store,
            gateway: self.gateway.as_ref(),
            email: &self.email,
            registers: &self.store,
            admin_bookings: &self.store,
            dashboard: &self.store,
            admin_users: &self.store,
            bulk_email: &self.store,
            exports: &self.store,
            links: self.links.as_ref(),
            venues: &self.store,
        }
    }

    /// The ports the notification use cases need, borrowed from this state.
    pub fn notification_deps(&self) -> NotificationDeps<'_> {
        NotificationDeps {
            notifications: &self.store,
        }
    }

    /// The ports the booking use cases need, borrowed from this state.
    pub fn booking_deps(&self) -> BookingDeps<'_> {
        BookingDeps {
            events: &self.store,
            bookings: &self.store,
            memberships: &self.store,
            users: &self.store,
            access: &self.store,
            waitlist: &self.store,
            gateway: self.gateway.as_ref(),
            clock: self.clock.as_ref(),
            email: &self.email,
        }
    }
}
