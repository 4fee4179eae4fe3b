//! Every email type, rendered from its templates: escaping, London time, links, and which
//! emails carry the unsubscribe and preferences links.
#![allow(clippy::unwrap_used)]
use chrono::{DateTime, Utc};
use playspace_domain::reminder::ReminderTiming;
use playspace_domain::story::{AdminStory, StoryAuthorContact, StoryReview, StorySummary};
use playspace_domain::{
    Booking, BookingId, BookingReference, BookingStatus, Event, OutgoingEmail, PaymentMethod,
    PaymentStatus, Preferences, StoryId, User,
};
use playspace_ports::{
    Attendee, AttendeeBooking, ComposeEmail, DigestRecipient, EventNews, ListMember, Recipient,
    ReminderCandidate,
};
use playspace_test_support::{EventBuilder, test_now, utc};

use crate::accounts::emails as account;
use crate::accounts::testing::{settings, user};
use crate::admin::bulk_email_message::{Audience, BulkEmailMessage};
use crate::admin::events::emails as event_news;
use crate::admin::stories::decline_email;
use crate::admin::testing::Mocks;
use crate::bookings::emails as booking;
use playspace_domain::bulk_email::BulkEmailContent;

const HOSTILE: &str = "<script>alert(1)</script> \"&'";
/// `HOSTILE` as askama's HTML escaping writes it.
const HOSTILE_ESCAPED: &str = "&#60;script&#62;alert(1)&#60;/script&#62; &#34;&#38;&#39;";
const SITE: &str = "https://playspace.test";

fn hostile_user() -> User {
    let mut u = user();
    u.profile.first_name = HOSTILE.into();
    u
}

fn event_at(starts_at: DateTime<Utc>) -> Event {
    EventBuilder::new()
        .title(HOSTILE)
        .location("Victoria Park, Hackney")
        .starts_at(starts_at)
        .price_pence(750)
        .build()
}

fn booking_of(u: &User, e: &Event) -> Booking {
    Booking {
        id: BookingId::new(),
        reference: "PS-7K3Q9M".parse::<BookingReference>().unwrap(),
        user_id: u.id,
        event_id: e.id,
        status: BookingStatus::Confirmed,
        payment_status: PaymentStatus::Paid,
        payment_method: PaymentMethod::Card,
        amount: e.price,
        accessibility_requirements: None,
        access_needs: vec![],
        needs_from_profile: false,
        companion: None,
        created_at: test_now(),
    }
}

fn attendee(u: &User, b: &Booking) -> Attendee {
    Attendee {
        user_id: u.id,
        email: u.email.clone(),
        name: HOSTILE.into(),
        booking: Some(AttendeeBooking {
            id: b.id,
            reference: b.reference.clone(),
            payment_method: b.payment_method,
            payment_status: b.payment_status,
            amount: b.amount,
        }),
    }
}

/// One rendered email, the links it must carry, and whether it is marketing (anything
/// not about the person's own booking or account), which needs the unsubscribe link.
struct Case {
    email: OutgoingEmail,
    links: Vec<String>,
    shows_hostile_text: bool,
    marketing: bool,
}

