//! People's accounts: who they are, what they told us when signing up, and the rules for it.
//! Medical and accessibility details live here too; they are shown only to their owner.
use chrono::{DateTime, Datelike, NaiveDate, Utc};

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
const NAME_CHARS: usize = 100;
const LONG_TEXT_CHARS: usize = 2000;

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
    pub accessibility_needs: Option<String>,
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SignUpForm {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub password: String,
    pub date_of_birth: Option<String>,
    pub gender: String,
    pub address: String,
    pub city: String,
    pub postcode: String,
    pub emergency_contact_name: Option<String>,
    pub emergency_contact_phone: Option<String>,
    pub medical_conditions: Option<String>,
    pub fitness_level: String,
    pub sports_interests: Vec<String>,
    pub how_did_you_hear: String,
    pub marketing_consent: bool,
    pub accessibility_needs: Option<String>,
}

/// A sign-up that passed every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAccount {
    pub email: Email,
    pub password: Password,
    pub profile: Profile,
}

impl SignUpForm {
    /// Checks every field, reporting all problems at once under the form's field names.
    pub fn validate(self, today: NaiveDate) -> Result<NewAccount, FieldErrors> {
        let mut e = FieldErrors::new();
        let first_name = e.check(
            "firstName",
            text::required(&self.first_name, NAME_CHARS, "First name is required"),
        );
        let last_name = e.check(
            "lastName",
            text::required(&self.last_name, NAME_CHARS, "Last name is required"),
        );
        let email = e.check(
            "email",
            Email::parse_with_message(&self.email, EMAIL_MESSAGE),
        );
        let phone = e.check("phone", phone(&self.phone));
        let password = e.check("password", Password::new(&self.password));
        let date_of_birth = e
            .check(
                "dateOfBirth",
                date_of_birth(self.date_of_birth.as_deref(), today),
            )
            .flatten();
        let gender = e.check("gender", choice(&self.gender, "Please select your gender"));
        let address = e.check(
            "address",
            text::required(&self.address, 200, "Address is required"),
        );
        let city = e.check(
            "city",
            text::required(&self.city, NAME_CHARS, "City is required"),
        );
        let postcode = e.check(
            "postcode",
            text::required(&self.postcode, 12, "Postcode is required"),
        );
        let care = care_details(
            &mut e,
            self.emergency_contact_name.as_deref(),
            self.emergency_contact_phone.as_deref(),
            self.medical_conditions.as_deref(),
            self.accessibility_needs.as_deref(),
        );
        let fitness_level = e.check(
            "fitnessLevel",
            choice(&self.fitness_level, "Please select your fitness level"),
        );
        let sports_interests = e.check("sportsInterests", sports(&self.sports_interests));
        let how_did_you_hear = e.check(
            "howDidYouHear",
            choice(
                &self.how_did_you_hear,
                "Please tell us how you heard about us",
            ),
        );

        match (
            first_name,
            last_name,
            email,
            phone,
            password,
            gender,
            address,
            city,
            postcode,
            fitness_level,
            sports_interests,
            how_did_you_hear,
        ) {
            (
                Some(first_name),
                Some(last_name),
                Some(email),
                Some(phone),
                Some(password),
                Some(gender),
                Some(address),
                Some(city),
                Some(postcode),
                Some(fitness_level),
                Some(sports_interests),
                Some(how_did_you_hear),
            ) if e.is_empty() => Ok(NewAccount {
                email,
                password,
                profile: Profile {
                    first_name,
                    last_name,
                    chosen_name: None,
                    pronouns: None,
                    phone: Some(phone),
                    date_of_birth,
                    gender: Some(gender),
                    address: Some(address),
                    city: Some(city),
                    postcode: Some(postcode.to_uppercase()),
                    emergency_contact_name: care.emergency_contact_name,
                    emergency_contact_phone: care.emergency_contact_phone,
                    medical_conditions: care.medical_conditions,
                    fitness_level: Some(fitness_level),
                    sports_interests,
                    how_did_you_hear: Some(how_did_you_hear),
                    marketing_consent: self.marketing_consent,
                    accessibility_needs: care.accessibility_needs,
                },
            }),
            _ => Err(e),
        }
    }
}

/// The optional care details that sign-up and the profile page both collect, checked once.
struct CareDetails {
    emergency_contact_name: Option<String>,
    emergency_contact_phone: Option<String>,
    medical_conditions: Option<String>,
    accessibility_needs: Option<String>,
}

