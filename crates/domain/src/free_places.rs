//! Companion and solidarity places (docs/adr/0022-companion-and-solidarity-places.md).
//!
//! A companion (carer, personal assistant, interpreter) comes free on a second place of the
//! member's booking: no account, a first name at most. Solidarity places are free places on
//! a paid session, funded by Supporters; anyone may take one, no questions asked. Both are
//! ordinary places as far as capacity goes: the store takes them in the same guarded
//! statement as the member's own, and gives back exactly what a booking took.
use chrono::{DateTime, Utc};
use validator::Validate;

use crate::money::Money;
use crate::text;
use crate::validation::{FieldErrors, ValidationError};

/// What a session offers beyond its ordinary places, and how many solidarity places live
/// bookings hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FreePlaces {
    /// A member may bring a companion on a second, free place.
    pub companion_allowed: bool,
    /// Free places Supporters fund on this (paid) session. They are not set aside: they
    /// are a number of the session's places that may be taken for free.
    pub solidarity_places: u32,
    /// Solidarity places held by live bookings.
    pub solidarity_used: u32,
}

/// What one booking takes beyond the member's own ordinary place.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlaceRequest {
    /// A companion comes too, on a second place.
    pub companion: bool,
    /// The member's place is a solidarity place (the companion's is free anyway).
    pub solidarity: bool,
}

impl PlaceRequest {
    /// Places of the session's capacity the booking holds: the member's, and the
    /// companion's when one comes.
    pub fn seats(self) -> u32 {
        1 + u32::from(self.companion)
    }
}

/// The most a companion's first name may be.
pub const COMPANION_NAME_CHARS: u64 = 50;

/// Someone coming with the member on the booking's second place. They need no account:
/// the register shows "+1 companion", with the first name the member gave, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Validate)]
pub struct Companion {
    #[validate(
        length(max = COMPANION_NAME_CHARS),
        custom(function = "text::no_controls")
    )]
    pub first_name: Option<String>,
}

/// The message for a companion's name sent without a companion.
pub const NAME_WITHOUT_COMPANION: &str = "Add a companion to give their name";

/// The companion a booking form asked for (`wanted`), with their first name trimmed (blank
/// is none) and bounded. A name without a companion is refused rather than dropped.
pub fn companion(wanted: bool, first_name: Option<&str>) -> Result<Option<Companion>, FieldErrors> {
    let mut companion = Companion {
        first_name: first_name.map(str::to_owned),
    };
    text::trim_optional(&mut companion.first_name);
    if !wanted {
        if companion.first_name.is_some() {
            let mut errors = FieldErrors::new();
            errors.add(
                "companionName",
                ValidationError::new(NAME_WITHOUT_COMPANION),
            );
            return Err(errors);
        }
        return Ok(None);
    }
    let mut errors = FieldErrors::new();
    for (_, message) in FieldErrors::from_rules(&companion).iter() {
        errors.add("companionName", ValidationError::new(message));
    }
    errors.into_result()?;
    Ok(Some(companion))
}

/// The most solidarity places an admin may set: no more than the session's places.
/// `used` live bookings hold some already; a free session offers none beyond those (there
/// is nothing to fund).
pub fn solidarity_places(
    places: i64,
    capacity: u32,
    used: u32,
    price: Money,
) -> Result<u32, ValidationError> {
    if places < 0 {
        return Err(ValidationError::new("Enter 0 or more places"));
    }
    if places < i64::from(used) {
        return Err(ValidationError::new(if used == 1 {
            "1 solidarity place is already taken".to_owned()
        } else {
            format!("{used} solidarity places are already taken")
        }));
    }
    if places > i64::from(capacity) {
        return Err(ValidationError::new(
            "Solidarity places cannot be more than the session's places",
        ));
    }
    if price.is_free() && places > i64::from(used) {
        return Err(ValidationError::new(
            "A free session needs no solidarity places",
        ));
    }
    u32::try_from(places).map_err(|_| ValidationError::new("Enter 0 or more places"))
}

/// The London month whose sessions' solidarity places count as "used this month" (on the
/// overview and in a Supporter's share), as UTC bounds: the month `now` is in.
pub fn solidarity_month(now: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
    crate::london::month_bounds(now)
}

