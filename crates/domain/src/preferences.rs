//! A member's preferences (the preferences page's four tabs), with the spec's defaults and
//! limits. Stored as JSON, so the shape uses the API's camelCase names.
use serde::{Deserialize, Serialize};

use crate::category::SPORTS;
use crate::validation::{FieldErrors, ValidationError};

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

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Preferences {
    pub sports: SportsPreferences,
    pub availability: Availability,
    pub notifications: NotificationPreferences,
    pub calendar: CalendarPreferences,
    pub privacy: PrivacyPreferences,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SportsPreferences {
    pub favorites: Vec<String>,
    pub skill_level: String,
    pub interests: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Availability {
    pub days: Vec<String>,
    pub times: Vec<String>,
    pub max_distance: u32,
    pub preferred_locations: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NotificationPreferences {
    pub methods: Vec<String>,
    pub event_reminders: EventReminders,
    pub recommendations: Recommendations,
    pub marketing: Marketing,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct EventReminders {
    pub enabled: bool,
    pub timing: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Recommendations {
    pub enabled: bool,
    pub frequency: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Marketing {
    pub enabled: bool,
    pub newsletters: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CalendarPreferences {
    pub auto_download: bool,
    pub preferred_format: String,
    /// Minutes before an event for calendar alarms.
    pub reminder_offset: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PrivacyPreferences {
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
        let mut e = FieldErrors::new();
        let sports: Vec<&str> = SPORTS.to_vec();
        e.check(
            "sports.favorites",
            all_in(
                &self.sports.favorites,
                &sports,
                "Please choose sports from the list",
            ),
        );
        e.check(
            "sports.interests",
            all_in(
                &self.sports.interests,
                &sports,
                "Please choose sports from the list",
            ),
        );
        e.check(
            "sports.skillLevel",
            one_of(
                &self.sports.skill_level,
                &SKILL_LEVELS,
                "Skill level must be Beginner, Intermediate or Advanced",
            ),
        );
        e.check(
            "availability.days",
            all_in(
                &self.availability.days,
                &DAYS,
                "Please choose days from the list",
            ),
        );
        e.check(
            "availability.times",
            all_in(
                &self.availability.times,
                &TIMES,
                "Please choose times from the list",
            ),
        );
        if !(1..=MAX_DISTANCE_MILES).contains(&self.availability.max_distance) {
            e.add(
                "availability.maxDistance",
                ValidationError::new("Maximum distance must be between 1 and 50"),
            );
        }
        let locations_ok = self.availability.preferred_locations.len() <= 20
            && self
                .availability
                .preferred_locations
                .iter()
                .all(|l| !l.trim().is_empty() && l.chars().count() <= 100);
        if !locations_ok {
            e.add(
                "availability.preferredLocations",
                ValidationError::new("Up to 20 locations of at most 100 characters"),
            );
        }
        if self.notifications.methods.iter().any(|m| m == "sms") {
            e.add(
                "notifications.methods",
                ValidationError::new("SMS notifications are coming soon"),
            );
        }
        e.check(
            "notifications.methods",
            all_in(
                &self.notifications.methods,
                &METHODS,
                "Please choose methods from the list",
            ),
        );
        e.check(
            "notifications.eventReminders.timing",
            all_in(
                &self.notifications.event_reminders.timing,
                &REMINDER_TIMINGS,
                "Please choose reminder times from the list",
            ),
        );
        e.check(
            "notifications.recommendations.frequency",
            one_of(
                &self.notifications.recommendations.frequency,
                &FREQUENCIES,
                "Frequency must be daily, weekly or bi-weekly",
            ),
        );
        e.check(
            "calendar.preferredFormat",
            one_of(
                &self.calendar.preferred_format,
                &CALENDAR_FORMATS,
                "Format must be ics, google or outlook",
            ),
        );
        if self.calendar.reminder_offset > MAX_REMINDER_OFFSET_MINUTES {
            e.add(
                "calendar.reminderOffset",
                ValidationError::new("Reminder offset must be between 0 and 10080 minutes"),
            );
        }
        e.check(
            "privacy.profileVisibility",
            one_of(
                &self.privacy.profile_visibility,
                &VISIBILITIES,
                "Visibility must be public, members or private",
            ),
        );
        e.into_result()
    }
}

fn one_of(value: &str, allowed: &[&str], message: &str) -> Result<(), ValidationError> {
    if allowed.contains(&value) {
        Ok(())
    } else {
        Err(ValidationError::new(message))
    }
}

fn all_in(values: &[String], allowed: &[&str], message: &str) -> Result<(), ValidationError> {
    let unique = values
        .iter()
        .collect::<std::collections::HashSet<_>>()
        .len()
        == values.len();
    if unique && values.iter().all(|v| allowed.contains(&v.as_str())) {
        Ok(())
    } else {
        Err(ValidationError::new(message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn missing_parts_take_defaults() {
        let p: Preferences = serde_json::from_str(r#"{"calendar":{"reminderOffset":15}}"#).unwrap();
        assert_eq!(p.calendar.reminder_offset, 15);
        assert_eq!(p.calendar.preferred_format, "ics");
        assert_eq!(p.availability.max_distance, 10);
    }
}
