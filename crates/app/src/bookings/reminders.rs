//! Event reminders, sent by a periodic sweep (ADR 0014).
use playspace_domain::NotificationKind;
use playspace_domain::reminder::{
    REMINDER_TITLE, ReminderFacts, decide_reminders, reminder_message, wants_email,
};
use playspace_ports::{Clock, NewNotification, ReminderRepository, RepoError};

use crate::accounts::EmailSettings;
use crate::bookings::emails;

/// How many candidate bookings are read at a time.
const PAGE: u32 = 200;

/// Sends every reminder due now by each person's preferences: always the in-app
/// notification, and the email when their methods include email. Each (booking, timing)
/// goes once, however many processes sweep; one whose moment came that the person does not
/// get is recorded as passed, so later sweeps no longer read it. Returns how many were sent.
pub fn send_event_reminders(
    reminders: &dyn ReminderRepository,
    clock: &dyn Clock,
    email: &EmailSettings,
) -> Result<usize, RepoError> {
    let now = clock.now();
    let mut sent = 0;
    let mut after = None;
    loop {
        let page = reminders.reminder_candidates(now, after, PAGE)?;
        let mut passed = Vec::new();
        for candidate in &page {
            let facts = ReminderFacts {
                starts_at: candidate.starts_at,
                booked_at: candidate.booked_at,
                now,
            };
            let decision = decide_reminders(&candidate.preferences, facts);
            passed.extend(decision.pass.iter().map(|t| (candidate.booking_id, *t)));
            for timing in decision.send {
                let mails = if wants_email(&candidate.preferences) {
                    vec![emails::reminder(email, candidate, timing)?]
                } else {
                    vec![]
                };
                let notification = NewNotification {
                    user_id: candidate.user_id,
                    kind: NotificationKind::Reminder,
                    title: REMINDER_TITLE.into(),
                    message: reminder_message(&candidate.title, timing),
                    action_url: Some("/bookings".into()),
                    event_id: Some(candidate.event_id),
                };
                if reminders.send_reminder(
                    candidate.booking_id,
                    timing,
                    &mails,
                    &notification,
                    now,
                )? {
                    sent += 1;
                }
            }
        }
        reminders.pass_reminders(&passed, now)?;
        match page.last() {
            Some(last) if page.len() == PAGE as usize => after = Some(last.booking_id),
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
    use mockall::predicate::always;
    use playspace_domain::reminder::ReminderTiming;
    use playspace_domain::{BookingId, BookingReference, EventId, Preferences, UserId};
    use playspace_ports::{MockClock, MockReminderRepository, ReminderCandidate};
    use playspace_test_support::utc;

    const START: &str = "2026-12-10T18:00:00Z";

    fn candidate(preferences: Preferences) -> ReminderCandidate {
        ReminderCandidate {
            booking_id: BookingId::new(),
            reference: "PS-7K3Q9M".parse::<BookingReference>().unwrap(),
            booked_at: utc("2026-11-01T09:00:00Z"),
            user_id: UserId::new(),
            email: "ana@example.org".into(),
            greeting_name: "Ana <3".into(),
            preferences,
            event_id: EventId::new(),
            title: "Yoga & Stretch".into(),
            location: "Victoria Park, Hackney".into(),
            starts_at: utc(START),
            duration_minutes: 60,
        }
    }

    fn clock_at(now: DateTime<Utc>) -> MockClock {
        let mut clock = MockClock::new();
        clock.expect_now().return_const(now);
        clock
    }

    fn store_offering(candidates: Vec<ReminderCandidate>) -> MockReminderRepository {
        let mut store = MockReminderRepository::new();
        store
            .expect_reminder_candidates()
            .times(1)
            .returning(move |_, _, _| Ok(candidates.clone()));
        store
    }

    /// Expects each page's passed-over reminders to be exactly `passed`.
    fn expect_passes(store: &mut MockReminderRepository, passed: Vec<(BookingId, ReminderTiming)>) {
        store
            .expect_pass_reminders()
            .withf(move |p, _| p == passed.as_slice())
            .returning(|_, _| Ok(()));
    }

    #[test]
    fn a_server_down_across_the_moment_catches_up_within_the_window() {
        // The 24 hours moment passed 5 hours ago, inside its 6 hour window.
        let now = utc(START) - Duration::hours(24) + Duration::hours(5);
        let c = candidate(Preferences::default());
        let (booking, user, event) = (c.booking_id, c.user_id, c.event_id);
        let mut store = store_offering(vec![c]);
        store
            .expect_send_reminder()
            .withf(move |b, timing, mails, note, at| {
                *b == booking
                    && *timing == ReminderTiming::OneDay
                    && *at == now
                    && note.user_id == user
                    && note.kind == NotificationKind::Reminder
                    && note.title == "Event Reminder"
                    && note.message == "Reminder: \"Yoga & Stretch\" starts in 24 hours!"
                    && note.action_url.as_deref() == Some("/bookings")
                    && note.event_id == Some(event)
                    && mails.len() == 1
                    && mails[0].email_type == "event_reminder"
                    && mails[0].to_email == "ana@example.org"
                    && mails[0].booking_id == Some(booking)
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(true));
        expect_passes(&mut store, vec![]);
        let sent = send_event_reminders(&store, &clock_at(now), &settings()).unwrap();
        assert_eq!(sent, 1);
    }

    #[test]
    fn a_server_down_past_the_window_skips_that_reminder() {
        let now = utc(START) - Duration::hours(24) + Duration::hours(6) + Duration::seconds(1);
        let mut store = store_offering(vec![candidate(Preferences::default())]);
        store.expect_send_reminder().never();
        // Past its window a timing is neither sent nor recorded: the store no longer offers it.
        expect_passes(&mut store, vec![]);
        assert_eq!(
            send_event_reminders(&store, &clock_at(now), &settings()).unwrap(),
            0
        );
    }

    #[test]
    fn the_email_names_the_event_time_in_london_place_reference_and_cancel_link() {
        let c = candidate(Preferences::default());
        let mail = emails::reminder(&settings(), &c, ReminderTiming::OneHour).unwrap();
        assert_eq!(
            mail.subject,
            "Reminder: \"Yoga & Stretch\" starts in 1 hour!"
        );
        assert_eq!(mail.to_name.as_deref(), Some("Ana <3"));
        for text in [
            "Reference: PS-7K3Q9M",
            "When: Thursday 10 December 2026, 18:00 (60 minutes)",
            "Where: Victoria Park, Hackney",
            "https://playspace.test/bookings",
        ] {
            assert!(mail.text_body.contains(text), "{text}");
        }
        assert!(mail.html_body.contains("Hello Ana &#60;3"));
        assert!(mail.html_body.contains("Yoga &#38; Stretch"));
        assert!(!mail.html_body.contains("Ana <3"));
        assert!(
            mail.html_body
                .contains("href=\"https://playspace.test/bookings\"")
        );
    }

    #[test]
    fn without_the_email_method_only_the_notification_is_written() {
        let mut prefs = Preferences::default();
        prefs.notifications.methods = vec!["browser".into()];
        let now = utc(START) - Duration::minutes(50);
        let mut store = store_offering(vec![candidate(prefs)]);
        store
            .expect_send_reminder()
            .withf(|_, timing, mails, _, _| *timing == ReminderTiming::OneHour && mails.is_empty())
            .times(1)
            .returning(|_, _, _, _, _| Ok(true));
        expect_passes(&mut store, vec![]);
        assert_eq!(
            send_event_reminders(&store, &clock_at(now), &settings()).unwrap(),
            1
        );
    }

    #[test]
    fn reminders_turned_off_send_nothing_and_one_already_sent_is_not_counted() {
        let now = utc(START) - Duration::minutes(50);
        let mut off = Preferences::default();
        off.notifications.event_reminders.enabled = false;
        let off = candidate(off);
        let passed = vec![(off.booking_id, ReminderTiming::OneHour)];
        let mut store = store_offering(vec![off, candidate(Preferences::default())]);
        store
            .expect_send_reminder()
            .times(1)
            .returning(|_, _, _, _, _| Ok(false));
        expect_passes(&mut store, passed);
        assert_eq!(
            send_event_reminders(&store, &clock_at(now), &settings()).unwrap(),
            0
        );
    }

    #[test]
    fn full_pages_are_followed_from_the_last_booking() {
        let now = utc(START) - Duration::minutes(50);
        let first: Vec<ReminderCandidate> = (0..PAGE)
            .map(|_| candidate(Preferences::default()))
            .collect();
        let last = first[first.len() - 1].booking_id;
        let mut store = MockReminderRepository::new();
        store
            .expect_reminder_candidates()
            .withf(|_, after, limit| after.is_none() && *limit == PAGE)
            .times(1)
            .returning(move |_, _, _| Ok(first.clone()));
        store
            .expect_reminder_candidates()
            .withf(move |_, after, _| *after == Some(last))
            .times(1)
            .returning(|_, _, _| Ok(vec![]));
        store
            .expect_send_reminder()
            .with(always(), always(), always(), always(), always())
            .times(PAGE as usize)
            .returning(|_, _, _, _, _| Ok(true));
        store
            .expect_pass_reminders()
            .withf(|p, _| p.is_empty())
            .times(2)
            .returning(|_, _| Ok(()));
        assert_eq!(
            send_event_reminders(&store, &clock_at(now), &settings()).unwrap(),
            PAGE as usize
        );
    }

    #[test]
    fn timings_not_chosen_or_booked_too_late_are_passed_once_per_page() {
        // The 1 week moment: one person wants only the defaults, one booked after it.
        let now = utc(START) - Duration::weeks(1) + Duration::hours(2);
        let defaults = candidate(Preferences::default());
        let mut every = Preferences::default();
        every.notifications.event_reminders.timing = ReminderTiming::ALL
            .iter()
            .map(|t| t.label().into())
            .collect();
        let mut late = candidate(every.clone());
        late.booked_at = now - Duration::hours(1);
        let wanted = candidate(every);
        let passed = vec![
            (defaults.booking_id, ReminderTiming::OneWeek),
            (late.booking_id, ReminderTiming::OneWeek),
        ];
        let booking = wanted.booking_id;
        let mut store = store_offering(vec![defaults, late, wanted]);
        store
            .expect_send_reminder()
            .withf(move |b, timing, _, _, _| *b == booking && *timing == ReminderTiming::OneWeek)
            .times(1)
            .returning(|_, _, _, _, _| Ok(true));
        store
            .expect_pass_reminders()
            .withf(move |p, at| p == passed.as_slice() && *at == now)
            .times(1)
            .returning(|_, _| Ok(()));
        assert_eq!(
            send_event_reminders(&store, &clock_at(now), &settings()).unwrap(),
            1
        );
    }
}
