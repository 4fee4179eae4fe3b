//! Email addresses in one canonical form: trimmed, checked for a plausible shape, then
//! Unicode-normalised (NFC) and lower-cased as a whole, so one address is one account on
//! every backend whatever case or composition it was typed in (ADR 0010). Deliverability
//! is the mail provider's concern, not ours.
use std::fmt;

use unicode_normalization::UnicodeNormalization;

use crate::validation::ValidationError;

const MESSAGE: &str = "Invalid email address";
/// RFC 5321 limits: 254 characters in all, 64 before the @.
const MAX_LEN: usize = 254;
const MAX_LOCAL_LEN: usize = 64;
/// Characters that end or quote an address in a mail header (`To: "Ana" <a@b>, c@d`):
/// legal inside RFC 5322 quoted local parts, but no person needs them, and refusing them
/// means an address can never reach a header as more than one address.
const HEADER_SPECIALS: [char; 9] = ['<', '>', ',', '"', '(', ')', ';', '\\', '@'];

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(input: &str) -> Result<Self, ValidationError> {
        Self::parse_with_message(input, MESSAGE)
    }

    /// The same rule with another wording (the sign-up schema says 'Please enter a valid
    /// email address').
    pub fn parse_with_message(input: &str, message: &str) -> Result<Self, ValidationError> {
        let email = input.trim();
        let invalid = || ValidationError::new(message);
        if email.len() > MAX_LEN || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid());
        }
        let (local, domain) = email.rsplit_once('@').ok_or_else(invalid)?;
        let labels_ok = domain.split('.').all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && !label.contains(HEADER_SPECIALS)
        });
        if local.is_empty()
            || local.len() > MAX_LOCAL_LEN
            || local.contains(HEADER_SPECIALS)
            || !domain.contains('.')
            || !labels_ok
        {
            return Err(invalid());
        }
        Ok(Self(Self::canonical(email)))
    }

    /// The stored and compared form: NFC, then Unicode lower case. No mail provider people
    /// use treats the case of the part before the @ as meaningful, and SQL `lower()` only
    /// folds ASCII on SQLite, so case is settled here, once, rather than in queries.
    pub fn canonical(address: &str) -> String {
        address.nfc().collect::<String>().to_lowercase()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_ordinary_addresses_in_one_canonical_form() {
        assert_eq!(
            Email::parse(" Ana.Silva+sport@Example.CO.uk ")
                .unwrap()
                .as_str(),
            "ana.silva+sport@example.co.uk"
        );
        assert!(Email::parse("x@nhs.net").is_ok());
        assert!(Email::parse("名前@例え.jp").is_ok());
    }

    #[test]
    fn non_ascii_capitals_and_decomposed_letters_are_the_same_address() {
        let typed = [
            "ÄNNA-x@example.org",
            "änna-x@example.org",
            "A\u{308}NNA-x@EXAMPLE.org",
            "a\u{308}nna-x@example.org",
        ];
        for address in typed {
            assert_eq!(
                Email::parse(address).unwrap().as_str(),
                "\u{e4}nna-x@example.org",
                "{address:?}"
            );
        }
        assert_eq!(
            Email::parse("ΣΟΦΙΑ@Example.gr").unwrap().as_str(),
            "σοφια@example.gr"
        );
    }

    #[test]
    fn rejects_what_cannot_be_an_address() {
        for bad in [
            "",
            "ana",
            "ana@",
            "@example.org",
            "ana@example",
            "ana@@example.org",
            "a b@example.org",
            "ana@example..org",
            "ana@-example.org",
            "ana@exam\tple.org",
            "ana<x@example.org",
            "ana>@example.org",
            "ana,bo@example.org",
            "\"ana\"@example.org",
            "ana@exam<ple.org",
            "a(comment)@example.org",
            "a\\b@example.org",
        ] {
            assert_eq!(Email::parse(bad).unwrap_err().message(), MESSAGE, "{bad:?}");
        }
        assert!(Email::parse(&format!("{}@example.org", "a".repeat(65))).is_err());
        assert!(Email::parse(&format!("a@{}.org", "b".repeat(250))).is_err());
    }

    #[test]
    fn other_wording_for_the_same_rule() {
        let err =
            Email::parse_with_message("nope", "Please enter a valid email address").unwrap_err();
        assert_eq!(err.message(), "Please enter a valid email address");
    }
}
