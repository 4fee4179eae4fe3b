use playspace_domain::audit::actions;
use playspace_domain::event_form::EventForm;
use playspace_domain::london;
use playspace_domain::series::SeriesForm;
use playspace_domain::{FieldErrors, SeriesId};

use crate::admin::Actor;
use playspace_ports::{AdminEvent, NewSeries};

use super::{AdminDeps, AdminEventError, leader, venue};

/// A new session or series as the admin typed it.
#[derive(Clone, Debug, Default)]
pub struct NewEventInput {
    pub form: EventForm,
    pub leader_id: Option<String>,
}

/// Creates one session (the spec's defaults for what is left out).
pub fn create_event(
    deps: &AdminDeps,
    input: NewEventInput,
    actor: &Actor,
) -> Result<AdminEvent, AdminEventError> {
    let now = deps.clock.now();
    let mut errors = FieldErrors::new();
    let leader = leader(deps, input.leader_id.as_deref(), &mut errors)?;
    let venue = venue(deps, &input.form.venue_id)?;
    let event = match input.form.validate(venue, now) {
        Ok(event) if errors.is_empty() => event,
        Ok(_) => return Err(AdminEventError::Invalid(errors)),
        Err(mut more) => {
            for (field, message) in errors.iter() {
                more.add(field, playspace_domain::ValidationError::new(message));
            }
            return Err(AdminEventError::Invalid(more));
        }
    };
    let audit = actor.entry(
        actions::EVENT_CREATE,
        "event",
        Some(event.id.to_string()),
        now,
    );
    let leader_id = leader.as_ref().map(|l| l.id);
    deps.events
        .create_events(std::slice::from_ref(&event), leader_id, None, &audit)?;
    Ok(AdminEvent {
        event,
        leader,
        series_id: None,
    })
}

/// Creates a weekly or fortnightly run of sessions from one rule ("every Tuesday 18:30
/// until 31 March"); each is an ordinary event with its own places and bookings.
pub fn create_series(
    deps: &AdminDeps,
    input: NewEventInput,
    rule: SeriesForm,
    actor: &Actor,
) -> Result<(SeriesId, Vec<AdminEvent>), AdminEventError> {
    let now = deps.clock.now();
    let mut errors = FieldErrors::new();
    let leader = leader(deps, input.leader_id.as_deref(), &mut errors)?;
    let venue = venue(deps, &input.form.venue_id)?;
    let details = input.form.details(venue, &mut errors);
    let rule = rule.validate(london::day_of(now), &mut errors);
    let (Some(details), Some(rule)) = (details, rule) else {
        return Err(AdminEventError::Invalid(errors));
    };
    if !errors.is_empty() {
        return Err(AdminEventError::Invalid(errors));
    }
    let events: Vec<_> = rule
        .starts()
        .into_iter()
        .map(|start| details.at(start, now))
        .collect();
    let series = NewSeries {
        id: SeriesId::new(),
        rule,
        created_by: actor.id,
    };
    let audit = actor
        .entry(
            actions::SERIES_CREATE,
            "series",
            Some(series.id.to_string()),
            now,
        )
        .detail("sessions", events.len().to_string());
    deps.events.create_events(
        &events,
        leader.as_ref().map(|l| l.id),
        Some(&series),
        &audit,
    )?;
    let created = events
        .into_iter()
        .map(|event| AdminEvent {
            event,
            leader: leader.clone(),
            series_id: Some(series.id),
        })
        .collect();
    Ok((series.id, created))
}
