//! The waitlist of a full event: who may join, and how long an offered place is held.
//!
//! A place that frees up is offered to the first person still waiting and stays counted
//! (held) while the offer is open, so offers can never push an event over capacity. An
//! entry is never offered twice: once offered it ends claimed or expired for good.
use chrono::{DateTime, Duration, Utc};

use crate::booking_rules::BookingRefusal;
use crate::event::Event;
use crate::text_enum;

/// How long an offered place is held for the person before it passes on.
pub const CLAIM_WINDOW: Duration = Duration::hours(12);

text_enum!(
    /// Where an entry stands. `Expired` covers declined offers too.
    WaitlistStatus {
        Waiting => "waiting",
        Offered => "offered",
        Claimed => "claimed",
        Expired => "expired",
        Left => "left",
    }
);

/// Why someone cannot join an event's waitlist (the API names each with an `ErrorCode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JoinRefusal {
    #[error("This event still has places: book one instead.")]
    NotFull,
    #[error("You are already on the waitlist for this event.")]
    AlreadyWaiting,
    #[error("You have already been offered a place for this event.")]
    AlreadyOffered,
    #[error("{0}")]
    Event(BookingRefusal),
}

/// The event-side checks for joining: only a live, full event has a waitlist.
pub fn check_joinable(event: &Event, now: DateTime<Utc>) -> Result<(), JoinRefusal> {
    if !event.is_active {
        return Err(JoinRefusal::Event(BookingRefusal::EventInactive));
    }
    if event.has_started(now) {
        return Err(JoinRefusal::Event(BookingRefusal::EventStarted));
    }
    if !event.is_full() {
        return Err(JoinRefusal::NotFull);
    }
    Ok(())
}

/// Whether a person with an entry in `status` may join again: only after leaving while
/// still waiting. Anyone who has been offered the place once is not offered it again.
pub fn check_rejoin(status: WaitlistStatus) -> Result<(), JoinRefusal> {
    match status {
        WaitlistStatus::Left => Ok(()),
        WaitlistStatus::Waiting | WaitlistStatus::Offered => Err(JoinRefusal::AlreadyWaiting),
        WaitlistStatus::Claimed | WaitlistStatus::Expired => Err(JoinRefusal::AlreadyOffered),
    }
}

/// When an offer made at `now` lapses: after the claim window, or when the event starts if
/// that comes first.
pub fn offer_expires_at(starts_at: DateTime<Utc>, now: DateTime<Utc>) -> DateTime<Utc> {
    (now + CLAIM_WINDOW).min(starts_at)
}

/// Whether a freed place can still be offered rather than simply released.
pub fn can_offer(event_active: bool, starts_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    event_active && starts_at > now
}

/// One person's entry as they see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitlistEntry {
    pub id: crate::WaitlistEntryId,
    pub event_id: crate::EventId,
    pub user_id: crate::UserId,
    pub status: WaitlistStatus,
    /// 1 for the next person to be offered a place; only while waiting.
    pub position: Option<u32>,
    /// While offered: until when the place is held.
    pub offer_expires_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl WaitlistEntry {
    /// Whether a place is held for this person at `now` (the store's claim checks the same
    /// in its statement, so a lapse in between still refuses).
    pub fn has_open_offer(&self, now: DateTime<Utc>) -> bool {
        self.status == WaitlistStatus::Offered && self.offer_expires_at.is_some_and(|t| t > now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{event, now};

    #[test]
    fn only_full_live_events_can_be_joined() {
        assert_eq!(
            check_joinable(&event(10, 10, Duration::days(1)), now()),
            Ok(())
        );
        assert_eq!(
            check_joinable(&event(9, 10, Duration::days(1)), now()),
            Err(JoinRefusal::NotFull)
        );
        assert_eq!(
            check_joinable(&event(10, 10, Duration::zero()), now()),
            Err(JoinRefusal::Event(BookingRefusal::EventStarted))
        );
        let mut inactive = event(10, 10, Duration::days(1));
        inactive.is_active = false;
        assert_eq!(
            check_joinable(&inactive, now()),
            Err(JoinRefusal::Event(BookingRefusal::EventInactive))
        );
    }

    #[test]
    fn an_offer_is_open_until_the_moment_it_lapses() {
        let entry = WaitlistEntry {
            id: crate::WaitlistEntryId::new(),
            event_id: crate::EventId::new(),
            user_id: crate::UserId::new(),
            status: WaitlistStatus::Offered,
            position: None,
            offer_expires_at: Some(now() + Duration::minutes(1)),
            created_at: now(),
        };
        assert!(entry.has_open_offer(now()));
        assert!(!entry.has_open_offer(now() + Duration::minutes(1)));
        let waiting = WaitlistEntry {
            status: WaitlistStatus::Waiting,
            ..entry.clone()
        };
        assert!(!waiting.has_open_offer(now()));
        let unset = WaitlistEntry {
            offer_expires_at: None,
            ..entry
        };
        assert!(!unset.has_open_offer(now()));
    }

    #[test]
    fn only_people_who_left_while_waiting_may_join_again() {
        assert_eq!(check_rejoin(WaitlistStatus::Left), Ok(()));
        for status in [WaitlistStatus::Waiting, WaitlistStatus::Offered] {
            assert_eq!(check_rejoin(status), Err(JoinRefusal::AlreadyWaiting));
        }
        for status in [WaitlistStatus::Claimed, WaitlistStatus::Expired] {
            assert_eq!(check_rejoin(status), Err(JoinRefusal::AlreadyOffered));
        }
    }

    #[test]
    fn offers_are_held_for_twelve_hours_or_until_the_start() {
        assert_eq!(
            offer_expires_at(now() + Duration::days(2), now()),
            now() + Duration::hours(12)
        );
        assert_eq!(
            offer_expires_at(now() + Duration::hours(3), now()),
            now() + Duration::hours(3)
        );
    }

    #[test]
    fn places_are_offered_only_for_live_events_that_have_not_started() {
        assert!(can_offer(true, now() + Duration::minutes(1), now()));
        assert!(!can_offer(true, now(), now()));
        assert!(!can_offer(false, now() + Duration::days(1), now()));
    }

    #[test]
    fn statuses_are_written_as_the_store_keeps_them() {
        assert_eq!(WaitlistStatus::Offered.as_str(), "offered");
    }
}
