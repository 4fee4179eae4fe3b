//! Keyset pagination for the admin lists: a page ends at its last row's (sort instant, id)
//! and the next page starts strictly after it, so deep pages cost what the first one does.
//! Clients get the position as an opaque string and send it back unchanged.
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};

/// The answer to a cursor that was not made by [`PageCursor::encode`].
pub const INVALID_CURSOR: &str = "This page link is not valid. Please start from the first page.";

/// Where a page stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageCursor {
    /// The last row's sort instant: when it was created (people, bookings) or starts
    /// (sessions).
    pub at: DateTime<Utc>,
    /// The row's id (a UUID), the tie-breaker between rows created in the same instant.
    pub id: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", INVALID_CURSOR)]
pub struct InvalidCursor;

impl PageCursor {
    pub fn new(at: DateTime<Utc>, id: impl Into<String>) -> Self {
        Self { at, id: id.into() }
    }

    /// Nanoseconds keep rows apart that share a microsecond on SQLite.
    pub fn encode(&self) -> String {
        let nanos = self.at.timestamp_nanos_opt().unwrap_or_default();
        URL_SAFE_NO_PAD.encode(format!("{nanos}.{}", self.id))
    }

    pub fn decode(text: &str) -> Result<Self, InvalidCursor> {
        let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| InvalidCursor)?;
        let text = std::str::from_utf8(&bytes).map_err(|_| InvalidCursor)?;
        let (nanos, id) = text.split_once('.').ok_or(InvalidCursor)?;
        let nanos: i64 = nanos.parse().map_err(|_| InvalidCursor)?;
        let id = uuid::Uuid::try_parse(id).map_err(|_| InvalidCursor)?;
        Ok(Self {
            at: DateTime::from_timestamp_nanos(nanos),
            id: id.hyphenated().to_string(),
        })
    }
}

/// One page of a list and where it goes on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Page<T> {
    pub items: Vec<T>,
    /// Set when more rows follow.
    pub next: Option<PageCursor>,
    /// Rows matching the filter, on every page.
    pub total: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::now;

    #[test]
    fn a_cursor_round_trips_to_the_nanosecond() {
        let at = now() + chrono::Duration::nanoseconds(123_456_789);
        let cursor = PageCursor::new(at, "0193a1b2-0000-7000-8000-000000000001");
        let text = cursor.encode();
        assert!(!text.contains('.'), "opaque: {text}");
        assert_eq!(PageCursor::decode(&text), Ok(cursor));
    }

    #[test]
    fn garbage_and_tampered_cursors_are_refused() {
        for bad in [
            "",
            "%%%",
            "bm90LWEtY3Vyc29y",
            &URL_SAFE_NO_PAD.encode("12.not-a-uuid"),
            &URL_SAFE_NO_PAD.encode("x.0193a1b2-0000-7000-8000-000000000001"),
            &URL_SAFE_NO_PAD.encode("12;drop table users"),
        ] {
            assert_eq!(PageCursor::decode(bad), Err(InvalidCursor), "{bad}");
        }
    }
}
