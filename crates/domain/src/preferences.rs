//! A member's preferences (the preferences page's four tabs), with the spec's defaults and
//! limits. Stored as JSON, so the shape uses the API's camelCase names.
use serde::{Deserialize, Serialize};
use validator::Validate;

use crate::category::SPORTS;
use crate::language::Language;
use crate::validation::FieldErrors;

pub const SKILL_LEVELS: [&str; 3] = ["Beginner", "Intermediate", "Advanced"];
pub const DAYS: [&str; 3] = ["Weekdays", "Weekends", "Flexible"];
pub const TIMES: [&str; 4] = ["Morning", "Afternoon", "Evening", "Late Night"];
pub const METHODS: [&str; 3] = ["email", "browser", "sms"];
pub const REMINDER_TIMINGS: [&str; 4] = ["1 hour", "4 hours", "24 hours", "1 week"];
pub const FREQUENCIES: [&str; 3] = ["daily", "weekly", "bi-weekly"];
pub const CALENDAR_FORMATS: [&str; 3] = ["ics", "google", "outlook"];
pub const VISIBILITIES: [&str; 3] = ["public", "members", "private"];
pub const MAX_DISTANCE_MILES: u32 = 50;
pub const MAX_REMINDER_OFFSET_MINUTES: u32 = 10_080;
pub const MAX_PREFERRED_LOCATIONS: u64 = 20;
pub const LOCATION_CHARS: usize = 100;

/// Every choice must come from its list and every number lie in its range; errors are
/// reported under dotted paths such as `availability.maxDistance`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct Preferences {
    #[validate(nested)]
    pub sports: SportsPreferences,
    #[validate(nested)]
    pub availability: Availability,
    #[validate(nested)]
    pub notifications: NotificationPreferences,
    #[validate(nested)]
    pub calendar: CalendarPreferences,
    #[validate(nested)]
    pub privacy: PrivacyPreferences,
    /// The language chosen with the site's switch (a `Language` tag), for emails and other
    /// devices; none until the member chooses one (docs/adr/0024-languages.md).
    #[validate(custom(
        function = "known_language",
        message = "Please choose a language from the list"
    ))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct SportsPreferences {
    #[validate(custom(function = "sports", message = "Please choose sports from the list"))]
    pub favorites: Vec<String>,
    #[validate(custom(
        function = "skill_level",
        message = "Skill level must be Beginner, Intermediate or Advanced"
    ))]
    pub skill_level: String,
    #[validate(custom(function = "sports", message = "Please choose sports from the list"))]
    pub interests: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct Availability {
    #[validate(custom(function = "days", message = "Please choose days from the list"))]
    pub days: Vec<String>,
    #[validate(custom(function = "times", message = "Please choose times from the list"))]
    pub times: Vec<String>,
    #[validate(range(
        min = 1,
        max = MAX_DISTANCE_MILES,
        message = "Maximum distance must be between 1 and 50"
    ))]
    pub max_distance: u32,
    #[validate(
        length(
            max = MAX_PREFERRED_LOCATIONS,
            message = "Up to 20 locations of at most 100 characters"
        ),
        custom(
            function = "locations",
            message = "Up to 20 locations of at most 100 characters"
        )
    )]
    pub preferred_locations: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct NotificationPreferences {
    #[validate(
        custom(function = "no_sms", message = "SMS notifications are coming soon"),
        custom(function = "methods", message = "Please choose methods from the list")
    )]
    pub methods: Vec<String>,
    #[validate(nested)]
    pub event_reminders: EventReminders,
    #[validate(nested)]
    pub recommendations: Recommendations,
    pub marketing: Marketing,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct EventReminders {
    pub enabled: bool,
    #[validate(custom(
        function = "reminder_timings",
        message = "Please choose reminder times from the list"
    ))]
    pub timing: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct Recommendations {
    pub enabled: bool,
    #[validate(custom(
        function = "frequency",
        message = "Frequency must be daily, weekly or bi-weekly"
    ))]
    pub frequency: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Marketing {
    pub enabled: bool,
    pub newsletters: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct CalendarPreferences {
    pub auto_download: bool,
    #[validate(custom(
        function = "calendar_format",
        message = "Format must be ics, google or outlook"
    ))]
    pub preferred_format: String,
    /// Minutes before an event for calendar alarms.
    #[validate(range(
        max = MAX_REMINDER_OFFSET_MINUTES,
        message = "Reminder offset must be between 0 and 10080 minutes"
    ))]
    pub reminder_offset: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct PrivacyPreferences {
    #[validate(custom(
        function = "visibility",
        message = "Visibility must be public, members or private"
    ))]
    pub profile_visibility: String,
    pub share_attendance: bool,
    pub share_progress: bool,
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

