//! A booking: one person's place at one event.
use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};
use rand::Rng;

use validator::Validate;

use crate::free_places::{Companion, PlaceRequest};
use crate::ids::{BookingId, EventId, UserId};
use crate::money::Money;
use crate::text;
use crate::text_enum;
use crate::validation::{FieldErrors, ValidationError};

/// Letters and digits a person can read out over the phone without confusion:
/// no 0/O, 1/I/L.
const REFERENCE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const REFERENCE_LEN: usize = 6;
const REFERENCE_PREFIX: &str = "PS-";

/// A human-friendly booking reference such as `PS-7K3Q9M`. Random, never derived from the
/// clock; the store's unique index catches the rare collision and the caller draws again.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BookingReference(String);

impl BookingReference {
    pub fn generate(rng: &mut impl Rng) -> Self {
        let code: String = (0..REFERENCE_LEN)
            .map(|_| char::from(REFERENCE_ALPHABET[rng.random_range(0..REFERENCE_ALPHABET.len())]))
            .collect();
        Self(format!("{REFERENCE_PREFIX}{code}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for BookingReference {
    type Err = ValidationError;

    /// Accepts what a person types: any case, surrounding spaces.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let upper = s.trim().to_ascii_uppercase();
        let valid = upper.strip_prefix(REFERENCE_PREFIX).is_some_and(|code| {
            code.len() == REFERENCE_LEN && code.bytes().all(|b| REFERENCE_ALPHABET.contains(&b))
        });
        if valid {
            Ok(Self(upper))
        } else {
            Err(ValidationError::new(
                "Booking reference looks like PS-7K3Q9M",
            ))
        }
    }
}

impl fmt::Display for BookingReference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

text_enum!(
    /// A pending booking holds a place while card payment is under way.
    BookingStatus { Confirmed => "confirmed", Pending => "pending", Cancelled => "cancelled" }
);
text_enum!(
    PaymentStatus { Paid => "paid", Pending => "pending", Failed => "failed", Refunded => "refunded" }
);
text_enum!(
    /// A solidarity place is paid for by Supporters: the member pays nothing and there is
    /// no payment step (ADR 0022).
    PaymentMethod { Cash => "cash", Card => "card", Solidarity => "solidarity" }
);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Booking {
    pub id: BookingId,
    pub reference: BookingReference,
    pub user_id: UserId,
    pub event_id: EventId,
    pub status: BookingStatus,
    pub payment_status: PaymentStatus,
    pub payment_method: PaymentMethod,
    /// The price when booked, so later price changes never alter what someone owes.
    pub amount: Money,
    pub accessibility_requirements: Option<String>,
    /// Someone coming with the member on a second, free place (ADR 0022).
    pub companion: Option<Companion>,
    pub created_at: DateTime<Utc>,
}

/// The most a person may write about their accessibility needs for one booking.
pub const ACCESSIBILITY_CHARS: u64 = 1000;

/// What a person may add when booking (by cash, by card or from a waitlist offer).
#[derive(Clone, Debug, Default, PartialEq, Eq, Validate)]
pub struct BookingDetails {
    #[validate(
        length(max = ACCESSIBILITY_CHARS),
        custom(function = "text::no_controls")
    )]
    pub accessibility_requirements: Option<String>,
}

/// A booking's accessibility requirements as typed: trimmed, blank meaning none, bounded.
pub fn accessibility_requirements(input: Option<&str>) -> Result<Option<String>, FieldErrors> {
    let mut details = BookingDetails {
        accessibility_requirements: input.map(str::to_owned),
    };
    text::trim_optional(&mut details.accessibility_requirements);
    FieldErrors::from_rules(&details).into_result()?;
    Ok(details.accessibility_requirements)
}

impl Booking {
    /// Live bookings hold a place; cancelled ones do not.
    pub fn is_live(&self) -> bool {
        self.status != BookingStatus::Cancelled
    }

