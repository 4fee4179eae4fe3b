//! Community stories: `GET /api/blog-posts`, `GET /api/blog-posts/{id}` and
//! `POST /api/blog-posts/submit`.
pub mod list;
pub mod show;
pub mod submit;

use chrono::SecondsFormat;
use playspace_domain::story::{Story, StorySummary};
use serde::Serialize;

/// A published story as the list shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StorySummaryDto {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) excerpt: String,
    pub(crate) category: String,
    pub(crate) published_at: String,
    pub(crate) author_name: String,
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

/// A published story as its page shows it: `GET /api/blog-posts/{id}`'s answer, which the
/// story page's HTML also carries (crates/api/src/pages/data.rs).
#[derive(Debug, Serialize)]
pub struct StoryDto {
    #[serde(flatten)]
    pub(crate) summary: StorySummaryDto,
    /// Allow-listed HTML, cleaned when saved.
    pub(crate) content: String,
}

impl From<Story> for StoryDto {
    fn from(story: Story) -> Self {
        Self {
            summary: story.summary.into(),
            content: story.content,
        }
    }
}