impl Default for SportsPreferences {
    fn default() -> Self {
        Self {
            favorites: vec![],
            skill_level: "Beginner".into(),
            interests: vec![],
        }
    }
}

impl Default for Availability {
    fn default() -> Self {
        Self {
            days: strings(&["Flexible"]),
            times: strings(&["Evening"]),
            max_distance: 10,
            preferred_locations: vec![],
        }
    }
}

impl Default for NotificationPreferences {
    fn default() -> Self {
        Self {
            methods: strings(&["email"]),
            event_reminders: EventReminders::default(),
            recommendations: Recommendations::default(),
            marketing: Marketing::default(),
        }
    }
}

impl Default for EventReminders {
    fn default() -> Self {
        Self {
            enabled: true,
            timing: strings(&["24 hours", "1 hour"]),
        }
    }
}

impl Default for Recommendations {
    fn default() -> Self {
        Self {
            enabled: true,
            frequency: "weekly".into(),
        }
    }
}

impl Default for Marketing {
    fn default() -> Self {
        Self {
            enabled: false,
            newsletters: true,
        }
    }
}

impl Default for CalendarPreferences {
    fn default() -> Self {
        Self {
            auto_download: false,
            preferred_format: "ics".into(),
            reminder_offset: 60,
        }
    }
}

impl Default for PrivacyPreferences {
    fn default() -> Self {
        Self {
            profile_visibility: "members".into(),
            share_attendance: true,
            share_progress: false,
        }
    }
}

impl Preferences {
    /// Checks every choice against its list and every number against its range; field names
    /// are dotted paths such as `availability.maxDistance`.
    pub fn validate(&self) -> Result<(), FieldErrors> {
        FieldErrors::from_rules(self).into_result()
    }

    /// These preferences with `stored`'s language when they name none: the preferences page
    /// does not send the language the site's switch saved, and must not forget it.
    pub fn keeping_language_of(mut self, stored: &Preferences) -> Self {
        if self.language.is_none() {
            self.language.clone_from(&stored.language);
        }
        self
    }

    /// The member's chosen language, if they chose one the site still has.
    pub fn language(&self) -> Option<Language> {
        self.language.as_deref().and_then(|tag| tag.parse().ok())
    }
}

fn known_language(tag: &str) -> Rule {
    rule(tag.parse::<Language>().is_ok(), "language")
}

type Rule = Result<(), validator::ValidationError>;

fn rule(ok: bool, code: &'static str) -> Rule {
    if ok {
        Ok(())
    } else {
        Err(validator::ValidationError::new(code))
    }
}

/// Every value comes from `allowed`, none twice.
fn all_in(values: &[String], allowed: &[&str]) -> bool {
    let unique = values
        .iter()
        .collect::<std::collections::HashSet<_>>()
        .len()
        == values.len();
    unique && values.iter().all(|v| allowed.contains(&v.as_str()))
}

fn sports(values: &[String]) -> Rule {
    rule(all_in(values, &SPORTS), "sports")
}

fn skill_level(value: &str) -> Rule {
    rule(SKILL_LEVELS.contains(&value), "skill_level")
}

fn days(values: &[String]) -> Rule {
    rule(all_in(values, &DAYS), "days")
}

