//! The demo's venues: the London places the catalogue's sessions run at, with their
//! addresses, the nearest step-free station where there is a clear one, and access facts.
//! The facts are illustrative demo data, never surveyed: a real deployment's admins check
//! each venue on site (docs/adr/0021-venues-and-access-facts.md). Some are left unknown, and
//! some checks are over a year old, so the site shows both as it would for real.
use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use playspace_domain::venue::AccessCheck;
use playspace_domain::{AccessFact, AccessFacts, FactValue, Venue, VenueId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// One demo venue. `access` answers [`AccessFact::ALL`] in order, one letter each: `y`es,
/// `n`o or `u`nknown (step-free, accessible toilet, Changing Places, gender-neutral
/// changing, private cubicles, quiet space, hearing loop, accessible parking, lift,
/// assistance dogs).
pub struct VenueTemplate {
    pub name: &'static str,
    pub address: &'static str,
    pub postcode: &'static str,
    pub borough: &'static str,
    pub station: Option<&'static str>,
    pub notes: Option<&'static str>,
    pub access: &'static str,
    /// How many days before seeding the facts were checked; `None`: never.
    pub checked_days_ago: Option<i64>,
}

pub const VENUES: &[VenueTemplate] = &[
    VenueTemplate {
        name: "Hackney Marshes Centre",
        address: "Homerton Road, London",
        postcode: "E9 5PF",
        borough: "Hackney",
        station: Some("Hackney Wick (Overground), 15 minutes' walk"),
        notes: Some(
            "Buses 236 and 276 stop outside. Use the main entrance facing the car park; the changing rooms are on the ground floor.",
        ),
        access: "yyuuyuuyuy",
        checked_days_ago: Some(40),
    },
    VenueTemplate {
        name: "London Fields Lido",
        address: "London Fields West Side, London",
        postcode: "E8 3EU",
        borough: "Hackney",
        station: Some("Hackney Central (Overground), 10 minutes' walk"),
        notes: Some(
            "Buses 26, 48, 55 and 394 stop nearby. The pool hoist must be booked a day ahead: tell us when you book.",
        ),
        access: "yynyyuuuuy",
        checked_days_ago: Some(75),
    },
    VenueTemplate {
        name: "Clissold Leisure Centre",
        address: "63 Clissold Road, London",
        postcode: "N16 9EX",
        borough: "Hackney",
        station: Some("Stoke Newington (Overground), 10 minutes' walk"),
        notes: Some("Buses 73, 106 and 476 stop on Stoke Newington Church Street."),
        access: "yyyyyyyyyy",
        checked_days_ago: Some(20),
    },
    VenueTemplate {
        name: "Memorial Recreation Ground",
        address: "Memorial Avenue, West Ham, London",
        postcode: "E15 3BS",
        borough: "Newham",
        station: Some("West Ham (Jubilee, District and DLR), 5 minutes' walk"),
        notes: Some(
            "The pavilion is beside the main gate; the pitches are grass, reached by a tarmac path.",
        ),
        access: "yyunyuuuuy",
        checked_days_ago: Some(120),
    },
    VenueTemplate {
        name: "West Ham Park",
        address: "Upton Lane, London",
        postcode: "E7 9PU",
        borough: "Newham",
        station: Some("Forest Gate (Elizabeth line), 10 minutes' walk"),
        notes: Some(
            "Meet at the tennis courts by the Upton Lane gate. Buses 58 and 104 stop at the gate.",
        ),
        access: "yyuunnuuny",
        checked_days_ago: Some(400),
    },
    VenueTemplate {
        name: "Newham Leisure Centre",
        address: "281 Prince Regent Lane, London",
        postcode: "E13 8SD",
        borough: "Newham",
        station: Some("Prince Regent (DLR), 10 minutes' walk"),
        notes: Some("Buses 147, 262, 300 and 376 stop outside."),
        access: "yyyyyyyyyy",
        checked_days_ago: Some(30),
    },
    VenueTemplate {
        name: "Charlton Park",
        address: "Charlton Park Road, London",
        postcode: "SE7 8JB",
        borough: "Greenwich",
        station: Some("Charlton (National Rail), 15 minutes' walk"),
        notes: Some(
            "The changing pavilion is step-free from the car park. Buses 53 and 486 stop nearby.",
        ),
        access: "yyunyuuyny",
        checked_days_ago: Some(60),
    },
    VenueTemplate {
        name: "Oxleas Wood",
        address: "Shooters Hill, London",
        postcode: "SE18 3JA",
        borough: "Greenwich",
        station: None,
        notes: Some(
            "Meet at the café car park on Crown Woods Way. The walk follows woodland paths with steep, uneven stretches. Bus 89 stops on Shooters Hill.",
        ),
        access: "nnnnnunyny",
        checked_days_ago: Some(90),
    },
    VenueTemplate {
        name: "Mile End Leisure Centre",
        address: "190 Burdett Road, London",
        postcode: "E3 4HL",
        borough: "Tower Hamlets",
        station: None,
        notes: Some("Bus 277 stops outside; bus 25 on Mile End Road."),
        access: "yyuuyyuyyy",
        checked_days_ago: Some(200),
    },
    VenueTemplate {
        name: "Victoria Park",
        address: "Grove Road, London",
        postcode: "E3 5TB",
        borough: "Tower Hamlets",
        station: Some("Hackney Wick (Overground), 10 minutes' walk"),
        notes: Some("Meet at the Pavilion Café by the west lake. Paths are level tarmac."),
        access: "yyuuuuuuny",
        checked_days_ago: None,
    },
    VenueTemplate {
        name: "Poplar Baths Leisure Centre",
        address: "170 East India Dock Road, London",
        postcode: "E14 0EH",
        borough: "Tower Hamlets",
        station: Some("All Saints (DLR), 3 minutes' walk"),
        notes: Some("Buses 15, 115 and D6 stop outside."),
        access: "yyyyyyyyyy",
        checked_days_ago: Some(15),
    },
    VenueTemplate {
        name: "York Hall",
        address: "5 Old Ford Road, London",
        postcode: "E2 9PJ",
        borough: "Tower Hamlets",
        station: None,
        notes: Some(
            "The main hall is up a flight of steps; ask us about the side entrance. Buses 8 and 388 stop nearby.",
        ),
        access: "nuunuuyuuy",
        checked_days_ago: Some(500),
    },
    VenueTemplate {
        name: "Talacre Community Sports Centre",
        address: "Dalby Street, London",
        postcode: "NW5 3AF",
        borough: "Camden",
        station: Some("Kentish Town West (Overground), 5 minutes' walk"),
        notes: Some("Buses 24, 31 and 168 stop on Prince of Wales Road."),
        access: "yyuyyyuuuy",
        checked_days_ago: Some(45),
    },
    VenueTemplate {
        name: "Swiss Cottage Leisure Centre",
        address: "Adelaide Road, London",
        postcode: "NW3 3NF",
        borough: "Camden",
        station: None,
        notes: Some(
            "Buses 13, 31, 46 and 268 stop outside. The entrance is on Adelaide Road, beside the library.",
        ),
        access: "yyyyyuyyyy",
        checked_days_ago: Some(100),
    },
    VenueTemplate {
        name: "Hampstead Heath",
        address: "Parliament Hill, London",
        postcode: "NW5 1QR",
        borough: "Camden",
        station: Some("Gospel Oak (Overground), 5 minutes' walk"),
        notes: Some(
            "Meet at the Parliament Hill athletics track entrance. The heath is hilly; the track itself is level.",
        ),
        access: "uyunuuunny",
        checked_days_ago: None,
    },
    VenueTemplate {
        name: "Ravenscourt Park",
        address: "Paddenswick Road, London",
        postcode: "W6 0UL",
        borough: "Hammersmith & Fulham",
        station: None,
        notes: Some(
            "Meet by the tennis courts near the Paddenswick Road gate. Buses 94 and 237 stop nearby.",
        ),
        access: "yuuuuuuuny",
        checked_days_ago: None,
    },
    VenueTemplate {
        name: "Wormwood Scrubs",
        address: "Scrubs Lane, London",
        postcode: "W12 0DF",
        borough: "Hammersmith & Fulham",
        station: Some("White City (Central line), 15 minutes' walk"),
        notes: Some("Meet at the Linford Christie Stadium car park. Bus 228 stops on Scrubs Lane."),
        access: "yyunuuuyny",
        checked_days_ago: Some(380),
    },
    VenueTemplate {
        name: "Brockwell Park",
        address: "Norwood Road, London",
        postcode: "SE24 9BJ",
        borough: "Lambeth",
        station: Some("Herne Hill (National Rail), 5 minutes' walk"),
        notes: Some("Meet at the tennis courts by the Norwood Road gate."),
        access: "yuuuuuuuny",
        checked_days_ago: Some(150),
    },
    VenueTemplate {
        name: "Brockwell Lido",
        address: "Dulwich Road, London",
        postcode: "SE24 0PA",
        borough: "Lambeth",
        station: Some("Herne Hill (National Rail), 5 minutes' walk"),
        notes: Some("Buses 3, 37 and 196 stop on Dulwich Road."),
        access: "yynyyuuuuy",
        checked_days_ago: Some(50),
    },
    VenueTemplate {
        name: "Brixton Recreation Centre",
        address: "27 Brixton Station Road, London",
        postcode: "SW9 8QQ",
        borough: "Lambeth",
        station: Some("Brixton (Victoria line), 3 minutes' walk"),
        notes: Some("The sports halls are on the upper floors, reached by lift."),
        access: "yyuyyuuuyy",
        checked_days_ago: Some(25),
    },
    VenueTemplate {
        name: "Fitzroy Lodge Boxing Club",
        address: "Railway arch, 131 Lambeth Road, London",
        postcode: "SE1 7JY",
        borough: "Lambeth",
        station: None,
        notes: Some(
            "Under the railway arches; one step at the door. Buses 3, 59 and 360 stop nearby.",
        ),
        access: "nnnnnnuuny",
        checked_days_ago: Some(70),
    },
    VenueTemplate {
        name: "Burgess Park",
        address: "Albany Road, London",
        postcode: "SE5 0RJ",
        borough: "Southwark",
        station: None,
        notes: Some(
            "Meet at the Burgess Park Sports Centre on Cobourg Road. Buses 42, 136 and 343 stop nearby.",
        ),
        access: "yyuyyuuyuy",
        checked_days_ago: Some(110),
    },
    VenueTemplate {
        name: "Southwark Playhouse",
        address: "77-85 Newington Causeway, London",
        postcode: "SE1 6BD",
        borough: "Southwark",
        station: Some("Elephant & Castle (Northern line), 5 minutes' walk"),
        notes: Some(
            "The rehearsal studio is on the ground floor. Many buses stop at Elephant & Castle.",
        ),
        access: "yyuyyyyuyy",
        checked_days_ago: Some(35),
    },
    VenueTemplate {
        name: "Herne Hill Velodrome",
        address: "104 Burbage Road, London",
        postcode: "SE24 9HE",
        borough: "Southwark",
        station: Some("Herne Hill (National Rail), 10 minutes' walk"),
        notes: Some("Bikes can be borrowed. The track-side area is level."),
        access: "yyunuuuyny",
        checked_days_ago: Some(420),
    },
    VenueTemplate {
        name: "Tottenham Green Leisure Centre",
        address: "1 Philip Lane, London",
        postcode: "N15 4JA",
        borough: "Haringey",
        station: Some("Seven Sisters (Victoria line and Overground), 5 minutes' walk"),
        notes: Some("Buses 41, 76, 149, 243 and 259 stop outside."),
        access: "yyyyyyyyyy",
        checked_days_ago: Some(55),
    },
    VenueTemplate {
        name: "Finsbury Park",
        address: "Seven Sisters Road, London",
        postcode: "N4 2NQ",
        borough: "Haringey",
        station: Some("Finsbury Park (Victoria line), 5 minutes' walk"),
        notes: Some("Meet at the athletics track by the Seven Sisters Road gate."),
        access: "yyuuuuuuny",
        checked_days_ago: Some(95),
    },
    VenueTemplate {
        name: "Hornsey Library",
        address: "Haringey Park, London",
        postcode: "N8 9JA",
        borough: "Haringey",
        station: None,
        notes: Some(
            "The studio is on the first floor, reached by lift. Buses 41, 91 and W7 stop on Crouch End Broadway.",
        ),
        access: "yyuyyyyuyy",
        checked_days_ago: Some(80),
    },
    VenueTemplate {
        name: "Jacksons Lane",
        address: "269a Archway Road, London",
        postcode: "N6 5AA",
        borough: "Haringey",
        station: None,
        notes: Some(
            "Highgate (Northern line) is 5 minutes' walk, up steps. Bus 43 and 134 stop outside.",
        ),
        access: "uuuuuuuuuu",
        checked_days_ago: None,
    },
    VenueTemplate {
        name: "Seymour Leisure Centre",
        address: "Seymour Place, London",
        postcode: "W1H 5TJ",
        borough: "Westminster",
        station: None,
        notes: Some(
            "Marylebone and Edgware Road are 10 minutes' walk. Buses 2, 30 and 274 stop on Marylebone Road.",
        ),
        access: "yyuuyyuuyy",
        checked_days_ago: Some(140),
    },
    VenueTemplate {
        name: "Paddington Recreation Ground",
        address: "Randolph Avenue, London",
        postcode: "W9 1PD",
        borough: "Westminster",
        station: None,
        notes: Some(
            "Maida Vale (Bakerloo line) is 10 minutes' walk. Buses 16, 98 and 332 stop nearby.",
        ),
        access: "yyuyyuuyuy",
        checked_days_ago: Some(65),
    },
    VenueTemplate {
        name: "Sobell Leisure Centre",
        address: "Hornsey Road, London",
        postcode: "N7 7NY",
        borough: "Islington",
        station: Some("Finsbury Park (Victoria line), 10 minutes' walk"),
        notes: Some("Buses 91, 153 and 210 stop outside."),
        access: "yyyyyyuyyy",
        checked_days_ago: Some(28),
    },
    VenueTemplate {
        name: "Highbury Fields",
        address: "Highbury Crescent, London",
        postcode: "N5 1RR",
        borough: "Islington",
        station: Some("Highbury & Islington (Victoria line and Overground), 3 minutes' walk"),
        notes: Some("Meet at the tennis courts behind the pool."),
        access: "yuuuuuuuny",
        checked_days_ago: None,
    },
    VenueTemplate {
        name: "Glass Mill Leisure Centre",
        address: "41 Loampit Vale, London",
        postcode: "SE13 7FT",
        borough: "Lewisham",
        station: Some("Lewisham (DLR), 5 minutes' walk"),
        notes: Some("Buses 21, 136 and 321 stop outside."),
        access: "yyyyyyyyyy",
        checked_days_ago: Some(10),
    },
    VenueTemplate {
        name: "Ladywell Arena",
        address: "Silvermere Road, London",
        postcode: "SE6 4QX",
        borough: "Lewisham",
        station: Some("Ladywell (National Rail), 10 minutes' walk"),
        notes: Some("The track and the changing block are level."),
        access: "yyuuyuuyny",
        checked_days_ago: Some(300),
    },
];

/// A venue's fixed id, made from its name: the demo seed and the scale seed make the same
/// venue, and seeding again never makes a second one.
fn id_for(name: &str) -> VenueId {
    // FNV-1a: stable across runs and Rust versions, unlike the standard library's hasher.
    let seed = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    let bytes: [u8; 16] = StdRng::seed_from_u64(seed).random();
    uuid::Builder::from_random_bytes(bytes).into_uuid().into()
}

fn answer(letter: char) -> Option<FactValue> {
    match letter {
        'y' => Some(FactValue::Yes),
        'n' => Some(FactValue::No),
        'u' => Some(FactValue::Unknown),
        _ => None,
    }
}

impl VenueTemplate {
    /// The venue, its facts checked as of `now` minus the template's days.
    pub fn venue(&self, now: DateTime<Utc>) -> Result<Venue, String> {
        let letters: Vec<char> = self.access.chars().collect();
        if letters.len() != AccessFact::ALL.len() {
            return Err(format!("{}: one access letter per fact", self.name));
        }
        let mut access = AccessFacts::default();
        for (fact, letter) in AccessFact::ALL.into_iter().zip(letters) {
            let value =
                answer(letter).ok_or_else(|| format!("{}: access letter {letter}", self.name))?;
            access.set(fact, value);
        }
        let postcode = playspace_domain::venue::postcode(self.postcode)
            .map_err(|e| format!("{}: {}", self.name, e.message()))?;
        Ok(Venue {
            id: id_for(self.name),
            name: self.name.into(),
            address: self.address.into(),
            map_url: Some(format!(
                "https://www.openstreetmap.org/search?query={}",
                postcode.replace(' ', "%20")
            )),
            postcode,
            borough: self.borough.into(),
            nearest_step_free_station: self.station.map(Into::into),
            transport_notes: self.notes.map(Into::into),
            access,
            access_checked: self.checked_days_ago.map(|days| AccessCheck {
                at: now - Duration::days(days),
                by: None,
            }),
            retired: false,
        })
    }
}

/// Every demo venue by name, as of `now`.
pub fn by_name(now: DateTime<Utc>) -> Result<HashMap<&'static str, Arc<Venue>>, String> {
    VENUES
        .iter()
        .map(|t| Ok((t.name, Arc::new(t.venue(now)?))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed_demo_data::TEMPLATES;
    use playspace_test_support::test_now;
    use std::collections::HashSet;

    #[test]
    fn every_venue_is_valid_and_every_session_has_one() {
        let venues = by_name(test_now()).unwrap();
        assert_eq!(venues.len(), VENUES.len(), "names are unique");
        let used: HashSet<&str> = TEMPLATES.iter().map(|t| t.venue).collect();
        for name in &used {
            assert!(venues.contains_key(name), "{name} has no venue");
        }
        assert_eq!(used.len(), VENUES.len(), "every venue has sessions");
        let boroughs: HashSet<&str> = VENUES.iter().map(|v| v.borough).collect();
        assert_eq!(boroughs.len(), 12);
    }

    #[test]
    fn ids_are_fixed_by_name() {
        let first = by_name(test_now()).unwrap();
        let again = by_name(test_now() + Duration::days(3)).unwrap();
        for (name, venue) in &first {
            assert_eq!(venue.id, again[name].id, "{name}");
        }
        let ids: HashSet<VenueId> = first.values().map(|v| v.id).collect();
        assert_eq!(ids.len(), first.len());
    }

    #[test]
    fn the_demo_shows_yes_no_unknown_and_old_checks() {
        let venues = by_name(test_now()).unwrap();
        let step_free = venues
            .values()
            .filter(|v| v.access.get(AccessFact::StepFree) == FactValue::Yes)
            .count();
        assert!(step_free >= 20 && step_free < venues.len(), "{step_free}");
        for value in [FactValue::Yes, FactValue::No, FactValue::Unknown] {
            assert!(
                venues
                    .values()
                    .any(|v| v.access.iter().any(|(_, a)| a == value))
            );
        }
        assert!(venues.values().any(|v| v.access_checked.is_none()));
        assert!(venues.values().any(|v| v.check_is_stale(test_now())));
        assert!(venues.values().any(|v| !v.check_is_stale(test_now())));
    }
}
