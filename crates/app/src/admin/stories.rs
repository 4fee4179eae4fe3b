//! The admin Blog tab: every story, the team's own posts (written, edited, published and
//! unpublished by admins) and the review of submitted stories (by moderators too). Every
//! write is audited with the story's id only: titles, names and reasons stay out of the
//! trail.
use playspace_domain::audit::actions;
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::story::{AdminStory, StoryForm, StoryReview, decline_reason};
use playspace_domain::{FieldErrors, OutgoingEmail, StoryId};
use playspace_ports::{AdminStoryFilter, AdminStoryPage, AdminStoryStore, Clock, RepoError};

use super::Actor;
use crate::accounts::EmailSettings;
use crate::emails::{Bodies, EmailBodies, email_templates};

/// The admin list's page size (the spec's admin page size).
pub const ADMIN_STORIES_PER_PAGE: u32 = 20;

pub const STORY_NOT_FOUND: &str = "Story not found";
pub const ALREADY_REVIEWED: &str = "This story has already been reviewed.";
pub const NOT_TOGGLEABLE: &str = "Stories waiting for review are approved or declined instead; declined stories stay unpublished.";

#[derive(Debug, thiserror::Error)]
pub enum AdminStoryError {
    #[error("invalid: {0}")]
    Invalid(FieldErrors),
    #[error("{}", STORY_NOT_FOUND)]
    NotFound,
    /// Approve or decline of a story not waiting for review.
    #[error("{}", ALREADY_REVIEWED)]
    AlreadyReviewed,
    /// Publish or unpublish of a story waiting for review or declined.
    #[error("{}", NOT_TOGGLEABLE)]
    NotToggleable,
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for AdminStoryError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => Self::NotFound,
            other => Self::Store(other),
        }
    }
}

fn story_id(id: &str) -> Result<StoryId, AdminStoryError> {
    id.trim().parse().map_err(|_| AdminStoryError::NotFound)
}

/// One page of every story, or of the review queue, newest written first.
#[tracing::instrument(skip_all)]
pub fn list_admin_stories(
    store: &dyn AdminStoryStore,
    filter: AdminStoryFilter,
    cursor: Option<&str>,
) -> Result<AdminStoryPage, AdminStoryError> {
    let after = match cursor.map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => Some(PageCursor::decode(c).map_err(|e| {
            let mut errors = FieldErrors::new();
            errors.add(
                "cursor",
                playspace_domain::ValidationError::new(e.to_string()),
            );
            AdminStoryError::Invalid(errors)
        })?),
        None => None,
    };
    Ok(store.admin_stories(filter, after, ADMIN_STORIES_PER_PAGE)?)
}

/// A post the team writes: the submission form's rules and cleaning, published at once
/// or kept as a draft.
#[tracing::instrument(skip_all)]
pub fn create_admin_story(
    store: &dyn AdminStoryStore,
    clock: &dyn Clock,
    by: &Actor,
    form: StoryForm,
    publish: bool,
) -> Result<AdminStory, AdminStoryError> {
    let now = clock.now();
    let story = form
        .validate_for_team(now)
        .map_err(AdminStoryError::Invalid)?;
    let audit = by
        .entry(
            actions::STORY_CREATE,
            "blog_post",
            Some(story.id.to_string()),
            now,
        )
        .detail("published", publish.to_string());
    store.create_story(&story, publish, &audit)?;
    Ok(store.admin_story(story.id)?)
}

/// Replaces a story's fields (any story: a submission may be tidied before approval).
#[tracing::instrument(skip_all)]
pub fn edit_admin_story(
    store: &dyn AdminStoryStore,
    clock: &dyn Clock,
    by: &Actor,
    id: &str,
    form: StoryForm,
) -> Result<AdminStory, AdminStoryError> {
    let id = story_id(id)?;
    let now = clock.now();
    let fields = form
        .validate_for_team(now)
        .map_err(AdminStoryError::Invalid)?;
    let audit = by.entry(
        actions::STORY_UPDATE,
        "blog_post",
        Some(id.to_string()),
        now,
    );
    store.edit_story(id, &fields, now, &audit)?;
    Ok(store.admin_story(id)?)
}

/// Publishes (dated now) or unpublishes a story the team wrote or approved.
#[tracing::instrument(skip_all)]
pub fn set_story_published(
    store: &dyn AdminStoryStore,
    clock: &dyn Clock,
    by: &Actor,
    id: &str,
    publish: bool,
) -> Result<AdminStory, AdminStoryError> {
    let id = story_id(id)?;
    let now = clock.now();
    let action = if publish {
        actions::STORY_PUBLISH
    } else {
        actions::STORY_UNPUBLISH
    };
    let audit = by.entry(action, "blog_post", Some(id.to_string()), now);
    store
        .set_published(id, publish, now, &audit)
        .map_err(|e| match e {
            RepoError::Conflict => AdminStoryError::NotToggleable,
            other => other.into(),
        })?;
    Ok(store.admin_story(id)?)
}

