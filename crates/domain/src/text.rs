//! Free-text rules shared by entities: trimmed, bounded, never blank where required.
use crate::validation::ValidationError;

/// Trims `input` and checks it holds 1..=`max_chars` characters.
pub fn required(input: &str, max_chars: usize, message: &str) -> Result<String, ValidationError> {
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Err(ValidationError::new(message));
    }
    bounded(trimmed, max_chars)
}

/// Trims `input`; blank becomes `None`; longer than `max_chars` characters is an error.
pub fn optional(input: Option<&str>, max_chars: usize) -> Result<Option<String>, ValidationError> {
    match input.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => bounded(text, max_chars).map(Some),
    }
}

fn bounded(text: &str, max_chars: usize) -> Result<String, ValidationError> {
    if text.chars().count() > max_chars {
        return Err(ValidationError::new(format!(
            "Must be at most {max_chars} characters"
        )));
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
    fn optional_blank_is_none() {
        assert_eq!(optional(Some("  "), 5).unwrap(), None);
        assert_eq!(optional(None, 5).unwrap(), None);
        assert_eq!(optional(Some(" a "), 5).unwrap(), Some("a".into()));
    }
}
