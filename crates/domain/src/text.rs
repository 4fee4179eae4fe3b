//! Free-text rules shared by entities: trimmed, bounded, never blank where required, and
//! free of characters that are invisible or rewrite how text around them reads.
use crate::validation::{ValidationError, too_long};

pub const CONTROL_MESSAGE: &str = "Please remove the invisible control characters";

/// NUL and other C0/C1 controls (PostgreSQL refuses NUL outright; the rest reach emails and
/// CSV files), and the bidirectional embeddings, overrides and isolates that can make a
/// name or message display other than it reads ("Trojan Source"). Line breaks and tabs are
/// ordinary text; the marks LRM/RLM/ALM, which right-to-left writing needs, are kept.
fn is_forbidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Refuses text holding a character [`is_forbidden`] names.
pub fn plain(text: &str) -> Result<(), ValidationError> {
    if text.chars().any(is_forbidden) {
        return Err(ValidationError::new(CONTROL_MESSAGE));
    }
    Ok(())
}

/// Trims a field in place, before its rules run: limits count what is kept.
pub fn trim(field: &mut String) {
    let trimmed = field.trim();
    if trimmed.len() != field.len() {
        *field = trimmed.to_owned();
    }
}

/// Trims an optional field in place; blank becomes `None`.
pub fn trim_optional(field: &mut Option<String>) {
    *field = field
        .take()
        .map(|text| text.trim().to_owned())
        .filter(|text| !text.is_empty());
}

/// Derived rule: the (trimmed) field is not empty. The form names the message
/// (`custom(function = "text::filled", message = "First name is required")`).
pub fn filled(text: &str) -> Result<(), validator::ValidationError> {
    if text.is_empty() {
        return Err(validator::ValidationError::new("required"));
    }
    Ok(())
}

/// Derived rule: [`plain`], carrying its own message.
pub fn no_controls(text: &str) -> Result<(), validator::ValidationError> {
    plain(text).map_err(|error| {
        validator::ValidationError::new("control_characters")
            .with_message(std::borrow::Cow::Owned(error.message().to_owned()))
    })
}

/// Trims `input` and checks it holds 1..=`max_chars` characters.
pub fn required(input: &str, max_chars: usize, message: &str) -> Result<String, ValidationError> {
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Err(ValidationError::new(message));
    }
    bounded(trimmed, max_chars)
}

fn bounded(text: &str, max_chars: usize) -> Result<String, ValidationError> {
    plain(text)?;
    if text.chars().count() > max_chars {
        return Err(ValidationError::new(too_long(max_chars)));
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_trims_and_rejects_blank() {
        assert_eq!(required("  Ana ", 10, "Name is required").unwrap(), "Ana");
        assert_eq!(
            required("   ", 10, "Name is required")
                .unwrap_err()
                .message(),
            "Name is required"
        );
    }

    #[test]
    fn limits_count_characters_not_bytes() {
        assert!(required("ééééé", 5, "x").is_ok());
        assert_eq!(
            required("ééééé", 4, "x").unwrap_err().message(),
            "Must be at most 4 characters"
        );
    }

    #[test]
    fn invisible_controls_and_bidi_overrides_are_refused() {
        for bad in [
            "Ana\0",
            "Ana\u{202E}gnp.exe",
            "a\u{2066}b",
            "bell\u{7}",
            "x\u{85}y",
        ] {
            assert_eq!(
                required(bad, 50, "x").unwrap_err().message(),
                CONTROL_MESSAGE,
                "{bad:?}"
            );
            assert!(no_controls(bad).is_err(), "{bad:?}");
        }
        // Line breaks, tabs, right-to-left writing and its marks are ordinary text.
        for good in [
            "two\nlines\r\nand\ta tab",
            "مرحبا\u{200F} Ana",
            "שלום",
            "Zoë 🏳️‍🌈",
        ] {
            assert!(required(good, 50, "x").is_ok(), "{good:?}");
        }
    }

    #[test]
    fn derived_rules_refuse_blank_and_controls() {
        assert!(filled("").is_err());
        assert!(filled("a").is_ok());
        assert_eq!(
            no_controls("Ana\0").unwrap_err().message.as_deref(),
            Some(CONTROL_MESSAGE)
        );
        assert!(no_controls("two\nlines").is_ok());
    }

    #[test]
    fn trimming_before_the_rules() {
        let mut name = "  Ana ".to_owned();
        trim(&mut name);
        assert_eq!(name, "Ana");
        let mut blank = Some("   ".to_owned());
        trim_optional(&mut blank);
        assert_eq!(blank, None);
        let mut given = Some(" x ".to_owned());
        trim_optional(&mut given);
        assert_eq!(given.as_deref(), Some("x"));
    }
}
