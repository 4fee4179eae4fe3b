//! `/api/admin/blog-posts`: the Blog tab. Admins write, edit, publish and unpublish posts;
//! admins and moderators work the review queue of submitted stories.
use chrono::SecondsFormat;
use playspace_domain::story::{AdminStory, StoryForm};
use serde::{Deserialize, Serialize};

pub mod approve;
pub mod create;
pub mod decline;
pub mod list;
pub mod publish;
pub mod update;

/// A story as the Blog tab shows it. Of the sender's account it says only whether a
/// decline would reach them.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminStoryDto<'a> {
    id: String,
    title: &'a str,
    excerpt: &'a str,
    content: &'a str,
    category: &'a str,
    author_name: &'a str,
    is_published: bool,
    /// When it was published; null for drafts and stories waiting or declined.
    published_at: Option<String>,
    /// null for the team's own posts; pending, approved or declined for submissions.
    review_status: Option<&'static str>,
    decline_reason: Option<&'a str>,
    has_author_email: bool,
    created_at: String,
    updated_at: String,
}

impl<'a> From<&'a AdminStory> for AdminStoryDto<'a> {
    fn from(s: &'a AdminStory) -> Self {
        let time = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
        Self {
            id: s.summary.id.to_string(),
            title: &s.summary.title,
            excerpt: &s.summary.excerpt,
            content: &s.content,
            category: &s.summary.category,
            author_name: &s.summary.author_name,
            is_published: s.is_published,
            published_at: s.is_published.then(|| time(s.summary.published_at)),
            review_status: s.review.map(|r| r.as_str()),
            decline_reason: s.decline_reason.as_deref(),
            has_author_email: s.author_contact.is_some(),
            created_at: time(s.created_at),
            updated_at: time(s.updated_at),
        }
    }
}

/// The fields of a post; missing ones read as empty so the answer is the form's messages.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct StoryFields {
    title: String,
    content: String,
    excerpt: String,
    category: String,
    author_name: String,
}

impl From<StoryFields> for StoryForm {
    fn from(f: StoryFields) -> Self {
        StoryForm {
            title: f.title,
            content: f.content,
            excerpt: f.excerpt,
            category: f.category,
            author_name: f.author_name,
        }
    }
}

/// The answer of every single-story action.
pub fn one(story: &AdminStory) -> serde_json::Value {
    serde_json::json!({ "post": AdminStoryDto::from(story) })
}
