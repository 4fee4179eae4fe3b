//! People's accounts: who they are, what they told us when signing up, and the rules for it.
//! Medical details live here too; they are shown only to their owner. Access needs have
//! their own record and rules (`access_needs`).
use std::borrow::Cow;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use validator::Validate;

use crate::category::SPORTS;
use crate::email::Email;
use crate::ids::UserId;
use crate::password::Password;
use crate::text;
use crate::text_enum;
use crate::validation::{FieldErrors, ValidationError};

text_enum!(
    Role { User => "user", Moderator => "moderator", Admin => "admin" }
);
text_enum!(
    Gender { Male => "male", Female => "female", NonBinary => "non-binary", PreferNotToSay => "prefer-not-to-say", Other => "other" }
);
text_enum!(
    FitnessLevel { Beginner => "beginner", Intermediate => "intermediate", Advanced => "advanced" }
);
text_enum!(
    HowDidYouHear {
        Search => "search", SocialMedia => "social-media", Friend => "friend",
        Advertisement => "advertisement", Website => "website", Other => "other",
    }
);

pub const EMAIL_MESSAGE: &str = "Please enter a valid email address";
pub const PHONE_MESSAGE: &str = "Please enter a valid phone number";
/// Limits, in characters, of what people type about themselves.
pub const NAME_CHARS: u64 = 100;
pub const PRONOUNS_CHARS: u64 = 40;
pub const ADDRESS_CHARS: u64 = 200;
pub const POSTCODE_CHARS: u64 = 12;
pub const LONG_TEXT_CHARS: u64 = 2000;
/// A phone number's length, in characters, and the fewest digits it holds.
pub const PHONE_MIN_CHARS: usize = 10;
pub const PHONE_MAX_CHARS: usize = 20;
pub const PHONE_MIN_DIGITS: usize = 7;
/// What a phone number may hold besides digits.
pub const PHONE_SEPARATORS: &str = " +-().";
/// The spec's age range, in whole years.
pub const MIN_AGE_YEARS: i32 = 1;
pub const MAX_AGE_YEARS: i32 = 120;

/// Everything a person can say about themselves; all but the names optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    pub first_name: String,
    pub last_name: String,
    pub chosen_name: Option<String>,
    pub pronouns: Option<String>,
    pub phone: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    pub gender: Option<Gender>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub postcode: Option<String>,
    pub emergency_contact_name: Option<String>,
    pub emergency_contact_phone: Option<String>,
    pub medical_conditions: Option<String>,
    pub fitness_level: Option<FitnessLevel>,
    pub sports_interests: Vec<String>,
    pub how_did_you_hear: Option<HowDidYouHear>,
    pub marketing_consent: bool,
}

impl Profile {
    /// The name to greet someone by: their chosen name if they gave one.
    pub fn greeting_name(&self) -> &str {
        self.chosen_name.as_deref().unwrap_or(&self.first_name)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub email: Email,
    pub role: Role,
    pub profile: Profile,
    pub is_email_verified: bool,
    pub profile_image_url: Option<String>,
    pub last_login: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// The sign-up form as received (confirmPassword and agreeToTerms stay in the browser).
/// Email, password, date of birth and the three choices become domain values in
/// [`SignUpForm::validate`]; every other field's rules are declared here.
#[derive(Clone, Debug, Default, PartialEq, Eq, Validate)]
pub struct SignUpForm {
    #[validate(
        length(max = NAME_CHARS),
        custom(function = "text::filled", message = "First name is required"),
        custom(function = "text::no_controls")
    )]
    pub first_name: String,
    #[validate(
        length(max = NAME_CHARS),
        custom(function = "text::filled", message = "Last name is required"),
        custom(function = "text::no_controls")
    )]
    pub last_name: String,
    pub email: String,
    #[validate(custom(function = "phone_number"))]
    pub phone: String,
    pub password: String,
    pub date_of_birth: Option<String>,
    pub gender: String,
    #[validate(
        length(max = ADDRESS_CHARS),
        custom(function = "text::filled", message = "Address is required"),
        custom(function = "text::no_controls")
    )]
    pub address: String,
    #[validate(
        length(max = NAME_CHARS),
        custom(function = "text::filled", message = "City is required"),
        custom(function = "text::no_controls")
    )]
    pub city: String,
    #[validate(
        length(max = POSTCODE_CHARS),
        custom(function = "text::filled", message = "Postcode is required"),
        custom(function = "text::no_controls")
    )]
    pub postcode: String,
    #[validate(length(max = NAME_CHARS), custom(function = "text::no_controls"))]
    pub emergency_contact_name: Option<String>,
    #[validate(custom(function = "phone_number"))]
    pub emergency_contact_phone: Option<String>,
    #[validate(length(max = LONG_TEXT_CHARS), custom(function = "text::no_controls"))]
    pub medical_conditions: Option<String>,
    pub fitness_level: String,
    #[validate(custom(
        function = "known_sports",
        message = "Please choose sports from the list"
    ))]
    pub sports_interests: Vec<String>,
    pub how_did_you_hear: String,
    pub marketing_consent: bool,
    #[validate(length(max = LONG_TEXT_CHARS), custom(function = "text::no_controls"))]
    pub accessibility_needs: Option<String>,
}

