use playspace_domain::audit::actions;
use playspace_domain::event_form::EventPatch;
use playspace_domain::{Event, EventId, FieldErrors, UserId, ValidationError};
use playspace_ports::{AdminEvent, EventUpdate, RepoError};

use super::{AdminDeps, AdminEventError, emails, leader, venue};
use crate::admin::Actor;
use crate::bookings::refund_card_payment;

/// Which sessions of a series an edit reaches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EditScope {
    #[default]
    This,
    /// This session and every later one of its series.
    Following,
}

/// An edit as the admin sent it.
#[derive(Clone, Debug, Default)]
pub struct EventEdit {
    pub patch: EventPatch,
    /// `Some(None)` or `Some(Some(""))` removes the leader.
    pub leader_id: Option<Option<String>>,
    /// A venue to move to; the session's own venue may be given even once retired.
    pub venue_id: Option<String>,
    pub scope: EditScope,
}

/// What an edit did.
#[derive(Clone, Debug)]
pub struct Edited {
    pub event: AdminEvent,
    /// Sessions changed.
    pub updated: u32,
    /// People told (booked, and waiting when a session was cancelled).
    pub notified: u32,
}

/// Edits a session (or it and the rest of its series). People booked hear about a new date,
/// time or place; cancelling (deactivating) a session cancels its bookings, refunds card
/// payments, closes its waitlist and tells everyone — all in the edit's transaction, so
/// each person is told exactly once.
pub fn update_event(
    deps: &AdminDeps,
    id: &str,
    edit: EventEdit,
    actor: &Actor,
) -> Result<Edited, AdminEventError> {
    let id: EventId = id.parse().map_err(|_| AdminEventError::NotFound)?;
    let current = deps.events.admin_event(id)?;
    let now = deps.clock.now();
    let mut errors = FieldErrors::new();
    let new_leader: Option<Option<UserId>> = match &edit.leader_id {
        None => None,
        Some(id) => Some(leader(deps, id.as_deref(), &mut errors)?.map(|l| l.id)),
    };
    let mut patch = edit.patch;
    if let Some(id) = &edit.venue_id
        && id.trim() != current.event.venue.id.to_string()
    {
        patch.venue = errors.check("venueId", venue(deps, id)?);
    }
    let edited = patch.apply(&current.event);
    let edited = match edited {
        Ok(after) if errors.is_empty() => after,
        Ok(_) => return Err(AdminEventError::Invalid(errors)),
        Err(more) => return Err(AdminEventError::Invalid(merge(more, errors))),
    };
    let mut updates = vec![update(
        &current.event,
        edited,
        new_leader,
        current.leader.as_ref().map(|l| l.id),
        actor,
        now,
    )];
    if let (EditScope::Following, Some(series)) = (edit.scope, current.series_id) {
        for later in deps.events.series_from(series, current.event.starts_at)? {
            if later.id == id {
                continue;
            }
            let after = patch
                .apply_following(&current.event, &later)
                .map_err(|e| AdminEventError::Invalid(on_date(e, &later)))?;
            updates.push(update(
                &later,
                after,
                new_leader,
                current.leader.as_ref().map(|l| l.id),
                actor,
                now,
            ));
        }
    }
    let compose = |before: &Event, after: &Event, news, person: &_| {
        emails::message(deps.email, before, after, news, person)
    };
    let outcome = match deps.events.update_events(&updates, &compose, now) {
        Ok(outcome) => outcome,
        Err(RepoError::Conflict) => {
            let mut errors = FieldErrors::new();
            errors.add(
                "maxParticipants",
                ValidationError::new(
                    "More places were taken meanwhile. Reload the session and try again.",
                ),
            );
            return Err(AdminEventError::Invalid(errors));
        }
        Err(e) => return Err(e.into()),
    };
    for (booking, pence) in &outcome.to_refund {
        // Recorded either way; a refund the gateway refused stays visible for a retry.
        refund_card_payment(deps.bookings, deps.gateway, *booking, *pence, now)?;
    }
    Ok(Edited {
        event: deps.events.admin_event(id)?,
        updated: u32::try_from(updates.len()).unwrap_or(u32::MAX),
        notified: outcome.notified,
    })
}

fn update(
    before: &Event,
    after: Event,
    leader: Option<Option<UserId>>,
    leader_before: Option<UserId>,
    actor: &Actor,
    now: chrono::DateTime<chrono::Utc>,
) -> EventUpdate {
    let fields = changed_fields(before, &after, leader, leader_before);
    let cancelled = before.is_active && !after.is_active;
    let action = if cancelled {
        actions::EVENT_CANCEL
    } else {
        actions::EVENT_UPDATE
    };
    let audit = actor
        .entry(action, "event", Some(after.id.to_string()), now)
        .detail("fields", fields.join(","));
    EventUpdate {
        before: before.clone(),
        after,
        leader,
        audit,
    }
}

