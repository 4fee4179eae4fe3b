//! An email as a `multipart/alternative` .eml file, written with lettre's message builder and
//! read back with mail-parser: well-kept implementations of RFC 5322, 2045 and 2047 rather
//! than our own.

use std::time::SystemTime;

use lettre::Message;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use mail_parser::{Addr, Address, MessageParser};
use playspace_ports::EmailMessage;

/// The whole .eml file, with CRLF line endings and only ASCII (non-ASCII headers become
/// RFC 2047 encoded-words, bodies base64).
pub(crate) fn render(message: &EmailMessage, date: SystemTime) -> Result<Vec<u8>, String> {
    let from = mailbox(&message.from_email, Some(&message.from_name))?;
    let to = mailbox(&message.to_email, message.to_name.as_deref())?;
    let part = |content_type: ContentType, body: &str| -> Result<SinglePart, String> {
        let body =
            Body::new_with_encoding(canonical_line_breaks(body), ContentTransferEncoding::Base64)
                .map_err(|_| "a body could not be encoded".to_owned())?;
        Ok(SinglePart::builder().header(content_type).body(body))
    };
    let text = part(ContentType::TEXT_PLAIN, &message.text_body)?;
    let html = part(ContentType::TEXT_HTML, &message.html_body)?;
    let email = Message::builder()
        .from(from)
        .to(to)
        .subject(message.subject.as_str())
        .date(date)
        .message_id(Some(format!("<{}@playspace.local>", message.id)))
        .multipart(
            MultiPart::alternative()
                .boundary(boundary_for(&message.id))
                .singlepart(text)
                .singlepart(html),
        )
        .map_err(|err| format!("the email could not be built: {err}"))?;
    Ok(email.formatted())
}

/// Derived from the id, so the same email always renders the same way. "=_" cannot occur in
/// base64 text, so the boundary can never collide with a body.
pub(crate) fn boundary_for(id: &str) -> String {
    let id: String = id.chars().take(50).collect();
    format!("=_playspace_{id}")
}

fn mailbox(address: &str, name: Option<&str>) -> Result<Mailbox, String> {
    let address = address
        .parse()
        .map_err(|_| "an address is not one an email can be sent to".to_owned())?;
    let name = name.map(str::trim).filter(|name| !name.is_empty());
    Ok(Mailbox::new(name.map(str::to_owned), address))
}

/// MIME text must use CRLF line breaks before it is base64-encoded (RFC 2045 §6.8).
fn canonical_line_breaks(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\n', "\r\n")
}

/// The parts of one of our own files that tests care about.
#[derive(Debug)]
pub(crate) struct Parsed {
    /// `(display name, address)`.
    pub from: (Option<String>, String),
    pub to: (Option<String>, String),
    pub subject: String,
    /// With LF line breaks.
    pub text_body: String,
    /// With LF line breaks.
    pub html_body: String,
}

