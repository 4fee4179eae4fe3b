//! Venues: where sessions happen, and the access facts people decide by whether they can
//! come at all. Each fact means one precise thing (the UK venue access guides' practice,
//! `AccessFact::definition`), and is yes, no or unknown: "unknown" is said honestly, never
//! guessed. This module is the one list of facts; the API's keys, the events filter and the
//! frontend's copy (held to it by a test) all come from it.
use chrono::{DateTime, Duration, Utc};

use crate::ids::{UserId, VenueId};
use crate::text;
use crate::text_enum;
use crate::validation::{FieldErrors, ValidationError, too_long};

text_enum!(
    /// One access fact's answer.
    FactValue {
        Yes => "yes",
        No => "no",
        Unknown => "unknown",
    }
);

/// The access facts a venue records, in the order they are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessFact {
    StepFree,
    AccessibleToilet,
    ChangingPlaces,
    GenderNeutralChanging,
    PrivateChangingCubicles,
    QuietSpace,
    HearingLoop,
    AccessibleParking,
    Lift,
    AssistanceDogs,
}

/// What one fact is called and what its "yes" promises.
#[derive(Debug, PartialEq, Eq)]
pub struct FactText {
    /// The API's key (camelCase), in `access` objects and `?access=`.
    pub key: &'static str,
    /// Its name, as members read it.
    pub label: &'static str,
    /// What "yes" means, in one short line.
    pub summary: &'static str,
    /// What "yes" means, exactly (shown one tap away, and to admins in the form).
    pub definition: &'static str,
}

const FACT_COUNT: usize = 10;

impl AccessFact {
    pub const ALL: [AccessFact; FACT_COUNT] = [
        Self::StepFree,
        Self::AccessibleToilet,
        Self::ChangingPlaces,
        Self::GenderNeutralChanging,
        Self::PrivateChangingCubicles,
        Self::QuietSpace,
        Self::HearingLoop,
        Self::AccessibleParking,
        Self::Lift,
        Self::AssistanceDogs,
    ];

    pub fn text(self) -> &'static FactText {
        match self {
            Self::StepFree => &FactText {
                key: "stepFree",
                label: "Step-free access",
                summary: "Level from the street to the activity space, toilets and changing rooms",
                definition: "From the street to the activity space (and the toilets and changing rooms the session uses) there are no steps: level ground, gentle ramps or a lift a person can use independently; doors at least 75 cm clear. One small threshold lip (2 cm or less) still counts.",
            },
            Self::AccessibleToilet => &FactText {
                key: "accessibleToilet",
                label: "Accessible toilet",
                summary: "A wheelchair-accessible toilet with grab rails and an alarm cord",
                definition: "A wheelchair-accessible toilet: step-free to reach, door at least 75 cm clear, room to turn a wheelchair, grab rails, an alarm cord that reaches the floor.",
            },
            Self::ChangingPlaces => &FactText {
                key: "changingPlaces",
                label: "Changing Places toilet",
                summary: "A hoist, an adult-sized changing bench and room for two carers",
                definition: "A Changing Places toilet (beyond an accessible toilet): a ceiling hoist, an adult-sized height-adjustable changing bench, space for two carers. Many disabled adults cannot take part in sport without one.",
            },
            Self::GenderNeutralChanging => &FactText {
                key: "genderNeutralChanging",
                label: "Gender-neutral changing",
                summary: "Changing space anyone can use, whatever their gender",
                definition: "Changing space anyone can use whatever their gender, without passing through a gendered room.",
            },
            Self::PrivateChangingCubicles => &FactText {
                key: "privateChangingCubicles",
                label: "Private changing cubicles",
                summary: "Lockable single cubicles, so no one has to change in the open",
                definition: "Lockable single cubicles (or rooms) in the changing area, so no one has to change in the open.",
            },
            Self::QuietSpace => &FactText {
                key: "quietSpace",
                label: "Quiet space",
                summary: "A quiet room away from the noise, open during the session",
                definition: "A room or area, away from the activity's noise, where a person can step out to rest or regulate, available during the session.",
            },
            Self::HearingLoop => &FactText {
                key: "hearingLoop",
                label: "Hearing loop",
                summary: "A working induction loop where instructions are given",
                definition: "A working induction loop (fixed or portable) where instructions are given, and staff who know how to switch it on.",
            },
            Self::AccessibleParking => &FactText {
                key: "accessibleParking",
                label: "Accessible parking",
                summary: "Blue Badge bays at the venue or within 50 m on level ground",
                definition: "Marked Blue Badge bays at the venue or within 50 m on level ground.",
            },
            Self::Lift => &FactText {
                key: "lift",
                label: "Lift",
                summary: "A lift to every level the session uses, no key or staff needed",
                definition: "A lift to every level the session uses, usable without a key or staff, with controls at wheelchair height.",
            },
            Self::AssistanceDogs => &FactText {
                key: "assistanceDogs",
                label: "Assistance dogs welcome",
                summary: "Assistance dogs welcome everywhere the session uses, with water",
                definition: "Assistance dogs welcome in every space the session uses, with water available.",
            },
        }
    }

    pub fn key(self) -> &'static str {
        self.text().key
    }

    /// The fact named by an API key (ASCII case ignored: `stepfree` is `stepFree`).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|fact| fact.key().eq_ignore_ascii_case(key))
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Every key, comma-separated, for messages that list them.
pub fn fact_keys() -> String {
    AccessFact::ALL.map(AccessFact::key).join(", ")
}

