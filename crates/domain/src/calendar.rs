//! iCalendar (RFC 5545) files for booked events, so a place can go straight into a phone's
//! calendar.
use chrono::{DateTime, Utc};

use crate::event::Event;

/// One VEVENT for `event`, booked under `reference`, with an alarm `alarm_minutes` before
/// when that is above zero.
pub fn booking_ics(
    event: &Event,
    reference: &str,
    now: DateTime<Utc>,
    alarm_minutes: u32,
    site_url: &str,
) -> String {
    let stamp = |t: DateTime<Utc>| t.format("%Y%m%dT%H%M%SZ").to_string();
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//PlaySpace//Bookings//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        "BEGIN:VEVENT".to_owned(),
        format!("UID:{}@playspace", escape(reference)),
        format!("DTSTAMP:{}", stamp(now)),
        format!("DTSTART:{}", stamp(event.starts_at)),
        format!("DTEND:{}", stamp(event.ends_at())),
        format!("SUMMARY:{}", escape(&event.title)),
        format!(
            "DESCRIPTION:{}",
            escape(&format!(
                "{}\n\nBooking reference: {reference}\nPlease arrive 15 minutes early and quote your reference.",
                event.description
            ))
        ),
        format!("LOCATION:{}", escape(&event.location())),
        format!("URL:{}/events/{}", site_url.trim_end_matches('/'), event.id),
    ];
    if alarm_minutes > 0 {
        lines.extend([
            "BEGIN:VALARM".to_owned(),
            "ACTION:DISPLAY".to_owned(),
            format!("DESCRIPTION:{}", escape(&event.title)),
            format!("TRIGGER:-PT{alarm_minutes}M"),
            "END:VALARM".to_owned(),
        ]);
    }
    lines.extend(["END:VEVENT".to_owned(), "END:VCALENDAR".to_owned()]);
    lines
        .iter()
        .map(|l| fold(l))
        .collect::<Vec<_>>()
        .join("\r\n")
        + "\r\n"
}

/// TEXT escaping: backslash, semicolon, comma and newlines.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            _ => out.push(c),
        }
    }
    out
}

/// Lines longer than 75 octets continue on the next line after CRLF and a space, never
/// splitting a UTF-8 character.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut used = 0;
    for c in line.chars() {
        let len = c.len_utf8();
        if used + len > 75 {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(c);
        used += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Category, EventId, Money};

    fn event() -> Event {
        let start = DateTime::parse_from_rfc3339("2026-12-01T18:30:00Z")
            .unwrap()
            .to_utc();
        Event {
            id: EventId::new(),
            title: "Carers' Yoga; gentle, slow".into(),
            description: "Mats provided.\nQuiet room available.".into(),
            category: Category::parse("Yoga").unwrap(),
            venue: std::sync::Arc::new(crate::Venue::from_location("Jubilee Hall, Camden")),
            starts_at: start,
            duration_minutes: 75,
            price: Money::ZERO,
            max_participants: 12,
            current_participants: 0,
            free_places: crate::free_places::FreePlaces::default(),
            is_active: true,
            created_at: start,
        }
    }

    fn ics() -> String {
        let now = DateTime::parse_from_rfc3339("2026-11-21T12:00:00Z")
            .unwrap()
            .to_utc();
        booking_ics(&event(), "PS-7K3Q9M", now, 60, "https://playspace.test/")
    }

    #[test]
    fn has_the_required_properties_in_utc() {
        let ics = ics();
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"));
        assert!(ics.contains("\r\nUID:PS-7K3Q9M@playspace\r\n"));
        assert!(ics.contains("\r\nDTSTAMP:20261121T120000Z\r\n"));
        assert!(ics.contains("\r\nDTSTART:20261201T183000Z\r\n"));
        assert!(
            ics.contains("\r\nDTEND:20261201T194500Z\r\n"),
            "start plus 75 minutes"
        );
        assert!(ics.contains("\r\nLOCATION:Jubilee Hall\\, Camden\r\n"));
        assert!(ics.ends_with("END:VEVENT\r\nEND:VCALENDAR\r\n"));
    }

    #[test]
    fn text_is_escaped() {
        let ics = ics();
        assert!(ics.contains("SUMMARY:Carers' Yoga\\; gentle\\, slow"));
        assert!(ics.contains("Mats provided.\\nQuiet room"));
    }

    #[test]
    fn every_line_ends_in_crlf_and_fits_75_octets() {
        let ics = ics();
        assert!(!ics.replace("\r\n", "").contains('\n'));
        for line in ics.split("\r\n") {
            assert!(line.len() <= 75, "{line:?}");
        }
        let unfolded = ics.replace("\r\n ", "");
        assert!(unfolded.contains("Booking reference: PS-7K3Q9M\\nPlease arrive 15 minutes early"));
    }

    #[test]
    fn alarm_follows_the_reminder_offset() {
        assert!(ics().contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\n"));
        assert!(ics().contains("TRIGGER:-PT60M\r\n"));
        let now = Utc::now();
        assert!(!booking_ics(&event(), "PS-7K3Q9M", now, 0, "x").contains("VALARM"));
    }

    #[test]
    fn folding_never_splits_a_character() {
        let folded = fold(&format!("SUMMARY:{}", "é".repeat(60)));
        assert!(folded.split("\r\n").all(|l| l.len() <= 75));
        assert_eq!(
            folded.replace("\r\n ", ""),
            format!("SUMMARY:{}", "é".repeat(60))
        );
    }
}
