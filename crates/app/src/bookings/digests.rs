//! "A session you'd like was just added": session-alert digests, sent by a periodic sweep
//! (ADR 0015).
use std::collections::HashSet;

use playspace_domain::digest::{
    DIGEST_TITLE, LONGEST_PERIOD, MAX_LISTED, SESSION_ALERTS_PURPOSE, SHORTEST_PERIOD,
    alert_link_subject, digest_due, digest_message, matches, published_since, wanted_frequency,
};
use playspace_domain::reminder::wants_email;
use playspace_domain::{EventId, NotificationKind};
use playspace_ports::{
    BookingRepository, Clock, DigestRepository, LinkSigner, NewNotification, RepoError,
};

use crate::accounts::EmailSettings;
use crate::bookings::emails;

/// How many people are read at a time.
const PAGE: u32 = 200;

/// Sends a digest to everyone it is due for by their preferences, listing the sessions
/// published since their last one that match their favourite sports, days and times and
/// that they have not booked (soonest first, at most [`MAX_LISTED`]): always the in-app
/// notification, and the email when their methods include email. At most one per person
/// per period, however many processes sweep. Returns how many people were sent one.
pub fn send_session_digests(
    digests: &dyn DigestRepository,
    bookings: &dyn BookingRepository,
    links: &dyn LinkSigner,
    clock: &dyn Clock,
    email: &EmailSettings,
) -> Result<usize, RepoError> {
    let now = clock.now();
    let sessions = digests.new_sessions(now - LONGEST_PERIOD, now)?;
    if sessions.is_empty() {
        return Ok(0);
    }
    let mut sent = 0;
    let mut after = None;
    loop {
        let page = digests.digest_recipients(now - SHORTEST_PERIOD, after, PAGE)?;
        for person in &page {
            let Some(frequency) = wanted_frequency(&person.preferences) else {
                continue;
            };
            if !digest_due(person.last_sent_at, person.joined_at, frequency, now) {
                continue;
            }
            let since = published_since(person.last_sent_at, person.joined_at);
            let fresh: Vec<_> = sessions
                .iter()
                .filter(|e| e.created_at > since && matches(e, &person.preferences))
                .collect();
            if fresh.is_empty() {
                continue;
            }
            let booked: HashSet<EventId> = bookings
                .live_event_ids(person.user_id, now)?
                .into_iter()
                .collect();
            let mut listed: Vec<_> = fresh
                .into_iter()
                .filter(|e| !booked.contains(&e.id))
                .collect();
            if listed.is_empty() {
                continue;
            }
            let count = listed.len();
            listed.truncate(MAX_LISTED);
            let mails = if wants_email(&person.preferences) {
                let token = links.sign(
                    SESSION_ALERTS_PURPOSE,
                    &alert_link_subject(person.user_id, now),
                );
                let unsubscribe = format!("{}/unsubscribe?token={token}", email.public_url);
                vec![emails::digest(email, person, &listed, &unsubscribe)?]
            } else {
                vec![]
            };
            let notification = NewNotification {
                user_id: person.user_id,
                kind: NotificationKind::Info,
                title: DIGEST_TITLE.into(),
                message: digest_message(count),
                action_url: Some("/events".into()),
                event_id: None,
            };
            if digests.send_digest(person.user_id, frequency, &mails, &notification, now)? {
                sent += 1;
            }
        }
        match page.last() {
            Some(last) if page.len() == PAGE as usize => after = Some(last.user_id),
            _ => break,
        }
    }
    Ok(sent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::testing::settings;
    use chrono::{DateTime, Duration, Utc};
    use playspace_domain::digest::DigestFrequency;
    use playspace_domain::{Category, Event, Money, Preferences, UserId};
    use playspace_ports::{
        DigestRecipient, MockBookingRepository, MockClock, MockDigestRepository, MockLinkSigner,
    };
    use playspace_test_support::utc;

    const NOW: &str = "2026-12-08T09:00:00Z";

    fn session(title: &str, starts_at: &str, created_at: &str) -> Event {
        Event {
            id: EventId::new(),
            title: title.into(),
            description: "Friendly football.".into(),
            category: Category::parse("Football").unwrap(),
            venue: std::sync::Arc::new(playspace_domain::Venue::from_location(
                "Haggerston Park, Hackney",
            )),
            starts_at: utc(starts_at),
            duration_minutes: 60,
            price: Money::from_pence(500).unwrap(),
            max_participants: 20,
            current_participants: 0,
            free_places: playspace_domain::FreePlaces::default(),
            is_active: true,
            created_at: utc(created_at),
        }
    }

    fn football_evenings(frequency: &str) -> Preferences {
        let mut p = Preferences::default();
        p.notifications.recommendations.enabled = true;
        p.notifications.recommendations.frequency = frequency.into();
        p.sports.favorites = vec!["Football".into()];
        p.availability.days = vec!["Flexible".into()];
        p.availability.times = vec!["Evening".into()];
        p
    }

    fn person(preferences: Preferences, last_sent_at: Option<DateTime<Utc>>) -> DigestRecipient {
        DigestRecipient {
            user_id: UserId::new(),
            email: "ana@example.org".into(),
            greeting_name: "Ana <3".into(),
            preferences,
            joined_at: utc("2026-01-01T09:00:00Z"),
            last_sent_at,
        }
    }

    fn clock() -> MockClock {
        let mut clock = MockClock::new();
        clock.expect_now().return_const(utc(NOW));
        clock
    }

    fn links() -> MockLinkSigner {
        let mut links = MockLinkSigner::new();
        links
            .expect_sign()
            .returning(|purpose, subject| format!("signed:{purpose}:{subject}"));
        links
    }

    fn no_bookings() -> MockBookingRepository {
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_live_event_ids()
            .returning(|_, _| Ok(vec![]));
        bookings
    }

    fn offering(sessions: Vec<Event>, people: Vec<DigestRecipient>) -> MockDigestRepository {
        let mut store = MockDigestRepository::new();
        store
            .expect_new_sessions()
            .withf(|since, now| *now == utc(NOW) && *since == *now - Duration::days(14))
            .returning(move |_, _| Ok(sessions.clone()));
        store
            .expect_digest_recipients()
            .withf(|sent_by, after, limit| {
                *sent_by == utc(NOW) - Duration::days(1) && after.is_none() && *limit == PAGE
            })
            .returning(move |_, _, _| Ok(people.clone()));
        store
    }

    fn sweep(store: &MockDigestRepository, bookings: &MockBookingRepository) -> usize {
        send_session_digests(store, bookings, &links(), &clock(), &settings()).unwrap()
    }

    #[test]
    fn a_due_person_gets_the_matching_new_sessions_soonest_first() {
        let last = utc(NOW) - Duration::days(7);
        let ana = person(football_evenings("weekly"), Some(last));
        let user = ana.user_id;
        let evening = session(
            "Five-a-side & chips",
            "2026-12-10T18:00:00Z",
            "2026-12-05T10:00:00Z",
        );
        let later = session(
            "Sunday league",
            "2026-12-13T19:00:00Z",
            "2026-12-07T10:00:00Z",
        );
        let morning = session(
            "Early kick-about",
            "2026-12-10T08:00:00Z",
            "2026-12-05T10:00:00Z",
        );
        let before_last = session("Old news", "2026-12-11T18:00:00Z", "2026-11-30T10:00:00Z");
        let (first, second) = (evening.id, later.id);
        let mut store = offering(vec![evening, morning, before_last, later], vec![ana]);
        store
            .expect_send_digest()
            .withf(move |u, f, mails, note, at| {
                let m = &mails[0];
                let token = format!(
                    "https://playspace.test/unsubscribe?token=signed:session-alerts:{user}:{}",
                    (utc(NOW) + Duration::days(60)).timestamp()
                );
                *u == user
                    && *f == DigestFrequency::Weekly
                    && *at == utc(NOW)
                    && note.user_id == user
                    && note.kind == NotificationKind::Info
                    && note.title == "New sessions for you"
                    && note.message == "2 new sessions match your preferences."
                    && note.action_url.as_deref() == Some("/events")
                    && mails.len() == 1
                    && m.subject == "New sessions you might like"
                    && m.email_type == "session_digest"
                    && m.to_email == "ana@example.org"
                    && m.text_body
                        .contains(&format!("Book: https://playspace.test/events/{first}"))
                    && m.text_body
                        .contains(&format!("Book: https://playspace.test/events/{second}"))
                    && m.text_body.find("Five-a-side") < m.text_body.find("Sunday league")
                    && m.text_body.contains(
                        "Thursday 10 December 2026, 18:00 at Haggerston Park, Hackney (£5.00)",
                    )
                    && !m.text_body.contains("Early kick-about")
                    && !m.text_body.contains("Old news")
                    && m.text_body.contains("https://playspace.test/preferences")
                    && m.text_body.contains(&token)
                    && m.html_body.contains(&format!("href=\"{token}\""))
                    && m.html_body.contains("Five-a-side &#38; chips")
                    && m.html_body.contains("Hello Ana &#60;3")
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(true));
        assert_eq!(sweep(&store, &no_bookings()), 1);
    }

    #[test]
    fn not_due_within_the_period_whatever_matches() {
        // Daily, last sent a second under a day ago.
        let last = utc(NOW) - Duration::days(1) + Duration::seconds(1);
        let s = session(
            "Five-a-side",
            "2026-12-10T18:00:00Z",
            "2026-12-08T08:59:00Z",
        );
        let mut store = offering(
            vec![s],
            vec![person(football_evenings("daily"), Some(last))],
        );
        store.expect_send_digest().never();
        assert_eq!(sweep(&store, &no_bookings()), 0);
    }

    #[test]
    fn opted_out_no_favourites_nothing_new_or_all_booked_send_nothing() {
        let s = session(
            "Five-a-side",
            "2026-12-10T18:00:00Z",
            "2026-12-07T10:00:00Z",
        );
        let booked_id = s.id;
        let mut off = football_evenings("daily");
        off.notifications.recommendations.enabled = false;
        let mut no_favourites = football_evenings("daily");
        no_favourites.sports.favorites.clear();
        let mut mornings = football_evenings("daily");
        mornings.availability.times = vec!["Morning".into()];
        let booker = person(football_evenings("daily"), None);
        let booker_id = booker.user_id;
        let mut store = offering(
            vec![s],
            vec![
                person(off, None),
                person(no_favourites, None),
                person(mornings, None),
                booker,
            ],
        );
        store.expect_send_digest().never();
        let mut bookings = MockBookingRepository::new();
        bookings
            .expect_live_event_ids()
            .withf(move |u, at| *u == booker_id && *at == utc(NOW))
            .times(1)
            .returning(move |_, _| Ok(vec![booked_id]));
        assert_eq!(sweep(&store, &bookings), 0);
    }

    #[test]
    fn no_new_sessions_reads_no_one() {
        let mut store = MockDigestRepository::new();
        store.expect_new_sessions().returning(|_, _| Ok(vec![]));
        store.expect_digest_recipients().never();
        assert_eq!(sweep(&store, &no_bookings()), 0);
    }

    #[test]
    fn without_the_email_method_only_the_notification_and_at_most_ten_listed() {
        let mut prefs = football_evenings("bi-weekly");
        prefs.notifications.methods = vec!["browser".into()];
        let many: Vec<Event> = (0..12)
            .map(|_| {
                session(
                    "Five-a-side",
                    "2026-12-10T18:00:00Z",
                    "2026-12-07T10:00:00Z",
                )
            })
            .collect();
        let mut store = offering(many.clone(), vec![person(prefs, None)]);
        store
            .expect_send_digest()
            .withf(|_, f, mails, note, _| {
                *f == DigestFrequency::BiWeekly
                    && mails.is_empty()
                    && note.message == "12 new sessions match your preferences."
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(true));
        assert_eq!(sweep(&store, &no_bookings()), 1);

        let mut store = offering(many, vec![person(football_evenings("daily"), None)]);
        store
            .expect_send_digest()
            .withf(|_, _, mails, _, _| mails[0].text_body.matches("Book: ").count() == MAX_LISTED)
            .times(1)
            .returning(|_, _, _, _, _| Ok(false));
        // Claimed already by another process: not counted.
        assert_eq!(sweep(&store, &no_bookings()), 0);
    }
}
