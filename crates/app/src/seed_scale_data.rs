//! A year of a busy organisation's life, for measuring the admin area at scale
//! (`playspace seed --scale large`): members who joined over two years, the catalogue's
//! sessions weekly from six months back to six months ahead (mostly as series, led by
//! moderators), and their bookings: card and cash, cancellations with refunds, and the
//! register marked on past sessions.
//!
//! Deterministic: everything comes from a fixed RNG seed and the London day it runs, so two
//! runs on one day (on databases alike) write identical rows. Ids are UUIDv7-shaped, with
//! the row's own creation time and RNG bits instead of the clock's.
use std::collections::HashSet;
use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc, Weekday};
use playspace_domain::admin::Attendance;
use playspace_domain::{
    Booking, BookingId, BookingReference, BookingStatus, Category, Event, Money, PaymentMethod,
    PaymentStatus, Role, SeriesId, UserId, london,
};
use playspace_ports::{
    Clock, SCALE_EMAIL_SUFFIX, ScaleBooking, ScaleCancellation, ScaleData, ScaleEvent, ScaleMember,
    ScaleSeedStore, ScaleSeries,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::seed_demo_data::{SeedError, SessionTemplate, TEMPLATES, venue_of, venues};

/// How much data to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaleSize {
    pub members: usize,
    /// Whole weeks of sessions before and after the current week.
    pub weeks_back: u32,
    pub weeks_ahead: u32,
    /// About this many bookings, cancelled ones included.
    pub bookings: usize,
    /// Members who lead sessions.
    pub moderators: usize,
}

