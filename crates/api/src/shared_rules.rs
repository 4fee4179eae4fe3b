//! The rules the browser checks before sending, written out as TypeScript modules in
//! `frontend/src/generated/shared-rules/` from the domain's own definitions (and the error
//! codes from the API's `ErrorCode`), so a list, limit or code has one source. The modules
//! are committed (the frontend builds without Rust); the API test
//! `shared_lists::the_frontend_rules_are_generated_from_the_domain` fails when they are not
//! what this writes, and rewrites them when run with `UPDATE_SHARED_RULES=1`. One module per
//! area, so a page downloads only the values of the areas it uses (a bundler cannot split
//! one module between a page's first load and the pages it loads later).
//!
//! Messages stay out: the browser says them in the reader's language (docs/translations.md).
use std::fmt::Write;

use playspace_domain as domain;

/// Where the modules live, from the repository's root.
pub const DIR: &str = "frontend/src/generated/shared-rules";

/// Each module's file name and whole text.
pub fn modules() -> Vec<(String, String)> {
    use domain::account::{self, FitnessLevel, Gender, HowDidYouHear, Role};
    use domain::admin::{Attendance, RecipientGroup};
    use domain::booking::{BookingStatus, PaymentMethod, PaymentStatus};
    use domain::{
        access_needs, bulk_email, category, contact, event_form, free_places, newsletter,
        notification, password, preferences, series, signup, story, venue, waitlist,
    };

    let mut m = Module::default();
    m.file(
        "accounts",
        "Accounts (crates/domain/src/account.rs, password.rs, signup.rs)",
    );
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

    m.file("sports", "Sports (crates/domain/src/category.rs)");
    m.list("SPORTS", category::SPORTS.iter().copied());

    m.file(
        "preferences",
        "Preferences (crates/domain/src/preferences.rs)",
    );
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

    m.file(
        "sessions",
        "Sessions (crates/domain/src/event_form.rs, series.rs)",
    );
    m.list(
        "EVENT_CATEGORIES",
        event_form::EVENT_CATEGORIES.iter().copied(),
    );
    m.number("MAX_SERIES_SESSIONS", series::MAX_SESSIONS);

    m.file(
        "bookings",
        "Bookings (crates/domain/src/booking.rs, admin.rs, free_places.rs, waitlist.rs)",
    );
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

    m.file("venues", "Venues (crates/domain/src/venue.rs)");
    m.list(
        "ACCESS_KEYS",
        venue::AccessFact::ALL.iter().map(|f| f.key()),
    );
    m.number("ACCESS_CHECK_STALE_DAYS", venue::ACCESS_CHECK_STALE_DAYS);
    m.list(
        "FACT_VALUES",
        venue::FactValue::ALL.iter().map(|v| v.as_str()),
    );

    m.file(
        "access-needs",
        "Access needs (crates/domain/src/access_needs.rs)",
    );
    m.list(
        "ACCESS_NEEDS",
        access_needs::AccessNeed::ALL.iter().map(|v| v.as_str()),
    );
    m.number("ACCESS_NOTE_CHARS", access_needs::NOTE_CHARS);

    m.file("stories", "Stories (crates/domain/src/story.rs)");
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

    m.file(
        "messages",
        "Messages and email (crates/domain/src/contact.rs, notification.rs, admin.rs, bulk_email.rs, newsletter.rs)",
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
    // The privacy page states the defaults (an operator who changes them changes that page).
    let kept = domain::retention::RetentionPeriods::DEFAULT;
    m.number("ENDED_SIGN_INS_KEPT_DAYS", kept.ended_sessions_days);
    m.number("SENT_EMAIL_TEXT_KEPT_DAYS", kept.sent_email_bodies_days);
    m.number("NOTIFICATIONS_KEPT_DAYS", kept.notifications_days);
    m.number("AUDIT_ENTRIES_KEPT_DAYS", kept.audit_entries_days);
    m.number("SPENT_LINKS_KEPT_DAYS", kept.spent_tokens_days);

    m.file(
        "errors",
        "The `code` of every error body (crates/api/src/error_code.rs)",
    );
    m.list(
        "ERROR_CODES",
        crate::error_code::ErrorCode::ALL.iter().map(|c| c.as_str()),
    );
    m.files
}

/// The modules as they are written, one `export const` a line.
#[derive(Default)]
struct Module {
    files: Vec<(String, String)>,
}

impl Module {
    /// Starts the module `{name}.ts`.
    fn file(&mut self, name: &str, title: &str) {
        self.files.push((
            format!("{name}.ts"),
            format!(
                "// {title}\n// Generated by crates/api/src/shared_rules.rs: do not edit. After changing a rule:\n// UPDATE_SHARED_RULES=1 cargo test -p playspace_api --test http shared_lists\n"
            ),
        ));
    }

    fn out(&mut self) -> &mut String {
        if self.files.is_empty() {
            self.files.push((String::new(), String::new()));
        }
        let last = self.files.len() - 1;
        &mut self.files[last].1
    }

    fn list<'a>(&mut self, name: &str, values: impl Iterator<Item = &'a str>) {
        let items: Vec<String> = values.map(quote).collect();
        let _ = writeln!(
            self.out(),
            "export const {name} = [{}] as const;",
            items.join(", ")
        );
    }

    fn number(&mut self, name: &str, value: impl std::fmt::Display) {
        let _ = writeln!(self.out(), "export const {name} = {value};");
    }

    fn string(&mut self, name: &str, value: &str) {
        let _ = writeln!(self.out(), "export const {name} = {};", quote(value));
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
            m.files[0].1,
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
        let files = modules();
        let mut names: Vec<&str> = files
            .iter()
            .flat_map(|(_, text)| text.lines())
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
