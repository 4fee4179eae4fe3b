//! The rules the browser checks before sending, written out as the TypeScript module
//! `frontend/src/generated/shared-rules.ts` from the domain's own definitions (and the
//! error codes from the API's `ErrorCode`), so a list, limit or code has one source. The module is committed (the frontend builds without Rust); the API
//! test `shared_lists::the_frontend_rules_are_generated_from_the_domain` fails when it is not
//! what this writes, and rewrites it when run with `UPDATE_SHARED_RULES=1`.
//!
//! Messages stay out: the browser says them in the reader's language (docs/translations.md).
use std::fmt::Write;

use playspace_domain as domain;

/// Where the module lives, from the repository's root.
pub const PATH: &str = "frontend/src/generated/shared-rules.ts";

/// The module's whole text.
pub fn typescript() -> String {
    use domain::account::{self, FitnessLevel, Gender, HowDidYouHear, Role};
    use domain::admin::{Attendance, RecipientGroup};
    use domain::booking::{BookingStatus, PaymentMethod, PaymentStatus};
    use domain::{
        access_needs, bulk_email, category, contact, event_form, free_places, newsletter,
        notification, password, preferences, series, signup, story, venue, waitlist,
    };

    let mut m = Module::default();
    m.line("// Generated from crates/domain and crates/api/src/error_code.rs by crates/api/src/shared_rules.rs: do not edit.");
    m.line("// After changing a rule there: UPDATE_SHARED_RULES=1 cargo test -p playspace_api --test http shared_lists");

    m.section("Accounts (crates/domain/src/account.rs, password.rs)");
    m.list("ROLES", Role::ALL.iter().map(|v| v.as_str()));
    m.list("GENDERS", Gender::ALL.iter().map(|v| v.as_str()));
    m.list(
        "FITNESS_LEVELS",
        FitnessLevel::ALL.iter().map(|v| v.as_str()),
    );
    m.list(
        "HOW_DID_YOU_HEAR",
        HowDidYouHear::ALL.iter().map(|v| v.as_str()),
    );
    m.number("PASSWORD_MIN_CHARS", password::MIN_CHARS);
    m.number("PASSWORD_MAX_CHARS", password::MAX_CHARS);
    m.number("PHONE_MIN_CHARS", account::PHONE_MIN_CHARS);
    m.number("PHONE_MAX_CHARS", account::PHONE_MAX_CHARS);
    m.number("PHONE_MIN_DIGITS", account::PHONE_MIN_DIGITS);
    m.string("PHONE_SEPARATORS", account::PHONE_SEPARATORS);
    m.number("MIN_AGE_YEARS", account::MIN_AGE_YEARS);
    m.number("MAX_AGE_YEARS", account::MAX_AGE_YEARS);
    m.number("NAME_CHARS", account::NAME_CHARS);
    m.number("PRONOUNS_CHARS", account::PRONOUNS_CHARS);
    m.number("ADDRESS_CHARS", account::ADDRESS_CHARS);
    m.number("POSTCODE_CHARS", account::POSTCODE_CHARS);
    m.number("LONG_TEXT_CHARS", account::LONG_TEXT_CHARS);
    m.number("SIGNUP_LINK_HOURS", signup::LINK_LIFETIME.num_hours());
    // "a day": a unit test below holds the limit's period to one day.
    m.number("SIGNUP_EMAILS_A_DAY", domain::outbox::SIGNUP_LINKS.max);

    m.section("Sports and preferences (crates/domain/src/category.rs, preferences.rs)");
    m.list("SPORTS", category::SPORTS.iter().copied());
    m.list("SKILL_LEVELS", preferences::SKILL_LEVELS.iter().copied());
    m.list("DAYS", preferences::DAYS.iter().copied());
    m.list("TIMES", preferences::TIMES.iter().copied());
    m.list("NOTIFICATION_METHODS", preferences::METHODS.iter().copied());
    m.list(
        "REMINDER_TIMINGS",
        preferences::REMINDER_TIMINGS.iter().copied(),
    );
    m.list(
        "DIGEST_FREQUENCIES",
        preferences::FREQUENCIES.iter().copied(),
    );
    m.list(
        "CALENDAR_FORMATS",
        preferences::CALENDAR_FORMATS.iter().copied(),
    );
    m.list("VISIBILITIES", preferences::VISIBILITIES.iter().copied());
    m.number("MAX_DISTANCE_MILES", preferences::MAX_DISTANCE_MILES);
    m.number(
        "MAX_REMINDER_OFFSET_MINUTES",
        preferences::MAX_REMINDER_OFFSET_MINUTES,
    );
    m.number(
        "MAX_PREFERRED_LOCATIONS",
        preferences::MAX_PREFERRED_LOCATIONS,
    );
    m.number("LOCATION_CHARS", preferences::LOCATION_CHARS);

    m.section("Sessions and bookings (crates/domain/src/event_form.rs, series.rs, booking.rs, free_places.rs, waitlist.rs)");
    m.list(
        "EVENT_CATEGORIES",
        event_form::EVENT_CATEGORIES.iter().copied(),
    );
    m.number("MAX_SERIES_SESSIONS", series::MAX_SESSIONS);
    m.list(
        "BOOKING_STATUSES",
        BookingStatus::ALL.iter().map(|v| v.as_str()),
    );
    m.list(
        "PAYMENT_STATUSES",
        PaymentStatus::ALL.iter().map(|v| v.as_str()),
    );
    m.list(
        "PAYMENT_METHODS",
        PaymentMethod::ALL.iter().map(|v| v.as_str()),
    );
    m.list("ATTENDANCE", Attendance::ALL.iter().map(|v| v.as_str()));
    m.number("COMPANION_NAME_CHARS", free_places::COMPANION_NAME_CHARS);
    m.list(
        "WAITLIST_STATUSES",
        waitlist::WaitlistStatus::ALL.iter().map(|v| v.as_str()),
    );
    m.number("WAITLIST_HOLD_HOURS", waitlist::CLAIM_WINDOW.num_hours());

    m.section("Venues and access needs (crates/domain/src/venue.rs, access_needs.rs)");
    m.list(
        "ACCESS_KEYS",
        venue::AccessFact::ALL.iter().map(|f| f.key()),
    );
    m.number("ACCESS_CHECK_STALE_DAYS", venue::ACCESS_CHECK_STALE_DAYS);
    m.list(
        "FACT_VALUES",
        venue::FactValue::ALL.iter().map(|v| v.as_str()),
    );
    m.list(
        "ACCESS_NEEDS",
        access_needs::AccessNeed::ALL.iter().map(|v| v.as_str()),
    );
    m.number("ACCESS_NOTE_CHARS", access_needs::NOTE_CHARS);

    m.section("Stories, messages and email (crates/domain/src/story.rs, contact.rs, notification.rs, admin.rs, bulk_email.rs, newsletter.rs)");
    m.list("STORY_CATEGORIES", story::STORY_CATEGORIES.iter().copied());
    m.list("TEAM_CATEGORIES", story::TEAM_CATEGORIES.iter().copied());
    m.number("STORY_TITLE_CHARS", story::MAX_TITLE_CHARS);
    m.number("STORY_EXCERPT_CHARS", story::MAX_EXCERPT_CHARS);
    m.number("STORY_CONTENT_CHARS", story::MAX_CONTENT_CHARS);
    m.number("STORY_AUTHOR_CHARS", story::MAX_AUTHOR_CHARS);
    m.list(
        "REVIEW_STATUSES",
        story::StoryReview::ALL.iter().map(|v| v.as_str()),
    );
    m.list(
        "CONTACT_SUBJECTS",
        contact::CONTACT_SUBJECTS.iter().copied(),
    );
    m.list(
        "NOTIFICATION_TYPES",
        notification::NotificationKind::ALL
            .iter()
            .map(|v| v.as_str()),
    );
    m.list(
        "RECIPIENT_GROUPS",
        RecipientGroup::ALL.iter().map(|v| v.as_str()),
    );
    m.number("BULK_SUBJECT_CHARS", bulk_email::SUBJECT_MAX_CHARS);
    m.number("BULK_MESSAGE_CHARS", bulk_email::MESSAGE_MAX_CHARS);
    m.number(
        "NEWSLETTER_PENDING_KEPT_DAYS",
        newsletter::PENDING_KEPT_DAYS,
    );

    m.section("Error codes, the `code` of every error body (crates/api/src/error_code.rs)");
    m.list(
        "ERROR_CODES",
        crate::error_code::ErrorCode::ALL.iter().map(|c| c.as_str()),
    );
    m.0
}