impl ScaleSize {
    /// 20,000 members, about 2,500 sessions over a year, about 200,000 bookings.
    pub const LARGE: Self = Self {
        members: 20_000,
        weeks_back: 26,
        weeks_ahead: 26,
        bookings: 200_000,
        moderators: 12,
    };
    /// The same shape, small enough for tests and quick tries.
    pub const SMALL: Self = Self {
        members: 800,
        weeks_back: 3,
        weeks_ahead: 3,
        bookings: 8_000,
        moderators: 4,
    };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScaleOutcome {
    Seeded {
        members: usize,
        events: usize,
        bookings: usize,
    },
    /// Scale members exist already: nothing was written.
    AlreadySeeded { members: u64 },
}

/// The fixed seed: the same data on every install (for a given day).
const RNG_SEED: u64 = 2026_0005;
/// Cancelled bookings per live one on sessions that go ahead; with every booking of the
/// called-off sessions, about 8% of all bookings end up cancelled.
const CANCELLED_PER_LIVE: f64 = 0.065;
/// Share of sessions called off by the organisers.
const INACTIVE_SHARE: f64 = 0.02;
/// Share of past sessions whose register was marked.
const MARKED_SHARE: f64 = 0.92;
const ATTENDED_SHARE: f64 = 0.85;
const CARD_SHARE: f64 = 0.55;
/// Templates that also run on a second weekday, so a week holds 34 + 14 = 48 sessions.
const SECOND_SLOTS: usize = 14;
/// Series run a term of this many weeks.
const TERM_WEEKS: i64 = 13;
/// Share of a slot's terms made as a series (the rest as one-off sessions).
const SERIES_SHARE: f64 = 0.75;
/// Share of slots with a leader.
const LED_SHARE: f64 = 0.7;

/// Seeds the scale data unless a previous run did (seen by its members).
pub fn seed_scale_data(
    store: &impl ScaleSeedStore,
    clock: &impl Clock,
    size: ScaleSize,
) -> Result<ScaleOutcome, SeedError> {
    let existing = store.scale_member_count()?;
    if existing > 0 {
        return Ok(ScaleOutcome::AlreadySeeded { members: existing });
    }
    let taken: HashSet<String> = store.booking_references()?.into_iter().collect();
    let data = scale_data(london::day_of(clock.now()), size, &taken)?;
    store.insert_scale_data(&data)?;
    Ok(ScaleOutcome::Seeded {
        members: data.members.len(),
        events: data.events.len(),
        bookings: data.bookings.len(),
    })
}

/// A UUIDv7 stamped with `at`, its random part from `rng`.
fn id_at(rng: &mut StdRng, at: DateTime<Utc>) -> uuid::Uuid {
    let millis = u64::try_from(at.timestamp_millis()).unwrap_or_default();
    uuid::Builder::from_unix_timestamp_millis(millis, &rng.random()).into_uuid()
}

/// A uniformly random instant in `[from, to]` (`from` when the range is empty).
fn between(rng: &mut StdRng, from: DateTime<Utc>, to: DateTime<Utc>) -> DateTime<Utc> {
    let span = (to - from).num_seconds();
    if span <= 0 {
        return from;
    }
    from + Duration::seconds(rng.random_range(0..=span))
}

/// The data set for the London day `today`, with references none of `taken`.
pub fn scale_data(
    today: NaiveDate,
    size: ScaleSize,
    taken: &HashSet<String>,
) -> Result<ScaleData, SeedError> {
    // Everything happens before the start of today, so the rows do not depend on the hour.
    let anchor = london::day_bounds(today).0;
    let mut rng = StdRng::seed_from_u64(RNG_SEED);
    let members = members(&mut rng, anchor, size);
    let moderators: Vec<UserId> = members
        .iter()
        .filter(|m| m.role == Role::Moderator)
        .map(|m| m.id)
        .collect();
    let (series, mut events) = sessions(&mut rng, today, anchor, size, &moderators)?;
    let bookings = bookings(&mut rng, anchor, size, &members, &mut events, taken);
    Ok(ScaleData {
        members,
        series,
        events,
        bookings,
    })
}

const FIRST_NAMES: &[&str] = &[
    "Aisha", "Amara", "Ana", "Ben", "Bilal", "Chen", "Chidi", "Chloe", "Dan", "Deniz", "Ella",
    "Emeka", "Fatima", "Femi", "Grace", "Hana", "Hassan", "Ife", "Imran", "Isla", "Jamal", "Jess",
    "Jonah", "Kemi", "Kofi", "Leah", "Lena", "Liam", "Maya", "Mei", "Mo", "Nadia", "Naomi",
    "Niamh", "Noah", "Olu", "Omar", "Priya", "Ravi", "Rosa", "Ruth", "Sam", "Sana", "Sofia",
    "Tariq", "Tom", "Uma", "Yara", "Yusuf", "Zainab", "Zoe", "Alex", "Kit", "Robin", "Jordan",
    "Ari", "Charlie", "Ellis", "Rowan", "Sasha",
];
const LAST_NAMES: &[&str] = &[
    "Adeyemi",
    "Ahmed",
    "Ali",
    "Bailey",
    "Begum",
    "Brown",
    "Campbell",
    "Chowdhury",
    "Clarke",
    "Costa",
    "Davies",
    "Evans",
    "Fernandes",
    "Garcia",
    "Green",
    "Hall",
    "Hussain",
    "Ibrahim",
    "Jones",
    "Kaur",
    "Khan",
    "Kowalski",
    "Lewis",
    "Li",
    "Martin",
    "Mensah",
    "Miah",
    "Moore",
    "Murphy",
    "Nguyen",
    "Novak",
    "Okafor",
    "Osei",
    "Patel",
    "Phillips",
    "Rahman",
    "Roberts",
    "Robinson",
    "Santos",
    "Shah",
    "Silva",
    "Singh",
    "Smith",
    "Taylor",
    "Thomas",
    "Turner",
    "Walker",
    "Wang",
    "White",
    "Williams",
    "Wilson",
    "Wright",
    "Yilmaz",
    "Young",
];
const PRONOUNS: &[&str] = &["she/her", "he/him", "they/them", "she/they", "he/they"];
const NEEDS: &[&str] = &[
    "Step-free access, please",
    "I use a wheelchair",
    "A quiet space to take breaks",
    "I am hard of hearing: please face me when explaining",
    "I may need to sit out now and then",
];
const REASONS: &[&str] = &[
    "Can't make it any more",
    "Feeling unwell",
    "Clash with work",
    "Caring responsibilities",
    "Travel problems",
];
const CALLED_OFF: &str = "Session cancelled by the organisers";

/// Sign-ups per calendar month, relative: busier in January and September.
const MONTH_WEIGHT: [f64; 12] = [1.4, 1.1, 1.0, 1.1, 1.2, 1.2, 1.0, 0.8, 1.5, 1.2, 1.0, 0.7];

/// Members over the two years before `anchor`, growing (sign-ups rise over time), oldest
/// first.
fn members(rng: &mut StdRng, anchor: DateTime<Utc>, size: ScaleSize) -> Vec<ScaleMember> {
    let two_years = Duration::days(730).num_seconds() as f64;
    let mut joined: Vec<DateTime<Utc>> = Vec::with_capacity(size.members);
    while joined.len() < size.members {
        // A steady trickle plus sign-ups rising towards today, times the month's weight.
        let u: f64 = rng.random();
        let ago = if rng.random_bool(0.25) {
            two_years * u
        } else {
            two_years * (1.0 - u.sqrt())
        };
        let at = anchor - Duration::seconds(ago as i64 + 1);
        let weight = MONTH_WEIGHT[london::day_of(at).month0() as usize] / 1.5;
        if rng.random::<f64>() < weight {
            joined.push(at);
        }
    }
    joined.sort();
    // Moderators are spread among the longer-standing members.
    let moderator_every = (size.members / 2 / size.moderators.max(1)).max(1);
    joined
        .into_iter()
        .enumerate()
        .map(|(n, created_at)| {
            let first = FIRST_NAMES[rng.random_range(0..FIRST_NAMES.len())];
            let last = LAST_NAMES[rng.random_range(0..LAST_NAMES.len())];
            let moderator =
                n % moderator_every == moderator_every / 2 && n / moderator_every < size.moderators;
            let chosen_name = rng
                .random_bool(0.08)
                .then(|| FIRST_NAMES[rng.random_range(0..FIRST_NAMES.len())].to_owned());
            let pronouns = rng
                .random_bool(0.2)
                .then(|| PRONOUNS[rng.random_range(0..PRONOUNS.len())].to_owned());
            let last_login = rng
                .random_bool(0.7)
                .then(|| between(rng, created_at, anchor));
            ScaleMember {
                id: id_at(rng, created_at).into(),
                email: format!(
                    "{}.{}.{n}{SCALE_EMAIL_SUFFIX}",
                    first.to_lowercase(),
                    last.to_lowercase()
                ),
                first_name: first.to_owned(),
                last_name: last.to_owned(),
                chosen_name,
                pronouns,
                role: if moderator {
                    Role::Moderator
                } else {
                    Role::User
                },
                is_email_verified: moderator || rng.random_bool(0.9),
                marketing_consent: rng.random_bool(0.33),
                last_login,
                created_at,
            }
        })
        .collect()
}

/// One weekly slot of a template: its day and start time.
struct Slot<'a> {
    template: &'a SessionTemplate,
    weekday: Weekday,
    time: NaiveTime,
    leader: Option<UserId>,
    /// How popular the slot is (0.6 to 1.0): scales how full its sessions get.
    popularity: f64,
}

