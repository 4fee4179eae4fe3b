//! Access needs: what a member tells us so that a session is ready for them, and who may read
//! it (ADR 0023). Private by default: the needs on a member's profile reach nobody until the
//! member turns sharing on, and then only the leaders (and admins) of the sessions they book,
//! through a copy on each booking. What a member ticks or writes on a booking form itself is
//! shared with that session's leader: writing it there is the consent.
use validator::Validate;

use crate::account::LONG_TEXT_CHARS;
use crate::text;
use crate::text_enum;
use crate::validation::{FieldErrors, ValidationError};

text_enum!(
    /// The common needs a member can tick, in the order forms list them.
    AccessNeed {
        StepFree => "step-free",
        BslInterpreter => "bsl-interpreter",
        QuietSpace => "quiet-space",
        Companion => "companion",
        SensoryFriendly => "sensory-friendly",
        LargePrint => "large-print",
        Other => "other",
    }
);

/// The most a member may write in their note, or about their needs for one booking (one
/// limit, so a profile's note always fits on a booking).
pub const NOTE_CHARS: u64 = LONG_TEXT_CHARS;
pub const CHOICES_MESSAGE: &str = "Please choose access needs from the list";

/// Needs ticked (in [`AccessNeed::ALL`] order, none twice) and a note in the member's words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccessNeeds {
    pub needs: Vec<AccessNeed>,
    pub note: Option<String>,
}

impl AccessNeeds {
    pub fn is_empty(&self) -> bool {
        self.needs.is_empty() && self.note.is_none()
    }

    /// The needs as their stored and API names.
    pub fn names(&self) -> Vec<&'static str> {
        self.needs.iter().map(|n| n.as_str()).collect()
    }
}

/// A member's needs on their profile, and their choice: "share with the session leader for
/// sessions I book" (off until they turn it on).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProfileAccessNeeds {
    pub needs: AccessNeeds,
    pub share_with_leader: bool,
}

impl ProfileAccessNeeds {
    /// What the member's bookings carry from the profile: the needs while sharing is on, and
    /// nothing while it is off or there is nothing to share.
    pub fn shared_copy(&self) -> Option<&AccessNeeds> {
        (self.share_with_leader && !self.needs.is_empty()).then_some(&self.needs)
    }
}

/// What a booking carries, and whether it is the profile's shared copy (which follows the
/// profile: changed with it, and removed when sharing is turned off or the needs deleted).
/// Needs the member gave on the booking itself stay with that booking.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookingNeeds {
    pub needs: AccessNeeds,
    pub from_profile: bool,
}

/// The needs a booking gets. `said` is what the booking form (or My Bookings) gave, `None`
/// when it said nothing at all (a client that only knows the spec's field and left it
/// empty): then the booking carries the profile's shared copy, if any. What was said is kept
/// as said; it counts as the profile's copy only while it is exactly that copy.
pub fn booking_needs(profile: &ProfileAccessNeeds, said: Option<AccessNeeds>) -> BookingNeeds {
    let copy = profile.shared_copy();
    match said {
        None => BookingNeeds {
            needs: copy.cloned().unwrap_or_default(),
            from_profile: copy.is_some(),
        },
        Some(needs) => BookingNeeds {
            from_profile: copy == Some(&needs),
            needs,
        },
    }
}

/// Needs named as text, each known and none twice, in list order.
pub fn parse_needs(names: &[String]) -> Result<Vec<AccessNeed>, ValidationError> {
    let mut chosen = Vec::with_capacity(names.len());
    for name in names {
        let need: AccessNeed = name
            .trim()
            .parse()
            .map_err(|_| ValidationError::new(CHOICES_MESSAGE))?;
        if chosen.contains(&need) {
            return Err(ValidationError::new(CHOICES_MESSAGE));
        }
        chosen.push(need);
    }
    chosen.sort_by_key(|need| AccessNeed::ALL.iter().position(|n| n == need));
    Ok(chosen)
}