/// A sign-up that passed every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAccount {
    pub email: Email,
    pub password: Password,
    pub profile: Profile,
    /// The sign-up's "accessibility needs": the note of the member's access needs, not
    /// shared with anyone until they choose to (ADR 0023).
    pub access_note: Option<String>,
}

impl SignUpForm {
    /// Trims every text field (blank optional ones become `None`) so limits count what is
    /// kept.
    fn trimmed(mut self) -> Self {
        for field in [
            &mut self.first_name,
            &mut self.last_name,
            &mut self.phone,
            &mut self.gender,
            &mut self.address,
            &mut self.city,
            &mut self.postcode,
            &mut self.fitness_level,
            &mut self.how_did_you_hear,
        ] {
            text::trim(field);
        }
        for field in [
            &mut self.date_of_birth,
            &mut self.emergency_contact_name,
            &mut self.emergency_contact_phone,
            &mut self.medical_conditions,
            &mut self.accessibility_needs,
        ] {
            text::trim_optional(field);
        }
        self
    }

    /// Checks every field, reporting all problems at once under the form's field names.
    pub fn validate(self, today: NaiveDate) -> Result<NewAccount, FieldErrors> {
        let form = self.trimmed();
        let mut e = FieldErrors::from_rules(&form);
        let email = e.check(
            "email",
            Email::parse_with_message(&form.email, EMAIL_MESSAGE),
        );
        let password = e.check("password", Password::new(&form.password));
        let date_of_birth = e
            .check(
                "dateOfBirth",
                date_of_birth(form.date_of_birth.as_deref(), today),
            )
            .flatten();
        let gender = e.check("gender", choice(&form.gender, "Please select your gender"));
        let fitness_level = e.check(
            "fitnessLevel",
            choice(&form.fitness_level, "Please select your fitness level"),
        );
        let how_did_you_hear = e.check(
            "howDidYouHear",
            choice(
                &form.how_did_you_hear,
                "Please tell us how you heard about us",
            ),
        );
        match (email, password, gender, fitness_level, how_did_you_hear) {
            (
                Some(email),
                Some(password),
                Some(gender),
                Some(fitness_level),
                Some(how_did_you_hear),
            ) if e.is_empty() => Ok(NewAccount {
                email,
                password,
                profile: Profile {
                    sports_interests: canonical_sports(&form.sports_interests),
                    first_name: form.first_name,
                    last_name: form.last_name,
                    chosen_name: None,
                    pronouns: None,
                    phone: Some(form.phone),
                    date_of_birth,
                    gender: Some(gender),
                    address: Some(form.address),
                    city: Some(form.city),
                    postcode: Some(form.postcode.to_uppercase()),
                    emergency_contact_name: form.emergency_contact_name,
                    emergency_contact_phone: form.emergency_contact_phone,
                    medical_conditions: form.medical_conditions,
                    fitness_level: Some(fitness_level),
                    how_did_you_hear: Some(how_did_you_hear),
                    marketing_consent: form.marketing_consent,
                },
                access_note: form.accessibility_needs,
            }),
            _ => Err(e),
        }
    }
}

/// At least 10 characters of digits and the usual separators, at most 20, with 7+ digits.
fn is_phone(trimmed: &str) -> bool {
    let allowed = trimmed
        .chars()
        .all(|c| c.is_ascii_digit() || PHONE_SEPARATORS.contains(c));
    let digits = trimmed.chars().filter(char::is_ascii_digit).count();
    (PHONE_MIN_CHARS..=PHONE_MAX_CHARS).contains(&trimmed.chars().count())
        && allowed
        && digits >= PHONE_MIN_DIGITS
}

