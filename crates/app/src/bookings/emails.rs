//! Booking emails, HTML and plain text.
use playspace_domain::digest::DIGEST_SUBJECT;
use playspace_domain::reminder::{ReminderTiming, reminder_message};
use playspace_domain::{Booking, Event, OutgoingEmail, User, london};
use playspace_ports::{DigestRecipient, ReminderCandidate};

use crate::accounts::EmailSettings;
use crate::accounts::emails::{escape, layout};

fn price(event: &Event) -> String {
    if event.price.is_free() {
        "Free".into()
    } else {
        format!("£{}", event.price)
    }
}

pub(crate) fn confirmation(
    settings: &EmailSettings,
    user: &User,
    booking: &Booking,
    event: &Event,
) -> OutgoingEmail {
    let when = london::format_long(event.starts_at);
    let reference = booking.reference.as_str();
    let link = format!("{}/bookings", settings.public_url);
    let facts = [
        format!("Reference: {reference}"),
        format!("Event: {}", event.title),
        format!("When: {when} ({} minutes)", event.duration_minutes),
        format!("Where: {}", event.location),
        format!("Price: {}", price(event)),
    ];
    let mut paragraphs: Vec<String> = vec![format!(
        "Thank you for booking with PlaySpace, {}. We're excited to see you!",
        escape(user.profile.greeting_name())
    )];
    paragraphs.push(
        facts
            .iter()
            .map(|f| escape(f))
            .collect::<Vec<_>>()
            .join("<br>"),
    );
    paragraphs.push(format!(
        "Please arrive 15 minutes early and quote your reference {}. If you can't make it, cancel at least 2 hours before the start so someone else can take your place.",
        escape(reference)
    ));
    OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: user.email.as_str().to_owned(),
        to_name: Some(user.profile.greeting_name().to_owned()),
        subject: format!("Booking confirmed: {} ({reference})", event.title),
        html_body: layout(
            "Booking confirmed",
            &paragraphs,
            Some(("View my bookings", &link)),
        ),
        text_body: format!(
            "Booking confirmed\n\n{}\n\nPlease arrive 15 minutes early and quote your reference {reference}.\nIf you can't make it, cancel at least 2 hours before the start: {link}\n",
            facts.join("\n")
        ),
        email_type: "booking_confirmation",
        user_id: Some(user.id),
        booking_id: Some(booking.id),
        event_id: Some(event.id),
    }
}

pub(crate) fn cancellation(
    settings: &EmailSettings,
    user: &User,
    booking: &Booking,
    event: &Event,
) -> OutgoingEmail {
    let when = london::format_long(event.starts_at);
    let reference = booking.reference.as_str();
    let events = format!("{}/events", settings.public_url);
    OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: user.email.as_str().to_owned(),
        to_name: Some(user.profile.greeting_name().to_owned()),
        subject: format!("Booking cancelled: {} ({reference})", event.title),
        html_body: layout(
            "Booking cancelled",
            &[format!(
                "Your booking {} for {} on {} is cancelled. We hope to see you at another session soon.",
                escape(reference),
                escape(&event.title),
                escape(&when)
            )],
            Some(("Find another session", &events)),
        ),
        text_body: format!(
            "Your booking {reference} for {} on {when} is cancelled.\nFind another session: {events}\n",
            event.title
        ),
        email_type: "booking_cancellation",
        user_id: Some(user.id),
        booking_id: Some(booking.id),
        event_id: Some(event.id),
    }
}

pub(crate) fn payment_received(
    settings: &EmailSettings,
    user: &User,
    booking: &Booking,
    event: &Event,
) -> OutgoingEmail {
    let reference = booking.reference.as_str();
    let amount = format!("£{}", booking.amount);
    OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: user.email.as_str().to_owned(),
        to_name: Some(user.profile.greeting_name().to_owned()),
        subject: format!("Payment received: {} ({reference})", event.title),
        html_body: layout(
            "Payment received",
            &[format!(
                "We've received your payment of {} for {} (reference {}). Thank you!",
                escape(&amount),
                escape(&event.title),
                escape(reference)
            )],
            None,
        ),
        text_body: format!(
            "We've received your payment of {amount} for {} (reference {reference}). Thank you!\n",
            event.title
        ),
        email_type: "payment_confirmation",
        user_id: Some(user.id),
        booking_id: Some(booking.id),
        event_id: Some(event.id),
    }
}