/// The profile's access needs form (`PUT /api/user/access-needs`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Validate)]
pub struct AccessNeedsForm {
    pub needs: Vec<String>,
    #[validate(length(max = NOTE_CHARS), custom(function = "text::no_controls"))]
    pub note: Option<String>,
    pub share_with_leader: bool,
}

impl AccessNeedsForm {
    /// Checks every field (the note trimmed, blank meaning none), reporting all at once.
    pub fn validate(mut self) -> Result<ProfileAccessNeeds, FieldErrors> {
        text::trim_optional(&mut self.note);
        let mut errors = FieldErrors::from_rules(&self);
        let needs = errors.check("needs", parse_needs(&self.needs));
        errors.into_result()?;
        Ok(ProfileAccessNeeds {
            needs: AccessNeeds {
                needs: needs.unwrap_or_default(),
                note: self.note,
            },
            share_with_leader: self.share_with_leader,
        })
    }
}

/// What a booking form says about access: the needs ticked (`accessNeeds`, absent from
/// clients that only know the spec's field) and the spec's `accessibilityRequirements`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Validate)]
pub struct BookingNeedsForm {
    pub access_needs: Option<Vec<String>>,
    #[validate(length(max = NOTE_CHARS), custom(function = "text::no_controls"))]
    pub accessibility_requirements: Option<String>,
}

impl BookingNeedsForm {
    pub fn new(
        access_needs: Option<Vec<String>>,
        accessibility_requirements: Option<&str>,
    ) -> Self {
        Self {
            access_needs,
            accessibility_requirements: accessibility_requirements.map(str::to_owned),
        }
    }

