//! JSON shapes of the API contract, in the spec's camelCase field names.
use chrono::SecondsFormat;
use playspace_domain::{AccessFact, AccessFacts, Event, EventsSummary, Venue};
use serde::Serialize;
use serde::ser::SerializeMap;

/// `{sessionId, url}`: the checkout a held place is paid at, and where the browser goes.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutSessionDto<'a> {
    pub session_id: &'a str,
    pub url: &'a str,
}

/// The messaging community as the membership and events pages show it (spec: community
/// info). `inviteLink` null means 'Coming Soon!'.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CommunityDto<'a> {
    pub community_name: &'a str,
    pub description: Option<&'a str>,
    pub invite_link: Option<&'a str>,
    pub benefits: &'a [String],
    pub guidelines: &'a [String],
}

impl<'a> From<&'a playspace_domain::Community> for CommunityDto<'a> {
    fn from(c: &'a playspace_domain::Community) -> Self {
        Self {
            community_name: &c.name,
            description: c.description.as_deref(),
            invite_link: c.invite_link.as_deref(),
            benefits: &c.benefits,
            guidelines: &c.guidelines,
        }
    }
}

impl<'a> From<&'a playspace_ports::CheckoutSession> for CheckoutSessionDto<'a> {
    fn from(session: &'a playspace_ports::CheckoutSession) -> Self {
        Self {
            session_id: &session.id,
            url: &session.url,
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventDto<'a> {
    pub id: String,
    pub title: &'a str,
    pub description: &'a str,
    pub category: &'a str,
    /// ISO 8601 in UTC, e.g. "2026-11-24T18:30:00Z".
    pub date: String,
    /// Minutes.
    pub duration: u32,
    /// The venue's one line ("Haggerston Park, Hackney"), as clients before venues read it.
    pub location: String,
    /// The location's last comma-separated part ("Hackney"), what the events page groups by.
    pub area: &'a str,
    pub venue: VenueDto<'a>,
    /// Pounds with two decimals, e.g. "0.00".
    pub price: String,
    pub max_participants: u32,
    pub current_participants: u32,
    pub is_active: bool,
    /// Members may bring a companion on a second, free place (ADR 0022).
    pub companion_allowed: bool,
    /// Free places Supporters fund on this session, and how many can still be booked (none
    /// once the session is full).
    pub solidarity_places: u32,
    pub solidarity_places_left: u32,
}

impl<'a> From<&'a Event> for EventDto<'a> {
    fn from(e: &'a Event) -> Self {
        Self {
            id: e.id.to_string(),
            title: &e.title,
            description: &e.description,
            category: e.category.as_str(),
            date: e.starts_at.to_rfc3339_opts(SecondsFormat::Secs, true),
            duration: e.duration_minutes,
            location: e.location(),
            area: e.area(),
            venue: VenueDto::from(&*e.venue),
            price: e.price.to_string(),
            max_participants: e.max_participants,
            current_participants: e.current_participants,
            is_active: e.is_active,
            companion_allowed: e.free_places.companion_allowed,
            solidarity_places: e.free_places.solidarity_places,
            solidarity_places_left: e.solidarity_places_left(),
        }
    }
}

/// A venue as the public reads it: where it is, how to get there, and its access facts.
/// (Who checked the facts is for admins: `AdminVenueDto`.)
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VenueDto<'a> {
    pub id: String,
    pub name: &'a str,
    pub address: &'a str,
    /// Empty for a venue made from an old free-text location and not yet completed.
    pub postcode: &'a str,
    pub borough: &'a str,
    pub map_url: Option<&'a str>,
    pub nearest_step_free_station: Option<&'a str>,
    pub transport_notes: Option<&'a str>,
    pub access: AccessDto<'a>,
    /// When the facts were last checked; null when never.
    pub access_checked_at: Option<String>,
}

impl<'a> From<&'a Venue> for VenueDto<'a> {
    fn from(v: &'a Venue) -> Self {
        Self {
            id: v.id.to_string(),
            name: &v.name,
            address: &v.address,
            postcode: &v.postcode,
            borough: &v.borough,
            map_url: v.map_url.as_deref(),
            nearest_step_free_station: v.nearest_step_free_station.as_deref(),
            transport_notes: v.transport_notes.as_deref(),
            access: AccessDto(&v.access),
            access_checked_at: v
                .access_checked
                .as_ref()
                .map(|c| c.at.to_rfc3339_opts(SecondsFormat::Secs, true)),
        }
    }
}