/// How the solidarity places used for sessions in a month are shared out among the members
/// whose Supporter plan is running: equally, in tenths of a place (rounded to the nearest
/// tenth), so "your plan funded 2.5 places this month" adds up over all Supporters to the
/// places used. No Supporters: nobody's share.
pub fn supporter_share_tenths(places_used: u64, supporters: u64) -> Option<u64> {
    if supporters == 0 {
        return None;
    }
    Some((places_used * 10 + supporters / 2) / supporters)
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMPANION: PlaceRequest = PlaceRequest {
        companion: true,
        solidarity: false,
    };
    const SOLIDARITY: PlaceRequest = PlaceRequest {
        companion: false,
        solidarity: true,
    };
    const BOTH: PlaceRequest = PlaceRequest {
        companion: true,
        solidarity: true,
    };

    #[test]
    fn a_companion_takes_a_second_place() {
        assert_eq!(PlaceRequest::default().seats(), 1);
        assert_eq!(COMPANION.seats(), 2);
        assert_eq!(SOLIDARITY.seats(), 1);
        assert_eq!(BOTH.seats(), 2);
    }

    #[test]
    fn a_companions_name_is_optional_trimmed_and_bounded() {
        assert_eq!(companion(false, None).unwrap(), None);
        assert_eq!(
            companion(true, None).unwrap(),
            Some(Companion { first_name: None })
        );
        assert_eq!(
            companion(true, Some("  Sam ")).unwrap(),
            Some(Companion {
                first_name: Some("Sam".into())
            })
        );
        assert_eq!(
            companion(true, Some("   ")).unwrap(),
            Some(Companion { first_name: None })
        );
        assert!(companion(true, Some(&"é".repeat(50))).is_ok());
        assert_eq!(
            companion(true, Some(&"é".repeat(51)))
                .unwrap_err()
                .get("companionName"),
            Some("Must be at most 50 characters")
        );
        assert_eq!(
            companion(true, Some("Sam\u{202E}"))
                .unwrap_err()
                .get("companionName"),
            Some(text::CONTROL_MESSAGE)
        );
        assert_eq!(
            companion(false, Some("Sam"))
                .unwrap_err()
                .get("companionName"),
            Some(NAME_WITHOUT_COMPANION)
        );
        // A blank name with no companion is no name at all.
        assert_eq!(companion(false, Some(" ")).unwrap(), None);
    }

    #[test]
    fn solidarity_places_stay_between_those_used_and_the_capacity() {
        let price = Money::from_pence(500).unwrap();
        assert_eq!(solidarity_places(0, 10, 0, price), Ok(0));
        assert_eq!(solidarity_places(10, 10, 0, price), Ok(10));
        assert_eq!(
            solidarity_places(11, 10, 0, price).unwrap_err().message(),
            "Solidarity places cannot be more than the session's places"
        );
        assert_eq!(
            solidarity_places(2, 10, 3, price).unwrap_err().message(),
            "3 solidarity places are already taken"
        );
        assert_eq!(
            solidarity_places(0, 10, 1, price).unwrap_err().message(),
            "1 solidarity place is already taken"
        );
        assert_eq!(
            solidarity_places(-1, 10, 0, price).unwrap_err().message(),
            "Enter 0 or more places"
        );
    }

    #[test]
    fn a_free_session_offers_no_solidarity_places_beyond_those_taken() {
        assert_eq!(
            solidarity_places(2, 10, 0, Money::ZERO)
                .unwrap_err()
                .message(),
            "A free session needs no solidarity places"
        );
        assert_eq!(solidarity_places(0, 10, 0, Money::ZERO), Ok(0));
        // A session made free after some were taken keeps those, and offers no more.
        assert_eq!(solidarity_places(2, 10, 2, Money::ZERO), Ok(2));
    }

    #[test]
    fn the_months_places_are_shared_equally_among_supporters_in_tenths() {
        assert_eq!(supporter_share_tenths(5, 0), None);
        assert_eq!(supporter_share_tenths(0, 3), Some(0));
        assert_eq!(supporter_share_tenths(5, 2), Some(25));
        assert_eq!(supporter_share_tenths(7, 3), Some(23));
        assert_eq!(supporter_share_tenths(2, 3), Some(7));
        assert_eq!(supporter_share_tenths(1, 1), Some(10));
    }
}