/// The names of the fields an edit changed, in the API's words (for the audit trail).
fn changed_fields(
    a: &Event,
    b: &Event,
    leader: Option<Option<UserId>>,
    leader_before: Option<UserId>,
) -> Vec<&'static str> {
    [
        ("title", a.title != b.title),
        ("description", a.description != b.description),
        ("category", a.category != b.category),
        ("venueId", a.venue.id != b.venue.id),
        ("date", a.starts_at != b.starts_at),
        ("duration", a.duration_minutes != b.duration_minutes),
        ("maxParticipants", a.max_participants != b.max_participants),
        ("price", a.price != b.price),
        ("isActive", a.is_active != b.is_active),
        (
            "companionAllowed",
            a.free_places.companion_allowed != b.free_places.companion_allowed,
        ),
        (
            "solidarityPlaces",
            a.free_places.solidarity_places != b.free_places.solidarity_places,
        ),
        ("leaderId", leader.is_some_and(|l| l != leader_before)),
    ]
    .into_iter()
    .filter_map(|(name, changed)| changed.then_some(name))
    .collect()
}

fn merge(mut into: FieldErrors, more: FieldErrors) -> FieldErrors {
    for (field, message) in more.iter() {
        into.add(field, ValidationError::new(message));
    }
    into
}

