//! CSV exports for spreadsheets: written a chunk at a time (so the HTTP layer can stream an
//! export of any size), every cell made safe from formula injection, and nothing secret or
//! special-category ever included (the store does not even read it).
use std::borrow::Cow;

use chrono::{DateTime, SecondsFormat, Utc};
use playspace_domain::admin::{ExportKind, csv_safe};
use playspace_domain::audit::actions;
use playspace_domain::london;
use playspace_ports::RepoError;

use super::{Actor, AdminDeps};

/// Rows read and written per chunk.
pub const EXPORT_CHUNK_ROWS: u32 = 1_000;

const USER_COLUMNS: [&str; 9] = [
    "id",
    "firstName",
    "lastName",
    "email",
    "role",
    "isEmailVerified",
    "marketingConsent",
    "createdAt",
    "lastLogin",
];
const EVENT_COLUMNS: [&str; 12] = [
    "id",
    "title",
    "category",
    "location",
    "date",
    "duration",
    "maxParticipants",
    "currentParticipants",
    "price",
    "isActive",
    "leaderId",
    "seriesId",
];
const BOOKING_COLUMNS: [&str; 13] = [
    "id",
    "reference",
    "userId",
    "eventId",
    "eventTitle",
    "eventDate",
    "status",
    "paymentStatus",
    "paymentMethod",
    "amount",
    "companion",
    "attendance",
    "createdAt",
];

/// CSV text for some rows, and where the next chunk starts (`None`: this was the last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportChunk {
    pub csv: Vec<u8>,
    pub next: Option<String>,
}

fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn flag(b: bool) -> String {
    b.to_string()
}

fn write(rows: &[Vec<String>]) -> Result<Vec<u8>, RepoError> {
    let mut out = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    for row in rows {
        let cells: Vec<Cow<'_, str>> = row.iter().map(|c| csv_safe(c)).collect();
        out.write_record(cells.iter().map(|c| c.as_bytes()))
            .map_err(|e| RepoError::Unavailable(format!("csv: {e}")))?;
    }
    out.into_inner()
        .map_err(|e| RepoError::Unavailable(format!("csv: {e}")))
}

/// Records the export in the audit trail; returns the file name (dated by the London day)
/// and the header row.
#[tracing::instrument(skip_all)]
pub fn start_export(
    deps: &AdminDeps,
    by: &Actor,
    kind: ExportKind,
) -> Result<(String, Vec<u8>), RepoError> {
    let now = deps.clock.now();
    deps.audit.record(
        &by.entry(
            actions::EXPORT,
            "export",
            Some(kind.as_str().to_owned()),
            now,
        )
        .detail("type", kind.as_str()),
    )?;
    let columns: &[&str] = match kind {
        ExportKind::Users => &USER_COLUMNS,
        ExportKind::Events => &EVENT_COLUMNS,
        ExportKind::Bookings => &BOOKING_COLUMNS,
    };
    let header = write(&[columns.iter().map(|c| (*c).to_owned()).collect()])?;
    Ok((kind.file_name(london::day_of(now)), header))
}