/// The module as it is written, one `export const` a line.
#[derive(Default)]
struct Module(String);

impl Module {
    fn line(&mut self, text: &str) {
        self.0.push_str(text);
        self.0.push('\n');
    }

    fn section(&mut self, title: &str) {
        let _ = write!(self.0, "\n// {title}\n");
    }

    fn list<'a>(&mut self, name: &str, values: impl Iterator<Item = &'a str>) {
        let items: Vec<String> = values.map(quote).collect();
        let _ = writeln!(
            self.0,
            "export const {name} = [{}] as const;",
            items.join(", ")
        );
    }

    fn number(&mut self, name: &str, value: impl std::fmt::Display) {
        let _ = writeln!(self.0, "export const {name} = {value};");
    }

    fn string(&mut self, name: &str, value: &str) {
        let _ = writeln!(self.0, "export const {name} = {};", quote(value));
    }
}

/// A TypeScript string literal (JSON's escaping is valid TypeScript).
fn quote(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_lists_numbers_and_strings_as_typescript() {
        let mut m = Module::default();
        m.list("A", ["x", "say \"hi\""].into_iter());
        m.number("N", 12);
        m.string("S", " +-().");
        assert_eq!(
            m.0,
            "export const A = [\"x\", \"say \\\"hi\\\"\"] as const;\nexport const N = 12;\nexport const S = \" +-().\";\n"
        );
    }

    #[test]
    fn sign_up_emails_are_limited_per_day_as_the_module_names_them() {
        assert_eq!(
            playspace_domain::outbox::SIGNUP_LINKS.per,
            chrono::Duration::days(1)
        );
    }

    #[test]
    fn the_module_names_each_value_once() {
        let text = typescript();
        let mut names: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("export const "))
            .filter_map(|l| l.split(' ').next())
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
        assert!(count > 50, "{count}");
    }
}