/// Approves a submitted story, which publishes it.
#[tracing::instrument(skip_all)]
pub fn approve_story(
    store: &dyn AdminStoryStore,
    clock: &dyn Clock,
    by: &Actor,
    id: &str,
) -> Result<AdminStory, AdminStoryError> {
    let id = story_id(id)?;
    let now = clock.now();
    let audit = by.entry(
        actions::STORY_APPROVE,
        "blog_post",
        Some(id.to_string()),
        now,
    );
    store.approve_story(id, now, &audit).map_err(|e| match e {
        RepoError::Conflict => AdminStoryError::AlreadyReviewed,
        other => other.into(),
    })?;
    Ok(store.admin_story(id)?)
}

/// A declined story, and whether its author is being emailed the reason.
#[derive(Debug)]
pub struct Declined {
    pub story: AdminStory,
    pub emailed: bool,
}

/// Declines a submitted story with a reason, emailed to its author when they sent it
/// signed in (the form asks no address, so an anonymous sender hears nothing).
#[tracing::instrument(skip_all)]
pub fn decline_story(
    store: &dyn AdminStoryStore,
    clock: &dyn Clock,
    settings: &EmailSettings,
    by: &Actor,
    id: &str,
    reason: &str,
) -> Result<Declined, AdminStoryError> {
    let id = story_id(id)?;
    let reason = decline_reason(reason).map_err(AdminStoryError::Invalid)?;
    let story = store.admin_story(id)?;
    if story.review != Some(StoryReview::Pending) {
        return Err(AdminStoryError::AlreadyReviewed);
    }
    let email = decline_email(settings, &story, &reason)?;
    let now = clock.now();
    let audit = by
        .entry(
            actions::STORY_DECLINE,
            "blog_post",
            Some(id.to_string()),
            now,
        )
        .detail("emailed", email.is_some().to_string());
    store
        .decline_story(id, &reason, now, &audit, email.as_slice())
        .map_err(|e| match e {
            RepoError::Conflict => AdminStoryError::AlreadyReviewed,
            other => other.into(),
        })?;
    Ok(Declined {
        story: store.admin_story(id)?,
        emailed: email.is_some(),
    })
}

struct StoryDeclined {
    name: String,
    title: String,
    reason: String,
    blog_link: String,
}
email_templates!(
    StoryDeclined,
    "email/story_declined.html",
    "email/story_declined.txt"
);

