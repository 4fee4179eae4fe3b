//! What the core needs from the outside world. Every trait is synchronous (`Send + Sync`)
//! because Diesel and r2d2 are; the api runs calls on a blocking thread pool.
//! Enable feature `mock` for mockall mocks of each trait.

mod access_needs;
mod accounts;
mod admin_bookings;
mod admin_emails;
mod admin_events;
mod admin_export;
mod admin_users;
mod audit;
mod bookings;
mod clock;
mod community;
mod contact;
mod dashboard;
mod demo;
mod digests;
mod error;
mod events;
mod health;
mod mailer;
mod memberships;
mod newsletter;
mod notifications;
mod outbox;
mod payments;
mod rate_limits;
mod registers;
mod reminders;
mod retention;
mod scale;
mod security;
mod stories;
mod venues;
mod waitlist;

pub use access_needs::{AccessNeedsRepository, AttendanceRepository, GoingPerson};
pub use accounts::{
    AccountExport, ExportedBooking, NewUserRecord, SessionRepository, SignUpRecorded,
    SignUpRequest, TokenRecord, UserRepository,
};
pub use admin_bookings::{AdminBooking, AdminBookingRepository, BookingFilter};
pub use admin_emails::{
    BulkEmailStore, CampaignSummary, ComposeEmail, LinkSigner, ListMember, NewCampaign, Recipient,
};
pub use admin_events::{
    AdminEvent, AdminEventRepository, Attendee, AttendeeBooking, Compose, EventListQuery,
    EventNews, EventUpdate, EventWhen, Leader, Message, NewSeries, UpdateOutcome,
};
pub use admin_export::{BookingExportRow, EventExportRow, ExportStore, UserExportRow};
pub use admin_users::{
    AdminUserError, AdminUserRecord, AdminUserStore, UserChange, UserListQuery, UserPage,
};
pub use audit::{AuditFilter, AuditLog, AuditPage, AuditRecord};
pub use bookings::{
    BookError, BookingRepository, BookingRequest, BookingWithEvent, NewNotification,
    PaymentTransition, TransitionOutcome,
};
pub use clock::{Clock, SystemClock};
pub use community::CommunityStore;
pub use contact::ContactRepository;
pub use dashboard::{Dashboard, DashboardRepository, Revenue};
pub use demo::{DEMO_EMAIL_SUFFIX, DemoData, DemoMember, DemoSeedStore};
pub use digests::{DigestRecipient, DigestRepository};
pub use error::RepoError;
pub use events::EventRepository;
pub use health::HealthCheck;
pub use mailer::{Accepted, EmailMessage, Mailer, SendError};
pub use memberships::{Membership, MembershipRepository};
pub use newsletter::NewsletterStore;
pub use notifications::{NotificationList, NotificationRepository};
pub use outbox::{ClaimedEmail, Outbox};
pub use payments::{
    CheckoutMode, CheckoutPayment, CheckoutRequest, CheckoutSession, CheckoutState, CheckoutStatus,
    GatewayError, GatewayEvent, GatewayEventKind, PaymentGateway, Refund, RefundRequest,
    RefundStatus, WebhookError, WebhookVerifier,
};
pub use rate_limits::RateLimitCounts;
pub use registers::{RegisterChange, RegisterLine, RegisterRepository};
pub use reminders::{ReminderCandidate, ReminderRepository};
pub use retention::RetentionStore;
pub use scale::{
    SCALE_EMAIL_SUFFIX, ScaleBooking, ScaleCancellation, ScaleData, ScaleEvent, ScaleMember,
    ScaleSeedStore, ScaleSeries,
};
pub use security::{PasswordHasher, TokenIssuer};
pub use stories::{AdminStoryFilter, AdminStoryPage, AdminStoryStore, StoryPage, StoryRepository};
pub use venues::{AdminVenue, VenueRepository};
pub use waitlist::{ClaimError, JoinError, OfferNotice, WaitlistRepository};

#[cfg(feature = "mock")]
pub use access_needs::{MockAccessNeedsRepository, MockAttendanceRepository};
#[cfg(feature = "mock")]
pub use accounts::{MockSessionRepository, MockUserRepository};
#[cfg(feature = "mock")]
pub use admin_bookings::MockAdminBookingRepository;
#[cfg(feature = "mock")]
pub use admin_emails::{MockBulkEmailStore, MockLinkSigner};
#[cfg(feature = "mock")]
pub use admin_events::MockAdminEventRepository;
#[cfg(feature = "mock")]
pub use admin_export::MockExportStore;
#[cfg(feature = "mock")]
pub use admin_users::MockAdminUserStore;
#[cfg(feature = "mock")]
pub use audit::MockAuditLog;
#[cfg(feature = "mock")]
pub use bookings::MockBookingRepository;
#[cfg(feature = "mock")]
pub use clock::MockClock;
#[cfg(feature = "mock")]
pub use community::MockCommunityStore;
#[cfg(feature = "mock")]
pub use contact::MockContactRepository;
#[cfg(feature = "mock")]
pub use dashboard::MockDashboardRepository;
#[cfg(feature = "mock")]
pub use demo::MockDemoSeedStore;
#[cfg(feature = "mock")]
pub use digests::MockDigestRepository;
#[cfg(feature = "mock")]
pub use events::MockEventRepository;
#[cfg(feature = "mock")]
pub use health::MockHealthCheck;
#[cfg(feature = "mock")]
pub use mailer::MockMailer;
#[cfg(feature = "mock")]
pub use memberships::MockMembershipRepository;
#[cfg(feature = "mock")]
pub use newsletter::MockNewsletterStore;
#[cfg(feature = "mock")]
pub use notifications::MockNotificationRepository;
#[cfg(feature = "mock")]
pub use outbox::MockOutbox;
#[cfg(feature = "mock")]
pub use payments::{MockPaymentGateway, MockWebhookVerifier};
#[cfg(feature = "mock")]
pub use rate_limits::MockRateLimitCounts;
#[cfg(feature = "mock")]
pub use registers::MockRegisterRepository;
#[cfg(feature = "mock")]
pub use reminders::MockReminderRepository;
#[cfg(feature = "mock")]
pub use retention::MockRetentionStore;
#[cfg(feature = "mock")]
pub use scale::MockScaleSeedStore;
#[cfg(feature = "mock")]
pub use security::{MockPasswordHasher, MockTokenIssuer};
#[cfg(feature = "mock")]
pub use stories::{MockAdminStoryStore, MockStoryRepository};
#[cfg(feature = "mock")]
pub use venues::MockVenueRepository;
#[cfg(feature = "mock")]
pub use waitlist::MockWaitlistRepository;
