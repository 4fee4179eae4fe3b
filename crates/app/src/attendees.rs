//! Who's going to a session, with each person's privacy kept (ADR 0023).
use playspace_domain::attendance::{Viewer, is_named, shown_name};
use playspace_ports::{AttendanceRepository, EventRepository};

use crate::get_event::{GetEventError, get_event};

/// One person named as going: the name others see and their pronouns, nothing else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedPerson {
    pub name: String,
    pub pronouns: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attendees {
    /// Places taken: the event's participant count (companions, when they come, included).
    pub count: u32,
    /// Those with a confirmed place whom their preferences name to this viewer, by name.
    pub people: Vec<NamedPerson>,
}

/// How many are going to the public event `id` and, for a signed-in viewer, who of them
/// shares it. A visitor gets only the count, without the store being asked for anyone.
#[tracing::instrument(skip_all)]
pub fn who_is_going(
    events: &impl EventRepository,
    attendance: &impl AttendanceRepository,
    id: &str,
    viewer: Viewer,
) -> Result<Attendees, GetEventError> {
    let event = get_event(events, id)?;
    let people = if viewer == Viewer::Visitor {
        Vec::new()
    } else {
        let mut people: Vec<NamedPerson> = attendance
            .going(event.id)
            .map_err(GetEventError::Store)?
            .into_iter()
            .filter(|person| is_named(&person.privacy, viewer))
            .map(|person| NamedPerson {
                name: shown_name(&person.first_name, person.chosen_name.as_deref()).to_owned(),
                pronouns: person.pronouns,
            })
            .collect();
        people.sort_by_cached_key(|p| p.name.to_lowercase());
        people
    };
    Ok(Attendees {
        count: event.current_participants,
        people,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_domain::preferences::PrivacyPreferences;
    use playspace_ports::{GoingPerson, MockAttendanceRepository, MockEventRepository};
    use playspace_test_support::EventBuilder;

    fn person(first: &str, chosen: Option<&str>, visibility: &str, share: bool) -> GoingPerson {
        GoingPerson {
            first_name: first.into(),
            chosen_name: chosen.map(Into::into),
            pronouns: Some("they/them".into()),
            privacy: PrivacyPreferences {
                profile_visibility: visibility.into(),
                share_attendance: share,
                share_progress: false,
            },
        }
    }

    fn events() -> MockEventRepository {
        let event = EventBuilder::new().places(7, 20).build();
        let mut events = MockEventRepository::new();
        events.expect_get().returning(move |_| Ok(event.clone()));
        events
    }

    #[test]
    fn members_see_the_count_and_those_who_share_by_their_chosen_names() {
        let mut attendance = MockAttendanceRepository::new();
        attendance.expect_going().returning(|_| {
            Ok(vec![
                person("Zoe", None, "members", true),
                person("Ana", Some("Nia"), "public", true),
                person("Sam", None, "private", true),
                person("Kit", None, "members", false),
            ])
        });
        let id = playspace_domain::EventId::new().to_string();
        let going = who_is_going(&events(), &attendance, &id, Viewer::Member).unwrap();
        assert_eq!(going.count, 7);
        let names: Vec<&str> = going.people.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Nia", "Zoe"]);
        assert_eq!(going.people[0].pronouns.as_deref(), Some("they/them"));
    }

    #[test]
    fn a_visitor_gets_only_the_count_and_nobody_is_looked_up() {
        let mut attendance = MockAttendanceRepository::new();
        attendance.expect_going().never();
        let id = playspace_domain::EventId::new().to_string();
        let going = who_is_going(&events(), &attendance, &id, Viewer::Visitor).unwrap();
        assert_eq!((going.count, going.people.len()), (7, 0));
    }

    #[test]
    fn an_inactive_event_is_not_found() {
        let mut events = MockEventRepository::new();
        let hidden = EventBuilder::new().inactive().build();
        events.expect_get().returning(move |_| Ok(hidden.clone()));
        let mut attendance = MockAttendanceRepository::new();
        attendance.expect_going().never();
        let id = playspace_domain::EventId::new().to_string();
        assert!(matches!(
            who_is_going(&events, &attendance, &id, Viewer::Member),
            Err(GetEventError::NotFound)
        ));
    }
}