/// A venue's answer to each fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AccessFacts([FactValue; FACT_COUNT]);

impl Default for AccessFacts {
    /// Nothing checked yet.
    fn default() -> Self {
        Self([FactValue::Unknown; FACT_COUNT])
    }
}

impl AccessFacts {
    pub fn get(&self, fact: AccessFact) -> FactValue {
        self.0[fact.index()]
    }

    pub fn set(&mut self, fact: AccessFact, value: FactValue) {
        self.0[fact.index()] = value;
    }

    pub fn with(mut self, fact: AccessFact, value: FactValue) -> Self {
        self.set(fact, value);
        self
    }

    /// Each fact with its answer, in [`AccessFact::ALL`]'s order.
    pub fn iter(&self) -> impl Iterator<Item = (AccessFact, FactValue)> + '_ {
        AccessFact::ALL
            .into_iter()
            .map(|fact| (fact, self.get(fact)))
    }

    /// The answers an admin sent, by key, over `self`: unnamed facts keep their answer. Each
    /// problem is reported under `access.{key}` (or `access` for a key that is no fact).
    pub fn updated(
        mut self,
        answers: &[(String, String)],
        errors: &mut FieldErrors,
    ) -> Option<Self> {
        let before = errors.clone();
        for (key, value) in answers {
            let Some(fact) = AccessFact::from_key(key.trim()) else {
                errors.add("access", unknown_fact(key));
                continue;
            };
            match value.trim().to_ascii_lowercase().parse::<FactValue>() {
                Ok(value) => self.set(fact, value),
                Err(_) => errors.add(
                    &format!("access.{}", fact.key()),
                    ValidationError::new("Choose yes, no or unknown"),
                ),
            }
        }
        (*errors == before).then_some(self)
    }
}

fn unknown_fact(key: &str) -> ValidationError {
    let shown: String = key.trim().chars().take(40).collect();
    ValidationError::new(format!(
        "There is no access fact called \"{shown}\". Use any of: {}",
        fact_keys()
    ))
}

/// The facts a search asks for: sessions whose venue says yes to every one of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AccessSet(u16);

/// Room for every key once, with commas, and some to spare.
const MAX_ACCESS_INPUT_CHARS: usize = 300;

impl AccessSet {
    /// `?access=stepFree,genderNeutralChanging`: keys separated by commas (blank items and
    /// repeats ignored). An unknown key is refused with every valid key listed.
    pub fn parse(input: &str) -> Result<Self, ValidationError> {
        if input.chars().count() > MAX_ACCESS_INPUT_CHARS {
            return Err(ValidationError::new(too_long(MAX_ACCESS_INPUT_CHARS)));
        }
        let mut set = Self::default();
        for key in input.split(',').map(str::trim).filter(|k| !k.is_empty()) {
            let fact = AccessFact::from_key(key).ok_or_else(|| unknown_fact(key))?;
            set = set.with(fact);
        }
        Ok(set)
    }

