//! The in-app notifications booking writes beside its emails, in the same transaction.
use playspace_domain::NotificationKind;
use playspace_domain::{Event, User, london};
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

/// "Booking cancelled", beside the cancellation email, whoever cancelled it.
pub(crate) fn booking_cancelled(user: &User, event: &Event) -> NewNotification {
    NewNotification {
        user_id: user.id,
        kind: NotificationKind::Booking,
        title: "Booking cancelled".into(),
        message: format!(
            "Your booking for \"{}\" on {} is cancelled.",
            event.title,
            london::format_long(event.starts_at)
        ),
        action_url: Some("/events".into()),
        event_id: Some(event.id),
    }
}
