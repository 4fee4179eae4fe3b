//! Validation failures carry the spec's exact messages, keyed by the client's field names
//! so a form can show each message beside its field.
//!
//! Input structs declare their per-field rules with `#[derive(validator::Validate)]`
//! (ADR 0011); [`FieldErrors::from_rules`] is the one place that runs those rules and turns
//! validator's report into this shape. Rules that need context or build a value (an
//! [`Email`](crate::Email), a [`Password`](crate::Password), an age from today's date) stay
//! domain functions whose errors are added with [`FieldErrors::check`].
use std::collections::BTreeMap;
use std::fmt;

use validator::{Validate, ValidationErrors, ValidationErrorsKind};

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

    /// Runs `input`'s derived rules and records, for each field that broke one, the message
    /// of the first rule it broke, under the field's camelCase name (nested structs as dotted
    /// paths such as `availability.maxDistance`).
    pub fn from_rules(input: &impl Validate) -> Self {
        let mut errors = Self::new();
        if let Err(report) = input.validate() {
            errors.record("", &report);
        }
        errors
    }

    fn record(&mut self, prefix: &str, report: &ValidationErrors) {
        for (field, kind) in report.errors() {
            let name = format!("{prefix}{}", camel_case(field));
            match kind {
                ValidationErrorsKind::Field(broken) => {
                    if let Some(first) = broken.first() {
                        self.add(&name, ValidationError::new(message_of(first)));
                    }
                }
                ValidationErrorsKind::Struct(inner) => self.record(&format!("{name}."), inner),
                ValidationErrorsKind::List(items) => {
                    for (index, inner) in items {
                        self.record(&format!("{name}.{index}."), inner);
                    }
                }
            }
        }
    }

    /// `Ok(())` when nothing was recorded, so callers can `?` after checking every field.
    pub fn into_result(self) -> Result<(), FieldErrors> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }
}

/// `first_name` -> `firstName`: the client's names for the Rust fields.
fn camel_case(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut upper = false;
    for c in field.chars() {
        if c == '_' {
            upper = !out.is_empty();
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The house wording for text over its limit: the derived `length(max = N)` rules read it
/// here, and [`crate::text::required`] and the hand-written limits build their errors with it.
pub fn too_long(max_chars: impl fmt::Display) -> String {
    format!("Must be at most {max_chars} characters")
}

/// The rule's own message (`message = "..."` or set by its function); a `length(max = N)`
/// without one reads the house wording for over-long text.
fn message_of(error: &validator::ValidationError) -> String {
    if let Some(message) = &error.message {
        return message.to_string();
    }
    match (error.code.as_ref(), error.params.get("max")) {
        ("length", Some(max)) => too_long(max),
        _ => error.to_string(),
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

    #[derive(Validate)]
    struct Outer {
        #[validate(length(max = 3), custom(function = "fails", message = "Not this"))]
        short_name: String,
        #[validate(range(min = 1, message = "At least one"))]
        count: u32,
        #[validate(nested)]
        inner_part: Inner,
    }

    #[derive(Validate)]
    struct Inner {
        #[validate(custom(function = "fails"))]
        max_distance: u32,
    }

    fn fails<T>(_: T) -> Result<(), validator::ValidationError> {
        Err(validator::ValidationError::new("fails")
            .with_message(std::borrow::Cow::Borrowed("From the function")))
    }

    #[test]
    fn derived_rules_become_camel_case_fields_with_the_first_message() {
        let errors = FieldErrors::from_rules(&Outer {
            short_name: "four".into(),
            count: 0,
            inner_part: Inner { max_distance: 1 },
        });
        assert_eq!(
            errors.get("shortName"),
            Some("Must be at most 3 characters"),
            "length comes first and reads the house wording"
        );
        assert_eq!(errors.get("count"), Some("At least one"));
        assert_eq!(
            errors.get("innerPart.maxDistance"),
            Some("From the function")
        );
        assert_eq!(errors.iter().count(), 3);

        let errors = FieldErrors::from_rules(&Outer {
            short_name: "abc".into(),
            count: 1,
            inner_part: Inner { max_distance: 1 },
        });
        assert_eq!(
            errors.get("shortName"),
            Some("Not this"),
            "message = overrides the function's"
        );
    }

    #[test]
    fn camel_case_names() {
        assert_eq!(camel_case("first_name"), "firstName");
        assert_eq!(camel_case("email"), "email");
        assert_eq!(camel_case("event_reminders"), "eventReminders");
    }
}
