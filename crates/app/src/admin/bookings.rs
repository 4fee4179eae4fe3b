//! Bookings from the admin side: the filtered list, status and payment-status edits, and
//! cancelling with or without a refund.
use playspace_domain::admin::PAGE_SIZE;
use playspace_domain::audit::actions;
use playspace_domain::page_cursor::Page;
use playspace_domain::{
    BookingId, BookingStatus, EventId, FieldErrors, NewNotification, OutgoingEmail, PaymentMethod,
    PaymentStatus, ValidationError, london,
};
use playspace_ports::{AdminBooking, BookingFilter, RepoError};

use super::AdminDeps;
use super::{Actor, cursor};
use crate::bookings::{cancellation_email, cancellation_notice, refund_card_payment};

#[derive(Debug, thiserror::Error)]
pub enum AdminBookingError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    #[error("Booking not found")]
    NotFound,
    #[error("There is no free place on this session to restore the booking.")]
    NoPlace,
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for AdminBookingError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => Self::NotFound,
            e => Self::Store(e),
        }
    }
}

/// The list's query string as received.
#[derive(Clone, Debug, Default)]
pub struct ListBookingsInput {
    pub event_id: Option<String>,
    pub status: Option<String>,
    pub payment_status: Option<String>,
    /// London dates, inclusive.
    pub from: Option<String>,
    pub to: Option<String>,
    pub reference: Option<String>,
    pub cursor: Option<String>,
}

fn given(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn london_day(text: &str) -> Result<chrono::NaiveDate, ValidationError> {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| ValidationError::new("Dates look like 2026-12-01"))
}

/// One page (20) of bookings, newest first.
pub fn list_admin_bookings(
    deps: &AdminDeps,
    input: ListBookingsInput,
) -> Result<Page<AdminBooking>, AdminBookingError> {
    let mut e = FieldErrors::new();
    let event_id = given(input.event_id).and_then(|id| {
        e.check(
            "eventId",
            id.parse::<EventId>()
                .map_err(|_| ValidationError::new("Choose a session")),
        )
    });
    let status = given(input.status).and_then(|s| e.check("status", status(&s)));
    let payment_status =
        given(input.payment_status).and_then(|s| e.check("paymentStatus", payment_status(&s)));
    let from = given(input.from)
        .and_then(|d| e.check("from", london_day(&d)))
        .map(|d| london::day_bounds(d).0);
    let to = given(input.to)
        .and_then(|d| e.check("to", london_day(&d)))
        .map(|d| london::day_bounds(d).1);
    let reference = given(input.reference).and_then(|r| {
        let r = r.to_ascii_uppercase();
        let ok = r.len() <= 12 && r.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        e.check(
            "reference",
            ok.then_some(r)
                .ok_or_else(|| ValidationError::new("References look like PS-7K3Q9M")),
        )
    });
    let after = given(input.cursor).and_then(|c| e.check("cursor", cursor(&c)));
    if !e.is_empty() {
        return Err(AdminBookingError::Invalid(e));
    }
    let filter = BookingFilter {
        event_id,
        status,
        payment_status,
        from,
        to,
        reference,
    };
    Ok(deps
        .admin_bookings
        .list_admin_bookings(&filter, after, PAGE_SIZE)?)
}

fn status(text: &str) -> Result<BookingStatus, ValidationError> {
    text.parse()
        .map_err(|_| ValidationError::new("Choose confirmed, pending or cancelled"))
}

fn payment_status(text: &str) -> Result<PaymentStatus, ValidationError> {
    text.parse()
        .map_err(|_| ValidationError::new("Choose paid, pending, failed or refunded"))
}

/// One inline edit of the bookings tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookingEdit {
    Status(String),
    PaymentStatus(String),
}