/// A later session's refusal, saying which session it is.
fn on_date(errors: FieldErrors, event: &Event) -> FieldErrors {
    let mut out = FieldErrors::new();
    let day = playspace_domain::london::day_of(event.starts_at).format("%-d %B %Y");
    for (field, message) in errors.iter() {
        out.add(
            field,
            ValidationError::new(format!("{message} (session on {day})")),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::Mocks;
    use chrono::Duration;
    use playspace_domain::{Category, Money, SeriesId};
    use playspace_ports::{Refund, RefundStatus, UpdateOutcome};
    use playspace_test_support::test_now;

    fn event(days: i64) -> Event {
        Event {
            id: EventId::new(),
            title: "Queer Badminton".into(),
            description: "Friendly doubles.".into(),
            category: Category::parse("Badminton").unwrap(),
            venue: std::sync::Arc::new(playspace_domain::Venue::from_location(
                "Britannia Leisure Centre, Hackney",
            )),
            starts_at: test_now() + Duration::days(days),
            duration_minutes: 90,
            price: Money::from_pence(500).unwrap(),
            max_participants: 12,
            current_participants: 4,
            free_places: playspace_domain::FreePlaces::default(),
            is_active: true,
            created_at: test_now(),
        }
    }

    fn audit() -> Actor {
        crate::admin::testing::actor()
    }

    #[test]
    fn an_edit_to_the_rest_of_a_series_moves_every_later_session() {
        let mut m = Mocks::new();
        let series = SeriesId::new();
        let (first, second, third) = (event(7), event(14), event(21));
        let current = AdminEvent {
            event: first.clone(),
            leader: None,
            series_id: Some(series),
        };
        let found = current.clone();
        m.events
            .expect_admin_event()
            .returning(move |_| Ok(found.clone()));
        let later = vec![first.clone(), second.clone(), third.clone()];
        let clissold = playspace_domain::Venue::from_location("Clissold Leisure Centre, Hackney");
        let clissold_id = clissold.id;
        m.venues
            .expect_venue()
            .withf(move |id| *id == clissold_id)
            .returning(move |_| Ok(clissold.clone()));
        m.events
            .expect_series_from()
            .withf(move |s, from| *s == series && *from == first.starts_at)
            .returning(move |_, _| Ok(later.clone()));
        m.events
            .expect_update_events()
            .withf(|updates, _, _| {
                updates.len() == 3
                    && updates.iter().all(|u| {
                        u.after.location() == "Clissold Leisure Centre, Hackney"
                            && u.audit.action == "event.update"
                            && u.audit.details == vec![("fields", "venueId".to_owned())]
                    })
            })
            .times(1)
            .returning(|_, _, _| {
                Ok(UpdateOutcome {
                    notified: 12,
                    to_refund: vec![],
                })
            });
        let edit = EventEdit {
            patch: EventPatch::default(),
            leader_id: None,
            venue_id: Some(clissold_id.to_string()),
            scope: EditScope::Following,
        };
        let edited =
            update_event(&m.deps(), &current.event.id.to_string(), edit, &audit()).unwrap();
        assert_eq!((edited.updated, edited.notified), (3, 12));
    }

    #[test]
    fn a_session_cannot_move_to_a_retired_or_unknown_venue_but_keeps_its_own() {
        let mut m = Mocks::new();
        let e = event(7);
        let own = e.venue.id;
        let found = AdminEvent {
            event: e.clone(),
            leader: None,
            series_id: None,
        };
        m.events
            .expect_admin_event()
            .returning(move |_| Ok(found.clone()));
        let mut retired = playspace_domain::Venue::from_location("Old Baths, Hackney");
        retired.retired = true;
        let retired_id = retired.id;
        m.venues
            .expect_venue()
            .withf(move |id| *id == retired_id)
            .returning(move |_| Ok(retired.clone()));
        m.venues
            .expect_venue()
            .returning(|_| Err(RepoError::NotFound));
        m.events.expect_update_events().never();
        for (venue, message) in [
            (
                retired_id.to_string(),
                playspace_domain::venue::RETIRED_MESSAGE,
            ),
            (
                playspace_domain::VenueId::new().to_string(),
                playspace_domain::venue::CHOOSE_VENUE,
            ),
            ("".to_owned(), playspace_domain::venue::CHOOSE_VENUE),
        ] {
            let edit = EventEdit {
                venue_id: Some(venue),
                ..EventEdit::default()
            };
            let err = update_event(&m.deps(), &e.id.to_string(), edit, &audit()).unwrap_err();
            assert!(
                matches!(&err, AdminEventError::Invalid(f) if f.get("venueId") == Some(message)),
                "{err:?}"
            );
        }
        // Its own venue, even retired since, is no move at all.
        let mut m2 = Mocks::new();
        let found = AdminEvent {
            event: e.clone(),
            leader: None,
            series_id: None,
        };
        m2.events
            .expect_admin_event()
            .returning(move |_| Ok(found.clone()));
        m2.venues.expect_venue().never();
        m2.events
            .expect_update_events()
            .withf(|u, _, _| u[0].audit.details == vec![("fields", "title".to_owned())])
            .returning(|_, _, _| Ok(UpdateOutcome::default()));
        let edit = EventEdit {
            patch: EventPatch {
                title: Some("Renamed".into()),
                ..EventPatch::default()
            },
            venue_id: Some(own.to_string()),
            ..EventEdit::default()
        };
        update_event(&m2.deps(), &e.id.to_string(), edit, &audit()).unwrap();
    }

    #[test]
    fn cancelling_refunds_each_card_payment_after_the_commit() {
        let mut m = Mocks::new();
        let e = event(3);
        let found = AdminEvent {
            event: e.clone(),
            leader: None,
            series_id: None,
        };
        m.events
            .expect_admin_event()
            .returning(move |_| Ok(found.clone()));
        let paid = playspace_domain::BookingId::new();
        m.events
            .expect_update_events()
            .withf(|u, _, _| u[0].audit.action == "event.cancel" && !u[0].after.is_active)
            .returning(move |_, _, _| {
                Ok(UpdateOutcome {
                    notified: 2,
                    to_refund: vec![(paid, 500)],
                })
            });
        m.bookings
            .expect_payment_intent()
            .returning(|_| Ok(Some("pi_1".into())));
        m.gateway
            .expect_refund()
            .withf(move |r| r.amount_pence == 500 && r.idempotency_key == format!("refund-{paid}"))
            .times(1)
            .returning(|_| {
                Ok(Refund {
                    id: "re_1".into(),
                    status: RefundStatus::Succeeded,
                })
            });
        m.bookings
            .expect_record_refund()
            .withf(move |id, pence, refund, status, _| {
                *id == paid
                    && *pence == 500
                    && refund.as_deref() == Some("re_1")
                    && status == "succeeded"
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(()));
        let edit = EventEdit {
            patch: EventPatch {
                is_active: Some(false),
                ..EventPatch::default()
            },
            ..EventEdit::default()
        };
        let edited = update_event(&m.deps(), &e.id.to_string(), edit, &audit()).unwrap();
        assert_eq!(edited.notified, 2);
    }

    #[test]
    fn places_taken_meanwhile_are_a_field_error() {
        let mut m = Mocks::new();
        let e = event(3);
        let found = AdminEvent {
            event: e.clone(),
            leader: None,
            series_id: None,
        };
        m.events
            .expect_admin_event()
            .returning(move |_| Ok(found.clone()));
        m.events
            .expect_update_events()
            .returning(|_, _, _| Err(RepoError::Conflict));
        let edit = EventEdit {
            patch: EventPatch {
                max_participants: Some(4),
                ..EventPatch::default()
            },
            ..EventEdit::default()
        };
        let Err(AdminEventError::Invalid(errors)) =
            update_event(&m.deps(), &e.id.to_string(), edit, &audit())
        else {
            panic!("expected a field error")
        };
        assert!(
            errors
                .get("maxParticipants")
                .unwrap()
                .starts_with("More places were taken")
        );
        // Below the count it knows of, it never reaches the store.
        let edit = EventEdit {
            patch: EventPatch {
                max_participants: Some(3),
                ..EventPatch::default()
            },
            ..EventEdit::default()
        };
        let Err(AdminEventError::Invalid(errors)) =
            update_event(&m.deps(), &e.id.to_string(), edit, &audit())
        else {
            panic!("expected a field error")
        };
        assert_eq!(
            errors.get("maxParticipants"),
            Some("There are already 4 places taken")
        );
    }
}
