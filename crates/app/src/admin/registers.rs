//! Session registers for leaders at the venue: who is coming, what they need, and marking
//! attendance and cash paid at the door. A moderator sees only the sessions they lead.
use chrono::Duration;
use playspace_domain::admin::{AdminArea, NO_PERMISSION, may_see_register};
use playspace_domain::audit::actions;
use playspace_domain::{BookingId, EventId, UserId, london};
use playspace_ports::{AdminEvent, RegisterChange, RegisterLine, RepoError};

use super::{Actor, AdminDeps};

#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    #[error("Not found")]
    NotFound,
    #[error("{}", NO_PERMISSION)]
    Forbidden,
    #[error("Only cash bookings are paid at the door.")]
    NotCash,
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for RegisterError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => Self::NotFound,
            e => Self::Store(e),
        }
    }
}

/// The sessions whose registers the caller may open, from the start of yesterday (London):
/// a leader's own, or for admins every session.
pub fn sessions_to_lead(
    deps: &AdminDeps,
    me: UserId,
    area: AdminArea,
) -> Result<Vec<AdminEvent>, RepoError> {
    let yesterday = london::day_of(deps.clock.now()) - Duration::days(1);
    let from = london::day_bounds(yesterday).0;
    let leader = match area {
        AdminArea::Everything => None,
        AdminArea::OwnRegisters => Some(me),
    };
    deps.registers.led_sessions(leader, from)
}

/// The session and the caller's right to its register. Someone else's session is 403, an
/// unknown one 404.
fn session(
    deps: &AdminDeps,
    me: UserId,
    area: AdminArea,
    event: &str,
) -> Result<AdminEvent, RegisterError> {
    let id: EventId = event.parse().map_err(|_| RegisterError::NotFound)?;
    let session = deps.events.admin_event(id)?;
    if !may_see_register(me, area, session.leader.as_ref().map(|l| l.id)) {
        return Err(RegisterError::Forbidden);
    }
    Ok(session)
}

/// A session's register: each live booking with the person's chosen name and pronouns, the
/// accessibility requirements of that booking and their emergency contact.
pub fn event_register(
    deps: &AdminDeps,
    me: UserId,
    area: AdminArea,
    event: &str,
) -> Result<(AdminEvent, Vec<RegisterLine>), RegisterError> {
    let session = session(deps, me, area, event)?;
    let lines = deps.registers.register(session.event.id)?;
    Ok((session, lines))
}

/// Marks one person on the register (attended, no-show, or cash paid), audited.
pub fn mark_register(
    deps: &AdminDeps,
    me: UserId,
    area: AdminArea,
    event: &str,
    booking: &str,
    change: RegisterChange,
    actor: &Actor,
) -> Result<RegisterLine, RegisterError> {
    let session = session(deps, me, area, event)?;
    let booking: BookingId = booking.parse().map_err(|_| RegisterError::NotFound)?;
    let action = match change {
        RegisterChange::Attendance(_) => actions::ATTENDANCE_MARK,
        RegisterChange::CashPaid => actions::CASH_PAID,
    };
    let audit = actor
        .entry(
            action,
            "booking",
            Some(booking.to_string()),
            deps.clock.now(),
        )
        .detail("eventId", session.event.id.to_string());
    let audit = match change {
        RegisterChange::Attendance(mark) => {
            audit.detail("attendance", mark.map_or("unmarked", |m| m.as_str()))
        }
        RegisterChange::CashPaid => audit,
    };
    match deps
        .registers
        .mark(session.event.id, booking, change, &audit)
    {
        Ok(line) => Ok(line),
        Err(RepoError::Conflict) => Err(RegisterError::NotCash),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::Mocks;
    use playspace_domain::admin::Attendance;
    use playspace_ports::Leader;
    use playspace_test_support::{EventBuilder, test_now};

    fn led_by(leader: Option<UserId>) -> AdminEvent {
        AdminEvent {
            event: EventBuilder::new().build(),
            leader: leader.map(|id| Leader {
                id,
                name: "Sam Lee".into(),
                role: playspace_domain::Role::Moderator,
            }),
            series_id: None,
        }
    }

    #[test]
    fn a_moderator_opens_only_the_registers_they_lead() {
        let (me, other) = (UserId::new(), UserId::new());
        let mut m = Mocks::new();
        let theirs = led_by(Some(other));
        m.events
            .expect_admin_event()
            .returning(move |_| Ok(theirs.clone()));
        m.registers.expect_register().never();
        let id = EventId::new().to_string();
        assert!(matches!(
            event_register(&m.deps(), me, AdminArea::OwnRegisters, &id),
            Err(RegisterError::Forbidden)
        ));
        // An admin may, whoever leads it.
        m.registers.checkpoint();
        m.registers.expect_register().returning(|_| Ok(vec![]));
        assert!(event_register(&m.deps(), me, AdminArea::Everything, &id).is_ok());
    }

    #[test]
    fn marks_are_audited_with_the_session_and_only_cash_is_paid_at_the_door() {
        let me = UserId::new();
        let mut m = Mocks::new();
        let mine = led_by(Some(me));
        let event_id = mine.event.id;
        m.events
            .expect_admin_event()
            .returning(move |_| Ok(mine.clone()));
        m.registers
            .expect_mark()
            .withf(move |e, _, change, audit| {
                *e == event_id
                    && *change == RegisterChange::Attendance(Some(Attendance::NoShow))
                    && audit.action == "booking.attendance"
                    && audit
                        .details
                        .contains(&("attendance", "no_show".to_owned()))
                    && audit.at == test_now()
            })
            .times(1)
            .returning(|_, _, _, _| Err(RepoError::NotFound));
        let actor = Actor {
            id: me,
            ..crate::admin::testing::actor()
        };
        let booking = BookingId::new().to_string();
        assert!(matches!(
            mark_register(
                &m.deps(),
                me,
                AdminArea::OwnRegisters,
                &event_id.to_string(),
                &booking,
                RegisterChange::Attendance(Some(Attendance::NoShow)),
                &actor
            ),
            Err(RegisterError::NotFound)
        ));
        m.registers.checkpoint();
        m.registers
            .expect_mark()
            .returning(|_, _, _, _| Err(RepoError::Conflict));
        assert!(matches!(
            mark_register(
                &m.deps(),
                me,
                AdminArea::OwnRegisters,
                &event_id.to_string(),
                &booking,
                RegisterChange::CashPaid,
                &actor
            ),
            Err(RegisterError::NotCash)
        ));
    }
}