fn times(values: &[String]) -> Rule {
    rule(all_in(values, &TIMES), "times")
}

/// Each location named, in at most [`LOCATION_CHARS`] characters.
fn locations(values: &[String]) -> Rule {
    rule(
        values
            .iter()
            .all(|l| !l.trim().is_empty() && l.chars().count() <= LOCATION_CHARS),
        "locations",
    )
}

/// SMS is listed but not offered yet.
fn no_sms(values: &[String]) -> Rule {
    rule(!values.iter().any(|m| m == "sms"), "sms")
}

fn methods(values: &[String]) -> Rule {
    rule(all_in(values, &METHODS), "methods")
}

fn reminder_timings(values: &[String]) -> Rule {
    rule(all_in(values, &REMINDER_TIMINGS), "reminder_timings")
}

fn frequency(value: &str) -> Rule {
    rule(FREQUENCIES.contains(&value), "frequency")
}

fn calendar_format(value: &str) -> Rule {
    rule(CALENDAR_FORMATS.contains(&value), "calendar_format")
}

fn visibility(value: &str) -> Rule {
    rule(VISIBILITIES.contains(&value), "visibility")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_is_one_of_the_sites_or_none() {
        let mut p = Preferences::default();
        assert_eq!(p.language(), None);
        assert!(p.validate().is_ok());
        p.language = Some("ar".into());
        assert!(p.validate().is_ok());
        assert_eq!(p.language(), Some(Language::Arabic));
        p.language = Some("fr".into());
        assert_eq!(
            p.validate().unwrap_err().get("language"),
            Some("Please choose a language from the list")
        );
        // Stored and sent as `language`; absent when none was chosen.
        assert!(
            !serde_json::to_string(&Preferences::default())
                .unwrap()
                .contains("language")
        );
        let p: Preferences = serde_json::from_str(r#"{"language":"uk"}"#).unwrap();
        assert_eq!(p.language(), Some(Language::Ukrainian));
    }

    #[test]
    fn preferences_without_a_language_keep_the_saved_one() {
        let saved = Preferences {
            language: Some("ar".into()),
            ..Default::default()
        };
        let sent = Preferences::default().keeping_language_of(&saved);
        assert_eq!(sent.language.as_deref(), Some("ar"));
        let chosen = Preferences {
            language: Some("uk".into()),
            ..Default::default()
        };
        assert_eq!(
            chosen.keeping_language_of(&saved).language.as_deref(),
            Some("uk")
        );
    }

    #[test]
    fn defaults_are_the_specs() {
        let p = Preferences::default();
        assert_eq!(p.sports.skill_level, "Beginner");
        assert_eq!(p.availability.days, ["Flexible"]);
        assert_eq!(p.availability.times, ["Evening"]);
        assert_eq!(p.availability.max_distance, 10);
        assert_eq!(p.notifications.methods, ["email"]);
        assert!(p.notifications.event_reminders.enabled);
        assert_eq!(
            p.notifications.event_reminders.timing,
            ["24 hours", "1 hour"]
        );
        assert_eq!(p.notifications.recommendations.frequency, "weekly");
        assert!(!p.notifications.marketing.enabled);
        assert!(p.notifications.marketing.newsletters);
        assert_eq!(p.calendar.preferred_format, "ics");
        assert_eq!(p.calendar.reminder_offset, 60);
        assert_eq!(p.privacy.profile_visibility, "members");
        assert!(p.privacy.share_attendance);
        assert!(!p.privacy.share_progress);
        assert!(p.validate().is_ok());
    }

    #[test]
    fn distance_and_offset_bounds() {
        let mut p = Preferences::default();
        p.availability.max_distance = 1;
        p.calendar.reminder_offset = 0;
        assert!(p.validate().is_ok());
        p.availability.max_distance = 50;
        p.calendar.reminder_offset = 10_080;
        assert!(p.validate().is_ok());
        p.availability.max_distance = 51;
        p.calendar.reminder_offset = 10_081;
        let e = p.validate().unwrap_err();
        assert_eq!(
            e.get("availability.maxDistance"),
            Some("Maximum distance must be between 1 and 50")
        );
        assert_eq!(
            e.get("calendar.reminderOffset"),
            Some("Reminder offset must be between 0 and 10080 minutes")
        );
        p.availability.max_distance = 0;
        assert!(
            p.validate()
                .unwrap_err()
                .get("availability.maxDistance")
                .is_some()
        );
    }

    #[test]
    fn choices_come_from_their_lists() {
        let mut p = Preferences::default();
        p.sports.favorites = vec!["Football".into(), "Quidditch".into()];
        p.sports.skill_level = "Expert".into();
        p.notifications.methods = vec!["sms".into()];
        p.privacy.profile_visibility = "everyone".into();
        let e = p.validate().unwrap_err();
        assert_eq!(
            e.get("sports.favorites"),
            Some("Please choose sports from the list")
        );
        assert_eq!(
            e.get("sports.skillLevel"),
            Some("Skill level must be Beginner, Intermediate or Advanced")
        );
        assert_eq!(
            e.get("notifications.methods"),
            Some("SMS notifications are coming soon")
        );
        assert!(e.get("privacy.profileVisibility").is_some());
    }

    #[test]
    fn every_list_and_its_message() {
        type Set = fn(&mut Preferences);
        let cases: [(&str, Set, &str); 9] = [
            (
                "sports.interests",
                |p| p.sports.interests = vec!["Football".into(), "Football".into()],
                "Please choose sports from the list",
            ),
            (
                "availability.days",
                |p| p.availability.days = vec!["Sunday".into()],
                "Please choose days from the list",
            ),
            (
                "availability.times",
                |p| p.availability.times = vec!["Noon".into()],
                "Please choose times from the list",
            ),
            (
                "availability.preferredLocations",
                |p| p.availability.preferred_locations = vec!["Hackney".into(); 21],
                "Up to 20 locations of at most 100 characters",
            ),
            (
                "availability.preferredLocations",
                |p| p.availability.preferred_locations = vec!["x".repeat(101)],
                "Up to 20 locations of at most 100 characters",
            ),
            (
                "notifications.methods",
                |p| p.notifications.methods = vec!["pigeon".into()],
                "Please choose methods from the list",
            ),
            (
                "notifications.eventReminders.timing",
                |p| p.notifications.event_reminders.timing = vec!["2 days".into()],
                "Please choose reminder times from the list",
            ),
            (
                "notifications.recommendations.frequency",
                |p| p.notifications.recommendations.frequency = "hourly".into(),
                "Frequency must be daily, weekly or bi-weekly",
            ),
            (
                "calendar.preferredFormat",
                |p| p.calendar.preferred_format = "pdf".into(),
                "Format must be ics, google or outlook",
            ),
        ];
        for (field, set, message) in cases {
            let mut p = Preferences::default();
            set(&mut p);
            let e = p.validate().unwrap_err();
            assert_eq!(e.get(field), Some(message), "{field}");
            assert_eq!(e.iter().count(), 1, "{field}: {e}");
        }
        let mut p = Preferences::default();
        p.privacy.profile_visibility = "everyone".into();
        assert_eq!(
            p.validate().unwrap_err().get("privacy.profileVisibility"),
            Some("Visibility must be public, members or private")
        );
        p = Preferences::default();
        p.availability.preferred_locations = vec!["x".repeat(100); 20];
        p.sports.interests = vec!["Football".into(), "Table Tennis".into()];
        assert!(p.validate().is_ok());
        p.availability.preferred_locations = vec![" ".into()];
        assert!(p.validate().is_err(), "a blank location");
    }

    #[test]
    fn missing_parts_take_defaults() {
        let p: Preferences = serde_json::from_str(r#"{"calendar":{"reminderOffset":15}}"#).unwrap();
        assert_eq!(p.calendar.reminder_offset, 15);
        assert_eq!(p.calendar.preferred_format, "ics");
        assert_eq!(p.availability.max_distance, 10);
    }
}
