//! Lists and numbers the browser and the server both need, held together: the frontend keeps its own
//! copy (for literal types and no round trip), and this test fails the build when the two
//! drift.

use std::path::Path;

/// The quoted strings of the `export const {name} = [...]` array in a frontend file.
fn frontend_array(file: &str, name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../frontend/src")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let start = text
        .find(&format!("export const {name} = ["))
        .unwrap_or_else(|| panic!("{name} in {file}"));
    let body = &text[start..];
    let body = &body[body.find('[').unwrap() + 1..body.find(']').unwrap()];
    body.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| item.trim_matches('"').to_owned())
        .collect()
}

#[test]
fn the_sport_list_is_the_same_on_both_sides() {
    assert_eq!(
        frontend_array("lib/sports.ts", "SPORTS"),
        playspace_domain::category::SPORTS,
        "frontend/src/lib/sports.ts and crates/domain/src/category.rs list the same sports in the same order"
    );
}

/// The number in `export const {name} = N;` of a frontend file.
fn frontend_number(file: &str, name: &str) -> i64 {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../frontend/src")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let start = text
        .find(&format!("export const {name} = "))
        .unwrap_or_else(|| panic!("{name} in {file}"));
    let rest = &text[start + format!("export const {name} = ").len()..];
    rest[..rest.find(';').unwrap()].trim().parse().unwrap()
}

#[test]
fn the_waitlist_hold_said_to_people_waiting_is_the_servers() {
    // People waiting read "we'll hold it for you for 12 hours" before any offer exists;
    // once offered, the page shows the server's offerExpiresAt.
    assert_eq!(
        frontend_number("features/bookings/lib/deadline.ts", "HOLD_HOURS"),
        playspace_domain::waitlist::CLAIM_WINDOW.num_hours()
    );
}

#[test]
fn the_story_form_has_the_servers_categories_and_limits() {
    use playspace_domain::story;
    assert_eq!(
        frontend_array("lib/story-form.ts", "STORY_CATEGORIES"),
        story::STORY_CATEGORIES
    );
    assert_eq!(
        frontend_array("lib/story-form.ts", "TEAM_CATEGORIES"),
        story::TEAM_CATEGORIES
    );
    for (name, max) in [
        ("MAX_TITLE_CHARS", story::MAX_TITLE_CHARS),
        ("MAX_EXCERPT_CHARS", story::MAX_EXCERPT_CHARS),
        ("MAX_CONTENT_CHARS", story::MAX_CONTENT_CHARS),
        ("MAX_AUTHOR_CHARS", story::MAX_AUTHOR_CHARS),
    ] {
        assert_eq!(
            frontend_number("lib/story-form.ts", name),
            max as i64,
            "{name}"
        );
    }
}

#[test]
fn the_privacy_page_states_how_long_unconfirmed_newsletter_addresses_are_kept() {
    // The page says an unconfirmed address is deleted after this many days; the sweep
    // deletes it after the domain's period.
    assert_eq!(
        frontend_number(
            "app/routes/privacy-page.tsx",
            "NEWSLETTER_PENDING_KEPT_DAYS"
        ),
        playspace_domain::newsletter::PENDING_KEPT_DAYS
    );
}

#[test]
fn the_sign_up_pages_say_the_servers_link_lifetime_and_daily_emails() {
    // The check-inbox panel says how long the link works and how many emails a day an
    // address gets; the privacy page says an unfinished sign-up is deleted then.
    let file = "features/auth/lib/sign-up-link.ts";
    assert_eq!(
        frontend_number(file, "SIGNUP_LINK_HOURS"),
        playspace_domain::signup::LINK_LIFETIME.num_hours()
    );
    assert_eq!(
        frontend_number(file, "SIGNUP_EMAILS_A_DAY"),
        i64::from(playspace_domain::outbox::SIGNUP_LINKS.max)
    );
    assert_eq!(
        playspace_domain::outbox::SIGNUP_LINKS.per,
        chrono::Duration::days(1),
        "the panel says \"a day\""
    );
}

/// The text in `export const {name} = "...";` of a frontend file.
fn frontend_string(file: &str, name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../frontend/src")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let start = text
        .find(&format!("export const {name} = \""))
        .unwrap_or_else(|| panic!("{name} in {file}"));
    let rest = &text[start + format!("export const {name} = \"").len()..];
    rest[..rest.find('"').unwrap()].to_owned()
}

#[test]
fn the_confirm_page_asks_for_the_password_in_the_servers_words() {
    // The page checks the field before sending; the server checks it again.
    assert_eq!(
        frontend_string("features/auth/api/confirm-sign-up.ts", "PASSWORD_REQUIRED"),
        playspace_domain::signup::PASSWORD_REQUIRED
    );
}

#[test]
fn the_access_needs_and_the_notes_limit_are_the_servers() {
    use playspace_domain::access_needs::{AccessNeed, NOTE_CHARS};
    let server: Vec<&str> = AccessNeed::ALL.iter().map(|n| n.as_str()).collect();
    assert_eq!(
        frontend_array("lib/access-needs.ts", "ACCESS_NEEDS"),
        server,
        "frontend/src/lib/access-needs.ts and crates/domain/src/access_needs.rs list the same needs in the same order"
    );
    assert_eq!(
        frontend_number("lib/access-needs.ts", "ACCESS_NOTE_MAX_LENGTH"),
        i64::try_from(NOTE_CHARS).unwrap()
    );
}
