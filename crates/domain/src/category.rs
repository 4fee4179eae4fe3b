//! An event's category: in practice the sport, which the events page groups by.
use std::fmt;

use crate::validation::ValidationError;

/// The spec's 16 sports, in the order the preferences page lists them.
pub const SPORTS: [&str; 16] = [
    "Football",
    "Basketball",
    "Tennis",
    "Swimming",
    "Cricket",
    "Rugby",
    "Badminton",
    "Volleyball",
    "Table Tennis",
    "Squash",
    "Hiking",
    "Theatre",
    "Boxing",
    "Yoga",
    "Cycling",
    "Running",
];

const MAX_CHARS: usize = 50;

/// A trimmed, non-empty label such as "Table Tennis". Admins may add categories beyond
/// [`SPORTS`], so this is not an enum; comparisons ignore case.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Category(String);

impl Category {
    pub fn parse(input: &str) -> Result<Self, ValidationError> {
        let trimmed = input.trim();
        if trimmed.is_empty() {
            return Err(ValidationError::new("Category is required"));
        }
        if trimmed.chars().count() > MAX_CHARS {
            return Err(ValidationError::new(format!(
                "Category must be at most {MAX_CHARS} characters"
            )));
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `name` names this category, ignoring case and surrounding spaces.
    pub fn matches(&self, name: &str) -> bool {
        self.0.to_lowercase() == name.trim().to_lowercase()
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_keeps_display_case() {
        assert_eq!(
            Category::parse("  Table Tennis ").unwrap().as_str(),
            "Table Tennis"
        );
    }

    #[test]
    fn rejects_blank_and_overlong() {
        assert_eq!(
            Category::parse(" ").unwrap_err().message(),
            "Category is required"
        );
        assert!(Category::parse(&"x".repeat(51)).is_err());
    }

    #[test]
    fn matching_ignores_case() {
        let category = Category::parse("Table Tennis").unwrap();
        assert!(category.matches("table tennis"));
        assert!(category.matches(" TABLE TENNIS "));
        assert!(!category.matches("tennis"));
    }

    #[test]
    fn sixteen_distinct_sports() {
        let mut sports = SPORTS.to_vec();
        sports.sort_unstable();
        sports.dedup();
        assert_eq!(sports.len(), 16);
    }
}
