//! Mocks for the admin use cases' unit tests.
use playspace_ports::{
    MockAdminBookingRepository, MockAdminEventRepository, MockAuditLog, MockBookingRepository,
    MockDashboardRepository, MockPasswordHasher, MockPaymentGateway, MockRegisterRepository,
    MockSessionRepository, MockUserRepository,
};
use playspace_test_support::{FixedClock, test_now};

use super::AdminDeps;
use crate::accounts::EmailSettings;
use crate::accounts::testing::settings;

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
}

impl Mocks {
    pub fn new() -> Self {
        Self {
            users: MockUserRepository::new(),
            sessions: MockSessionRepository::new(),
            audit: MockAuditLog::new(),
            hasher: MockPasswordHasher::new(),
            clock: FixedClock(test_now()),
            events: MockAdminEventRepository::new(),
            bookings: MockBookingRepository::new(),
            gateway: MockPaymentGateway::new(),
            email: settings(),
            registers: MockRegisterRepository::new(),
            admin_bookings: MockAdminBookingRepository::new(),
            dashboard: MockDashboardRepository::new(),
        }
    }

    pub fn deps(&self) -> AdminDeps<'_> {
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
        }
    }
}