/// `{"stepFree": "yes", ...}`: every fact by its key, in the domain's order.
#[derive(Debug)]
pub struct AccessDto<'a>(pub &'a AccessFacts);

impl Serialize for AccessDto<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(AccessFact::ALL.len()))?;
        for (fact, value) in self.0.iter() {
            map.serialize_entry(fact.key(), value.as_str())?;
        }
        map.end()
    }
}

/// Serialises events as the JSON array the list endpoint returns.
pub fn events_json<'a>(
    events: impl IntoIterator<Item = &'a Event>,
) -> Result<Vec<u8>, serde_json::Error> {
    serde_json::to_vec(&events.into_iter().map(EventDto::from).collect::<Vec<_>>())
}

/// `GET /api/events/summary`: the events page's sport cards and area choices.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventsSummaryDto<'a> {
    pub event_count: usize,
    pub sports: Vec<SportSummaryDto<'a>>,
    pub areas: &'a [String],
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SportSummaryDto<'a> {
    pub category: &'a str,
    pub event_count: usize,
    pub areas: &'a [String],
}

impl<'a> From<&'a EventsSummary> for EventsSummaryDto<'a> {
    fn from(s: &'a EventsSummary) -> Self {
        Self {
            event_count: s.event_count,
            sports: s
                .sports
                .iter()
                .map(|sport| SportSummaryDto {
                    category: &sport.category,
                    event_count: sport.event_count,
                    areas: &sport.areas,
                })
                .collect(),
            areas: &s.areas,
        }
    }
}

pub fn summary_json(summary: &EventsSummary) -> Result<Vec<u8>, serde_json::Error> {
    serde_json::to_vec(&EventsSummaryDto::from(summary))
}

/// The signed-in person as the client sees them (`GET /api/auth/user`, login, register).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserDto<'a> {
    pub id: String,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub chosen_name: Option<&'a str>,
    pub pronouns: Option<&'a str>,
    pub email: &'a str,
    pub role: &'static str,
    pub is_email_verified: bool,
    pub profile_image_url: Option<&'a str>,
}

impl<'a> From<&'a playspace_domain::User> for UserDto<'a> {
    fn from(u: &'a playspace_domain::User) -> Self {
        Self {
            id: u.id.to_string(),
            first_name: &u.profile.first_name,
            last_name: &u.profile.last_name,
            chosen_name: u.profile.chosen_name.as_deref(),
            pronouns: u.profile.pronouns.as_deref(),
            email: u.email.as_str(),
            role: u.role.as_str(),
            is_email_verified: u.is_email_verified,
            profile_image_url: u.profile_image_url.as_deref(),
        }
    }
}

/// Everything a person told us, for their own profile page and data export.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileDto<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub chosen_name: Option<&'a str>,
    pub pronouns: Option<&'a str>,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    pub date_of_birth: Option<String>,
    pub gender: Option<&'static str>,
    pub address: Option<&'a str>,
    pub city: Option<&'a str>,
    pub postcode: Option<&'a str>,
    pub emergency_contact_name: Option<&'a str>,
    pub emergency_contact_phone: Option<&'a str>,
    pub medical_conditions: Option<&'a str>,
    pub fitness_level: Option<&'static str>,
    pub sports_interests: &'a [String],
    pub how_did_you_hear: Option<&'static str>,
    pub marketing_consent: bool,
}

impl<'a> From<&'a playspace_domain::User> for ProfileDto<'a> {
    fn from(u: &'a playspace_domain::User) -> Self {
        let p = &u.profile;
        Self {
            first_name: &p.first_name,
            last_name: &p.last_name,
            chosen_name: p.chosen_name.as_deref(),
            pronouns: p.pronouns.as_deref(),
            email: u.email.as_str(),
            phone: p.phone.as_deref(),
            date_of_birth: p.date_of_birth.map(|d| d.to_string()),
            gender: p.gender.map(|g| g.as_str()),
            address: p.address.as_deref(),
            city: p.city.as_deref(),
            postcode: p.postcode.as_deref(),
            emergency_contact_name: p.emergency_contact_name.as_deref(),
            emergency_contact_phone: p.emergency_contact_phone.as_deref(),
            medical_conditions: p.medical_conditions.as_deref(),
            fitness_level: p.fitness_level.map(|f| f.as_str()),
            sports_interests: &p.sports_interests,
            how_did_you_hear: p.how_did_you_hear.map(|h| h.as_str()),
            marketing_consent: p.marketing_consent,
        }
    }
}