fn care_details(
    e: &mut FieldErrors,
    name: Option<&str>,
    phone: Option<&str>,
    medical: Option<&str>,
    accessibility: Option<&str>,
) -> CareDetails {
    CareDetails {
        emergency_contact_name: e
            .check("emergencyContactName", text::optional(name, NAME_CHARS))
            .flatten(),
        emergency_contact_phone: e
            .check("emergencyContactPhone", optional_phone(phone))
            .flatten(),
        medical_conditions: e
            .check(
                "medicalConditions",
                text::optional(medical, LONG_TEXT_CHARS),
            )
            .flatten(),
        accessibility_needs: e
            .check(
                "accessibilityNeeds",
                text::optional(accessibility, LONG_TEXT_CHARS),
            )
            .flatten(),
    }
}

/// At least 10 characters of digits and the usual separators, at most 20, with 7+ digits.
pub fn phone(input: &str) -> Result<String, ValidationError> {
    let trimmed = input.trim();
    let allowed = trimmed
        .chars()
        .all(|c| c.is_ascii_digit() || " +-().".contains(c));
    let digits = trimmed.chars().filter(char::is_ascii_digit).count();
    if trimmed.chars().count() < 10 || trimmed.len() > 20 || !allowed || digits < 7 {
        return Err(ValidationError::new(PHONE_MESSAGE));
    }
    Ok(trimmed.to_owned())
}

pub fn optional_phone(input: Option<&str>) -> Result<Option<String>, ValidationError> {
    match input.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => phone(text).map(Some),
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
    if !(1..=120).contains(&age) {
        return Err(invalid());
    }
    Ok(Some(day))
}

/// Sports from the spec's list, in its spelling, without repeats.
pub fn sports(input: &[String]) -> Result<Vec<String>, ValidationError> {
    let mut chosen: Vec<String> = Vec::new();
    for name in input {
        let sport = SPORTS
            .iter()
            .find(|s| s.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| ValidationError::new("Please choose sports from the list"))?;
        if !chosen.iter().any(|c| c == sport) {
            chosen.push((*sport).to_owned());
        }
    }
    Ok(chosen)
}

/// The profile page's form: what a person may change about themselves after signing up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProfileForm {
    pub first_name: String,
    pub last_name: String,
    pub chosen_name: Option<String>,
    pub pronouns: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub postcode: Option<String>,
    pub emergency_contact_name: Option<String>,
    pub emergency_contact_phone: Option<String>,
    pub medical_conditions: Option<String>,
    pub accessibility_needs: Option<String>,
}

impl ProfileForm {
    /// Applies the form to `current`, keeping what the form does not cover.
    pub fn apply(self, current: &Profile) -> Result<Profile, FieldErrors> {
        let mut e = FieldErrors::new();
        let first_name = e.check(
            "firstName",
            text::required(&self.first_name, NAME_CHARS, "First name is required"),
        );
        let last_name = e.check(
            "lastName",
            text::required(&self.last_name, NAME_CHARS, "Last name is required"),
        );
        let chosen_name = e
            .check(
                "chosenName",
                text::optional(self.chosen_name.as_deref(), NAME_CHARS),
            )
            .flatten();
        let pronouns = e
            .check("pronouns", text::optional(self.pronouns.as_deref(), 40))
            .flatten();
        let phone = e
            .check("phone", optional_phone(self.phone.as_deref()))
            .flatten();
        let address = e
            .check("address", text::optional(self.address.as_deref(), 200))
            .flatten();
        let city = e
            .check("city", text::optional(self.city.as_deref(), NAME_CHARS))
            .flatten();
        let postcode = e
            .check("postcode", text::optional(self.postcode.as_deref(), 12))
            .flatten();
        let care = care_details(
            &mut e,
            self.emergency_contact_name.as_deref(),
            self.emergency_contact_phone.as_deref(),
            self.medical_conditions.as_deref(),
            self.accessibility_needs.as_deref(),
        );
        match (first_name, last_name) {
            (Some(first_name), Some(last_name)) if e.is_empty() => Ok(Profile {
                first_name,
                last_name,
                chosen_name,
                pronouns,
                phone,
                address,
                city,
                postcode: postcode.map(|p| p.to_uppercase()),
                emergency_contact_name: care.emergency_contact_name,
                emergency_contact_phone: care.emergency_contact_phone,
                medical_conditions: care.medical_conditions,
                accessibility_needs: care.accessibility_needs,
                ..current.clone()
            }),
            _ => Err(e),
        }
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
        assert_eq!(account.profile.accessibility_needs, None);
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
        assert_eq!(updated.accessibility_needs, None, "cleared when left blank");
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

    #[test]
    fn greeting_prefers_the_chosen_name() {
        let mut profile = form().validate(today()).unwrap().profile;
        assert_eq!(profile.greeting_name(), "Ana");
        profile.chosen_name = Some("Nia".into());
        assert_eq!(profile.greeting_name(), "Nia");
    }
}
