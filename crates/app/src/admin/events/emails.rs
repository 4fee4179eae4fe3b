//! What people booked on a session hear when an admin changes or cancels it.
use playspace_domain::NotificationKind;
use playspace_domain::event_form::attendee_changes;
use playspace_domain::{Event, OutgoingEmail, PaymentMethod, PaymentStatus, london};
use playspace_ports::{Attendee, EventNews, Message, NewNotification, RepoError};

use crate::accounts::EmailSettings;
use crate::emails::{Bodies, EmailBodies, email_templates};

/// Closes a change email; also the notification's text when no change is worth listing.
const CHANGED_ADVICE: &str = "If the new time or place doesn't work for you, you can cancel from My Bookings up to 2 hours before the start.";

struct EventChanged {
    name: String,
    title: String,
    /// One sentence per change people booked care about ("New time: …").
    changes: Vec<String>,
    advice: &'static str,
    event_link: String,
}
email_templates!(
    EventChanged,
    "email/event_changed.html",
    "email/event_changed.txt"
);

struct EventCancelled {
    name: String,
    title: String,
    when: String,
    /// What happens to their booking (refund or nothing to pay) or waitlist place.
    outcome: String,
    events_link: String,
}
email_templates!(
    EventCancelled,
    "email/event_cancelled.html",
    "email/event_cancelled.txt"
);

pub(crate) fn message(
    settings: &EmailSettings,
    before: &Event,
    after: &Event,
    news: EventNews,
    person: &Attendee,
) -> Result<Message, RepoError> {
    let (subject, summary, Bodies { html, text }, action_url) = match news {
        EventNews::Changed => {
            let changes: Vec<String> = attendee_changes(before, after)
                .iter()
                .map(|c| c.describe())
                .collect();
            let summary = changes
                .first()
                .cloned()
                .unwrap_or_else(|| CHANGED_ADVICE.to_owned());
            let action_url = format!("/events/{}", after.id);
            let bodies = EventChanged {
                name: person.name.clone(),
                title: after.title.clone(),
                changes,
                advice: CHANGED_ADVICE,
                event_link: format!("{}{action_url}", settings.public_url),
            }
            .bodies()?;
            (
                format!("Changed: {}", after.title),
                summary,
                bodies,
                action_url,
            )
        }
        EventNews::Cancelled => {
            let when = london::format_long(before.starts_at);
            let outcome = match &person.booking {
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
            };
            let bodies = EventCancelled {
                name: person.name.clone(),
                title: before.title.clone(),
                when: when.clone(),
                outcome: outcome.clone(),
                events_link: format!("{}/events", settings.public_url),
            }
            .bodies()?;
            (
                format!("Cancelled: {} on {when}", before.title),
                outcome,
                bodies,
                "/events".to_owned(),
            )
        }
    };
    Ok(Message {
        notification: NewNotification {
            user_id: person.user_id,
            kind: if person.booking.is_some() {
                NotificationKind::Booking
            } else {
                NotificationKind::Info
            },
            title: subject.clone(),
            message: summary,
            action_url: Some(action_url),
            event_id: Some(after.id),
        },
        email: OutgoingEmail {
            from_email: settings.from_email.clone(),
            to_email: person.email.as_str().to_owned(),
            to_name: Some(person.name.clone()),
            subject,
            html_body: html,
            text_body: text,
            email_type: match news {
                EventNews::Changed => "event_changed",
                EventNews::Cancelled => "event_cancelled",
            },
            user_id: Some(person.user_id),
            booking_id: person.booking.as_ref().map(|b| b.id),
            event_id: Some(after.id),
        },
    })
}
