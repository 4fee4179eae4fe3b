//! Validation failures carry the spec's exact messages, keyed by the client's field names
//! so a form can show each message beside its field.
use std::collections::BTreeMap;
use std::fmt;

/// One rule broken, with the message a person sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    message: String,
}

impl ValidationError {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValidationError {}

/// Every broken rule of one input, by camelCase field name; the first message per field wins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, field: &str, error: ValidationError) {
        self.0.entry(field.to_owned()).or_insert(error.message);
    }

    /// Records `result`'s error under `field` and hands back its value, if any.
    pub fn check<T>(&mut self, field: &str, result: Result<T, ValidationError>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(error) => {
                self.add(field, error);
                None
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.get(field).map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// `Ok(())` when nothing was recorded, so callers can `?` after checking every field.
    pub fn into_result(self) -> Result<(), FieldErrors> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }
}

impl fmt::Display for FieldErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (field, message) in &self.0 {
            if !first {
                f.write_str("; ")?;
            }
            write!(f, "{field}: {message}")?;
            first = false;
        }
        Ok(())
    }
}

impl std::error::Error for FieldErrors {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_first_message_per_field() {
        let mut errors = FieldErrors::new();
        errors.add("email", ValidationError::new("Invalid email address"));
        errors.add("email", ValidationError::new("second"));
        assert_eq!(errors.get("email"), Some("Invalid email address"));
        assert!(errors.into_result().is_err());
    }

    #[test]
    fn check_passes_values_through() {
        let mut errors = FieldErrors::new();
        assert_eq!(errors.check("a", Ok::<_, ValidationError>(3)), Some(3));
        assert_eq!(
            errors.check::<u8>("b", Err(ValidationError::new("bad"))),
            None
        );
        assert_eq!(errors.to_string(), "b: bad");
    }
}