/// The next up to [`EXPORT_CHUNK_ROWS`] rows after `after` as CSV. Erased accounts appear
/// without personal data.
pub fn export_chunk(
    deps: &AdminDeps,
    kind: ExportKind,
    after: Option<String>,
) -> Result<ExportChunk, RepoError> {
    let (rows, last): (Vec<Vec<String>>, Option<String>) = match kind {
        ExportKind::Users => {
            let rows = deps.exports.users_after(after, EXPORT_CHUNK_ROWS)?;
            let last = rows.last().map(|r| r.id.clone());
            let cells = rows
                .into_iter()
                .map(|u| {
                    if u.erased {
                        vec![
                            u.id,
                            String::new(),
                            String::new(),
                            String::new(),
                            u.role,
                            flag(false),
                            flag(false),
                            time(u.created_at),
                            String::new(),
                        ]
                    } else {
                        vec![
                            u.id,
                            u.first_name,
                            u.last_name,
                            u.email,
                            u.role,
                            flag(u.is_email_verified),
                            flag(u.marketing_consent),
                            time(u.created_at),
                            u.last_login.map(time).unwrap_or_default(),
                        ]
                    }
                })
                .collect();
            (cells, last)
        }
        ExportKind::Events => {
            let rows = deps.exports.events_after(after, EXPORT_CHUNK_ROWS)?;
            let last = rows.last().map(|r| r.id.clone());
            let cells = rows
                .into_iter()
                .map(|e| {
                    vec![
                        e.id,
                        e.title,
                        e.category,
                        e.location,
                        time(e.starts_at),
                        e.duration_minutes.to_string(),
                        e.max_participants.to_string(),
                        e.current_participants.to_string(),
                        e.price.to_string(),
                        flag(e.is_active),
                        e.leader_id.unwrap_or_default(),
                        e.series_id.unwrap_or_default(),
                    ]
                })
                .collect();
            (cells, last)
        }
        ExportKind::Bookings => {
            let rows = deps.exports.bookings_after(after, EXPORT_CHUNK_ROWS)?;
            let last = rows.last().map(|r| r.id.clone());
            let cells = rows
                .into_iter()
                .map(|b| {
                    vec![
                        b.id,
                        b.reference,
                        b.user_id,
                        b.event_id,
                        b.event_title,
                        time(b.event_date),
                        b.status,
                        b.payment_status,
                        b.payment_method,
                        b.amount.to_string(),
                        flag(b.companion),
                        b.attendance.unwrap_or_default(),
                        time(b.created_at),
                    ]
                })
                .collect();
            (cells, last)
        }
    };
    let full = rows.len() == EXPORT_CHUNK_ROWS as usize;
    Ok(ExportChunk {
        csv: write(&rows)?,
        next: if full { last } else { None },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::testing::{Mocks, actor};
    use playspace_domain::Money;
    use playspace_ports::{BookingExportRow, EventExportRow, UserExportRow};
    use playspace_test_support::{test_now, utc};

    fn user(id: &str, first: &str) -> UserExportRow {
        UserExportRow {
            id: id.into(),
            first_name: first.into(),
            last_name: "Silva, Jr".into(),
            email: "ana@example.org".into(),
            role: "user".into(),
            is_email_verified: true,
            marketing_consent: false,
            created_at: test_now(),
            last_login: None,
            erased: false,
        }
    }

    #[test]
    fn starting_an_export_is_audited_and_names_the_file_by_the_london_day() {
        let mut m = Mocks::new();
        // 23:30 UTC on 30 June is already 1 July in London.
        m.clock = playspace_test_support::FixedClock(utc("2026-06-30T23:30:00Z"));
        m.audit
            .expect_record()
            .withf(|a| {
                a.action == "data.export"
                    && a.details == [("type", "bookings".to_owned())]
                    && a.ip_address.as_deref() == Some("10.0.0.9")
            })
            .times(1)
            .returning(|_| Ok(()));
        let (name, header) = start_export(&m.deps(), &actor(), ExportKind::Bookings).unwrap();
        assert_eq!(name, "bookings-export-2026-07-01.csv");
        assert_eq!(
            String::from_utf8(header).unwrap(),
            "id,reference,userId,eventId,eventTitle,eventDate,status,paymentStatus,paymentMethod,amount,companion,attendance,createdAt\n"
        );
    }

    #[test]
    fn users_are_written_safely_and_erased_ones_without_personal_data() {
        let mut m = Mocks::new();
        m.exports.expect_users_after().returning(|after, limit| {
            assert_eq!((after.as_deref(), limit), (Some("u0"), 1_000));
            let mut erased = user("u2", "Former");
            erased.erased = true;
            erased.email = "erased-u2@erased.invalid".into();
            Ok(vec![user("u1", "=cmd()"), erased])
        });
        let chunk = export_chunk(&m.deps(), ExportKind::Users, Some("u0".into())).unwrap();
        assert_eq!(chunk.next, None, "a short chunk is the last");
        assert_eq!(
            String::from_utf8(chunk.csv).unwrap(),
            "u1,'=cmd(),\"Silva, Jr\",ana@example.org,user,true,false,2026-11-21T12:00:00Z,\n\
             u2,,,,user,false,false,2026-11-21T12:00:00Z,\n"
        );
    }

    #[test]
    fn a_full_chunk_says_where_the_next_starts() {
        let mut m = Mocks::new();
        m.exports.expect_events_after().returning(|_, limit| {
            Ok((0..limit)
                .map(|i| EventExportRow {
                    id: format!("e{i:04}"),
                    title: "Yoga".into(),
                    category: "Yoga".into(),
                    location: "Hackney".into(),
                    starts_at: test_now(),
                    duration_minutes: 60,
                    max_participants: 20,
                    current_participants: 3,
                    price: Money::from_pence(550).unwrap(),
                    is_active: true,
                    leader_id: None,
                    series_id: Some("s1".into()),
                })
                .collect())
        });
        let chunk = export_chunk(&m.deps(), ExportKind::Events, None).unwrap();
        assert_eq!(chunk.next.as_deref(), Some("e0999"));
        let text = String::from_utf8(chunk.csv).unwrap();
        assert_eq!(text.lines().count(), 1_000);
        assert_eq!(
            text.lines().next(),
            Some("e0000,Yoga,Yoga,Hackney,2026-11-21T12:00:00Z,60,20,3,5.50,true,,s1")
        );
    }

    #[test]
    fn bookings_carry_ids_amounts_and_attendance() {
        let mut m = Mocks::new();
        m.exports.expect_bookings_after().returning(|_, _| {
            Ok(vec![BookingExportRow {
                id: "b1".into(),
                reference: "PSABC123".into(),
                user_id: "u1".into(),
                event_id: "e1".into(),
                event_title: "+Football".into(),
                event_date: test_now(),
                status: "confirmed".into(),
                payment_status: "paid".into(),
                payment_method: "card".into(),
                amount: Money::from_pence(1250).unwrap(),
                companion: true,
                attendance: Some("attended".into()),
                created_at: test_now(),
            }])
        });
        let chunk = export_chunk(&m.deps(), ExportKind::Bookings, None).unwrap();
        assert_eq!(
            String::from_utf8(chunk.csv).unwrap(),
            "b1,PSABC123,u1,e1,'+Football,2026-11-21T12:00:00Z,confirmed,paid,card,12.50,true,attended,2026-11-21T12:00:00Z\n"
        );
    }
}