fn slots<'a>(rng: &mut StdRng, moderators: &[UserId]) -> Result<Vec<Slot<'a>>, SeedError> {
    let mut slots = Vec::new();
    for (i, template) in TEMPLATES.iter().enumerate() {
        let time = NaiveTime::from_hms_opt(template.start_hour, template.start_minute, 0)
            .ok_or_else(|| SeedError::Catalogue(format!("{}: start time", template.title)))?;
        let mut days = vec![(template.weekday, time)];
        if i < SECOND_SLOTS {
            // A second weekly session three days later, an hour later in the day.
            let later = time
                .overflowing_add_signed(Duration::hours(1))
                .0
                .min(NaiveTime::from_hms_opt(20, 0, 0).unwrap_or(time));
            days.push((template.weekday.succ().succ().succ(), later));
        }
        for (weekday, time) in days {
            let leader = (!moderators.is_empty() && rng.random_bool(LED_SHARE))
                .then(|| moderators[rng.random_range(0..moderators.len())]);
            slots.push(Slot {
                template,
                weekday,
                time,
                leader,
                popularity: rng.random_range(0.6..1.0),
            });
        }
    }
    Ok(slots)
}

/// How full a session gets: past ones mostly full, later ones less booked so far.
fn fill(rng: &mut StdRng, slot: &Slot<'_>, starts_at: DateTime<Utc>, anchor: DateTime<Utc>) -> f64 {
    let days_ahead = (starts_at - anchor).num_days();
    let base = if days_ahead < 0 {
        if rng.random_bool(0.25) {
            return 1.0;
        }
        rng.random_range(0.7..1.0)
    } else {
        if days_ahead < 14 && rng.random_bool(0.2) {
            return 1.0;
        }
        let decay = (1.0 - days_ahead as f64 / 200.0).max(0.05);
        decay * rng.random_range(0.6..1.0)
    };
    (base * slot.popularity / 0.8).min(1.0)
}