/// Reads a file written by [`render`] (or re-saved by an editor with LF line endings).
pub(crate) fn parse(raw: &[u8]) -> Result<Parsed, String> {
    let email = MessageParser::default().parse(raw).ok_or("not an email")?;
    let first = |address: Option<&Address<'_>>, header: &str| {
        address
            .and_then(Address::first)
            .and_then(|addr: &Addr<'_>| {
                let name = addr.name().map(str::to_owned);
                addr.address().map(|address| (name, address.to_owned()))
            })
            .ok_or_else(|| format!("missing {header} header"))
    };
    let body = |text: Option<std::borrow::Cow<'_, str>>, kind: &str| {
        text.map(|text| text.replace("\r\n", "\n"))
            .ok_or_else(|| format!("no {kind} part"))
    };
    Ok(Parsed {
        from: first(email.from(), "From")?,
        to: first(email.to(), "To")?,
        subject: email.subject().unwrap_or_default().to_owned(),
        text_body: body(email.body_text(0), "text/plain")?,
        html_body: body(email.body_html(0), "text/html")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(subject: &str, from_name: &str, to_name: Option<&str>) -> EmailMessage {
        EmailMessage {
            id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b".to_owned(),
            from_email: "hello@playspace.example".to_owned(),
            from_name: from_name.to_owned(),
            to_email: "sam@example.com".to_owned(),
            to_name: to_name.map(str::to_owned),
            subject: subject.to_owned(),
            html_body: "<p>Hi</p>".to_owned(),
            text_body: "Hi\nthere".to_owned(),
        }
    }

    fn rendered(message: &EmailMessage) -> String {
        String::from_utf8(render(message, SystemTime::now()).unwrap()).unwrap()
    }

    #[test]
    fn every_line_ends_in_crlf_and_stays_within_the_limits() {
        let long = "Your booking for Saturday morning five-a-side football at the Hackney Marshes";
        let eml = rendered(&message(long, &"Ö".repeat(80), Some("Sam")));
        assert!(eml.ends_with("\r\n"));
        assert!(!eml.replace("\r\n", "").contains(['\r', '\n']));
        let (head, body) = eml.split_once("\r\n\r\n").unwrap();
        // RFC 5322's hard limit for a header line (lettre folds near its 78 advised);
        // base64 bodies at RFC 2045's 76.
        for line in head.split("\r\n") {
            assert!(line.len() <= 998, "{line:?} is too long");
        }
        for line in body.split("\r\n") {
            assert!(line.len() <= 76, "{line:?} is too long");
        }
        let parsed = parse(eml.as_bytes()).unwrap();
        assert_eq!(parsed.subject, long);
        assert_eq!(parsed.from.0.unwrap(), "Ö".repeat(80));
    }

    #[test]
    fn names_with_quotes_and_backslashes_round_trip() {
        let eml = rendered(&message("Hi", r#"Play "Space" \ CIC"#, None));
        assert!(eml.contains("To: sam@example.com\r\n"), "{eml}");
        let parsed = parse(eml.as_bytes()).unwrap();
        assert_eq!(parsed.from.0.as_deref(), Some(r#"Play "Space" \ CIC"#));
        assert_eq!(parsed.from.1, "hello@playspace.example");
        assert_eq!(parsed.to, (None, "sam@example.com".to_owned()));
    }

    #[test]
    fn awkward_subjects_round_trip_and_cannot_add_a_header() {
        for subject in [
            "",
            "line\r\nBcc: injected@example.com",
            "emoji 🎾 and ünïcödé, repeated 🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾",
        ] {
            let eml = rendered(&message(subject, "PlaySpace", None));
            assert!(!eml.contains("\nBcc:"), "{eml}");
            assert_eq!(parse(eml.as_bytes()).unwrap().subject, subject);
        }
        // lettre writes plain ASCII as it is, so text shaped like an encoded-word is read as
        // one by mail clients; it stays one header all the same.
        let eml = rendered(&message("=?UTF-8?B?looks encoded?=", "PlaySpace", None));
        assert!(
            eml.contains("\r\nSubject: =?UTF-8?B?looks encoded?=\r\n"),
            "{eml}"
        );
    }

    #[test]
    fn bodies_are_sent_in_base64_with_crlf_and_read_back_with_lf() {
        use base64::Engine as _;
        let eml = rendered(&message("Hi", "PlaySpace", None));
        let text_b64 = base64::engine::general_purpose::STANDARD.encode("Hi\r\nthere");
        assert!(eml.contains(&text_b64), "{eml}");
        assert_eq!(parse(eml.as_bytes()).unwrap().text_body, "Hi\nthere");
    }

    #[test]
    fn a_file_resaved_with_lf_line_endings_still_reads() {
        let eml = rendered(&message("Hi", "PlaySpace", Some("Sam")));
        let parsed = parse(eml.replace("\r\n", "\n").as_bytes()).unwrap();
        assert_eq!(
            parsed.to,
            (Some("Sam".to_owned()), "sam@example.com".to_owned())
        );
        assert_eq!(parsed.text_body, "Hi\nthere");
    }

    #[test]
    fn an_address_that_cannot_be_sent_to_is_refused() {
        let mut email = message("Hi", "PlaySpace", None);
        email.to_email = "sam@example.com\r\nBcc: x@example.com".to_owned();
        assert!(render(&email, SystemTime::now()).is_err());
    }

    #[test]
    fn boundary_is_deterministic_and_bounded() {
        assert_eq!(boundary_for("abc"), "=_playspace_abc");
        assert!(boundary_for(&"x".repeat(200)).len() <= 70);
    }
}
