//! Session registers: `/api/admin/registers`, `/api/admin/events/{id}/register[/{bookingId}]`.
//! For admins and for moderators in the sessions they lead.
use playspace_ports::RegisterLine;
use serde::Serialize;

pub mod list;
pub mod mark;
pub mod show;

/// One attendee as the register shows them.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AttendeeDto<'a> {
    booking_id: String,
    reference: &'a str,
    name: &'a str,
    pronouns: Option<&'a str>,
    status: &'static str,
    payment_method: &'static str,
    payment_status: &'static str,
    amount: String,
    accessibility_requirements: Option<&'a str>,
    access_needs: Vec<&'static str>,
    /// "+1 companion": a second, free place on this booking (ADR 0022).
    companion: bool,
    companion_name: Option<&'a str>,
    emergency_contact_name: Option<&'a str>,
    emergency_contact_phone: Option<&'a str>,
    attendance: Option<&'static str>,
}

impl<'a> From<&'a RegisterLine> for AttendeeDto<'a> {
    fn from(l: &'a RegisterLine) -> Self {
        Self {
            booking_id: l.booking_id.to_string(),
            reference: l.reference.as_str(),
            name: &l.name,
            pronouns: l.pronouns.as_deref(),
            status: l.status.as_str(),
            payment_method: l.payment_method.as_str(),
            payment_status: l.payment_status.as_str(),
            amount: l.amount.to_string(),
            accessibility_requirements: l.accessibility_requirements.as_deref(),
            access_needs: l.access_needs.iter().map(|n| n.as_str()).collect(),
            companion: l.companion,
            companion_name: l.companion_name.as_deref(),
            emergency_contact_name: l.emergency_contact_name.as_deref(),
            emergency_contact_phone: l.emergency_contact_phone.as_deref(),
            attendance: l.attendance.map(|a| a.as_str()),
        }
    }
}