/// A person's access needs as they see and edit them (`/api/user/access-needs`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccessNeedsDto<'a> {
    pub needs: Vec<&'static str>,
    pub note: Option<&'a str>,
    pub share_with_leader: bool,
}

impl<'a> From<&'a playspace_domain::ProfileAccessNeeds> for AccessNeedsDto<'a> {
    fn from(n: &'a playspace_domain::ProfileAccessNeeds) -> Self {
        Self {
            needs: n.needs.names(),
            note: n.needs.note.as_deref(),
            share_with_leader: n.share_with_leader,
        }
    }
}

/// A booking as the spec's clients read it, with its event for "my bookings".
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BookingDto<'a> {
    pub id: String,
    pub reference: &'a str,
    pub event_id: String,
    pub user_id: String,
    pub status: &'static str,
    pub payment_status: &'static str,
    pub payment_method: &'static str,
    /// Pounds with two decimals, as charged when booked.
    pub amount: String,
    pub accessibility_requirements: Option<&'a str>,
    /// The common access needs ticked for this session.
    pub access_needs: Vec<&'static str>,
    /// Whether the needs are the copy of the person's shared profile needs (ADR 0023).
    pub access_needs_from_profile: bool,
    /// A companion comes on a second, free place ("+1 companion"), with their first name if
    /// the member gave one.
    pub companion: bool,
    pub companion_name: Option<&'a str>,
    pub created_at: String,
    /// With the event: the last moment the person may cancel (the browser never retypes
    /// the cut-off).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cancellable_until: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<EventDto<'a>>,
}

impl<'a> BookingDto<'a> {
    pub fn new(b: &'a playspace_domain::Booking, event: Option<&'a Event>) -> Self {
        Self {
            id: b.id.to_string(),
            reference: b.reference.as_str(),
            event_id: b.event_id.to_string(),
            user_id: b.user_id.to_string(),
            status: b.status.as_str(),
            payment_status: b.payment_status.as_str(),
            payment_method: b.payment_method.as_str(),
            amount: b.amount.to_string(),
            accessibility_requirements: b.accessibility_requirements.as_deref(),
            access_needs: b.access_needs.iter().map(|n| n.as_str()).collect(),
            access_needs_from_profile: b.needs_from_profile,
            companion: b.companion.is_some(),
            companion_name: b.companion.as_ref().and_then(|c| c.first_name.as_deref()),
            created_at: b.created_at.to_rfc3339_opts(SecondsFormat::Secs, true),
            cancellable_until: event.map(|e| {
                playspace_domain::booking_rules::cancellable_until(e)
                    .to_rfc3339_opts(SecondsFormat::Secs, true)
            }),
            event: event.map(EventDto::from),
        }
    }
}

/// A person's waitlist entry as they see it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WaitlistEntryDto {
    pub id: String,
    pub event_id: String,
    /// waiting, offered, claimed, expired or left.
    pub status: &'static str,
    /// 1 = next in line; only while waiting.
    pub position: Option<u32>,
    /// While offered: the place is held until then.
    pub offer_expires_at: Option<String>,
    pub created_at: String,
}

impl From<&playspace_domain::waitlist::WaitlistEntry> for WaitlistEntryDto {
    fn from(e: &playspace_domain::waitlist::WaitlistEntry) -> Self {
        Self {
            id: e.id.to_string(),
            event_id: e.event_id.to_string(),
            status: e.status.as_str(),
            position: e.position,
            offer_expires_at: e
                .offer_expires_at
                .map(|t| t.to_rfc3339_opts(SecondsFormat::Secs, true)),
            created_at: e.created_at.to_rfc3339_opts(SecondsFormat::Secs, true),
        }
    }
}

/// An in-app notification as its owner reads it, in the spec's client-side names
/// (`timestamp`, `read`) plus the stored model's `actionUrl` and `eventId`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NotificationDto<'a> {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub title: &'a str,
    pub message: &'a str,
    pub timestamp: String,
    pub read: bool,
    pub action_url: Option<&'a str>,
    pub event_id: Option<String>,
}

impl<'a> From<&'a playspace_domain::Notification> for NotificationDto<'a> {
    fn from(n: &'a playspace_domain::Notification) -> Self {
        Self {
            id: n.id.to_string(),
            kind: n.kind.as_str(),
            title: &n.title,
            message: &n.message,
            timestamp: n.created_at.to_rfc3339_opts(SecondsFormat::Secs, true),
            read: n.read,
            action_url: n.action_url.as_deref(),
            event_id: n.event_id.map(|id| id.to_string()),
        }
    }
}