    /// What the booking takes beyond the member's own place: the store takes and gives back
    /// exactly this.
    pub fn place_request(&self) -> PlaceRequest {
        PlaceRequest {
            companion: self.companion.is_some(),
            solidarity: self.payment_method == PaymentMethod::Solidarity,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn references_look_like_ps_and_six_unambiguous_characters() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..500 {
            let reference = BookingReference::generate(&mut rng);
            let code = reference.as_str().strip_prefix("PS-").unwrap();
            assert_eq!(code.len(), 6);
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']), "{reference}");
            assert_eq!(
                reference.as_str().parse::<BookingReference>().unwrap(),
                reference
            );
        }
    }

    #[test]
    fn references_do_not_repeat_in_practice() {
        let mut rng = StdRng::seed_from_u64(1);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..10_000 {
            assert!(seen.insert(BookingReference::generate(&mut rng)));
        }
    }

    #[test]
    fn parsing_accepts_typed_forms_and_rejects_others() {
        assert_eq!(
            " ps-7k3q9m ".parse::<BookingReference>().unwrap().as_str(),
            "PS-7K3Q9M"
        );
        for bad in [
            "PS-7K3Q9",
            "PS-7K3Q9MM",
            "XX-7K3Q9M",
            "PS-0K3Q9M",
            "PS7K3Q9M",
        ] {
            assert!(bad.parse::<BookingReference>().is_err(), "{bad}");
        }
    }

    #[test]
    fn accessibility_requirements_are_trimmed_bounded_and_plain() {
        assert_eq!(
            accessibility_requirements(Some("  Step-free access ")).unwrap(),
            Some("Step-free access".to_owned())
        );
        assert_eq!(accessibility_requirements(Some("   ")).unwrap(), None);
        assert_eq!(accessibility_requirements(None).unwrap(), None);
        assert!(accessibility_requirements(Some(&"é".repeat(1000))).is_ok());
        let too_long = accessibility_requirements(Some(&"é".repeat(1001))).unwrap_err();
        assert_eq!(
            too_long.get("accessibilityRequirements"),
            Some("Must be at most 1000 characters")
        );
        let hidden = accessibility_requirements(Some("ramp\u{202E}")).unwrap_err();
        assert_eq!(
            hidden.get("accessibilityRequirements"),
            Some(text::CONTROL_MESSAGE)
        );
    }

    #[test]
    fn a_booking_asks_for_its_companions_place_and_its_solidarity_place() {
        let mut booking = Booking {
            id: BookingId::new(),
            reference: BookingReference::generate(&mut StdRng::seed_from_u64(3)),
            user_id: UserId::new(),
            event_id: EventId::new(),
            status: BookingStatus::Confirmed,
            payment_status: PaymentStatus::Pending,
            payment_method: PaymentMethod::Cash,
            amount: Money::ZERO,
            accessibility_requirements: None,
            companion: None,
            created_at: DateTime::UNIX_EPOCH,
        };
        assert_eq!(booking.place_request(), PlaceRequest::default());
        booking.companion = Some(Companion::default());
        booking.payment_method = PaymentMethod::Solidarity;
        assert_eq!(
            booking.place_request(),
            PlaceRequest {
                companion: true,
                solidarity: true
            }
        );
        assert_eq!(booking.place_request().seats(), 2);
    }

    #[test]
    fn status_text_round_trips() {
        for status in BookingStatus::ALL {
            assert_eq!(status.as_str().parse::<BookingStatus>().unwrap(), *status);
        }
        for status in PaymentStatus::ALL {
            assert_eq!(status.as_str().parse::<PaymentStatus>().unwrap(), *status);
        }
        assert!("Confirmed".parse::<BookingStatus>().is_err());
        assert_eq!(
            "card".parse::<PaymentMethod>().unwrap(),
            PaymentMethod::Card
        );
        assert_eq!(
            "solidarity".parse::<PaymentMethod>().unwrap(),
            PaymentMethod::Solidarity
        );
    }
}