/// A place freed up and is held for the person at the front of the waitlist.
pub(crate) fn place_offered(
    settings: &EmailSettings,
    user: &User,
    event: &Event,
    held_until: chrono::DateTime<chrono::Utc>,
) -> OutgoingEmail {
    let when = london::format_long(event.starts_at);
    let until = london::format_long(held_until);
    let link = format!("{}/events/{}", settings.public_url, event.id);
    OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: user.email.as_str().to_owned(),
        to_name: Some(user.profile.greeting_name().to_owned()),
        subject: format!("A place is free for you: {}", event.title),
        html_body: layout(
            "A place is free for you",
            &[
                format!(
                    "Good news, {}: a place has come up for {} on {} at {}.",
                    escape(user.profile.greeting_name()),
                    escape(&event.title),
                    escape(&when),
                    escape(&event.location)
                ),
                format!(
                    "We're holding it for you until {}. Claim it before then, or let it go so the next person can have it.",
                    escape(&until)
                ),
            ],
            Some(("Claim my place", &link)),
        ),
        text_body: format!(
            "A place has come up for {} on {when} at {}.\nWe're holding it for you until {until}.\nClaim it (or let it go): {link}\n",
            event.title, event.location
        ),
        email_type: "waitlist_offer",
        user_id: Some(user.id),
        booking_id: None,
        event_id: Some(event.id),
    }
}

/// An event reminder: what, when in London, where, the reference and where to cancel.
pub(crate) fn reminder(
    settings: &EmailSettings,
    candidate: &ReminderCandidate,
    timing: ReminderTiming,
) -> OutgoingEmail {
    let when = london::format_long(candidate.starts_at);
    let reference = candidate.reference.as_str();
    let link = format!("{}/bookings", settings.public_url);
    let message = reminder_message(&candidate.title, timing);
    let facts = [
        format!("Reference: {reference}"),
        format!("Event: {}", candidate.title),
        format!("When: {when} ({} minutes)", candidate.duration_minutes),
        format!("Where: {}", candidate.location),
    ];
    let paragraphs = [
        format!(
            "Hello {}, {}",
            escape(&candidate.greeting_name),
            escape(&message)
        ),
        facts
            .iter()
            .map(|f| escape(f))
            .collect::<Vec<_>>()
            .join("<br>"),
        "Please arrive 15 minutes early. If you can't make it, cancel at least 2 hours before the start so someone else can take your place.".into(),
    ];
    OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: candidate.email.clone(),
        to_name: Some(candidate.greeting_name.clone()),
        subject: message.clone(),
        html_body: layout(
            "Event reminder",
            &paragraphs,
            Some(("View or cancel my booking", &link)),
        ),
        text_body: format!(
            "{message}\n\n{}\n\nPlease arrive 15 minutes early and quote your reference {reference}.\nIf you can't make it, cancel at least 2 hours before the start: {link}\n",
            facts.join("\n")
        ),
        email_type: "event_reminder",
        user_id: Some(candidate.user_id),
        booking_id: Some(candidate.booking_id),
        event_id: Some(candidate.event_id),
    }
}

/// The session-alert digest: each new session with its London date and time, place, price
/// and book link, then links to the preferences page and to stop these alerts without
/// signing in.
pub(crate) fn digest(
    settings: &EmailSettings,
    recipient: &DigestRecipient,
    sessions: &[&Event],
    unsubscribe_link: &str,
) -> OutgoingEmail {
    let base = &settings.public_url;
    let preferences_link = format!("{base}/preferences");
    let intro = format!(
        "Hello {}, new sessions matching your favourite sports and availability were just added:",
        recipient.greeting_name
    );
    let mut html_items = String::from("<ul>");
    let mut text_items = String::new();
    for e in sessions {
        let link = format!("{base}/events/{}", e.id);
        let facts = format!(
            "{}, {} at {} ({})",
            e.category,
            london::format_long(e.starts_at),
            e.location,
            price(e)
        );
        html_items.push_str(&format!(
            "<li><a href=\"{}\">{}</a><br>{}</li>",
            escape(&link),
            escape(&e.title),
            escape(&facts)
        ));
        text_items.push_str(&format!("- {}: {facts}\n  Book: {link}\n", e.title));
    }
    html_items.push_str("</ul>");
    let footer = format!(
        "You get these because new session alerts are on in <a href=\"{}\">your preferences</a>, where you can change how often. <a href=\"{}\">Unsubscribe from new session alerts</a>.",
        escape(&preferences_link),
        escape(unsubscribe_link)
    );
    OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: recipient.email.clone(),
        to_name: Some(recipient.greeting_name.clone()),
        subject: DIGEST_SUBJECT.into(),
        html_body: layout(
            DIGEST_SUBJECT,
            &[escape(&intro), html_items, footer],
            Some(("See all sessions", &format!("{base}/events"))),
        ),
        text_body: format!(
            "{intro}\n\n{text_items}\nChange how often you get these: {preferences_link}\nUnsubscribe from new session alerts: {unsubscribe_link}\n"
        ),
        email_type: "session_digest",
        user_id: Some(recipient.user_id),
        booking_id: None,
        event_id: None,
    }
}
