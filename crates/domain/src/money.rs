//! Money is whole pence: never floating point, so "12.50" stays 1250 everywhere.
use std::fmt;

use crate::validation::ValidationError;

/// A non-negative amount in pence (prices and refunds in this product are never negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

/// The highest price accepted: decimal(10,2) in the spec, i.e. 99,999,999.99.
const MAX_PENCE: i64 = 9_999_999_999;

impl Money {
    pub const ZERO: Money = Money(0);

    pub fn from_pence(pence: i64) -> Result<Self, ValidationError> {
        if !(0..=MAX_PENCE).contains(&pence) {
            return Err(ValidationError::new(
                "Price must be between 0.00 and 99999999.99",
            ));
        }
        Ok(Self(pence))
    }

    pub fn pence(self) -> i64 {
        self.0
    }

    pub fn is_free(self) -> bool {
        self.0 == 0
    }

    /// Parses the decimal form clients send ("12", "12.5", "12.50"); at most two decimals.
    pub fn parse(text: &str) -> Result<Self, ValidationError> {
        let invalid = || ValidationError::new("Price must be an amount like 12.50");
        let text = text.trim();
        let (pounds, pence) = match text.split_once('.') {
            Some((_, "")) => return Err(invalid()),
            Some((pounds, frac)) => (pounds, frac),
            None => (text, ""),
        };
        let digits_only = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if pounds.is_empty() || !digits_only(pounds) || !digits_only(pence) || pence.len() > 2 {
            return Err(invalid());
        }
        if pounds.len() > 8 {
            return Err(ValidationError::new(
                "Price must be between 0.00 and 99999999.99",
            ));
        }
        let pounds: i64 = pounds.parse().map_err(|_| invalid())?;
        let pence: i64 = match pence.len() {
            0 => 0,
            1 => pence.parse::<i64>().map_err(|_| invalid())? * 10,
            _ => pence.parse().map_err(|_| invalid())?,
        };
        Self::from_pence(pounds * 100 + pence)
    }
}

impl fmt::Display for Money {
    /// "12.50": the API's price string. Pound signs are the client's concern.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_two_decimals() {
        assert_eq!(Money::from_pence(1250).unwrap().to_string(), "12.50");
        assert_eq!(Money::from_pence(0).unwrap().to_string(), "0.00");
        assert_eq!(Money::from_pence(5).unwrap().to_string(), "0.05");
        assert_eq!(Money::from_pence(150_000).unwrap().to_string(), "1500.00");
    }

    #[test]
    fn parses_client_amounts() {
        assert_eq!(Money::parse("12.50").unwrap().pence(), 1250);
        assert_eq!(Money::parse("12.5").unwrap().pence(), 1250);
        assert_eq!(Money::parse("12").unwrap().pence(), 1200);
        assert_eq!(Money::parse(" 0.00 ").unwrap().pence(), 0);
    }

    #[test]
    fn rejects_malformed_or_negative_amounts() {
        for bad in [
            "",
            "-1",
            "1.234",
            "abc",
            "1.",
            ".5",
            "1e3",
            "1,50",
            "123456789.00",
        ] {
            assert!(Money::parse(bad).is_err(), "{bad:?} should be rejected");
        }
        assert!(Money::from_pence(-1).is_err());
    }

    #[test]
    fn free_is_zero() {
        assert!(Money::ZERO.is_free());
        assert!(!Money::from_pence(1).unwrap().is_free());
    }
}
