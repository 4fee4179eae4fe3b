use playspace_domain::StoryId;
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::story::{NewStory, Story, StorySummary};

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

    /// Keeps a submission unpublished and, in the same transaction, notifies every
    /// moderator and admin that it waits for review.
    fn submit_story(&self, story: &NewStory) -> Result<(), RepoError>;
}
