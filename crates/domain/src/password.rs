//! Password rules: the spec's minimum of 6, up to 128 characters of anything (spaces and
//! any script welcome, so passphrases work), and none of the passwords attackers try first.

use crate::validation::ValidationError;

pub const MIN_CHARS: usize = 6;
pub const MAX_CHARS: usize = 128;
pub const TOO_SHORT: &str = "Password must be at least 6 characters";
pub const TOO_LONG: &str = "Password must be at most 128 characters";
pub const TOO_COMMON: &str =
    "This password is too common. Please choose one that is harder to guess.";

/// The most common passwords of at least 6 characters from public breach corpora.
const COMMON: &[&str] = &[
    "123456",
    "password",
    "12345678",
    "qwerty",
    "123456789",
    "12345",
    "111111",
    "1234567",
    "sunshine",
    "qwerty123",
    "iloveyou",
    "princess",
    "admin123",
    "welcome",
    "666666",
    "abc123",
    "football",
    "123123",
    "monkey",
    "654321",
    "charlie",
    "aa123456",
    "donald",
    "password1",
    "qwertyuiop",
    "1234567890",
    "dragon",
    "baseball",
    "letmein",
    "shadow",
    "master",
    "superman",
    "michael",
    "jennifer",
    "trustno1",
    "hunter2",
    "batman",
    "starwars",
    "whatever",
    "freedom",
    "passw0rd",
    "password123",
    "welcome1",
    "login1",
    "qazwsx",
    "zaq12wsx",
    "1q2w3e4r",
    "1qaz2wsx",
    "asdfgh",
    "asdfghjkl",
    "zxcvbnm",
    "123321",
    "112233",
    "121212",
    "000000",
    "7777777",
    "888888",
    "555555",
    "987654321",
    "159753",
    "lovely",
    "loveme",
    "liverpool",
    "chelsea",
    "arsenal",
    "tottenham",
    "manutd",
    "london",
    "soccer",
    "hockey",
    "tennis",
    "cricket",
    "jordan23",
    "thomas",
    "hannah",
    "jessica",
    "ashley",
    "daniel",
    "andrew",
    "matthew",
    "pokemon",
    "pass123",
    "secret",
    "cheese",
    "computer",
    "internet",
    "access",
    "flower",
    "summer",
    "changeme",
    "default",
    "playspace",
    "password!",
    "p@ssw0rd",
    "q1w2e3r4",
    "abcd1234",
    "abcdef",
    "a1b2c3",
    "iloveyou1",
    "sunshine1",
    "princess1",
    "football1",
    "qwerty1",
    "letmein1",
    "welcome123",
];

/// A password that meets the rules. Never logged or displayed: `Debug` hides it.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    /// Checks a new password. Existing passwords are never re-checked at login.
    pub fn new(input: &str) -> Result<Self, ValidationError> {
        let chars = input.chars().count();
        if chars < MIN_CHARS {
            return Err(ValidationError::new(TOO_SHORT));
        }
        if chars > MAX_CHARS {
            return Err(ValidationError::new(TOO_LONG));
        }
        let folded = input.trim().to_lowercase();
        if COMMON.contains(&folded.as_str()) {
            return Err(ValidationError::new(TOO_COMMON));
        }
        Ok(Self(input.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_least_six_characters() {
        assert_eq!(Password::new("abcde").unwrap_err().message(), TOO_SHORT);
        assert!(Password::new("rainy!").is_ok());
        // Characters, not bytes: six accented letters are enough, five are not.
        assert!(Password::new("ééééé").is_err());
        assert!(Password::new("éàüöçñ").is_ok());
    }

    #[test]
    fn up_to_128_characters_with_spaces_and_any_script() {
        assert!(Password::new(&"a b ".repeat(32)).is_ok());
        assert_eq!(
            Password::new(&"x".repeat(129)).unwrap_err().message(),
            TOO_LONG
        );
        assert!(Password::new("correct horse battery staple").is_ok());
        assert!(Password::new("كلمة سر طويلة").is_ok());
    }

    #[test]
    fn common_passwords_are_refused_whatever_the_case() {
        for common in ["password", "Password", " 123456 ", "QWERTY123", "liverpool"] {
            assert_eq!(
                Password::new(common).unwrap_err().message(),
                TOO_COMMON,
                "{common}"
            );
        }
    }

    #[test]
    fn debug_never_shows_the_password() {
        assert_eq!(
            format!("{:?}", Password::new("s3cret-pass").unwrap()),
            "Password(***)"
        );
    }
}
