//! What people booked on a session hear when an admin changes or cancels it.
use playspace_domain::NotificationKind;
use playspace_domain::event_form::attendee_changes;
use playspace_domain::{Event, OutgoingEmail, PaymentMethod, PaymentStatus, london};
use playspace_ports::{Attendee, EventNews, Message, NewNotification};

use crate::accounts::EmailSettings;
use crate::accounts::emails::{escape, layout};

pub(super) fn message(
    settings: &EmailSettings,
    before: &Event,
    after: &Event,
    news: EventNews,
    person: &Attendee,
) -> Message {
    let when = london::format_long(before.starts_at);
    let (subject, heading, lines, link, button) = match news {
        EventNews::Changed => {
            let changes: Vec<String> = attendee_changes(before, after)
                .iter()
                .map(|c| c.describe())
                .collect();
            let mut lines = vec![format!(
                "{} has changed. Your place is still booked.",
                after.title
            )];
            lines.extend(changes);
            lines.push(
                "If the new time or place doesn't work for you, you can cancel from My Bookings up to 2 hours before the start.".into(),
            );
            (
                format!("Changed: {}", after.title),
                "Your session has changed",
                lines,
                format!("{}/events/{}", settings.public_url, after.id),
                "See the session",
            )
        }
        EventNews::Cancelled => {
            let mut lines = vec![format!(
                "We're sorry: {} on {when} has been cancelled.",
                before.title
            )];
            lines.push(match &person.booking {
                Some(b)
                    if b.payment_method == PaymentMethod::Card
                        && b.payment_status == PaymentStatus::Paid =>
                {
                    format!(
                        "Your booking {} is cancelled and we are refunding £{} to your card. It can take 5 to 10 working days to appear.",
                        b.reference, b.amount
                    )
                }
                Some(b) => format!(
                    "Your booking {} is cancelled. You don't need to pay anything.",
                    b.reference
                ),
                None => "You were on the waitlist for it; that waitlist is now closed.".into(),
            });
            lines.push("We'd love to see you at another session.".into());
            (
                format!("Cancelled: {} on {when}", before.title),
                "Your session is cancelled",
                lines,
                format!("{}/events", settings.public_url),
                "Find another session",
            )
        }
    };
    let greeting = format!("Hello {},", person.name);
    let mut paragraphs = vec![escape(&greeting)];
    paragraphs.extend(lines.iter().map(|l| escape(l)));
    let text_body = format!("{greeting}\n\n{}\n\n{button}: {link}\n", lines.join("\n\n"));
    let action_url = match news {
        EventNews::Changed => format!("/events/{}", after.id),
        EventNews::Cancelled => "/events".to_owned(),
    };
    Message {
        notification: NewNotification {
            user_id: person.user_id,
            kind: if person.booking.is_some() {
                NotificationKind::Booking
            } else {
                NotificationKind::Info
            },
            title: subject.clone(),
            message: lines[1..]
                .first()
                .cloned()
                .unwrap_or_else(|| lines[0].clone()),
            action_url: Some(action_url),
            event_id: Some(after.id),
        },
        email: OutgoingEmail {
            from_email: settings.from_email.clone(),
            to_email: person.email.as_str().to_owned(),
            to_name: Some(person.name.clone()),
            subject,
            html_body: layout(heading, &paragraphs, Some((button, &link))),
            text_body,
            email_type: match news {
                EventNews::Changed => "event_changed",
                EventNews::Cancelled => "event_cancelled",
            },
            user_id: Some(person.user_id),
            booking_id: person.booking.as_ref().map(|b| b.id),
            event_id: Some(after.id),
        },
    }
}
