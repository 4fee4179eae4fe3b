//! PlaySpace's business core: entities, valid-by-construction values and the rules the
//! product spec states. Nothing here performs I/O, so every rule is unit-testable.

pub mod account;
pub mod booking;
pub mod category;
pub mod contact;
pub mod email;
pub mod event;
pub mod event_query;
pub mod ids;
pub mod london;
pub mod money;
pub mod password;
pub mod text;
pub mod text_enum;
pub mod validation;

pub use account::{FitnessLevel, Gender, HowDidYouHear, NewAccount, Profile, Role, SignUpForm, User};
pub use booking::{Booking, BookingReference, BookingStatus, PaymentMethod, PaymentStatus};
pub use category::{Category, SPORTS};
pub use contact::{CONTACT_SUBJECTS, ContactForm, ContactMessage};
pub use email::Email;
pub use event::{Event, area_of};
pub use event_query::{EventFilter, EventQuery};
pub use ids::{BookingId, ContactMessageId, EventId, UserId};
pub use money::Money;
pub use password::Password;
pub use validation::{FieldErrors, ValidationError};
