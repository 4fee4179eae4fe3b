//! Just enough RFC 5322 / MIME to write an email as a `multipart/alternative` .eml file and
//! read our own files back. Not a general parser.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use chrono::{DateTime, Utc};
use playspace_ports::EmailMessage;

const CRLF: &str = "\r\n";
/// RFC 2047 caps a line holding encoded-words at 76 characters; we fold before that.
const MAX_LINE: usize = 76;
/// 39 bytes → 52 base64 characters → a 64-character encoded-word, which fits a line after
/// "Subject: " or "From: ".
const ENCODED_WORD_BYTES: usize = 39;
const ENCODED_WORD_PREFIX: &str = "=?UTF-8?B?";
const ENCODED_WORD_SUFFIX: &str = "?=";

/// The whole .eml file with CRLF line endings.
pub(crate) fn render(message: &EmailMessage, date: DateTime<Utc>) -> String {
    let boundary = boundary_for(&message.id);
    let mut out = String::new();
    push_header(
        &mut out,
        "From",
        mailbox(&message.from_email, Some(&message.from_name)),
    );
    push_header(
        &mut out,
        "To",
        mailbox(&message.to_email, message.to_name.as_deref()),
    );
    push_header(
        &mut out,
        "Subject",
        unstructured("Subject", &message.subject),
    );
    push_header(&mut out, "Date", vec![date.to_rfc2822()]);
    push_header(
        &mut out,
        "Message-ID",
        vec![format!("<{}@playspace.local>", message.id)],
    );
    push_header(&mut out, "MIME-Version", vec!["1.0".to_owned()]);
    push_header(
        &mut out,
        "Content-Type",
        vec![
            "multipart/alternative;".to_owned(),
            format!("boundary=\"{boundary}\""),
        ],
    );
    out.push_str(CRLF);
    for (content_type, body) in [
        ("text/plain", &message.text_body),
        ("text/html", &message.html_body),
    ] {
        out.push_str(&format!("--{boundary}{CRLF}"));
        out.push_str(&format!(
            "Content-Type: {content_type}; charset=utf-8{CRLF}"
        ));
        out.push_str(&format!("Content-Transfer-Encoding: base64{CRLF}{CRLF}"));
        push_base64_lines(&mut out, canonical_line_breaks(body).as_bytes());
    }
    out.push_str(&format!("--{boundary}--{CRLF}"));
    out
}

/// Derived from the id, so the same email always renders the same way. "=_" cannot occur in
/// base64 text, so the boundary can never collide with a body.
pub(crate) fn boundary_for(id: &str) -> String {
    let id: String = id.chars().take(50).collect();
    format!("=_playspace_{id}")
}

/// Writes `name: tokens...`, separating tokens by one space and folding (CRLF + space)
/// before a token that would overflow the line. Unfolding restores the single space.
fn push_header(out: &mut String, name: &str, tokens: Vec<String>) {
    out.push_str(name);
    out.push(':');
    let mut line_len = name.len() + 1;
    for token in tokens {
        if line_len + 1 + token.len() > MAX_LINE && line_len > name.len() + 1 {
            out.push_str(CRLF);
            line_len = 0;
        }
        out.push(' ');
        out.push_str(&token);
        line_len += 1 + token.len();
    }
    out.push_str(CRLF);
}

/// `"Name" <address>`, `=?UTF-8?B?..?= <address>` or a bare address.
fn mailbox(address: &str, name: Option<&str>) -> Vec<String> {
    // Control characters in an address could inject headers; valid addresses have none.
    let address: String = address.chars().filter(|c| !c.is_control()).collect();
    let Some(name) = name.filter(|name| !name.trim().is_empty()) else {
        return vec![address];
    };
    let mut tokens = if is_plain(name) && name.len() <= 60 {
        vec![format!(
            "\"{}\"",
            name.replace('\\', "\\\\").replace('"', "\\\"")
        )]
    } else {
        encoded_words(name)
    };
    tokens.push(format!("<{address}>"));
    tokens
}

/// Plain text when short printable ASCII, otherwise RFC 2047 encoded-words, which carry any
/// UTF-8 (and any control characters) without breaking the header.
fn unstructured(header_name: &str, value: &str) -> Vec<String> {
    let fits = header_name.len() + 2 + value.len() <= MAX_LINE;
    if fits && is_plain(value) && !value.contains("=?") && value.trim() == value {
        vec![value.to_owned()]
    } else {
        encoded_words(value)
    }
}