/// The sessions of every slot, week by week, as series per term or one-offs; each with
/// its capacity scaled so the bookings come to about `size.bookings`. Their participant
/// counts are filled in by `bookings`.
fn sessions(
    rng: &mut StdRng,
    today: NaiveDate,
    anchor: DateTime<Utc>,
    size: ScaleSize,
    moderators: &[UserId],
) -> Result<(Vec<ScaleSeries>, Vec<ScaleEvent>), SeedError> {
    let slots = slots(rng, moderators)?;
    let venues = venues::by_name(anchor).map_err(SeedError::Catalogue)?;
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let first_week = -i64::from(size.weeks_back);
    let last_week = i64::from(size.weeks_ahead) - 1;
    let mut series = Vec::new();
    // (event without capacity, fill, template places)
    let mut planned: Vec<(ScaleEvent, f64, u32)> = Vec::new();
    for slot in &slots {
        let t = slot.template;
        let bad = |what: &str| SeedError::Catalogue(format!("{}: {what}", t.title));
        let category = Category::parse(t.category).map_err(|e| bad(e.message()))?;
        let price = Money::from_pence(t.price_pence).map_err(|e| bad(e.message()))?;
        let venue = venue_of(t, &venues)?;
        let offset = i64::from(slot.weekday.num_days_from_monday());
        let mut week = first_week;
        while week <= last_week {
            // Terms are aligned on the calendar of weeks, so every slot changes term together.
            let term_end = (week.div_euclid(TERM_WEEKS) + 1) * TERM_WEEKS - 1;
            let term_last = term_end.min(last_week);
            let days: Vec<NaiveDate> = (week..=term_last)
                .map(|w| monday + Duration::weeks(w) + Duration::days(offset))
                .collect();
            let (Some(&first), Some(&last)) = (days.first(), days.last()) else {
                break;
            };
            let first_start = london::to_utc(first.and_time(slot.time));
            // Planned three weeks ahead, and never after today.
            let planned_at = (first_start - Duration::days(21)).min(anchor - Duration::days(1));
            let planned_at = planned_at - Duration::minutes(rng.random_range(0..600));
            let series_id = rng.random_bool(SERIES_SHARE).then(|| {
                let id: SeriesId = id_at(rng, planned_at).into();
                series.push(ScaleSeries {
                    id,
                    time: slot.time,
                    interval_weeks: 1,
                    first_date: first,
                    until: last,
                    created_by: slot.leader,
                    created_at: planned_at,
                });
                id
            });
            for day in days {
                let starts_at = london::to_utc(day.and_time(slot.time));
                let created_at = match series_id {
                    Some(_) => planned_at,
                    None => (starts_at - Duration::days(rng.random_range(7..42)))
                        .min(anchor - Duration::hours(rng.random_range(1..72))),
                };
                let event = Event {
                    id: id_at(rng, created_at).into(),
                    title: t.title.into(),
                    description: t.description.into(),
                    category: category.clone(),
                    venue: Arc::clone(&venue),
                    starts_at,
                    duration_minutes: t.duration_minutes,
                    price,
                    max_participants: t.max_participants,
                    current_participants: 0,
                    free_places: playspace_domain::FreePlaces::default(),
                    is_active: !rng.random_bool(INACTIVE_SHARE),
                    created_at,
                };
                let fill = fill(rng, slot, starts_at, anchor);
                planned.push((
                    ScaleEvent {
                        event,
                        leader: slot.leader,
                        series: series_id,
                    },
                    fill,
                    t.max_participants,
                ));
            }
            week = term_last + 1;
        }
    }
    // One factor on every template's places, so the bookings come to about the size's.
    let per_factor: f64 = planned
        .iter()
        .map(|(_, fill, places)| f64::from(*places) * fill * (1.0 + CANCELLED_PER_LIVE))
        .sum();
    let factor = (size.bookings as f64 / per_factor.max(1.0)).max(1.0);
    let events = planned
        .into_iter()
        .map(|(mut e, fill, places)| {
            e.event.max_participants = (f64::from(places) * factor).round() as u32;
            // Kept here until `bookings` counts the live ones: how many places get taken.
            e.event.current_participants = ((f64::from(e.event.max_participants) * fill).round()
                as u32)
                .min(e.event.max_participants);
            e
        })
        .collect();
    Ok((series, events))
}

