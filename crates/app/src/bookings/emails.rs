//! Booking emails, HTML and plain text, from the templates under `templates/email/`.
use playspace_domain::digest::DIGEST_SUBJECT;
use playspace_domain::reminder::{ReminderTiming, reminder_message};
use playspace_domain::{Booking, Event, OutgoingEmail, PaymentMethod, User, london};
use playspace_ports::{DigestRecipient, ReminderCandidate, RepoError};

use crate::accounts::EmailSettings;
use crate::emails::{Bodies, EmailBodies, email_templates};

fn price(event: &Event) -> String {
    if event.price.is_free() {
        "Free".into()
    } else {
        format!("£{}", event.price)
    }
}

/// What the person pays for this booking: a solidarity place is free to them.
fn booking_price(booking: &Booking, event: &Event) -> String {
    if booking.payment_method == PaymentMethod::Solidarity {
        "Free: a solidarity place, paid for by our Supporters".into()
    } else {
        price(event)
    }
}

/// "+1 companion (Sam)", or "+1 companion" without a name; none without a companion.
pub(crate) fn companion_line(booking: &Booking) -> Option<String> {
    booking.companion.as_ref().map(|c| match &c.first_name {
        Some(name) => format!("+1 companion ({name})"),
        None => "+1 companion".into(),
    })
}

/// The email to a person about their own booking of `event`.
fn to_booker(
    settings: &EmailSettings,
    user: &User,
    booking: Option<&Booking>,
    event: &Event,
    kind: &'static str,
    subject: String,
    data: &impl EmailBodies,
) -> Result<OutgoingEmail, RepoError> {
    let Bodies { html, text } = data.bodies()?;
    Ok(OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: user.email.as_str().to_owned(),
        to_name: Some(user.profile.greeting_name().to_owned()),
        subject,
        html_body: html,
        text_body: text,
        email_type: kind,
        user_id: Some(user.id),
        booking_id: booking.map(|b| b.id),
        event_id: Some(event.id),
    })
}

struct Confirmation {
    name: String,
    reference: String,
    title: String,
    when: String,
    duration_minutes: u32,
    location: String,
    price: String,
    /// "+1 companion (Sam), on a free place" when one comes.
    companion: Option<String>,
    bookings_link: String,
}
email_templates!(
    Confirmation,
    "email/booking_confirmation.html",
    "email/booking_confirmation.txt"
);

pub(crate) fn confirmation(
    settings: &EmailSettings,
    user: &User,
    booking: &Booking,
    event: &Event,
) -> Result<OutgoingEmail, RepoError> {
    let reference = booking.reference.as_str();
    to_booker(
        settings,
        user,
        Some(booking),
        event,
        "booking_confirmation",
        format!("Booking confirmed: {} ({reference})", event.title),
        &Confirmation {
            name: user.profile.greeting_name().to_owned(),
            reference: reference.to_owned(),
            title: event.title.clone(),
            when: london::format_long(event.starts_at),
            duration_minutes: event.duration_minutes,
            location: event.location(),
            price: booking_price(booking, event),
            companion: companion_line(booking).map(|line| format!("{line}, on a free place")),
            bookings_link: format!("{}/bookings", settings.public_url),
        },
    )
}

struct Cancellation {
    reference: String,
    title: String,
    when: String,
    events_link: String,
}
email_templates!(
    Cancellation,
    "email/booking_cancellation.html",
    "email/booking_cancellation.txt"
);

pub(crate) fn cancellation(
    settings: &EmailSettings,
    user: &User,
    booking: &Booking,
    event: &Event,
) -> Result<OutgoingEmail, RepoError> {
    let reference = booking.reference.as_str();
    to_booker(
        settings,
        user,
        Some(booking),
        event,
        "booking_cancellation",
        format!("Booking cancelled: {} ({reference})", event.title),
        &Cancellation {
            reference: reference.to_owned(),
            title: event.title.clone(),
            when: london::format_long(event.starts_at),
            events_link: format!("{}/events", settings.public_url),
        },
    )
}

struct PaymentReceived {
    amount: String,
    title: String,
    reference: String,
}
email_templates!(
    PaymentReceived,
    "email/payment_received.html",
    "email/payment_received.txt"
);