    /// What was said (`None`: nothing at all, neither list nor text), checked.
    pub fn validate(mut self) -> Result<Option<AccessNeeds>, FieldErrors> {
        text::trim_optional(&mut self.accessibility_requirements);
        let mut errors = FieldErrors::from_rules(&self);
        let needs = match &self.access_needs {
            Some(names) => errors.check("accessNeeds", parse_needs(names)),
            None => None,
        };
        errors.into_result()?;
        if self.access_needs.is_none() && self.accessibility_requirements.is_none() {
            return Ok(None);
        }
        Ok(Some(AccessNeeds {
            needs: needs.unwrap_or_default(),
            note: self.accessibility_requirements,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    fn profile(share: bool) -> ProfileAccessNeeds {
        ProfileAccessNeeds {
            needs: AccessNeeds {
                needs: vec![AccessNeed::StepFree, AccessNeed::QuietSpace],
                note: Some("A chair near the door, please".into()),
            },
            share_with_leader: share,
        }
    }

    #[test]
    fn the_options_are_the_seven_common_needs_in_form_order() {
        let listed: Vec<&str> = AccessNeed::ALL.iter().map(|n| n.as_str()).collect();
        assert_eq!(
            listed,
            [
                "step-free",
                "bsl-interpreter",
                "quiet-space",
                "companion",
                "sensory-friendly",
                "large-print",
                "other"
            ]
        );
    }

    #[test]
    fn needs_come_from_the_list_once_each_and_are_kept_in_list_order() {
        assert_eq!(
            parse_needs(&names(&["large-print", " step-free "])).unwrap(),
            [AccessNeed::StepFree, AccessNeed::LargePrint]
        );
        for bad in [
            &["wheelchair"][..],
            &["other", "other"],
            &["Step-Free"],
            &[""],
        ] {
            assert_eq!(
                parse_needs(&names(bad)).unwrap_err().message(),
                CHOICES_MESSAGE,
                "{bad:?}"
            );
        }
    }

    #[test]
    fn sharing_starts_off_and_the_profile_form_is_checked() {
        assert!(!ProfileAccessNeeds::default().share_with_leader);
        let saved = AccessNeedsForm {
            needs: names(&["quiet-space", "step-free"]),
            note: Some("  A chair near the door, please ".into()),
            share_with_leader: true,
        }
        .validate()
        .unwrap();
        assert_eq!(saved, profile(true));

        let n = usize::try_from(NOTE_CHARS).unwrap();
        let errors = AccessNeedsForm {
            needs: names(&["flying"]),
            note: Some("é".repeat(n + 1)),
            share_with_leader: false,
        }
        .validate()
        .unwrap_err();
        assert_eq!(errors.get("needs"), Some(CHOICES_MESSAGE));
        assert_eq!(errors.get("note"), Some("Must be at most 2000 characters"));
        let hidden = AccessNeedsForm {
            note: Some("ramp\u{202E}".into()),
            ..Default::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(hidden.get("note"), Some(text::CONTROL_MESSAGE));
        let blank = AccessNeedsForm {
            note: Some("   ".into()),
            ..Default::default()
        }
        .validate()
        .unwrap();
        assert!(blank.needs.is_empty());
    }

    #[test]
    fn only_shared_needs_that_exist_are_copied() {
        assert_eq!(profile(true).shared_copy(), Some(&profile(true).needs));
        assert_eq!(profile(false).shared_copy(), None, "sharing is off");
        let nothing = ProfileAccessNeeds {
            share_with_leader: true,
            ..Default::default()
        };
        assert_eq!(nothing.shared_copy(), None, "nothing to share");
    }

    #[test]
    fn a_booking_that_says_nothing_carries_the_shared_copy() {
        assert_eq!(
            booking_needs(&profile(true), None),
            BookingNeeds {
                needs: profile(true).needs,
                from_profile: true
            }
        );
        assert_eq!(
            booking_needs(&profile(false), None),
            BookingNeeds::default()
        );
    }

    #[test]
    fn what_a_booking_form_says_is_kept_and_is_the_copy_only_while_identical() {
        let copy = profile(true).needs;
        assert_eq!(
            booking_needs(&profile(true), Some(copy.clone())),
            BookingNeeds {
                needs: copy.clone(),
                from_profile: true
            }
        );
        let edited = AccessNeeds {
            needs: vec![AccessNeed::StepFree],
            note: copy.note.clone(),
        };
        assert_eq!(
            booking_needs(&profile(true), Some(edited.clone())),
            BookingNeeds {
                needs: edited,
                from_profile: false
            },
            "changed on the form: the member's own words for this booking"
        );
        assert_eq!(
            booking_needs(&profile(true), Some(AccessNeeds::default())),
            BookingNeeds::default(),
            "cleared on the form: nothing is shared this time"
        );
        assert_eq!(
            booking_needs(&profile(false), Some(copy.clone())),
            BookingNeeds {
                needs: copy,
                from_profile: false
            },
            "typed on the form while sharing is off: shared with this booking only"
        );
    }

    #[test]
    fn the_booking_form_said_nothing_only_without_list_and_text() {
        assert_eq!(BookingNeedsForm::new(None, None).validate().unwrap(), None);
        assert_eq!(
            BookingNeedsForm::new(None, Some("  ")).validate().unwrap(),
            None
        );
        assert_eq!(
            BookingNeedsForm::new(Some(vec![]), None)
                .validate()
                .unwrap(),
            Some(AccessNeeds::default())
        );
        assert_eq!(
            BookingNeedsForm::new(None, Some(" Ramp "))
                .validate()
                .unwrap(),
            Some(AccessNeeds {
                needs: vec![],
                note: Some("Ramp".into())
            })
        );
        let n = usize::try_from(NOTE_CHARS).unwrap();
        assert!(
            BookingNeedsForm::new(None, Some(&"é".repeat(n)))
                .validate()
                .is_ok()
        );
        let errors = BookingNeedsForm::new(Some(names(&["x"])), Some(&"é".repeat(n + 1)))
            .validate()
            .unwrap_err();
        assert_eq!(errors.get("accessNeeds"), Some(CHOICES_MESSAGE));
        assert_eq!(
            errors.get("accessibilityRequirements"),
            Some("Must be at most 2000 characters")
        );
    }
}