/// Changes a booking's status or payment status ('Booking updated successfully').
/// Cancelling releases the place and tells the person; restoring a cancelled booking
/// needs a free place.
pub fn update_booking(
    deps: &AdminDeps,
    id: &str,
    edit: BookingEdit,
    actor: &Actor,
) -> Result<AdminBooking, AdminBookingError> {
    let id: BookingId = id.parse().map_err(|_| AdminBookingError::NotFound)?;
    let current = deps.admin_bookings.admin_booking(id)?;
    let audit = actor.entry(
        actions::BOOKING_UPDATE,
        "booking",
        Some(id.to_string()),
        deps.clock.now(),
    );
    let mut errors = FieldErrors::new();
    match edit {
        BookingEdit::Status(text) => {
            let Some(to) = errors.check("status", status(&text)) else {
                return Err(AdminBookingError::Invalid(errors));
            };
            let (emails, notes) = if to == BookingStatus::Cancelled && current.booking.is_live() {
                cancellation_notices(deps, id)?
            } else {
                (vec![], vec![])
            };
            let audit = audit.detail("field", "status").detail("to", to.as_str());
            match deps
                .admin_bookings
                .set_booking_status(id, to, None, &emails, &notes, &audit)
            {
                Ok(()) => {}
                Err(RepoError::Conflict) => return Err(AdminBookingError::NoPlace),
                Err(e) => return Err(e.into()),
            }
        }
        BookingEdit::PaymentStatus(text) => {
            let Some(to) = errors.check("paymentStatus", payment_status(&text)) else {
                return Err(AdminBookingError::Invalid(errors));
            };
            let audit = audit
                .detail("field", "paymentStatus")
                .detail("to", to.as_str());
            deps.admin_bookings.set_payment_status(id, to, &audit)?;
        }
    }
    Ok(deps.admin_bookings.admin_booking(id)?)
}

/// Cancels a live booking for its person (releasing the place and emailing them), and
/// refunds a card payment when asked.
pub fn cancel_booking_as_admin(
    deps: &AdminDeps,
    id: &str,
    refund: bool,
    reason: Option<String>,
    actor: &Actor,
) -> Result<AdminBooking, AdminBookingError> {
    let id: BookingId = id.parse().map_err(|_| AdminBookingError::NotFound)?;
    let current = deps.admin_bookings.admin_booking(id)?;
    if !current.booking.is_live() {
        return Err(AdminBookingError::NotFound);
    }
    let now = deps.clock.now();
    let (emails, notes) = cancellation_notices(deps, id)?;
    let reason: Option<String> = reason
        .map(|r| r.trim().chars().take(500).collect::<String>())
        .filter(|r| !r.is_empty());
    let audit = actor
        .entry(
            actions::BOOKING_CANCEL,
            "booking",
            Some(id.to_string()),
            now,
        )
        .detail("refund", refund.to_string());
    deps.admin_bookings.set_booking_status(
        id,
        BookingStatus::Cancelled,
        reason,
        &emails,
        &notes,
        &audit,
    )?;
    let paid_by_card = current.booking.payment_method == PaymentMethod::Card
        && current.booking.payment_status == PaymentStatus::Paid;
    if refund && paid_by_card {
        refund_card_payment(
            deps.bookings,
            deps.gateway,
            id,
            current.booking.amount.pence(),
            now,
        )?;
    }
    Ok(deps.admin_bookings.admin_booking(id)?)
}

/// The cancellation email and in-app notification for the booking's person (none for an
/// erased account).
fn cancellation_notices(
    deps: &AdminDeps,
    id: BookingId,
) -> Result<(Vec<OutgoingEmail>, Vec<NewNotification>), RepoError> {
    let found = deps.bookings.get(id)?;
    match deps.users.get(found.booking.user_id) {
        Ok(user) => Ok((
            vec![cancellation_email(
                deps.email,
                &user,
                &found.booking,
                &found.event,
            )?],
            vec![cancellation_notice(&user, &found.event)],
        )),
        Err(RepoError::NotFound) => Ok((vec![], vec![])),
        Err(e) => Err(e),
    }
}