pub(crate) fn payment_received(
    settings: &EmailSettings,
    user: &User,
    booking: &Booking,
    event: &Event,
) -> Result<OutgoingEmail, RepoError> {
    let reference = booking.reference.as_str();
    to_booker(
        settings,
        user,
        Some(booking),
        event,
        "payment_confirmation",
        format!("Payment received: {} ({reference})", event.title),
        &PaymentReceived {
            amount: format!("£{}", booking.amount),
            title: event.title.clone(),
            reference: reference.to_owned(),
        },
    )
}

struct PlaceOffered {
    name: String,
    title: String,
    when: String,
    location: String,
    until: String,
    event_link: String,
}
email_templates!(
    PlaceOffered,
    "email/waitlist_offer.html",
    "email/waitlist_offer.txt"
);

/// A place freed up and is held for the person at the front of the waitlist.
pub(crate) fn place_offered(
    settings: &EmailSettings,
    user: &User,
    event: &Event,
    held_until: chrono::DateTime<chrono::Utc>,
) -> Result<OutgoingEmail, RepoError> {
    to_booker(
        settings,
        user,
        None,
        event,
        "waitlist_offer",
        format!("A place is free for you: {}", event.title),
        &PlaceOffered {
            name: user.profile.greeting_name().to_owned(),
            title: event.title.clone(),
            when: london::format_long(event.starts_at),
            location: event.location(),
            until: london::format_long(held_until),
            event_link: format!("{}/events/{}", settings.public_url, event.id),
        },
    )
}

struct Reminder {
    name: String,
    message: String,
    reference: String,
    title: String,
    when: String,
    duration_minutes: u32,
    location: String,
    bookings_link: String,
}
email_templates!(
    Reminder,
    "email/event_reminder.html",
    "email/event_reminder.txt"
);

/// An event reminder: what, when in London, where, the reference and where to cancel.
pub(crate) fn reminder(
    settings: &EmailSettings,
    candidate: &ReminderCandidate,
    timing: ReminderTiming,
) -> Result<OutgoingEmail, RepoError> {
    let message = reminder_message(&candidate.title, timing);
    let Bodies { html, text } = Reminder {
        name: candidate.greeting_name.clone(),
        message: message.clone(),
        reference: candidate.reference.as_str().to_owned(),
        title: candidate.title.clone(),
        when: london::format_long(candidate.starts_at),
        duration_minutes: candidate.duration_minutes,
        location: candidate.location.clone(),
        bookings_link: format!("{}/bookings", settings.public_url),
    }
    .bodies()?;
    Ok(OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: candidate.email.clone(),
        to_name: Some(candidate.greeting_name.clone()),
        subject: message,
        html_body: html,
        text_body: text,
        email_type: "event_reminder",
        user_id: Some(candidate.user_id),
        booking_id: Some(candidate.booking_id),
        event_id: Some(candidate.event_id),
    })
}

struct Digest {
    heading: &'static str,
    name: String,
    sessions: Vec<DigestSession>,
    events_link: String,
    preferences_link: String,
    unsubscribe_link: String,
}

/// One new session in a digest.
struct DigestSession {
    title: String,
    /// Category, London date and time, place and price.
    facts: String,
    link: String,
}
email_templates!(
    Digest,
    "email/session_digest.html",
    "email/session_digest.txt"
);

/// The session-alert digest: each new session with its London date and time, place, price
/// and book link, then links to the preferences page and to stop these alerts without
/// signing in.
pub(crate) fn digest(
    settings: &EmailSettings,
    recipient: &DigestRecipient,
    sessions: &[&Event],
    unsubscribe_link: &str,
) -> Result<OutgoingEmail, RepoError> {
    let base = &settings.public_url;
    let Bodies { html, text } = Digest {
        heading: DIGEST_SUBJECT,
        name: recipient.greeting_name.clone(),
        sessions: sessions
            .iter()
            .map(|e| DigestSession {
                title: e.title.clone(),
                facts: format!(
                    "{}, {} at {} ({})",
                    e.category,
                    london::format_long(e.starts_at),
                    e.location(),
                    price(e)
                ),
                link: format!("{base}/events/{}", e.id),
            })
            .collect(),
        events_link: format!("{base}/events"),
        preferences_link: format!("{base}/preferences"),
        unsubscribe_link: unsubscribe_link.to_owned(),
    }
    .bodies()?;
    Ok(OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: recipient.email.clone(),
        to_name: Some(recipient.greeting_name.clone()),
        subject: DIGEST_SUBJECT.into(),
        html_body: html,
        text_body: text,
        email_type: "session_digest",
        user_id: Some(recipient.user_id),
        booking_id: None,
        event_id: None,
    })
}
