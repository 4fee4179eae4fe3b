//! Mocks of every port the admin use cases take, for their unit tests.
use playspace_domain::UserId;
use playspace_ports::{
    MockAdminBookingRepository, MockAdminEventRepository, MockAdminUserStore, MockAuditLog,
    MockBookingRepository, MockBulkEmailStore, MockDashboardRepository, MockExportStore,
    MockLinkSigner, MockPasswordHasher, MockPaymentGateway, MockRegisterRepository,
    MockSessionRepository, MockUserRepository, MockVenueRepository,
};
use playspace_test_support::{FixedClock, test_now};

use super::{Actor, AdminDeps};
use crate::accounts::{ClientInfo, EmailSettings};

pub(crate) struct Mocks {
    pub users: MockUserRepository,
    pub sessions: MockSessionRepository,
    pub audit: MockAuditLog,
    pub hasher: MockPasswordHasher,
    pub clock: FixedClock,
    pub events: MockAdminEventRepository,
    pub bookings: MockBookingRepository,
    pub gateway: MockPaymentGateway,
    pub email: EmailSettings,
    pub registers: MockRegisterRepository,
    pub admin_bookings: MockAdminBookingRepository,
    pub dashboard: MockDashboardRepository,
    pub admin_users: MockAdminUserStore,
    pub bulk_email: MockBulkEmailStore,
    pub exports: MockExportStore,
    pub links: MockLinkSigner,
    pub venues: MockVenueRepository,
}

impl Mocks {
    pub(crate) fn new() -> Self {
        Self {
            users: MockUserRepository::new(),
            sessions: MockSessionRepository::new(),
            audit: MockAuditLog::new(),
            hasher: MockPasswordHasher::new(),
            clock: FixedClock(test_now()),
            events: MockAdminEventRepository::new(),
            bookings: MockBookingRepository::new(),
            gateway: MockPaymentGateway::new(),
            email: crate::accounts::testing::settings(),
            registers: MockRegisterRepository::new(),
            admin_bookings: MockAdminBookingRepository::new(),
            dashboard: MockDashboardRepository::new(),
            admin_users: MockAdminUserStore::new(),
            bulk_email: MockBulkEmailStore::new(),
            exports: MockExportStore::new(),
            links: MockLinkSigner::new(),
            venues: MockVenueRepository::new(),
        }
    }

    pub(crate) fn deps(&self) -> AdminDeps<'_> {
        AdminDeps {
            users: &self.users,
            sessions: &self.sessions,
            audit: &self.audit,
            hasher: &self.hasher,
            clock: &self.clock,
            events: &self.events,
            bookings: &self.bookings,
            gateway: &self.gateway,
            email: &self.email,
            registers: &self.registers,
            admin_bookings: &self.admin_bookings,
            dashboard: &self.dashboard,
            admin_users: &self.admin_users,
            bulk_email: &self.bulk_email,
            exports: &self.exports,
            links: &self.links,
            venues: &self.venues,
        }
    }

    /// Signs links as "signed:{purpose}:{subject}" and verifies only those.
    pub(crate) fn with_plain_links(mut self) -> Self {
        self.links
            .expect_sign()
            .returning(|purpose, subject| format!("signed:{purpose}:{subject}"));
        self.links.expect_verify().returning(|purpose, token| {
            token
                .strip_prefix(&format!("signed:{purpose}:"))
                .map(str::to_owned)
        });
        self
    }
}

/// An admin acting from a known address.
pub(crate) fn actor() -> Actor {
    Actor {
        id: UserId::new(),
        client: ClientInfo {
            ip: Some("10.0.0.9".into()),
            user_agent: Some("Firefox".into()),
        },
    }
}
