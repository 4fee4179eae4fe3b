use chrono::{DateTime, Utc};
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::story::{AdminStory, NewStory, Story, StorySummary};
use playspace_domain::{AuditEntry, OutgoingEmail, StoryId};

use crate::RepoError;

/// One page of published stories, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoryPage {
    pub items: Vec<StorySummary>,
    /// Set when more published stories follow.
    pub next: Option<PageCursor>,
}

/// Community stories. Only published ones are ever read back here; submissions wait,
/// unpublished, for the team.
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait StoryRepository: Send + Sync {
    /// Published stories newest first (by published_at, then id), `limit` of them,
    /// starting strictly after `after`.
    fn published_stories(
        &self,
        after: Option<PageCursor>,
        limit: u32,
    ) -> Result<StoryPage, RepoError>;

    /// One published story. Errors: `NotFound` when unknown or unpublished.
    fn published_story(&self, id: StoryId) -> Result<Story, RepoError>;

    /// Keeps a submission unpublished and, in the same transaction, brings every moderator's
    /// and admin's standing notification of the review queue up to date (one each, back at
    /// the top and unread). Submissions queue one after another, so the count is right
    /// whatever the concurrency. Errors: `Conflict` when the story was sent without
    /// signing in and the queue already holds `MAX_PENDING_ANONYMOUS_STORIES` such stories.
    fn submit_story(&self, story: &NewStory) -> Result<(), RepoError>;
}

/// Which stories the admin list holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdminStoryFilter {
    /// Every story, published, draft, waiting or declined.
    All,
    /// The review queue: submitted and not yet reviewed.
    Submitted,
}

/// One page of the admin list, newest written first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AdminStoryPage {
    pub items: Vec<AdminStory>,
    pub next: Option<PageCursor>,
}

/// The team's side of stories. Every write records its audit entry in the same
/// transaction. Errors: `NotFound` for an unknown id; `Conflict` when the story is not in
/// the state the change needs (named on each method).
#[cfg_attr(feature = "mock", mockall::automock)]
pub trait AdminStoryStore: Send + Sync {
    /// Newest written first (by created_at, then id), `limit` of them, after `after`.
    fn admin_stories(
        &self,
        filter: AdminStoryFilter,
        after: Option<PageCursor>,
        limit: u32,
    ) -> Result<AdminStoryPage, RepoError>;

    /// One story, with the contact of the member who sent it, if any.
    fn admin_story(&self, id: StoryId) -> Result<AdminStory, RepoError>;

    /// Keeps a story the team wrote, published at its `created_at` or as a draft.
    fn create_story(
        &self,
        story: &NewStory,
        publish: bool,
        audit: &AuditEntry,
    ) -> Result<(), RepoError>;

    /// Replaces the title, content, summary, category and author name of `id` with
    /// `fields`' (its id, sender and time are ignored); `at` is the update time.
    fn edit_story(
        &self,
        id: StoryId,
        fields: &NewStory,
        at: DateTime<Utc>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError>;

    /// Publishes (dated `at`) or unpublishes. `Conflict` when the story waits for review
    /// or was declined.
    fn set_published(
        &self,
        id: StoryId,
        published: bool,
        at: DateTime<Utc>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError>;

    /// Approves a waiting story, which publishes it dated `at`, and brings the reviewers'
    /// standing notifications up to date (removed when no story waits). `Conflict` unless it
    /// waits for review.
    fn approve_story(
        &self,
        id: StoryId,
        at: DateTime<Utc>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError>;

    /// Declines a waiting story with `reason`, queueing `emails` (to its author) and bringing
    /// the reviewers' standing notifications up to date in the same transaction. `Conflict`
    /// unless it waits for review.
    fn decline_story(
        &self,
        id: StoryId,
        reason: &str,
        at: DateTime<Utc>,
        audit: &AuditEntry,
        emails: &[OutgoingEmail],
    ) -> Result<(), RepoError>;
}
