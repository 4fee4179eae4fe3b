//! Community stories: the published list, one story, and Share Your Story submissions.
use playspace_domain::page_cursor::{InvalidCursor, PageCursor};
use playspace_domain::story::{
    MAX_STORIES_PER_PAGE, REVIEW_QUEUE_FULL, STORIES_PER_PAGE, Story, StoryForm,
};
use playspace_domain::{FieldErrors, StoryId, UserId};
use playspace_ports::{Clock, RepoError, StoryPage, StoryRepository};

#[derive(Debug, thiserror::Error)]
pub enum ListStoriesError {
    #[error(transparent)]
    InvalidCursor(#[from] InvalidCursor),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// One page of published stories, newest first: `limit` of them (default 6, at most 24;
/// 0 reads as 1), after the page the cursor names.
#[tracing::instrument(skip_all)]
pub fn list_stories(
    stories: &impl StoryRepository,
    cursor: Option<&str>,
    limit: Option<u32>,
) -> Result<StoryPage, ListStoriesError> {
    let after = cursor
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(PageCursor::decode)
        .transpose()?;
    let limit = limit
        .unwrap_or(STORIES_PER_PAGE)
        .clamp(1, MAX_STORIES_PER_PAGE);
    Ok(stories.published_stories(after, limit)?)
}

#[derive(Debug, thiserror::Error)]
pub enum GetStoryError {
    /// Unknown, malformed and unpublished ids look the same to the public.
    #[error("story not found")]
    NotFound,
    #[error(transparent)]
    Store(RepoError),
}

/// One published story.
#[tracing::instrument(skip_all)]
pub fn get_story(stories: &impl StoryRepository, id: &str) -> Result<Story, GetStoryError> {
    let id: StoryId = id.parse().map_err(|_| GetStoryError::NotFound)?;
    stories.published_story(id).map_err(|e| match e {
        RepoError::NotFound => GetStoryError::NotFound,
        other => GetStoryError::Store(other),
    })
}

#[derive(Debug, thiserror::Error)]
pub enum SubmitStoryError {
    #[error("invalid story: {0}")]
    Invalid(FieldErrors),
    /// Sent without signing in while the review queue holds as many such stories as it takes.
    #[error("{}", REVIEW_QUEUE_FULL)]
    QueueFull,
    #[error(transparent)]
    Store(RepoError),
}

/// Cleans, checks and keeps a story for the team's review (never published from here),
/// noting who sent it when they were signed in.
#[tracing::instrument(skip_all)]
pub fn submit_story(
    stories: &impl StoryRepository,
    clock: &impl Clock,
    form: StoryForm,
    submitted_by: Option<UserId>,
) -> Result<StoryId, SubmitStoryError> {
    let story = form
        .validate(submitted_by, clock.now())
        .map_err(SubmitStoryError::Invalid)?;
    stories.submit_story(&story).map_err(|e| match e {
        RepoError::Conflict => SubmitStoryError::QueueFull,
        other => SubmitStoryError::Store(other),
    })?;
    Ok(story.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_ports::MockStoryRepository;
    use playspace_test_support::{FixedClock, test_now};

    fn form() -> StoryForm {
        StoryForm {
            title: "<em>Park</em> life".into(),
            content: "Every Saturday we meet by the café and walk a loop of the park together."
                .into(),
            excerpt: "A walking group that waits for everyone.".into(),
            category: "Community".into(),
            author_name: "Lee".into(),
        }
    }

    #[test]
    fn the_limit_defaults_to_six_and_is_kept_within_one_to_twenty_four() {
        for (asked, used) in [(None, 6), (Some(0), 1), (Some(10), 10), (Some(500), 24)] {
            let mut repo = MockStoryRepository::new();
            repo.expect_published_stories()
                .withf(move |after, limit| after.is_none() && *limit == used)
                .times(1)
                .returning(|_, _| Ok(StoryPage::default()));
            list_stories(&repo, None, asked).unwrap();
        }
    }

    #[test]
    fn the_cursor_is_decoded_and_a_tampered_one_refused() {
        let cursor = PageCursor::new(test_now(), "0193a1b2-0000-7000-8000-000000000001");
        let expected = cursor.clone();
        let mut repo = MockStoryRepository::new();
        repo.expect_published_stories()
            .withf(move |after, _| after.as_ref() == Some(&expected))
            .times(1)
            .returning(|_, _| Ok(StoryPage::default()));
        list_stories(&repo, Some(&cursor.encode()), None).unwrap();
        assert!(matches!(
            list_stories(&repo, Some("bm90LWEtY3Vyc29y"), None),
            Err(ListStoriesError::InvalidCursor(_))
        ));
    }

    #[test]
    fn malformed_and_unknown_ids_are_not_found() {
        let mut repo = MockStoryRepository::new();
        repo.expect_published_story()
            .returning(|_| Err(RepoError::NotFound));
        assert!(matches!(
            get_story(&repo, "nope"),
            Err(GetStoryError::NotFound)
        ));
        assert!(matches!(
            get_story(&repo, &StoryId::new().to_string()),
            Err(GetStoryError::NotFound)
        ));
    }

    #[test]
    fn a_submission_is_cleaned_and_kept_with_its_sender() {
        let user = UserId::new();
        let mut repo = MockStoryRepository::new();
        repo.expect_submit_story()
            .withf(move |s| {
                s.title == "Park life" && s.submitted_by == Some(user) && s.created_at == test_now()
            })
            .times(1)
            .returning(|_| Ok(()));
        submit_story(&repo, &FixedClock(test_now()), form(), Some(user)).unwrap();
    }

    #[test]
    fn a_full_queue_is_told_apart_from_a_store_failure() {
        let mut repo = MockStoryRepository::new();
        let mut answers = vec![RepoError::Conflict, RepoError::Unavailable("down".into())];
        repo.expect_submit_story()
            .times(2)
            .returning(move |_| Err(answers.remove(0)));
        let clock = FixedClock(test_now());
        assert!(matches!(
            submit_story(&repo, &clock, form(), None),
            Err(SubmitStoryError::QueueFull)
        ));
        assert!(matches!(
            submit_story(&repo, &clock, form(), None),
            Err(SubmitStoryError::Store(RepoError::Unavailable(_)))
        ));
    }

    #[test]
    fn an_invalid_submission_is_not_kept() {
        let mut repo = MockStoryRepository::new();
        repo.expect_submit_story().never();
        let result = submit_story(
            &repo,
            &FixedClock(test_now()),
            StoryForm {
                category: String::new(),
                ..form()
            },
            None,
        );
        assert!(
            matches!(result, Err(SubmitStoryError::Invalid(f)) if f.get("category") == Some("Please select a category"))
        );
    }
}
