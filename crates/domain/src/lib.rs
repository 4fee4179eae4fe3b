//! PlaySpace's business core: entities, valid-by-construction values and the rules the
//! product spec states. Nothing here performs I/O, so every rule is unit-testable.

pub mod access_needs;
pub mod account;
pub mod admin;
pub mod admin_users;
pub mod attendance;
pub mod audit;
pub mod booking;
pub mod booking_rules;
pub mod bulk_email;
pub mod calendar;
pub mod category;
pub mod community;
pub mod contact;
pub mod digest;
pub mod email;
pub mod event;
pub mod event_form;
pub mod event_query;
pub mod event_summary;
pub mod free_places;
pub mod ids;
pub mod language;
pub mod london;
pub mod money;
pub mod newsletter;
pub mod notification;
pub mod outbox;
pub mod page_cursor;
pub mod password;
pub mod plans;
pub mod preferences;
pub mod recommendation;
pub mod reminder;
pub mod retention;
pub mod series;
pub mod session;
pub mod signup;
pub mod stats;
pub mod story;
#[cfg(test)]
mod testing;
pub mod text;
pub mod text_enum;
pub mod validation;
pub mod venue;
pub mod waitlist;

pub use access_needs::{AccessNeed, AccessNeeds, BookingNeeds, ProfileAccessNeeds};
pub use account::{
    FitnessLevel, Gender, HowDidYouHear, NewAccount, Profile, ProfileForm, Role, SignUpForm, User,
};
pub use audit::AuditEntry;
pub use booking::{Booking, BookingReference, BookingStatus, PaymentMethod, PaymentStatus};
pub use category::{Category, SPORTS};
pub use community::{Community, CommunityForm};
pub use contact::{CONTACT_SUBJECTS, ContactForm, ContactMessage};
pub use email::Email;
pub use event::Event;
pub use event_query::{EventFilter, EventQuery, ListPart};
pub use event_summary::{EventsSummary, SportSummary};
pub use free_places::{Companion, FreePlaces, PlaceRequest};
pub use ids::{
    BookingId, CampaignId, ContactMessageId, DeliveryId, EventId, NotificationId, SeriesId,
    SessionId, StoryId, SubscriberId, UserId, VenueId, WaitlistEntryId,
};
pub use money::Money;
pub use notification::{NOTIFICATIONS_KEPT, NewNotification, Notification, NotificationKind};
pub use outbox::OutgoingEmail;
pub use password::Password;
pub use plans::{PLAN_OFFERS, PlanOffer};
pub use preferences::Preferences;
pub use session::{OneTimeToken, Session, TokenPurpose};
pub use validation::{FieldErrors, ValidationError};
pub use venue::{AccessFact, AccessFacts, AccessSet, FactValue, Venue, area_of};