    pub fn of(facts: &[AccessFact]) -> Self {
        facts
            .iter()
            .fold(Self::default(), |set, fact| set.with(*fact))
    }

    pub fn with(self, fact: AccessFact) -> Self {
        Self(self.0 | 1 << fact.index())
    }

    pub fn contains(self, fact: AccessFact) -> bool {
        self.0 & (1 << fact.index()) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The facts asked for, in [`AccessFact::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = AccessFact> {
        AccessFact::ALL
            .into_iter()
            .filter(move |fact| self.contains(*fact))
    }

    /// Whether `facts` say yes to everything asked for (unknown is not yes).
    pub fn met_by(self, facts: &AccessFacts) -> bool {
        self.iter().all(|fact| facts.get(fact) == FactValue::Yes)
    }

    /// The keys, comma-separated, in the canonical order.
    pub fn keys(self) -> String {
        self.iter()
            .map(AccessFact::key)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// When the facts were last checked, and by which admin (gone if their account was erased).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessCheck {
    pub at: DateTime<Utc>,
    pub by: Option<UserId>,
}

/// Facts checked longer ago than this say so to members: venues change.
pub const ACCESS_CHECK_STALE_DAYS: i64 = 365;

/// A place sessions happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Venue {
    pub id: VenueId,
    pub name: String,
    pub address: String,
    /// Normalised ("E9 5PF"); empty only for venues made from an old free-text location.
    pub postcode: String,
    pub borough: String,
    pub map_url: Option<String>,
    /// The nearest station with step-free access, and its line.
    pub nearest_step_free_station: Option<String>,
    /// Buses, the entrance to use, anything a first-time visitor should know.
    pub transport_notes: Option<String>,
    pub access: AccessFacts,
    pub access_checked: Option<AccessCheck>,
    /// Not offered for new sessions; sessions already there keep it.
    pub retired: bool,
}

impl Venue {
    /// The one line a session's place reads as ("Haggerston Park, Hackney"), as events'
    /// `location` always has: its last comma part is the borough ([`area_of`]).
    pub fn location(&self) -> String {
        if self.borough.is_empty() || self.name.eq_ignore_ascii_case(&self.borough) {
            self.name.clone()
        } else {
            format!("{}, {}", self.name, self.borough)
        }
    }

    /// A venue made from an old free-text location ("Unit 3, Mile End Park, Tower Hamlets"):
    /// named by everything before the last comma, in the borough after it, with the whole
    /// text as its address and nothing checked. The migration that made venues out of
    /// events' locations follows the same rule in SQL (a store test holds them together).
    pub fn from_location(location: &str) -> Self {
        let trimmed = location.trim();
        let borough = area_of(trimmed).to_owned();
        let name = match trimmed.rsplit_once(',') {
            Some((name, _)) if !name.trim().is_empty() => name.trim().to_owned(),
            _ => trimmed.to_owned(),
        };
        Self {
            id: VenueId::new(),
            name,
            address: trimmed.to_owned(),
            postcode: String::new(),
            borough,
            map_url: None,
            nearest_step_free_station: None,
            transport_notes: None,
            access: AccessFacts::default(),
            access_checked: None,
            retired: false,
        }
    }

    /// Whether members should be told the facts may be out of date (or were never checked).
    pub fn check_is_stale(&self, now: DateTime<Utc>) -> bool {
        self.access_checked
            .as_ref()
            .is_none_or(|check| now - check.at > Duration::days(ACCESS_CHECK_STALE_DAYS))
    }

    /// This venue for a new session (or a session moving here): a retired one is refused.
    pub fn for_new_session(self) -> Result<Self, ValidationError> {
        if self.retired {
            return Err(ValidationError::new(RETIRED_MESSAGE));
        }
        Ok(self)
    }
}

pub const CHOOSE_VENUE: &str = "Please choose a venue";
pub const RETIRED_MESSAGE: &str =
    "This venue is retired, so it can't take sessions. Please choose another venue.";

/// A venue picked in a form, by id: blank and malformed ids ask to choose one.
pub fn venue_id(input: &str) -> Result<VenueId, ValidationError> {
    input
        .trim()
        .parse()
        .map_err(|_| ValidationError::new(CHOOSE_VENUE))
}

pub const NAME_CHARS: usize = 120;
pub const ADDRESS_CHARS: usize = 300;
pub const BOROUGH_CHARS: usize = 60;
pub const MAP_URL_CHARS: usize = 500;
pub const STATION_CHARS: usize = 200;
pub const TRANSPORT_NOTES_CHARS: usize = 2000;

/// A new venue as an admin typed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VenueForm {
    pub name: String,
    pub address: String,
    pub postcode: String,
    pub borough: String,
    pub map_url: Option<String>,
    pub nearest_step_free_station: Option<String>,
    pub transport_notes: Option<String>,
    /// Answers by key; facts left out are unknown.
    pub access: Vec<(String, String)>,
    /// The admin confirms the facts were checked (on site, or with the venue) just now.
    pub access_checked: bool,
}

impl VenueForm {
    /// A valid venue checked (when the form says so) by `admin` at `now`, or every broken
    /// rule by field.
    pub fn validate(self, admin: UserId, now: DateTime<Utc>) -> Result<Venue, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = errors.check("name", name(&self.name));
        let address = errors.check("address", address(&self.address));
        let postcode = errors.check("postcode", postcode(&self.postcode));
        let borough = errors.check("borough", borough(&self.borough));
        let map_url = errors.check("mapUrl", map_url(self.map_url.as_deref()));
        let station = errors.check(
            "nearestStepFreeStation",
            optional(self.nearest_step_free_station.as_deref(), STATION_CHARS),
        );
        let notes = errors.check(
            "transportNotes",
            optional(self.transport_notes.as_deref(), TRANSPORT_NOTES_CHARS),
        );
        let access = AccessFacts::default().updated(&self.access, &mut errors);
        match (
            name, address, postcode, borough, map_url, station, notes, access,
        ) {
            (
                Some(name),
                Some(address),
                Some(postcode),
                Some(borough),
                Some(map_url),
                Some(nearest_step_free_station),
                Some(transport_notes),
                Some(access),
            ) if errors.is_empty() => Ok(Venue {
                id: VenueId::new(),
                name,
                address,
                postcode,
                borough,
                map_url,
                nearest_step_free_station,
                transport_notes,
                access,
                access_checked: self.access_checked.then_some(AccessCheck {
                    at: now,
                    by: Some(admin),
                }),
                retired: false,
            }),
            _ => Err(errors),
        }
    }
}

/// An edit: only the fields given change. A blank optional field clears it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VenuePatch {
    pub name: Option<String>,
    pub address: Option<String>,
    pub postcode: Option<String>,
    pub borough: Option<String>,
    pub map_url: Option<String>,
    pub nearest_step_free_station: Option<String>,
    pub transport_notes: Option<String>,
    pub access: Option<Vec<(String, String)>>,
    pub access_checked: bool,
    pub retired: Option<bool>,
}

impl VenuePatch {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// `venue` with this edit applied, checked by `admin` at `now` when the edit says so.
    pub fn apply(
        &self,
        venue: &Venue,
        admin: UserId,
        now: DateTime<Utc>,
    ) -> Result<Venue, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut next = venue.clone();
        fn given<T>(
            errors: &mut FieldErrors,
            field: &str,
            input: Option<&str>,
            rule: impl Fn(&str) -> Result<T, ValidationError>,
            into: &mut T,
        ) {
            if let Some(value) = input.and_then(|input| errors.check(field, rule(input))) {
                *into = value;
            }
        }
        given(
            &mut errors,
            "name",
            self.name.as_deref(),
            name,
            &mut next.name,
        );
        given(
            &mut errors,
            "address",
            self.address.as_deref(),
            address,
            &mut next.address,
        );
        given(
            &mut errors,
            "postcode",
            self.postcode.as_deref(),
            postcode,
            &mut next.postcode,
        );
        given(
            &mut errors,
            "borough",
            self.borough.as_deref(),
            borough,
            &mut next.borough,
        );
        given(
            &mut errors,
            "mapUrl",
            self.map_url.as_deref(),
            |text| map_url(Some(text)),
            &mut next.map_url,
        );
        given(
            &mut errors,
            "nearestStepFreeStation",
            self.nearest_step_free_station.as_deref(),
            |text| optional(Some(text), STATION_CHARS),
            &mut next.nearest_step_free_station,
        );
        given(
            &mut errors,
            "transportNotes",
            self.transport_notes.as_deref(),
            |text| optional(Some(text), TRANSPORT_NOTES_CHARS),
            &mut next.transport_notes,
        );
        if let Some(answers) = &self.access
            && let Some(access) = next.access.updated(answers, &mut errors)
        {
            next.access = access;
        }
        if self.access_checked {
            next.access_checked = Some(AccessCheck {
                at: now,
                by: Some(admin),
            });
        }
        if let Some(retired) = self.retired {
            next.retired = retired;
        }
        errors.into_result().map(|()| next)
    }
}

/// The fields of a venue an edit changed, by their API names (for the audit trail).
pub fn changed_fields(before: &Venue, after: &Venue) -> Vec<&'static str> {
    [
        ("name", before.name != after.name),
        ("address", before.address != after.address),
        ("postcode", before.postcode != after.postcode),
        ("borough", before.borough != after.borough),
        ("mapUrl", before.map_url != after.map_url),
        (
            "nearestStepFreeStation",
            before.nearest_step_free_station != after.nearest_step_free_station,
        ),
        (
            "transportNotes",
            before.transport_notes != after.transport_notes,
        ),
        ("access", before.access != after.access),
        (
            "accessChecked",
            before.access_checked != after.access_checked,
        ),
        ("retired", before.retired != after.retired),
    ]
    .into_iter()
    .filter_map(|(field, changed)| changed.then_some(field))
    .collect()
}

fn name(input: &str) -> Result<String, ValidationError> {
    text::required(input, NAME_CHARS, "Venue name is required")
}

fn address(input: &str) -> Result<String, ValidationError> {
    text::required(input, ADDRESS_CHARS, "Address is required")
}

/// A borough is the last part of a session's location line, so it holds no comma.
fn borough(input: &str) -> Result<String, ValidationError> {
    let borough = text::required(input, BOROUGH_CHARS, "Borough is required")?;
    if borough.contains(',') {
        return Err(ValidationError::new(
            "Write the borough's name only, without commas",
        ));
    }
    Ok(borough)
}

const POSTCODE_MESSAGE: &str = "Enter a UK postcode, like E9 5PF";

/// A UK postcode, upper-cased with one space before its last three characters.
pub fn postcode(input: &str) -> Result<String, ValidationError> {
    let compact: String = input
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    if compact.is_empty() {
        return Err(ValidationError::new("Postcode is required"));
    }
    if !(5..=7).contains(&compact.len()) || !compact.is_ascii() {
        return Err(ValidationError::new(POSTCODE_MESSAGE));
    }
    let (outward, inward) = compact.split_at(compact.len() - 3);
    let inward: Vec<char> = inward.chars().collect();
    let inward_ok = inward[0].is_ascii_digit()
        && inward[1].is_ascii_alphabetic()
        && inward[2].is_ascii_alphabetic();
    // A9, A99, A9A, AA9, AA99, AA9A.
    let out: Vec<char> = outward.chars().collect();
    let letters = out.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let rest = &out[letters.min(out.len())..];
    let outward_ok = (1..=2).contains(&letters)
        && rest.first().is_some_and(char::is_ascii_digit)
        && rest.len() <= 2
        && rest.get(1).is_none_or(char::is_ascii_alphanumeric);
    if inward_ok && outward_ok {
        Ok(format!("{outward} {}", inward.iter().collect::<String>()))
    } else {
        Err(ValidationError::new(POSTCODE_MESSAGE))
    }
}

/// A link to the venue on a map: a full https address, or nothing.
fn map_url(input: Option<&str>) -> Result<Option<String>, ValidationError> {
    let Some(link) = input.map(str::trim).filter(|l| !l.is_empty()) else {
        return Ok(None);
    };
    let host = link.strip_prefix("https://").unwrap_or_default();
    if host.is_empty() || host.starts_with('/') || link.chars().any(char::is_whitespace) {
        return Err(ValidationError::new(
            "Use a full map link starting with https://",
        ));
    }
    if link.chars().count() > MAP_URL_CHARS {
        return Err(ValidationError::new(too_long(MAP_URL_CHARS)));
    }
    text::plain(link)?;
    Ok(Some(link.to_owned()))
}

fn optional(input: Option<&str>, max_chars: usize) -> Result<Option<String>, ValidationError> {
    match input.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => text::required(text, max_chars, "").map(Some),
    }
}

/// The area of a location: its last comma-separated part, trimmed ("Haggerston Park,
/// Hackney" → "Hackney"); a location without a comma is its own area.
pub fn area_of(location: &str) -> &str {
    location.rsplit(',').next().unwrap_or(location).trim()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::now;

    #[test]
    fn area_is_the_last_comma_separated_part() {
        assert_eq!(area_of("Haggerston Park, Hackney"), "Hackney");
        assert_eq!(
            area_of("Unit 3, Mile End Park,Tower Hamlets "),
            "Tower Hamlets"
        );
        assert_eq!(area_of("Online"), "Online");
    }

    fn form() -> VenueForm {
        VenueForm {
            name: " Hackney Marshes Centre ".into(),
            address: "Homerton Road, London".into(),
            postcode: "e9 5pf".into(),
            borough: "Hackney".into(),
            map_url: Some("https://www.openstreetmap.org/search?query=E9%205PF".into()),
            nearest_step_free_station: Some("Hackney Wick (Overground), 15 minutes' walk".into()),
            transport_notes: None,
            access: vec![
                ("stepFree".into(), "yes".into()),
                ("quietSpace".into(), "no".into()),
            ],
            access_checked: true,
        }
    }

    #[test]
    fn ten_facts_each_with_a_unique_key_label_and_definition() {
        assert_eq!(AccessFact::ALL.len(), 10);
        let keys: Vec<&str> = AccessFact::ALL.map(AccessFact::key).to_vec();
        assert_eq!(
            keys,
            [
                "stepFree",
                "accessibleToilet",
                "changingPlaces",
                "genderNeutralChanging",
                "privateChangingCubicles",
                "quietSpace",
                "hearingLoop",
                "accessibleParking",
                "lift",
                "assistanceDogs"
            ]
        );
        for (i, fact) in AccessFact::ALL.iter().enumerate() {
            assert_eq!(fact.index(), i, "ALL is in declaration order");
            let text = fact.text();
            assert!(!text.label.is_empty() && !text.summary.is_empty());
            assert!(text.definition.len() > text.summary.len(), "{}", text.key);
            assert_eq!(AccessFact::from_key(text.key), Some(*fact));
        }
        assert_eq!(AccessFact::from_key("STEPFREE"), Some(AccessFact::StepFree));
        assert_eq!(AccessFact::from_key("step_free"), None);
    }

    #[test]
    fn fact_values_are_yes_no_or_unknown() {
        assert_eq!("yes".parse::<FactValue>(), Ok(FactValue::Yes));
        assert_eq!("unknown".parse::<FactValue>(), Ok(FactValue::Unknown));
        assert!("maybe".parse::<FactValue>().is_err());
        assert!(
            "Yes".parse::<FactValue>().is_err(),
            "stored form is lower case"
        );
        assert_eq!(
            AccessFacts::default().get(AccessFact::Lift),
            FactValue::Unknown
        );
    }

    #[test]
    fn the_filter_takes_keys_and_lists_the_valid_ones_when_one_is_unknown() {
        let set = AccessSet::parse(" stepFree, genderNeutralChanging,,stepFree ").unwrap();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [AccessFact::StepFree, AccessFact::GenderNeutralChanging]
        );
        assert_eq!(set.keys(), "stepFree,genderNeutralChanging");
        assert!(AccessSet::parse("").unwrap().is_empty());
        let error = AccessSet::parse("stepFree,rampz").unwrap_err();
        assert_eq!(
            error.message(),
            "There is no access fact called \"rampz\". Use any of: stepFree, accessibleToilet, \
             changingPlaces, genderNeutralChanging, privateChangingCubicles, quietSpace, \
             hearingLoop, accessibleParking, lift, assistanceDogs"
        );
        assert_eq!(
            AccessSet::parse(&"lift,".repeat(70)).unwrap_err().message(),
            "Must be at most 300 characters"
        );
    }

    #[test]
    fn a_session_matches_only_when_every_fact_asked_for_is_yes() {
        let facts = AccessFacts::default()
            .with(AccessFact::StepFree, FactValue::Yes)
            .with(AccessFact::Lift, FactValue::No);
        assert!(AccessSet::default().met_by(&facts), "nothing asked");
        assert!(AccessSet::of(&[AccessFact::StepFree]).met_by(&facts));
        assert!(!AccessSet::of(&[AccessFact::StepFree, AccessFact::Lift]).met_by(&facts));
        assert!(
            !AccessSet::of(&[AccessFact::QuietSpace]).met_by(&facts),
            "unknown is not yes"
        );
    }

    #[test]
    fn a_complete_form_makes_a_checked_venue() {
        let admin = UserId::new();
        let venue = form().validate(admin, now()).unwrap();
        assert_eq!(venue.name, "Hackney Marshes Centre");
        assert_eq!(venue.postcode, "E9 5PF");
        assert_eq!(venue.location(), "Hackney Marshes Centre, Hackney");
        assert_eq!(venue.access.get(AccessFact::StepFree), FactValue::Yes);
        assert_eq!(venue.access.get(AccessFact::QuietSpace), FactValue::No);
        assert_eq!(venue.access.get(AccessFact::Lift), FactValue::Unknown);
        assert_eq!(
            venue.access_checked,
            Some(AccessCheck {
                at: now(),
                by: Some(admin)
            })
        );
        assert!(!venue.retired);
        let unchecked = VenueForm {
            access_checked: false,
            ..form()
        };
        assert_eq!(
            unchecked.validate(admin, now()).unwrap().access_checked,
            None
        );
    }

    #[test]
    fn every_broken_rule_is_reported_by_field() {
        let errors = VenueForm {
            borough: "Hackney, London".into(),
            map_url: Some("http://maps.example.org".into()),
            transport_notes: Some("x".repeat(2001)),
            access: vec![
                ("stepFree".into(), "probably".into()),
                ("ramps".into(), "yes".into()),
            ],
            ..VenueForm::default()
        }
        .validate(UserId::new(), now())
        .unwrap_err();
        assert_eq!(errors.get("name"), Some("Venue name is required"));
        assert_eq!(errors.get("address"), Some("Address is required"));
        assert_eq!(errors.get("postcode"), Some("Postcode is required"));
        assert_eq!(
            errors.get("borough"),
            Some("Write the borough's name only, without commas")
        );
        assert_eq!(
            errors.get("mapUrl"),
            Some("Use a full map link starting with https://")
        );
        assert_eq!(
            errors.get("transportNotes"),
            Some("Must be at most 2000 characters")
        );
        assert_eq!(
            errors.get("access.stepFree"),
            Some("Choose yes, no or unknown")
        );
        assert!(
            errors
                .get("access")
                .is_some_and(|m| m.starts_with("There is no access fact called \"ramps\"")),
            "{errors}"
        );
    }

    #[test]
    fn postcodes_are_checked_and_written_one_way() {
        for (typed, stored) in [
            ("e9 5pf", "E9 5PF"),
            ("SW1A1AA", "SW1A 1AA"),
            (" n1  9gu ", "N1 9GU"),
            ("W12 7DE", "W12 7DE"),
            ("EC1A 1BB", "EC1A 1BB"),
            ("M1 1AE", "M1 1AE"),
        ] {
            assert_eq!(postcode(typed).unwrap(), stored, "{typed}");
        }
        for bad in [
            "E9", "E9 5P", "99 5PF", "E9 PF5", "ABC1 5PF", "E9 5PF1", "É9 5PF",
        ] {
            assert_eq!(
                postcode(bad).unwrap_err().message(),
                POSTCODE_MESSAGE,
                "{bad}"
            );
        }
    }

    #[test]
    fn a_patch_changes_only_what_it_names_and_blank_clears_optional_text() {
        let admin = UserId::new();
        let venue = form().validate(admin, now()).unwrap();
        let later = now() + Duration::days(30);
        let other = UserId::new();
        let patched = VenuePatch {
            name: Some("Hackney Marshes Hub".into()),
            nearest_step_free_station: Some("  ".into()),
            access: Some(vec![("lift".into(), "yes".into())]),
            access_checked: true,
            retired: Some(true),
            ..VenuePatch::default()
        }
        .apply(&venue, other, later)
        .unwrap();
        assert_eq!(patched.name, "Hackney Marshes Hub");
        assert_eq!(patched.postcode, venue.postcode);
        assert_eq!(patched.nearest_step_free_station, None);
        assert_eq!(patched.access.get(AccessFact::Lift), FactValue::Yes);
        assert_eq!(
            patched.access.get(AccessFact::StepFree),
            FactValue::Yes,
            "facts not named keep their answer"
        );
        assert_eq!(patched.access_checked.as_ref().unwrap().at, later);
        assert_eq!(patched.access_checked.as_ref().unwrap().by, Some(other));
        assert!(patched.retired);
        assert_eq!(
            changed_fields(&venue, &patched),
            [
                "name",
                "nearestStepFreeStation",
                "access",
                "accessChecked",
                "retired"
            ]
        );
        assert!(VenuePatch::default().is_empty());
        let unchecked = VenuePatch {
            address: Some("1 Homerton Road".into()),
            ..VenuePatch::default()
        }
        .apply(&venue, other, later)
        .unwrap();
        assert_eq!(
            unchecked.access_checked, venue.access_checked,
            "an edit without the confirmation keeps the last check"
        );
        let broken = VenuePatch {
            postcode: Some("nowhere".into()),
            name: Some(" ".into()),
            ..VenuePatch::default()
        }
        .apply(&venue, other, later)
        .unwrap_err();
        assert_eq!(broken.get("postcode"), Some(POSTCODE_MESSAGE));
        assert_eq!(broken.get("name"), Some("Venue name is required"));
    }

    #[test]
    fn a_patch_leaves_an_old_venues_missing_postcode_alone_unless_it_is_given() {
        let old = Venue::from_location("Jubilee Hall, Camden");
        let retired = VenuePatch {
            retired: Some(true),
            ..VenuePatch::default()
        }
        .apply(&old, UserId::new(), now())
        .unwrap();
        assert!(retired.retired);
        assert_eq!(retired.postcode, "");
    }

    #[test]
    fn an_old_location_becomes_a_venue_named_before_its_last_comma() {
        let venue = Venue::from_location(" Unit 3, Mile End Park,Tower Hamlets ");
        assert_eq!(venue.name, "Unit 3, Mile End Park");
        assert_eq!(venue.borough, "Tower Hamlets");
        assert_eq!(venue.address, "Unit 3, Mile End Park,Tower Hamlets");
        assert_eq!(venue.location(), "Unit 3, Mile End Park, Tower Hamlets");
        assert_eq!(venue.access, AccessFacts::default());
        assert_eq!(venue.access_checked, None);
        let online = Venue::from_location("Online");
        assert_eq!(
            (online.name.as_str(), online.borough.as_str()),
            ("Online", "Online")
        );
        assert_eq!(online.location(), "Online", "never \"Online, Online\"");
        let plain = Venue::from_location("Haggerston Park, Hackney");
        assert_eq!(plain.location(), "Haggerston Park, Hackney");
        assert_eq!(area_of(&plain.location()), plain.borough);
    }

    #[test]
    fn facts_a_year_old_or_never_checked_are_stale() {
        let mut venue = Venue::from_location("Haggerston Park, Hackney");
        assert!(venue.check_is_stale(now()));
        venue.access_checked = Some(AccessCheck {
            at: now() - Duration::days(ACCESS_CHECK_STALE_DAYS),
            by: None,
        });
        assert!(!venue.check_is_stale(now()));
        assert!(venue.check_is_stale(now() + Duration::seconds(1)));
    }

    #[test]
    fn retired_venues_take_no_new_sessions() {
        let mut venue = Venue::from_location("Haggerston Park, Hackney");
        assert!(venue.clone().for_new_session().is_ok());
        venue.retired = true;
        assert_eq!(
            venue.for_new_session().unwrap_err().message(),
            RETIRED_MESSAGE
        );
        assert_eq!(venue_id(" ").unwrap_err().message(), CHOOSE_VENUE);
        assert_eq!(venue_id("42").unwrap_err().message(), CHOOSE_VENUE);
        let id = VenueId::new();
        assert_eq!(venue_id(&id.to_string()), Ok(id));
    }
}