fn is_plain(text: &str) -> bool {
    text.bytes().all(|b| (0x20..0x7f).contains(&b))
}

fn encoded_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut start = 0;
    while start < text.len() {
        // Split on character boundaries so every word decodes to valid UTF-8 by itself.
        let mut end = (start + ENCODED_WORD_BYTES).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let chunk = text.get(start..end).unwrap_or_default();
        words.push(format!(
            "{ENCODED_WORD_PREFIX}{}{ENCODED_WORD_SUFFIX}",
            STANDARD.encode(chunk)
        ));
        start = end;
    }
    if words.is_empty() {
        words.push(format!("{ENCODED_WORD_PREFIX}{ENCODED_WORD_SUFFIX}"));
    }
    words
}

/// MIME text must use CRLF line breaks before it is base64-encoded (RFC 2045 §6.8).
fn canonical_line_breaks(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\n', CRLF)
}

fn push_base64_lines(out: &mut String, bytes: &[u8]) {
    let encoded = STANDARD.encode(bytes);
    let mut rest = encoded.as_str();
    while !rest.is_empty() {
        let (line, tail) = rest.split_at(rest.len().min(MAX_LINE));
        out.push_str(line);
        out.push_str(CRLF);
        rest = tail;
    }
}

/// The parts of one of our own files that tests care about.
#[derive(Debug)]
pub(crate) struct Parsed {
    pub from: (Option<String>, String),
    pub to: (Option<String>, String),
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
}

/// Parses a file written by [`render`]. Accepts LF as well as CRLF line endings, so a file
/// re-saved by an editor still reads. Bodies come back with LF line breaks.
pub(crate) fn parse(raw: &str) -> Result<Parsed, String> {
    let lines: Vec<&str> = raw
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    let (headers, body_start) = parse_headers(&lines);
    let header = |name: &str| {
        headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
            .ok_or_else(|| format!("missing {name} header"))
    };

    let boundary =
        boundary_param(header("Content-Type")?).ok_or("Content-Type has no multipart boundary")?;
    let mut text_body = None;
    let mut html_body = None;
    let delimiter = format!("--{boundary}");
    let mut rest = lines.get(body_start..).unwrap_or_default();
    while let Some(position) = rest.iter().position(|line| *line == delimiter) {
        let part = rest.get(position + 1..).unwrap_or_default();
        let end = part
            .iter()
            .position(|line| line.starts_with(&delimiter))
            .ok_or("unterminated MIME part")?;
        let (part_headers, content_start) = parse_headers(part.get(..end).unwrap_or_default());
        let content = part.get(content_start..end).unwrap_or_default();
        let part_header = |name: &str| {
            part_headers
                .iter()
                .find(|(key, _)| key.eq_ignore_ascii_case(name))
                .map(|(_, value)| value.to_ascii_lowercase())
                .unwrap_or_default()
        };
        let decoded = if part_header("Content-Transfer-Encoding") == "base64" {
            let compact: String = content.concat().split_whitespace().collect();
            let bytes = STANDARD
                .decode(compact)
                .map_err(|err| format!("bad base64 in a part: {err}"))?;
            String::from_utf8(bytes).map_err(|_| "a part is not UTF-8".to_owned())?
        } else {
            content.join("\n")
        };
        let decoded = decoded.replace("\r\n", "\n");
        let content_type = part_header("Content-Type");
        if content_type.starts_with("text/plain") {
            text_body = Some(decoded);
        } else if content_type.starts_with("text/html") {
            html_body = Some(decoded);
        }
        rest = part.get(end..).unwrap_or_default();
    }

    Ok(Parsed {
        from: parse_mailbox(header("From")?),
        to: parse_mailbox(header("To")?),
        subject: decode_unstructured(header("Subject")?),
        text_body: text_body.ok_or("no text/plain part")?,
        html_body: html_body.ok_or("no text/html part")?,
    })
}

/// Unfolded `(name, value)` pairs up to the first empty line, and the index after it.
fn parse_headers(lines: &[&str]) -> (Vec<(String, String)>, usize) {
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut body_start = lines.len();
    for (index, line) in lines.iter().enumerate() {
        if line.is_empty() {
            body_start = index + 1;
            break;
        }
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = headers.last_mut() {
                value.push_str(line);
            }
        } else if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_owned(), value.to_owned()));
        }
    }
    for (_, value) in &mut headers {
        *value = value.trim().to_owned();
    }
    (headers, body_start)
}

