//! Who's going: who is named on a session's page, to whom (ADR 0023). Everyone may know how
//! many are going; a person is named only to signed-in members, only while they share their
//! attendance, and never while their profile is private. A name is the person's chosen name
//! (else their first name) with their pronouns: never a surname, an email or an id.
use crate::preferences::PrivacyPreferences;

/// Who is looking at a session's page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// Not signed in: sees only how many are going.
    Visitor,
    /// Signed in.
    Member,
}

/// Whether a person going with these privacy preferences is named to `viewer`. Visibility
/// `public` and `members` name them to members alike: a visitor never sees names. A
/// visibility this version does not know names nobody.
pub fn is_named(privacy: &PrivacyPreferences, viewer: Viewer) -> bool {
    let visible = matches!(privacy.profile_visibility.as_str(), "public" | "members");
    viewer == Viewer::Member && privacy.share_attendance && visible
}

/// The name others see: the chosen name when given, else the first name.
pub fn shown_name<'a>(first_name: &'a str, chosen_name: Option<&'a str>) -> &'a str {
    chosen_name
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .unwrap_or(first_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn privacy(visibility: &str, share: bool) -> PrivacyPreferences {
        PrivacyPreferences {
            profile_visibility: visibility.into(),
            share_attendance: share,
            share_progress: false,
        }
    }

    #[test]
    fn every_combination_of_the_two_preferences_and_the_viewer() {
        use Viewer::{Member, Visitor};
        let cases = [
            ("public", true, Member, true),
            ("members", true, Member, true),
            ("private", true, Member, false),
            ("public", false, Member, false),
            ("members", false, Member, false),
            ("private", false, Member, false),
            ("public", true, Visitor, false),
            ("members", true, Visitor, false),
            ("private", true, Visitor, false),
            ("public", false, Visitor, false),
            ("members", false, Visitor, false),
            ("private", false, Visitor, false),
        ];
        for (visibility, share, viewer, named) in cases {
            assert_eq!(
                is_named(&privacy(visibility, share), viewer),
                named,
                "{visibility}, share {share}, {viewer:?}"
            );
        }
    }

    #[test]
    fn the_spec_defaults_name_a_member_to_members_and_an_unknown_visibility_to_nobody() {
        assert!(is_named(&PrivacyPreferences::default(), Viewer::Member));
        assert!(!is_named(&privacy("everyone", true), Viewer::Member));
        assert!(!is_named(&privacy("", true), Viewer::Member));
    }

    #[test]
    fn the_shown_name_is_the_chosen_one_else_the_first() {
        assert_eq!(shown_name("Ana", Some("Nia")), "Nia");
        assert_eq!(shown_name("Ana", None), "Ana");
        assert_eq!(shown_name("Ana", Some("  ")), "Ana");
    }
}
