//! `/api/admin/bookings`: the filtered list, inline edits and cancelling.
use chrono::SecondsFormat;
use playspace_ports::AdminBooking;
use serde::Serialize;

pub mod cancel;
pub mod list;
pub mod update;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminBookingDto<'a> {
    id: String,
    reference: &'a str,
    user_id: String,
    user_name: &'a str,
    user_email: &'a str,
    event_id: String,
    event_title: &'a str,
    event_date: String,
    status: &'static str,
    payment_status: &'static str,
    payment_method: &'static str,
    amount: String,
    /// A companion on a second, free place (ADR 0022).
    companion: bool,
    companion_name: Option<&'a str>,
    attendance: Option<&'static str>,
    created_at: String,
}

impl<'a> From<&'a AdminBooking> for AdminBookingDto<'a> {
    fn from(b: &'a AdminBooking) -> Self {
        Self {
            id: b.booking.id.to_string(),
            reference: b.booking.reference.as_str(),
            user_id: b.booking.user_id.to_string(),
            user_name: &b.user_name,
            user_email: &b.user_email,
            event_id: b.booking.event_id.to_string(),
            event_title: &b.event_title,
            event_date: b.event_date.to_rfc3339_opts(SecondsFormat::Secs, true),
            status: b.booking.status.as_str(),
            payment_status: b.booking.payment_status.as_str(),
            payment_method: b.booking.payment_method.as_str(),
            amount: b.booking.amount.to_string(),
            companion: b.booking.companion.is_some(),
            companion_name: b
                .booking
                .companion
                .as_ref()
                .and_then(|c| c.first_name.as_deref()),
            attendance: b.attendance.map(|a| a.as_str()),
            created_at: b
                .booking
                .created_at
                .to_rfc3339_opts(SecondsFormat::Secs, true),
        }
    }
}
