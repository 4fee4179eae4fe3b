//! Every CHECK list of allowed text values in the schema is the list of a Rust type, on both
//! backends: a value added to one and not the other fails here, not in production.

use crate::common;
use playspace_domain as domain;
use playspace_store::Store;

fn texts<T: Copy>(all: &[T], as_str: fn(T) -> &'static str) -> Vec<String> {
    all.iter().map(|&value| as_str(value).to_owned()).collect()
}

fn strs(all: &[&str]) -> Vec<String> {
    all.iter().map(|&value| value.to_owned()).collect()
}

/// The Rust list each (table, column) CHECK must equal.
fn rust_list(table: &str, column: &str) -> Option<Vec<String>> {
    use domain::account::{FitnessLevel, Gender, HowDidYouHear, Role};
    use domain::booking::{BookingStatus, PaymentMethod, PaymentStatus};
    Some(match (table, column) {
        ("users" | "pending_signups", "gender") => texts(Gender::ALL, Gender::as_str),
        ("users" | "pending_signups", "fitness_level") => {
            texts(FitnessLevel::ALL, FitnessLevel::as_str)
        }
        ("users" | "pending_signups", "how_did_you_hear") => {
            texts(HowDidYouHear::ALL, HowDidYouHear::as_str)
        }
        ("users", "role") => texts(Role::ALL, Role::as_str),
        ("bookings", "status") => texts(BookingStatus::ALL, BookingStatus::as_str),
        ("bookings", "payment_status") => texts(PaymentStatus::ALL, PaymentStatus::as_str),
        ("bookings", "payment_method") => texts(PaymentMethod::ALL, PaymentMethod::as_str),
        ("bookings", "attendance") => texts(
            domain::admin::Attendance::ALL,
            domain::admin::Attendance::as_str,
        ),
        ("email_campaigns", "recipient_group") => texts(
            domain::admin::RecipientGroup::ALL,
            domain::admin::RecipientGroup::as_str,
        ),
        ("contact_messages", "subject") => strs(&domain::contact::CONTACT_SUBJECTS),
        ("memberships", "plan") => texts(
            domain::booking_rules::Plan::ALL,
            domain::booking_rules::Plan::as_str,
        ),
        ("newsletter_subscribers", "status") => texts(
            &domain::newsletter::SubscriberStatus::ALL,
            domain::newsletter::SubscriberStatus::as_str,
        ),
        ("notifications", "type") => texts(
            domain::notification::NotificationKind::ALL,
            domain::notification::NotificationKind::as_str,
        ),
        ("reminders_sent", "timing") => strs(&domain::preferences::REMINDER_TIMINGS),
        ("user_tokens", "purpose") => texts(
            &domain::session::TokenPurpose::ALL,
            domain::session::TokenPurpose::as_str,
        ),
        ("blog_posts", "review_status") => texts(
            &domain::story::StoryReview::ALL,
            domain::story::StoryReview::as_str,
        ),
        ("venues", _) => texts(
            domain::venue::FactValue::ALL,
            domain::venue::FactValue::as_str,
        ),
        ("waitlist", "status") => texts(
            domain::waitlist::WaitlistStatus::ALL,
            domain::waitlist::WaitlistStatus::as_str,
        ),
        _ => return None,
    })
}

/// Lists only the store itself writes, each by a literal in one adapter file; no Rust type
/// outside the adapter has them, so there is nothing else for them to drift from.
const ADAPTER_ONLY: [(&str, &str); 4] = [
    ("memberships", "status"),          // src/memberships.rs
    ("cancellations", "refund_status"), // src/bookings.rs
    ("email_deliveries", "status"),     // src/admin_emails.rs
    ("users", "theme_preference"),      // a spec column nothing reads or writes yet
];

fn every_check_list_is_a_rust_list(store: &Store) {
    let lists = store.check_lists().unwrap();
    assert!(
        lists.len() >= 30,
        "expected the whole schema's lists, got {lists:?}"
    );
    for list in lists {
        let place = (list.table.as_str(), list.column.as_str());
        if ADAPTER_ONLY.contains(&place) {
            continue;
        }
        let Some(expected) = rust_list(place.0, place.1) else {
            panic!(
                "{}.{} has a CHECK list {:?} with no Rust list held to it: add it to rust_list",
                list.table, list.column, list.values
            );
        };
        assert_eq!(
            list.values, expected,
            "{}.{}: the database's CHECK list and the Rust type's values, in order",
            list.table, list.column
        );
    }
}

on_both_backends!(every_check_list_is_a_rust_list);
