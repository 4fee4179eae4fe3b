//! A booking: one person's place at one event.
use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Duration, Utc};
use rand::Rng;

use crate::access_needs::{AccessNeed, AccessNeeds, BookingNeeds};
use crate::event::Event;
use crate::free_places::{Companion, PlaceRequest};
use crate::ids::{BookingId, EventId, UserId};
use crate::money::Money;
use crate::text_enum;
use crate::validation::ValidationError;

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

/// How long a card payment may take: a card booking holds its place this long, and the
/// hosted checkout (a booking's or a membership plan's) expires with it.
pub const PAYMENT_HOLD: Duration = Duration::minutes(30);

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
    /// What the person wrote about their access needs for this session (the spec's field).
    pub accessibility_requirements: Option<String>,
    /// The common needs ticked for this session.
    pub access_needs: Vec<AccessNeed>,
    /// Whether the needs are the copy of the person's shared profile needs (ADR 0023).
    pub needs_from_profile: bool,
    /// Someone coming with the member on a second, free place (ADR 0022).
    pub companion: Option<Companion>,
    pub created_at: DateTime<Utc>,
}

impl Booking {
    /// A new booking of `event` at its price when booked, its status pair following from
    /// how it is paid: by card it waits for the payment (both pending, its place held for
    /// [`PAYMENT_HOLD`]); in cash it is confirmed at once and paid on arrival (payment
    /// pending); a solidarity place is confirmed with nothing owed (paid, £0).
    pub fn new(
        user_id: UserId,
        event: &Event,
        payment_method: PaymentMethod,
        companion: Option<Companion>,
        reference: BookingReference,
        now: DateTime<Utc>,
    ) -> Self {
        let (status, payment_status, amount) = match payment_method {
            PaymentMethod::Card => (BookingStatus::Pending, PaymentStatus::Pending, event.price),
            PaymentMethod::Cash => (
                BookingStatus::Confirmed,
                PaymentStatus::Pending,
                event.price,
            ),
            PaymentMethod::Solidarity => {
                (BookingStatus::Confirmed, PaymentStatus::Paid, Money::ZERO)
            }
        };
        Self {
            id: BookingId::new(),
            reference,
            user_id,
            event_id: event.id,
            status,
            payment_status,
            payment_method,
            amount,
            accessibility_requirements: None,
            access_needs: vec![],
            needs_from_profile: false,
            companion,
            created_at: now,
        }
    }

    /// The card booking once its payment has arrived: confirmed and paid.
    pub fn paid(self) -> Self {
        Self {
            status: BookingStatus::Confirmed,
            payment_status: PaymentStatus::Paid,
            ..self
        }
    }

    /// Live bookings hold a place; cancelled ones do not.
    pub fn is_live(&self) -> bool {
        self.status != BookingStatus::Cancelled
    }

    /// The access needs this booking carries.
    pub fn needs(&self) -> AccessNeeds {
        AccessNeeds {
            needs: self.access_needs.clone(),
            note: self.accessibility_requirements.clone(),
        }
    }

    /// Gives the booking `needs` (ADR 0023).
    pub fn with_needs(self, needs: BookingNeeds) -> Self {
        Self {
            accessibility_requirements: needs.needs.note,
            access_needs: needs.needs.needs,
            needs_from_profile: needs.from_profile,
            ..self
        }
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
            access_needs: Vec::new(),
            needs_from_profile: false,
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
    fn how_a_booking_is_paid_sets_its_status_pair_and_what_it_owes() {
        let event = crate::testing::event(0, 10, chrono::Duration::days(1));
        let user = UserId::new();
        let new = |method| {
            let reference = BookingReference::generate(&mut StdRng::seed_from_u64(5));
            Booking::new(user, &event, method, None, reference, crate::testing::now())
        };
        let card = new(PaymentMethod::Card);
        assert_eq!(
            (card.status, card.payment_status, card.amount),
            (BookingStatus::Pending, PaymentStatus::Pending, event.price)
        );
        let cash = new(PaymentMethod::Cash);
        assert_eq!(
            (cash.status, cash.payment_status, cash.amount),
            (
                BookingStatus::Confirmed,
                PaymentStatus::Pending,
                event.price
            )
        );
        let solidarity = new(PaymentMethod::Solidarity);
        assert_eq!(
            (
                solidarity.status,
                solidarity.payment_status,
                solidarity.amount
            ),
            (BookingStatus::Confirmed, PaymentStatus::Paid, Money::ZERO)
        );
        assert_eq!(
            (cash.user_id, cash.event_id, cash.created_at),
            (user, event.id, crate::testing::now())
        );
        assert!(cash.is_live() && card.is_live());
        // Paying by card confirms the booking; nothing else about it changes.
        let paid = card.clone().paid();
        assert_eq!(
            (paid.status, paid.payment_status),
            (BookingStatus::Confirmed, PaymentStatus::Paid)
        );
        assert_eq!(
            Booking {
                status: card.status,
                payment_status: card.payment_status,
                ..paid
            },
            card
        );
    }

    #[test]
    fn a_card_payment_holds_the_place_for_half_an_hour() {
        // The API's answers promise 30 minutes (docs/openapi.json).
        assert_eq!(PAYMENT_HOLD, chrono::Duration::minutes(30));
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
