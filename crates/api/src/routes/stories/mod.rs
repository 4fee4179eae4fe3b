//! Community stories: `GET /api/blog-posts`, `GET /api/blog-posts/{id}` and
//! `POST /api/blog-posts/submit`.
pub mod list;
pub mod show;
pub mod submit;

use chrono::SecondsFormat;
use playspace_domain::story::StorySummary;
use serde::Serialize;

/// A published story as the list shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StorySummaryDto {
    id: String,
    title: String,
    excerpt: String,
    category: String,
    published_at: String,
    author_name: String,
}

impl From<StorySummary> for StorySummaryDto {
    fn from(s: StorySummary) -> Self {
        Self {
            id: s.id.to_string(),
            title: s.title,
            excerpt: s.excerpt,
            category: s.category,
            published_at: s.published_at.to_rfc3339_opts(SecondsFormat::Secs, true),
            author_name: s.author_name,
        }
    }
}