fn every_email() -> Vec<Case> {
    let s = settings();
    let u = hostile_user();
    let e = event_at(utc("2026-12-10T18:00:00Z"));
    let b = booking_of(&u, &e);
    let mut moved = e.clone();
    moved.venue = std::sync::Arc::new(playspace_domain::Venue::from_location("Mile End Park"));
    let event_link = format!("{SITE}/events/{}", e.id);
    let unsubscribe = format!("{SITE}/unsubscribe?token=alerts123");
    let candidate = ReminderCandidate {
        booking_id: b.id,
        reference: b.reference.clone(),
        booked_at: test_now(),
        user_id: u.id,
        email: "ana@example.org".into(),
        greeting_name: HOSTILE.into(),
        preferences: Preferences::default(),
        event_id: e.id,
        title: HOSTILE.into(),
        location: e.location(),
        starts_at: e.starts_at,
        duration_minutes: 60,
    };
    let recipient = DigestRecipient {
        user_id: u.id,
        email: "ana@example.org".into(),
        greeting_name: HOSTILE.into(),
        preferences: Preferences::default(),
        joined_at: test_now(),
        last_sent_at: None,
    };
    let story = AdminStory {
        summary: StorySummary {
            id: StoryId::new(),
            title: HOSTILE.into(),
            excerpt: "x".repeat(20),
            category: "Wellness".into(),
            author_name: "Ana".into(),
            published_at: test_now(),
        },
        content: "<p>story</p>".into(),
        is_published: false,
        review: Some(StoryReview::Pending),
        decline_reason: None,
        created_at: test_now(),
        updated_at: test_now(),
        author_contact: Some(StoryAuthorContact {
            user_id: u.id,
            email: "ana@example.org".into(),
            name: HOSTILE.into(),
        }),
    };
    let mocks = Mocks::new().with_plain_links();
    let bulk = BulkEmailMessage::new(
        &s,
        &mocks.links,
        &BulkEmailContent {
            subject: HOSTILE.into(),
            message: format!("{HOSTILE}\n\nSee you soon"),
        },
        Audience::Accounts,
    )
    .unwrap()
    .compose(&Recipient {
        member: ListMember::Account(u.id),
        email: "ana@example.org".into(),
        name: Some(HOSTILE.into()),
    });
    let case = |email, links: &[&str], shows_hostile_text, marketing| Case {
        email,
        links: links.iter().map(|l| (*l).to_owned()).collect(),
        shows_hostile_text,
        marketing,
    };
    vec![
        case(
            account::welcome(&s, &u).unwrap(),
            &[&format!("{SITE}/events")],
            true,
            false,
        ),
        case(
            account::verify(&s, &u, "tok1").unwrap(),
            &[&format!("{SITE}/verify-email?token=tok1")],
            false,
            false,
        ),
        case(
            account::password_reset(&s, &u, "tok2").unwrap(),
            &[&format!("{SITE}/reset-password?token=tok2")],
            false,
            false,
        ),
        case(
            account::finish_sign_up(&s, &u.email, "tok3").unwrap(),
            &[&format!("{SITE}/signup/confirm?token=tok3")],
            false,
            false,
        ),
        case(
            account::signup_attempt(&s, &u.email).unwrap(),
            &[&format!("{SITE}/login"), &format!("{SITE}/forgot-password")],
            false,
            false,
        ),
        case(
            booking::confirmation(&s, &u, &b, &e).unwrap(),
            &[&format!("{SITE}/bookings")],
            true,
            false,
        ),
        case(
            booking::cancellation(&s, &u, &b, &e).unwrap(),
            &[&format!("{SITE}/events")],
            true,
            false,
        ),
        case(
            booking::payment_received(&s, &u, &b, &e).unwrap(),
            &[],
            true,
            false,
        ),
        case(
            booking::place_offered(&s, &u, &e, e.starts_at).unwrap(),
            &[&event_link],
            true,
            false,
        ),
        case(
            booking::reminder(&s, &candidate, ReminderTiming::OneHour).unwrap(),
            &[&format!("{SITE}/bookings")],
            true,
            false,
        ),
        case(
            booking::digest(&s, &recipient, &[&e], &unsubscribe).unwrap(),
            &[
                &event_link,
                &format!("{SITE}/events"),
                &format!("{SITE}/preferences"),
                &unsubscribe,
            ],
            true,
            true,
        ),
        case(
            event_news::message(&s, &e, &moved, EventNews::Changed, &attendee(&u, &b))
                .unwrap()
                .email,
            &[&event_link],
            true,
            false,
        ),
        case(
            event_news::message(&s, &e, &e, EventNews::Cancelled, &attendee(&u, &b))
                .unwrap()
                .email,
            &[&format!("{SITE}/events")],
            true,
            false,
        ),
        case(
            decline_email(&s, &story, HOSTILE).unwrap().unwrap(),
            &[&format!("{SITE}/blog")],
            true,
            false,
        ),
        case(
            bulk,
            &[
                &format!("{SITE}/preferences"),
                &format!("{SITE}/unsubscribe?token=signed:unsubscribe:{}", u.id),
            ],
            true,
            true,
        ),
        case(
            crate::newsletter::emails::confirmation(
                &s,
                &playspace_domain::Email::parse("ana@example.org").unwrap(),
                "tok123",
            )
            .unwrap(),
            &[&format!("{SITE}/newsletter/confirm?token=tok123")],
            false,
            false,
        ),
    ]
}

