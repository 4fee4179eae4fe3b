//! Shared fixtures for the account use-case tests.
use playspace_domain::{Email, Profile, Role, User, UserId};
use playspace_test_support::test_now;

use super::EmailSettings;

pub(crate) fn settings() -> EmailSettings {
    EmailSettings {
        from_email: "hello@playspace.test".into(),
        from_name: "PlaySpace".into(),
        public_url: "https://playspace.test".into(),
    }
}

pub(crate) fn user() -> User {
    User {
        id: UserId::new(),
        email: Email::parse("ana@example.org").unwrap(),
        role: Role::User,
        profile: Profile {
            first_name: "Ana".into(),
            last_name: "Silva".into(),
            ..Default::default()
        },
        is_email_verified: false,
        profile_image_url: None,
        last_login: None,
        created_at: test_now(),
    }
}