/// Derived rule for a (trimmed) phone number field, with the spec's message.
pub fn phone_number(trimmed: &str) -> Result<(), validator::ValidationError> {
    if is_phone(trimmed) {
        return Ok(());
    }
    Err(validator::ValidationError::new("phone").with_message(Cow::Borrowed(PHONE_MESSAGE)))
}

/// An optional phone number as typed: trimmed, blank meaning none.
pub fn optional_phone(input: Option<&str>) -> Result<Option<String>, ValidationError> {
    match input.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) if is_phone(text) => Ok(Some(text.to_owned())),
        Some(_) => Err(ValidationError::new(PHONE_MESSAGE)),
    }
}

fn choice<T: std::str::FromStr>(input: &str, message: &str) -> Result<T, ValidationError> {
    input
        .trim()
        .parse()
        .map_err(|_| ValidationError::new(message))
}

/// An ISO date between 1 and 120 years ago (the spec's age range).
pub fn date_of_birth(
    input: Option<&str>,
    today: NaiveDate,
) -> Result<Option<NaiveDate>, ValidationError> {
    let Some(text) = input.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let invalid = || ValidationError::new("Please enter a valid date of birth");
    // Accept a full ISO timestamp too; only its date part matters.
    let day = NaiveDate::parse_from_str(text.get(..10).unwrap_or(text), "%Y-%m-%d")
        .map_err(|_| invalid())?;
    let age = today.year()
        - day.year()
        - i32::from((today.month(), today.day()) < (day.month(), day.day()));
    if !(MIN_AGE_YEARS..=MAX_AGE_YEARS).contains(&age) {
        return Err(invalid());
    }
    Ok(Some(day))
}

/// The spec's spelling of a sport typed in any case.
fn sport_named(name: &str) -> Option<&'static str> {
    SPORTS
        .iter()
        .find(|s| s.eq_ignore_ascii_case(name.trim()))
        .copied()
}

/// Derived rule: every sport is on the spec's list (in any case).
fn known_sports(input: &[String]) -> Result<(), validator::ValidationError> {
    if input.iter().all(|name| sport_named(name).is_some()) {
        return Ok(());
    }
    Err(validator::ValidationError::new("sports"))
}

/// Known sports in the spec's spelling, without repeats.
fn canonical_sports(input: &[String]) -> Vec<String> {
    let mut chosen: Vec<String> = Vec::new();
    for sport in input.iter().filter_map(|name| sport_named(name)) {
        if !chosen.iter().any(|c| c == sport) {
            chosen.push(sport.to_owned());
        }
    }
    chosen
}

/// The profile page's form: what a person may change about themselves after signing up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Validate)]
pub struct ProfileForm {
    #[validate(
        length(max = NAME_CHARS),
        custom(function = "text::filled", message = "First name is required"),
        custom(function = "text::no_controls")
    )]
    pub first_name: String,
    #[validate(
        length(max = NAME_CHARS),
        custom(function = "text::filled", message = "Last name is required"),
        custom(function = "text::no_controls")
    )]
    pub last_name: String,
    #[validate(length(max = NAME_CHARS), custom(function = "text::no_controls"))]
    pub chosen_name: Option<String>,
    #[validate(length(max = PRONOUNS_CHARS), custom(function = "text::no_controls"))]
    pub pronouns: Option<String>,
    #[validate(custom(function = "phone_number"))]
    pub phone: Option<String>,
    #[validate(length(max = ADDRESS_CHARS), custom(function = "text::no_controls"))]
    pub address: Option<String>,
    #[validate(length(max = NAME_CHARS), custom(function = "text::no_controls"))]
    pub city: Option<String>,
    #[validate(length(max = POSTCODE_CHARS), custom(function = "text::no_controls"))]
    pub postcode: Option<String>,
    #[validate(length(max = NAME_CHARS), custom(function = "text::no_controls"))]
    pub emergency_contact_name: Option<String>,
    #[validate(custom(function = "phone_number"))]
    pub emergency_contact_phone: Option<String>,
    #[validate(length(max = LONG_TEXT_CHARS), custom(function = "text::no_controls"))]
    pub medical_conditions: Option<String>,
}

impl ProfileForm {
    /// Trims every field; blank optional ones become `None`.
    fn trimmed(mut self) -> Self {
        text::trim(&mut self.first_name);
        text::trim(&mut self.last_name);
        for field in [
            &mut self.chosen_name,
            &mut self.pronouns,
            &mut self.phone,
            &mut self.address,
            &mut self.city,
            &mut self.postcode,
            &mut self.emergency_contact_name,
            &mut self.emergency_contact_phone,
            &mut self.medical_conditions,
        ] {
            text::trim_optional(field);
        }
        self
    }