fn boundary_param(content_type: &str) -> Option<String> {
    let (_, after) = content_type.split_once("boundary=")?;
    let value = match after.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next()?,
        None => after.split([';', ' ']).next()?,
    };
    Some(value.to_owned())
}

/// `(display name, address)`.
fn parse_mailbox(value: &str) -> (Option<String>, String) {
    let value = value.trim();
    let Some((name, rest)) = value.rsplit_once('<') else {
        return (None, value.to_owned());
    };
    let address = rest.trim_end_matches('>').trim().to_owned();
    let name = name.trim();
    let name = if let Some(quoted) = name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
        unescape_quoted(quoted)
    } else {
        decode_unstructured(name)
    };
    ((!name.is_empty()).then_some(name), address)
}

fn unescape_quoted(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' {
            chars.next().unwrap_or(c)
        } else {
            c
        });
    }
    out
}

/// Decodes a value that is either plain text or (as we write them) only encoded-words,
/// whose separating whitespace does not belong to the text (RFC 2047 §6.2).
fn decode_unstructured(value: &str) -> String {
    let value = value.trim();
    if !value.starts_with(ENCODED_WORD_PREFIX) {
        return value.to_owned();
    }
    let mut bytes = Vec::new();
    for word in value.split_whitespace() {
        let payload = word
            .strip_prefix(ENCODED_WORD_PREFIX)
            .and_then(|w| w.strip_suffix(ENCODED_WORD_SUFFIX));
        match payload.map(|p| STANDARD.decode(p)) {
            Some(Ok(decoded)) => bytes.extend(decoded),
            _ => return value.to_owned(),
        }
    }
    String::from_utf8(bytes).unwrap_or_else(|_| value.to_owned())
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

    #[test]
    fn every_line_ends_in_crlf_and_headers_stay_within_76_characters() {
        let long = "Your booking for Saturday morning five-a-side football at the Hackney Marshes";
        let eml = render(&message(long, &"Ö".repeat(80), Some("Sam")), Utc::now());
        assert!(eml.ends_with("\r\n"));
        assert!(!eml.replace("\r\n", "").contains(['\r', '\n']));
        for line in eml.split("\r\n") {
            assert!(line.len() <= MAX_LINE, "{line:?} is too long");
        }
        let parsed = parse(&eml).unwrap();
        assert_eq!(parsed.subject, long);
        assert_eq!(parsed.from.0.unwrap(), "Ö".repeat(80));
    }

    #[test]
    fn ascii_names_are_quoted_and_unquoted() {
        let eml = render(&message("Hi", r#"Play "Space" \ CIC"#, None), Utc::now());
        assert!(eml.contains(r#"From: "Play \"Space\" \\ CIC" <hello@playspace.example>"#));
        assert!(eml.contains("To: sam@example.com\r\n"));
        let parsed = parse(&eml).unwrap();
        assert_eq!(parsed.from.0.as_deref(), Some(r#"Play "Space" \ CIC"#));
        assert_eq!(parsed.to, (None, "sam@example.com".to_owned()));
    }

    #[test]
    fn awkward_subjects_round_trip() {
        for subject in [
            "",
            " leading space",
            "line\r\nBcc: injected@example.com",
            "=?UTF-8?B?looks encoded?=",
            "emoji 🎾 and ünïcödé, repeated 🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾",
        ] {
            let eml = render(&message(subject, "PlaySpace", None), Utc::now());
            assert!(!eml.contains("\r\nBcc:"));
            assert_eq!(parse(&eml).unwrap().subject, subject);
        }
    }

    #[test]
    fn bodies_are_sent_with_crlf_and_read_back_with_lf() {
        let eml = render(&message("Hi", "PlaySpace", None), Utc::now());
        let text_b64 = STANDARD.encode("Hi\r\nthere");
        assert!(eml.contains(&text_b64));
        assert_eq!(parse(&eml).unwrap().text_body, "Hi\nthere");
    }

    #[test]
    fn boundary_is_deterministic_and_bounded() {
        assert_eq!(boundary_for("abc"), "=_playspace_abc");
        assert!(boundary_for(&"x".repeat(200)).len() <= 70);
    }
}
