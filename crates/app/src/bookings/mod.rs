//! Booking a place, cancelling it, and the person's own list and calendar files.
mod book_event;
mod calendar;
mod cancel_booking;
mod digests;
pub(crate) mod emails;
mod memberships;
mod my_bookings;
mod needs;
mod notices;
mod payments;
mod recommendations;
mod refunds;
mod reminders;
mod solidarity;
mod update_booking_needs;
mod waitlist;

use playspace_ports::{
    AccessNeedsRepository, BookingRepository, Clock, EventRepository, MembershipRepository,
    PaymentGateway, UserRepository, WaitlistRepository,
};

use crate::accounts::EmailSettings;

pub use book_event::{BookEventError, BookEventInput, BookingChoices, book_event};
pub use calendar::{CalendarError, booking_calendar};
pub use cancel_booking::{CancelBookingError, cancel_booking};
pub use digests::send_session_digests;
pub(crate) use emails::cancellation as cancellation_email;
pub use memberships::{
    CancelPlanError, ChoosePlanError, PlanChoice, cancel_plan, choose_plan, my_memberships,
    stop_replaced_renewals,
};
pub use my_bookings::my_bookings;
pub use needs::NeedsInput;
pub(crate) use notices::booking_cancelled as cancellation_notice;
pub use payments::{
    CheckoutError, PaymentError, cancel_payment, confirm_payment, handle_gateway_event,
    release_expired_holds, start_card_checkout,
};
pub use recommendations::recommended_events;
pub(crate) use refunds::refund_card_payment;
pub use refunds::retry_unsent_refunds;
pub use reminders::send_event_reminders;
pub use solidarity::{SolidarityMonth, solidarity_this_month};
pub use update_booking_needs::{UpdateBookingNeedsError, update_booking_needs};
pub use waitlist::{
    WaitlistError, announce_waitlist_offers, claim_offered_place, claim_offered_place_by_card,
    join_waitlist, lapse_waitlist_offers, leave_waitlist, my_waitlist_entry,
};

/// The ports the booking use cases need.
pub struct BookingDeps<'a> {
    pub events: &'a dyn EventRepository,
    pub bookings: &'a dyn BookingRepository,
    pub memberships: &'a dyn MembershipRepository,
    pub users: &'a dyn UserRepository,
    pub access: &'a dyn AccessNeedsRepository,
    pub waitlist: &'a dyn WaitlistRepository,
    pub gateway: &'a dyn PaymentGateway,
    pub clock: &'a dyn Clock,
    pub email: &'a EmailSettings,
}