#[test]
fn every_email_has_both_bodies_and_its_links() {
    let cases = every_email();
    let mut kinds: Vec<_> = cases.iter().map(|c| c.email.email_type).collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds.len(), cases.len(), "one case per email type");
    for c in &cases {
        let (kind, html, text) = (c.email.email_type, &c.email.html_body, &c.email.text_body);
        assert!(!c.email.subject.is_empty(), "{kind}");
        assert!(html.starts_with("<!doctype html>"), "{kind}: {html}");
        assert!(html.contains("England &amp; Wales"), "{kind}");
        assert!(!text.trim().is_empty(), "{kind}");
        assert!(text.contains("England & Wales"), "{kind}");
        for link in &c.links {
            assert!(html.contains(&format!("href=\"{link}\"")), "{kind}: {link}");
            assert!(text.contains(link.as_str()), "{kind}: {link}");
        }
    }
}

#[test]
fn people_and_event_text_is_escaped_in_html_and_verbatim_in_text() {
    for c in every_email().iter().filter(|c| c.shows_hostile_text) {
        let kind = c.email.email_type;
        assert!(!c.email.html_body.contains("<script>"), "{kind}");
        assert!(c.email.html_body.contains(HOSTILE_ESCAPED), "{kind}");
        assert!(c.email.text_body.contains(HOSTILE), "{kind}");
        assert!(!c.email.text_body.contains("&#"), "{kind}");
    }
}

#[test]
fn only_marketing_email_carries_the_unsubscribe_and_preferences_links() {
    for c in every_email() {
        let kind = c.email.email_type;
        for body in [&c.email.html_body, &c.email.text_body] {
            let unsubscribe = body.contains(&format!("{SITE}/unsubscribe?token="));
            let preferences = body.contains(&format!("{SITE}/preferences"));
            assert_eq!(unsubscribe, c.marketing, "{kind}");
            assert_eq!(preferences, c.marketing, "{kind}");
            assert!(body.matches("/unsubscribe?token=").count() <= 1, "{kind}");
        }
    }
}

#[test]
fn event_times_are_london_time_either_side_of_the_clock_change() {
    let s = settings();
    let u = user();
    for (starts_at, shown) in [
        // British Summer Time: an hour ahead of UTC.
        ("2026-10-24T09:00:00Z", "Saturday 24 October 2026, 10:00"),
        // The clocks went back that night: Greenwich Mean Time, as UTC.
        ("2026-10-25T09:00:00Z", "Sunday 25 October 2026, 09:00"),
    ] {
        let e = event_at(utc(starts_at));
        let mail = booking::confirmation(&s, &u, &booking_of(&u, &e), &e).unwrap();
        assert!(
            mail.text_body
                .contains(&format!("When: {shown} (90 minutes)")),
            "{}",
            mail.text_body
        );
        assert!(
            mail.html_body
                .contains(&format!("When: {shown} (90 minutes)"))
        );
    }
}

#[test]
fn the_plain_text_layout_adds_only_the_company_line() {
    let u = user();
    let mut e = event_at(utc("2026-12-10T18:00:00Z"));
    e.title = "Yoga & Stretch".into();
    let mail = booking::payment_received(&settings(), &u, &booking_of(&u, &e), &e).unwrap();
    assert_eq!(
        mail.text_body,
        "We've received your payment of £7.50 for Yoga & Stretch (reference PS-7K3Q9M). Thank you!\n\
         \n--\n\
         PlaySpace is a Community Interest Company registered in England & Wales."
    );
}

#[test]
fn no_template_turns_escaping_off() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/email");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text: String = std::fs::read_to_string(&path)
            .unwrap()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        assert!(!text.contains("|safe"), "{}", path.display());
        assert!(!text.contains("autoescape"), "{}", path.display());
        seen += 1;
    }
    assert!(seen >= 2 * 14, "{seen} templates");
}