/// Bookings for every session: `current_participants` (set by `sessions` to the places
/// taken) becomes the live bookings made; about 8% more are cancelled ones. Called-off
/// sessions have every booking cancelled and none live.
fn bookings(
    rng: &mut StdRng,
    anchor: DateTime<Utc>,
    size: ScaleSize,
    members: &[ScaleMember],
    events: &mut [ScaleEvent],
    taken: &HashSet<String>,
) -> Vec<ScaleBooking> {
    let mut out = Vec::with_capacity(size.bookings + size.bookings / 20);
    let mut references: HashSet<String> = HashSet::with_capacity(size.bookings * 2);
    let mut people: HashSet<usize> = HashSet::new();
    for scale_event in events.iter_mut() {
        let event = &mut scale_event.event;
        let starts_at = event.starts_at;
        let ends_at = starts_at + Duration::minutes(i64::from(event.duration_minutes));
        let places = event.current_participants as usize;
        let cancelled_extra = (places as f64 * CANCELLED_PER_LIVE).round() as usize;
        let (live, cancelled) = if event.is_active {
            (places, cancelled_extra)
        } else {
            (0, places + cancelled_extra)
        };
        // Who may book: members who joined at least a day before the session (and before
        // today), oldest first, so a prefix of the list.
        let cutoff = (starts_at - Duration::days(1)).min(anchor);
        let eligible = members.partition_point(|m| m.created_at < cutoff);
        let wanted = (live + cancelled).min(eligible);
        let live = live.min(wanted);
        people.clear();
        while people.len() < wanted {
            // Longer-standing members book a little more often.
            let u: f64 = rng.random();
            let n = ((eligible as f64) * u.powf(1.3)) as usize;
            people.insert(n.min(eligible - 1));
        }
        let mut chosen: Vec<usize> = people.iter().copied().collect();
        chosen.sort_unstable();
        // A deterministic but mixed order: which of them cancel is random.
        for i in (1..chosen.len()).rev() {
            chosen.swap(i, rng.random_range(0..=i));
        }
        let marked = ends_at < anchor && rng.random_bool(MARKED_SHARE);
        let called_off_at = (!event.is_active).then(|| {
            between(
                rng,
                (starts_at - Duration::days(3)).min(anchor - Duration::days(1)),
                starts_at.min(anchor),
            )
        });
        // Bookings open when the session is published (and the person has joined), at
        // most six weeks ahead, and close half an hour before it starts, today, or when
        // it is called off.
        let closes = [
            Some(starts_at - Duration::minutes(30)),
            Some(anchor),
            called_off_at,
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(anchor);
        for (k, &n) in chosen.iter().enumerate() {
            let member = &members[n];
            let earliest = event.created_at.max(member.created_at);
            let opens = (starts_at - Duration::days(42)).min(closes).max(earliest);
            // People book nearer the date more often.
            let span = (closes - opens).num_seconds().max(0) as f64;
            let created_at = opens + Duration::seconds((span * rng.random::<f64>().sqrt()) as i64);
            let free = event.price.is_free();
            let method = if !free && rng.random_bool(CARD_SHARE) {
                PaymentMethod::Card
            } else {
                PaymentMethod::Cash
            };
            let is_live = k < live;
            let mut reference = BookingReference::generate(rng);
            while taken.contains(reference.as_str())
                || !references.insert(reference.as_str().to_owned())
            {
                reference = BookingReference::generate(rng);
            }
            let accessibility_requirements = rng
                .random_bool(0.04)
                .then(|| NEEDS[rng.random_range(0..NEEDS.len())].to_owned());
            let id: BookingId = id_at(rng, created_at).into();
            let (status, payment_status, attendance, cancellation, updated_at) = if is_live {
                let attendance = marked.then(|| {
                    let mark = if rng.random_bool(ATTENDED_SHARE) {
                        Attendance::Attended
                    } else {
                        Attendance::NoShow
                    };
                    (mark, starts_at + Duration::minutes(rng.random_range(0..30)))
                });
                let payment = match (method, attendance) {
                    // Nothing is owed for a solidarity place (not seeded here).
                    (PaymentMethod::Card | PaymentMethod::Solidarity, _) => PaymentStatus::Paid,
                    (PaymentMethod::Cash, Some((Attendance::Attended, _))) => PaymentStatus::Paid,
                    (PaymentMethod::Cash, _) => PaymentStatus::Pending,
                };
                let updated = attendance.map_or(created_at, |(_, at)| at);
                (BookingStatus::Confirmed, payment, attendance, None, updated)
            } else {
                let at = match called_off_at {
                    Some(at) => at.max(created_at),
                    None => between(rng, created_at, starts_at.min(anchor)),
                };
                let reason = if called_off_at.is_some() {
                    CALLED_OFF
                } else {
                    REASONS[rng.random_range(0..REASONS.len())]
                };
                let card = method == PaymentMethod::Card;
                let cancellation = ScaleCancellation {
                    id: id_at(rng, at).into(),
                    reason: reason.to_owned(),
                    refund_amount: if card { event.price } else { Money::ZERO },
                    refund_status: if card { "succeeded" } else { "not_required" },
                    at,
                };
                let payment = if card {
                    PaymentStatus::Refunded
                } else {
                    PaymentStatus::Pending
                };
                (
                    BookingStatus::Cancelled,
                    payment,
                    None,
                    Some(cancellation),
                    at,
                )
            };
            out.push(ScaleBooking {
                booking: Booking {
                    id,
                    reference,
                    user_id: member.id,
                    event_id: event.id,
                    status,
                    payment_status,
                    payment_method: method,
                    amount: event.price,
                    accessibility_requirements,
                    access_needs: vec![],
                    needs_from_profile: false,
                    companion: None,
                    created_at,
                },
                attendance,
                cancellation,
                updated_at,
            });
        }
        event.current_participants = u32::try_from(live).unwrap_or(u32::MAX);
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::OnceLock;

    use super::*;
    use playspace_domain::EventId;
    use playspace_ports::MockScaleSeedStore;
    use playspace_test_support::{FixedClock, test_now};

    fn today() -> NaiveDate {
        london::day_of(test_now())
    }

    fn large() -> &'static ScaleData {
        static DATA: OnceLock<ScaleData> = OnceLock::new();
        DATA.get_or_init(|| scale_data(today(), ScaleSize::LARGE, &HashSet::new()).unwrap())
    }

    fn within(value: usize, target: usize, percent: usize) -> bool {
        value.abs_diff(target) * 100 <= target * percent
    }

    #[test]
    fn large_has_the_issues_counts() {
        let d = large();
        assert_eq!(d.members.len(), 20_000);
        assert!(within(d.events.len(), 2_500, 2), "{}", d.events.len());
        assert!(within(d.bookings.len(), 200_000, 3), "{}", d.bookings.len());
        let anchor = london::day_bounds(today()).0;
        let past = d
            .events
            .iter()
            .filter(|e| e.event.starts_at < anchor)
            .count();
        assert!(within(past, d.events.len() / 2, 5), "{past} past");
        assert!(d.series.len() > 100, "{} series", d.series.len());
        let in_series = d.events.iter().filter(|e| e.series.is_some()).count();
        assert!(in_series > d.events.len() / 2 && in_series < d.events.len());
        let inactive = d.events.iter().filter(|e| !e.event.is_active).count();
        assert!(
            inactive > 10 && inactive < d.events.len() / 20,
            "{inactive}"
        );
    }

    #[test]
    fn members_look_real() {
        let d = large();
        let n = d.members.len();
        let share = |f: &dyn Fn(&ScaleMember) -> bool| d.members.iter().filter(|m| f(m)).count();
        assert!(within(share(&|m| m.is_email_verified), n * 9 / 10, 3));
        assert!(within(share(&|m| m.marketing_consent), n / 3, 5));
        assert!(share(&|m| m.chosen_name.is_some()) > n / 20);
        assert!(share(&|m| m.pronouns.is_some()) > n / 10);
        assert_eq!(share(&|m| m.role == Role::Moderator), 12);
        assert_eq!(share(&|m| m.role == Role::Admin), 0);
        let emails: HashSet<&str> = d.members.iter().map(|m| m.email.as_str()).collect();
        assert_eq!(emails.len(), n, "emails are unique");
        assert!(
            d.members
                .iter()
                .all(|m| m.email.ends_with(SCALE_EMAIL_SUFFIX))
        );
        // Joined over two years, more of them lately.
        let anchor = london::day_bounds(today()).0;
        let oldest = d.members.first().unwrap().created_at;
        assert!(oldest > anchor - Duration::days(731) && oldest < anchor - Duration::days(600));
        let last_year = share(&|m| m.created_at > anchor - Duration::days(365));
        assert!(last_year > n * 6 / 10, "{last_year}");
        // Sessions are led by moderators.
        let moderators: HashSet<UserId> = d
            .members
            .iter()
            .filter(|m| m.role == Role::Moderator)
            .map(|m| m.id)
            .collect();
        let led = d.events.iter().filter(|e| e.leader.is_some()).count();
        assert!(led > d.events.len() / 2);
        assert!(
            d.events
                .iter()
                .filter_map(|e| e.leader)
                .all(|l| moderators.contains(&l))
        );
    }

    #[test]
    fn no_session_is_overbooked_and_counts_match_live_bookings() {
        let d = large();
        let mut live: HashMap<EventId, u32> = HashMap::new();
        for b in d.bookings.iter().filter(|b| b.booking.is_live()) {
            *live.entry(b.booking.event_id).or_default() += 1;
        }
        for e in &d.events {
            let n = live.get(&e.event.id).copied().unwrap_or(0);
            assert_eq!(n, e.event.current_participants, "{}", e.event.title);
            assert!(n <= e.event.max_participants);
            if !e.event.is_active {
                assert_eq!(n, 0, "called-off sessions have no live bookings");
            }
        }
        assert!(d.events.iter().any(|e| e.event.is_full()));
        assert!(d.events.iter().any(|e| e.event.current_participants > 100));
    }

    #[test]
    fn one_live_booking_per_person_and_session_and_unique_references() {
        let d = large();
        let mut pairs = HashSet::new();
        for b in d.bookings.iter().filter(|b| b.booking.is_live()) {
            assert!(pairs.insert((b.booking.user_id, b.booking.event_id)));
        }
        let refs: HashSet<&str> = d
            .bookings
            .iter()
            .map(|b| b.booking.reference.as_str())
            .collect();
        assert_eq!(refs.len(), d.bookings.len());
        let ids: HashSet<BookingId> = d.bookings.iter().map(|b| b.booking.id).collect();
        assert_eq!(ids.len(), d.bookings.len());
    }

    #[test]
    fn bookings_mix_payments_cancellations_and_attendance_sensibly() {
        let d = large();
        let anchor = london::day_bounds(today()).0;
        let events: HashMap<EventId, &Event> =
            d.events.iter().map(|e| (e.event.id, &e.event)).collect();
        let members: HashMap<UserId, &ScaleMember> = d.members.iter().map(|m| (m.id, m)).collect();
        let n = d.bookings.len();
        let cancelled = d.bookings.iter().filter(|b| !b.booking.is_live()).count();
        assert!(within(cancelled, n * 8 / 100, 15), "{cancelled} cancelled");
        // Free sessions are all cash; paid ones about half by card.
        let paid: Vec<&ScaleBooking> = d
            .bookings
            .iter()
            .filter(|b| !b.booking.amount.is_free())
            .collect();
        let card = paid
            .iter()
            .filter(|b| b.booking.payment_method == PaymentMethod::Card)
            .count();
        assert!(
            within(card, paid.len() * 55 / 100, 5),
            "{card} of {} by card",
            paid.len()
        );
        let (mut attended, mut no_show) = (0, 0);
        for b in &d.bookings {
            let event = events[&b.booking.event_id];
            let member = members[&b.booking.user_id];
            assert!(
                b.booking.created_at < event.starts_at,
                "booked before the session"
            );
            assert!(b.booking.created_at <= anchor);
            assert!(
                b.booking.created_at >= member.created_at,
                "booked after joining"
            );
            assert!(b.booking.created_at >= event.created_at);
            assert!(b.updated_at >= b.booking.created_at);
            assert_eq!(b.booking.amount, event.price);
            if event.price.is_free() {
                assert_eq!(b.booking.payment_method, PaymentMethod::Cash);
            }
            match (&b.cancellation, b.booking.status) {
                (Some(c), BookingStatus::Cancelled) => {
                    assert!(b.attendance.is_none());
                    assert!(c.at >= b.booking.created_at && c.at <= anchor);
                    if b.booking.payment_method == PaymentMethod::Card {
                        assert_eq!(b.booking.payment_status, PaymentStatus::Refunded);
                        assert_eq!(
                            (c.refund_status, c.refund_amount),
                            ("succeeded", event.price)
                        );
                    } else {
                        assert_eq!(c.refund_status, "not_required");
                        assert_ne!(b.booking.payment_status, PaymentStatus::Paid);
                    }
                }
                (None, BookingStatus::Confirmed) => {
                    if b.booking.payment_method == PaymentMethod::Card {
                        assert_eq!(b.booking.payment_status, PaymentStatus::Paid);
                    }
                    if let Some((mark, at)) = b.attendance {
                        assert!(event.starts_at < anchor && at >= event.starts_at);
                        match mark {
                            Attendance::Attended => attended += 1,
                            Attendance::NoShow => no_show += 1,
                        }
                    } else if b.booking.payment_method == PaymentMethod::Cash {
                        assert_eq!(b.booking.payment_status, PaymentStatus::Pending);
                    }
                    if event.starts_at >= anchor {
                        assert!(b.attendance.is_none());
                    }
                }
                other => panic!("inconsistent booking: {other:?}"),
            }
        }
        let marked = attended + no_show;
        assert!(
            within(attended, marked * 85 / 100, 3),
            "{attended} of {marked}"
        );
        let past_live = d
            .bookings
            .iter()
            .filter(|b| {
                b.booking.is_live()
                    && events[&b.booking.event_id].starts_at < anchor - Duration::days(1)
            })
            .count();
        assert!(marked > past_live * 8 / 10, "most past sessions are marked");
    }

    #[test]
    fn the_same_day_gives_the_same_rows_another_day_other_rows() {
        let a = scale_data(today(), ScaleSize::SMALL, &HashSet::new()).unwrap();
        let b = scale_data(today(), ScaleSize::SMALL, &HashSet::new()).unwrap();
        assert_eq!(a, b);
        let c = scale_data(
            today() + Duration::days(1),
            ScaleSize::SMALL,
            &HashSet::new(),
        )
        .unwrap();
        assert_ne!(a.members[0].created_at, c.members[0].created_at);
    }

    #[test]
    fn references_in_use_are_avoided() {
        let a = scale_data(today(), ScaleSize::SMALL, &HashSet::new()).unwrap();
        let taken: HashSet<String> = a.bookings[..10]
            .iter()
            .map(|b| b.booking.reference.as_str().to_owned())
            .collect();
        let b = scale_data(today(), ScaleSize::SMALL, &taken).unwrap();
        assert!(
            b.bookings
                .iter()
                .all(|x| !taken.contains(x.booking.reference.as_str()))
        );
    }

    #[test]
    fn a_second_run_writes_nothing() {
        let mut store = MockScaleSeedStore::new();
        store.expect_scale_member_count().returning(|| Ok(800));
        store.expect_insert_scale_data().never();
        let outcome = seed_scale_data(&store, &FixedClock(test_now()), ScaleSize::SMALL).unwrap();
        assert_eq!(outcome, ScaleOutcome::AlreadySeeded { members: 800 });
    }

    #[test]
    fn a_first_run_writes_everything_once() {
        let mut store = MockScaleSeedStore::new();
        store.expect_scale_member_count().returning(|| Ok(0));
        store.expect_booking_references().returning(|| Ok(vec![]));
        store
            .expect_insert_scale_data()
            .times(1)
            .withf(|d| d.members.len() == 800)
            .returning(|_| Ok(()));
        let outcome = seed_scale_data(&store, &FixedClock(test_now()), ScaleSize::SMALL).unwrap();
        assert!(matches!(outcome, ScaleOutcome::Seeded { members: 800, .. }));
    }
}