    /// Applies the form to `current`, keeping what the form does not cover.
    pub fn apply(self, current: &Profile) -> Result<Profile, FieldErrors> {
        let form = self.trimmed();
        FieldErrors::from_rules(&form).into_result()?;
        Ok(Profile {
            first_name: form.first_name,
            last_name: form.last_name,
            chosen_name: form.chosen_name,
            pronouns: form.pronouns,
            phone: form.phone,
            address: form.address,
            city: form.city,
            postcode: form.postcode.map(|p| p.to_uppercase()),
            emergency_contact_name: form.emergency_contact_name,
            emergency_contact_phone: form.emergency_contact_phone,
            medical_conditions: form.medical_conditions,
            ..current.clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::password;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
    }

    pub(crate) fn form() -> SignUpForm {
        SignUpForm {
            first_name: "Ana".into(),
            last_name: "Silva".into(),
            email: "ana@example.org".into(),
            phone: "07700 900123".into(),
            password: "brisk-otter-42".into(),
            date_of_birth: Some("1990-05-17".into()),
            gender: "non-binary".into(),
            address: "1 Mare Street".into(),
            city: "London".into(),
            postcode: "e8 4rp".into(),
            emergency_contact_name: Some("Jo Silva".into()),
            emergency_contact_phone: Some("07700 900456".into()),
            medical_conditions: Some("Asthma".into()),
            fitness_level: "beginner".into(),
            sports_interests: vec!["football".into(), "Table Tennis".into(), "Football".into()],
            how_did_you_hear: "friend".into(),
            marketing_consent: false,
            accessibility_needs: Some("Step-free access".into()),
        }
    }

    #[test]
    fn a_complete_form_becomes_an_account() {
        let account = form().validate(today()).unwrap();
        assert_eq!(account.email.as_str(), "ana@example.org");
        assert_eq!(account.profile.postcode.as_deref(), Some("E8 4RP"));
        assert_eq!(
            account.profile.sports_interests,
            ["Football", "Table Tennis"]
        );
        assert_eq!(account.profile.gender, Some(Gender::NonBinary));
        assert_eq!(account.access_note.as_deref(), Some("Step-free access"));
        assert_eq!(
            account.profile.date_of_birth,
            NaiveDate::from_ymd_opt(1990, 5, 17)
        );
    }

    #[test]
    fn optional_fields_may_be_left_out() {
        let account = SignUpForm {
            date_of_birth: None,
            emergency_contact_name: None,
            emergency_contact_phone: Some(" ".into()),
            medical_conditions: None,
            sports_interests: vec![],
            accessibility_needs: Some("".into()),
            ..form()
        }
        .validate(today())
        .unwrap();
        assert!(account.profile.sports_interests.is_empty());
        assert_eq!(account.access_note, None);
        assert_eq!(account.profile.emergency_contact_phone, None);
    }

    #[test]
    fn every_rule_has_the_specs_message() {
        let errors = SignUpForm::default().validate(today()).unwrap_err();
        assert_eq!(errors.get("firstName"), Some("First name is required"));
        assert_eq!(errors.get("lastName"), Some("Last name is required"));
        assert_eq!(
            errors.get("email"),
            Some("Please enter a valid email address")
        );
        assert_eq!(
            errors.get("phone"),
            Some("Please enter a valid phone number")
        );
        assert_eq!(errors.get("password"), Some(password::TOO_SHORT));
        assert_eq!(errors.get("address"), Some("Address is required"));
        assert_eq!(errors.get("city"), Some("City is required"));
        assert_eq!(errors.get("postcode"), Some("Postcode is required"));
        assert_eq!(errors.get("gender"), Some("Please select your gender"));
        assert_eq!(
            errors.get("fitnessLevel"),
            Some("Please select your fitness level")
        );
        assert_eq!(
            errors.get("howDidYouHear"),
            Some("Please tell us how you heard about us")
        );
    }

    #[test]
    fn bad_values_are_named() {
        let errors = SignUpForm {
            phone: "12345".into(),
            gender: "robot".into(),
            date_of_birth: Some("2030-01-01".into()),
            emergency_contact_phone: Some("call me".into()),
            sports_interests: vec!["Quidditch".into()],
            password: "password".into(),
            ..form()
        }
        .validate(today())
        .unwrap_err();
        assert_eq!(errors.get("phone"), Some(PHONE_MESSAGE));
        assert_eq!(errors.get("gender"), Some("Please select your gender"));
        assert_eq!(
            errors.get("dateOfBirth"),
            Some("Please enter a valid date of birth")
        );
        assert_eq!(errors.get("emergencyContactPhone"), Some(PHONE_MESSAGE));
        assert_eq!(
            errors.get("sportsInterests"),
            Some("Please choose sports from the list")
        );
        assert_eq!(errors.get("password"), Some(password::TOO_COMMON));
    }

    #[test]
    fn ages_from_1_to_120() {
        assert!(
            date_of_birth(Some("2025-11-21"), today())
                .unwrap()
                .is_some()
        );
        assert!(date_of_birth(Some("2025-11-22"), today()).is_err());
        assert!(
            date_of_birth(Some("1906-11-21"), today()).is_ok(),
            "exactly 120"
        );
        assert!(date_of_birth(Some("1905-11-21"), today()).is_err(), "121");
        assert!(date_of_birth(Some("1990-05-17T00:00:00.000Z"), today()).is_ok());
    }

    #[test]
    fn profile_form_updates_only_what_it_covers() {
        let current = form().validate(today()).unwrap().profile;
        let updated = ProfileForm {
            first_name: "Ana".into(),
            last_name: "Silva".into(),
            chosen_name: Some("Nia".into()),
            pronouns: Some("they/them".into()),
            phone: Some("07700 900999".into()),
            postcode: Some("n1 9gu".into()),
            ..Default::default()
        }
        .apply(&current)
        .unwrap();
        assert_eq!(updated.chosen_name.as_deref(), Some("Nia"));
        assert_eq!(updated.postcode.as_deref(), Some("N1 9GU"));
        assert_eq!(updated.medical_conditions, None, "cleared when left blank");
        assert_eq!(updated.sports_interests, current.sports_interests, "kept");
        assert_eq!(updated.gender, current.gender, "kept");

        let errors = ProfileForm {
            phone: Some("x".into()),
            ..Default::default()
        }
        .apply(&current)
        .unwrap_err();
        assert_eq!(errors.get("firstName"), Some("First name is required"));
        assert_eq!(errors.get("phone"), Some(PHONE_MESSAGE));
    }

    /// Each sign-up text field, how to set it, and its limit in characters.
    #[allow(clippy::type_complexity)]
    fn sign_up_text_fields() -> Vec<(&'static str, fn(&mut SignUpForm, String), u64)> {
        vec![
            ("firstName", |f, v| f.first_name = v, NAME_CHARS),
            ("lastName", |f, v| f.last_name = v, NAME_CHARS),
            ("address", |f, v| f.address = v, ADDRESS_CHARS),
            ("city", |f, v| f.city = v, NAME_CHARS),
            ("postcode", |f, v| f.postcode = v, POSTCODE_CHARS),
            (
                "emergencyContactName",
                |f, v| f.emergency_contact_name = Some(v),
                NAME_CHARS,
            ),
            (
                "medicalConditions",
                |f, v| f.medical_conditions = Some(v),
                LONG_TEXT_CHARS,
            ),
            (
                "accessibilityNeeds",
                |f, v| f.accessibility_needs = Some(v),
                LONG_TEXT_CHARS,
            ),
        ]
    }

    #[test]
    fn sign_up_text_is_bounded_after_trimming_and_plain() {
        for (field, set, limit) in sign_up_text_fields() {
            let n = usize::try_from(limit).unwrap();
            let mut at_limit = form();
            set(&mut at_limit, format!("  {}  ", "é".repeat(n)));
            assert!(at_limit.validate(today()).is_ok(), "{field} at its limit");

            let mut over = form();
            set(&mut over, "é".repeat(n + 1));
            assert_eq!(
                over.validate(today()).unwrap_err().get(field),
                Some(format!("Must be at most {limit} characters").as_str()),
                "{field}"
            );

            let mut hidden = form();
            set(&mut hidden, "a\u{202E}b".into());
            assert_eq!(
                hidden.validate(today()).unwrap_err().get(field),
                Some(text::CONTROL_MESSAGE),
                "{field}"
            );
        }
    }

    #[test]
    fn blank_required_fields_are_required_and_blank_optional_ones_none() {
        let errors = SignUpForm {
            first_name: "   ".into(),
            city: "\t".into(),
            ..form()
        }
        .validate(today())
        .unwrap_err();
        assert_eq!(errors.get("firstName"), Some("First name is required"));
        assert_eq!(errors.get("city"), Some("City is required"));
        let account = SignUpForm {
            emergency_contact_name: Some("  ".into()),
            medical_conditions: Some(" ".into()),
            ..form()
        }
        .validate(today())
        .unwrap();
        assert_eq!(account.profile.emergency_contact_name, None);
        assert_eq!(account.profile.medical_conditions, None);
        assert_eq!(account.profile.first_name, "Ana");
    }

    #[test]
    fn phone_numbers() {
        for good in [
            "07700 900123",
            "+44 (0)20 7946 0958",
            "020-7946-0958",
            " 0123456789 ",
        ] {
            let account = SignUpForm {
                phone: good.into(),
                ..form()
            }
            .validate(today())
            .unwrap();
            assert_eq!(account.profile.phone.as_deref(), Some(good.trim()));
        }
        for bad in [
            "012345678",              // 9 characters
            "0123456789012345678901", // 22 characters
            "0770090012x",            // a letter
            "+(123) ---",             // 3 digits
            "",
        ] {
            let errors = SignUpForm {
                phone: bad.into(),
                emergency_contact_phone: Some(bad.into()).filter(|b: &String| !b.is_empty()),
                ..form()
            }
            .validate(today())
            .unwrap_err();
            assert_eq!(errors.get("phone"), Some(PHONE_MESSAGE), "{bad:?}");
            if !bad.is_empty() {
                assert_eq!(
                    errors.get("emergencyContactPhone"),
                    Some(PHONE_MESSAGE),
                    "{bad:?}"
                );
            }
        }
        assert_eq!(optional_phone(Some(" ")).unwrap(), None);
        assert_eq!(
            optional_phone(Some("123")).unwrap_err().message(),
            PHONE_MESSAGE
        );
    }

    #[test]
    fn profile_form_text_is_bounded_and_plain() {
        #[allow(clippy::type_complexity)]
        let fields: Vec<(&str, fn(&mut ProfileForm, String), u64)> = vec![
            ("firstName", |f, v| f.first_name = v, NAME_CHARS),
            ("lastName", |f, v| f.last_name = v, NAME_CHARS),
            ("chosenName", |f, v| f.chosen_name = Some(v), NAME_CHARS),
            ("pronouns", |f, v| f.pronouns = Some(v), PRONOUNS_CHARS),
            ("address", |f, v| f.address = Some(v), ADDRESS_CHARS),
            ("city", |f, v| f.city = Some(v), NAME_CHARS),
            ("postcode", |f, v| f.postcode = Some(v), POSTCODE_CHARS),
            (
                "emergencyContactName",
                |f, v| f.emergency_contact_name = Some(v),
                NAME_CHARS,
            ),
            (
                "medicalConditions",
                |f, v| f.medical_conditions = Some(v),
                LONG_TEXT_CHARS,
            ),
        ];
        let current = form().validate(today()).unwrap().profile;
        let valid = || ProfileForm {
            first_name: "Ana".into(),
            last_name: "Silva".into(),
            ..Default::default()
        };
        for (field, set, limit) in fields {
            let n = usize::try_from(limit).unwrap();
            let mut at_limit = valid();
            set(&mut at_limit, format!(" {} ", "x".repeat(n)));
            assert!(at_limit.apply(&current).is_ok(), "{field} at its limit");

            let mut over = valid();
            set(&mut over, "x".repeat(n + 1));
            assert_eq!(
                over.apply(&current).unwrap_err().get(field),
                Some(format!("Must be at most {limit} characters").as_str()),
                "{field}"
            );

            let mut hidden = valid();
            set(&mut hidden, "a\0b".into());
            assert_eq!(
                hidden.apply(&current).unwrap_err().get(field),
                Some(text::CONTROL_MESSAGE),
                "{field}"
            );
        }
        let errors = ProfileForm {
            last_name: " ".into(),
            emergency_contact_phone: Some("nope".into()),
            ..valid()
        }
        .apply(&current)
        .unwrap_err();
        assert_eq!(errors.get("lastName"), Some("Last name is required"));
        assert_eq!(errors.get("emergencyContactPhone"), Some(PHONE_MESSAGE));
    }

    #[test]
    fn greeting_prefers_the_chosen_name() {
        let mut profile = form().validate(today()).unwrap().profile;
        assert_eq!(profile.greeting_name(), "Ana");
        profile.chosen_name = Some("Nia".into());
        assert_eq!(profile.greeting_name(), "Nia");
    }
}
