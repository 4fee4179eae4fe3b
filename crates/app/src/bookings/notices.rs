//! The in-app notifications booking writes beside its emails, in the same transaction.
use playspace_domain::NotificationKind;
use playspace_domain::{Event, User};
use playspace_ports::NewNotification;

/// "Booking Confirmed!": for a cash or free booking when it is made, for a card booking
/// when its payment arrives.
pub(crate) fn booking_confirmed(user: &User, event: &Event) -> NewNotification {
    NewNotification {
        user_id: user.id,
        kind: NotificationKind::Booking,
        title: "Booking Confirmed!".into(),
        message: format!("Booking confirmed for \"{}\"!", event.title),
        action_url: Some("/bookings".into()),
        event_id: Some(event.id),
    }
}