/// The note to a story's author that it was declined, with the reviewer's reason (the
/// title and reason came from people: the HTML template escapes them).
pub(crate) fn decline_email(
    settings: &EmailSettings,
    story: &AdminStory,
    reason: &str,
) -> Result<Option<OutgoingEmail>, RepoError> {
    let Some(to) = story.author_contact.as_ref() else {
        return Ok(None);
    };
    let Bodies { html, text } = StoryDeclined {
        name: to.name.clone(),
        title: story.summary.title.clone(),
        reason: reason.to_owned(),
        blog_link: format!("{}/blog", settings.public_url),
    }
    .bodies()?;
    Ok(Some(OutgoingEmail {
        from_email: settings.from_email.clone(),
        to_email: to.email.clone(),
        to_name: Some(to.name.clone()),
        subject: "About the story you shared".into(),
        html_body: html,
        text_body: text,
        email_type: "story_declined",
        user_id: Some(to.user_id),
        booking_id: None,
        event_id: None,
    }))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::accounts::ClientInfo;
    use playspace_domain::UserId;
    use playspace_domain::story::{StoryAuthorContact, StorySummary};
    use playspace_ports::MockAdminStoryStore;
    use playspace_test_support::{FixedClock, test_now};

    fn actor() -> Actor {
        Actor {
            id: UserId::new(),
            client: ClientInfo::default(),
        }
    }

    fn settings() -> EmailSettings {
        EmailSettings {
            from_email: "hello@playspace.example".into(),
            from_name: "PlaySpace".into(),
            public_url: "https://playspace.example".into(),
        }
    }

    fn form() -> StoryForm {
        StoryForm {
            title: "<b>Club</b> news".into(),
            content: "We have two new sessions on Thursday evenings at the leisure centre.".into(),
            excerpt: "Two new sessions every Thursday.".into(),
            category: "Community".into(),
            author_name: "The PlaySpace team".into(),
        }
    }

    fn waiting(id: StoryId, contact: Option<StoryAuthorContact>) -> AdminStory {
        AdminStory {
            summary: StorySummary {
                id,
                title: "<script>x</script> & me".into(),
                excerpt: "x".repeat(20),
                category: "Wellness".into(),
                author_name: "Ana".into(),
                published_at: test_now(),
            },
            content: "<p>story</p>".into(),
            is_published: false,
            review: Some(StoryReview::Pending),
            decline_reason: None,
            created_at: test_now(),
            updated_at: test_now(),
            author_contact: contact,
        }
    }

    #[test]
    fn a_post_is_cleaned_validated_and_audited_without_its_text() {
        let by = actor();
        let actor_id = by.id;
        let mut store = MockAdminStoryStore::new();
        store
            .expect_create_story()
            .withf(move |story, publish, audit| {
                story.title == "Club news"
                    && story.submitted_by.is_none()
                    && *publish
                    && audit.action == "story.create"
                    && audit.resource_type == "blog_post"
                    && audit.resource_id == Some(story.id.to_string())
                    && audit.actor == Some(actor_id)
                    && audit.details == vec![("published", "true".to_owned())]
            })
            .times(1)
            .returning(|_, _, _| Ok(()));
        store
            .expect_admin_story()
            .returning(|id| Ok(waiting(id, None)));
        create_admin_story(&store, &FixedClock(test_now()), &by, form(), true).unwrap();

        let mut store = MockAdminStoryStore::new();
        store.expect_create_story().never();
        let err = create_admin_story(
            &store,
            &FixedClock(test_now()),
            &by,
            StoryForm::default(),
            false,
        )
        .unwrap_err();
        assert!(
            matches!(err, AdminStoryError::Invalid(f) if f.get("title") == Some("Title must be at least 5 characters"))
        );
    }

    #[test]
    fn unknown_ids_and_state_conflicts_have_their_own_errors() {
        let mut store = MockAdminStoryStore::new();
        store
            .expect_set_published()
            .returning(|_, _, _, _| Err(RepoError::Conflict));
        store
            .expect_approve_story()
            .returning(|_, _, _| Err(RepoError::NotFound));
        let clock = FixedClock(test_now());
        let id = StoryId::new().to_string();
        assert!(matches!(
            set_story_published(&store, &clock, &actor(), &id, true),
            Err(AdminStoryError::NotToggleable)
        ));
        assert!(matches!(
            approve_story(&store, &clock, &actor(), &id),
            Err(AdminStoryError::NotFound)
        ));
        assert!(matches!(
            approve_story(&store, &clock, &actor(), "not-an-id"),
            Err(AdminStoryError::NotFound)
        ));
    }

    #[test]
    fn a_decline_emails_a_signed_in_author_with_everything_escaped() {
        let id = StoryId::new();
        let author = UserId::new();
        let contact = StoryAuthorContact {
            user_id: author,
            email: "ana@example.org".into(),
            name: "Ana <b>".into(),
        };
        let mut store = MockAdminStoryStore::new();
        let story = waiting(id, Some(contact));
        store
            .expect_admin_story()
            .returning(move |_| Ok(story.clone()));
        store
            .expect_decline_story()
            .withf(move |got, reason, _, audit, emails| {
                let [email] = emails else { return false };
                *got == id
                    && reason == "Names & places"
                    && audit.action == "story.decline"
                    && audit.details == vec![("emailed", "true".to_owned())]
                    && email.to_email == "ana@example.org"
                    && email.user_id == Some(author)
                    && email.email_type == "story_declined"
                    && email
                        .html_body
                        .contains("&#60;script&#62;x&#60;/script&#62; &#38; me")
                    && email.html_body.contains("Hello Ana &#60;b&#62;,")
                    && email.html_body.contains("Names &#38; places")
                    && !email.html_body.contains("<script>")
                    && email
                        .text_body
                        .contains("The reason our team gave: Names & places")
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(()));
        let declined = decline_story(
            &store,
            &FixedClock(test_now()),
            &settings(),
            &actor(),
            &id.to_string(),
            " Names & <b>places</b> ",
        )
        .unwrap();
        assert!(declined.emailed);
    }

    #[test]
    fn an_anonymous_author_is_not_emailed_and_a_reason_is_required() {
        let id = StoryId::new();
        let mut store = MockAdminStoryStore::new();
        store
            .expect_admin_story()
            .returning(move |_| Ok(waiting(id, None)));
        store
            .expect_decline_story()
            .withf(|_, _, _, audit, emails| {
                emails.is_empty() && audit.details == vec![("emailed", "false".to_owned())]
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(()));
        let clock = FixedClock(test_now());
        let declined = decline_story(
            &store,
            &clock,
            &settings(),
            &actor(),
            &id.to_string(),
            "Off topic",
        )
        .unwrap();
        assert!(!declined.emailed);
        let err =
            decline_story(&store, &clock, &settings(), &actor(), &id.to_string(), " ").unwrap_err();
        assert!(matches!(err, AdminStoryError::Invalid(f) if f.get("reason").is_some()));
    }

    #[test]
    fn a_story_already_reviewed_is_not_declined_again() {
        let id = StoryId::new();
        let mut store = MockAdminStoryStore::new();
        store.expect_admin_story().returning(move |_| {
            Ok(AdminStory {
                review: Some(StoryReview::Approved),
                ..waiting(id, None)
            })
        });
        store.expect_decline_story().never();
        let err = decline_story(
            &store,
            &FixedClock(test_now()),
            &settings(),
            &actor(),
            &id.to_string(),
            "Too late",
        )
        .unwrap_err();
        assert!(matches!(err, AdminStoryError::AlreadyReviewed));
    }
}
