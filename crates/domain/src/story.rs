//! Community stories (/blog): the Share Your Story form, its rules, and what is kept of
//! what people send. Stories arrive from anyone, so the server cleans them when saved:
//! the content keeps a small allow-list of HTML (ammonia), and the title, summary and name
//! are plain text with every tag stripped.
use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use validator::Validate;

use crate::ids::{StoryId, UserId};
use crate::notification::{NewNotification, NotificationKind};
use crate::text;
use crate::validation::{FieldErrors, too_long};

/// The categories the Share Your Story form offers (spec section 5), in its order.
pub const STORY_CATEGORIES: [&str; 4] = ["Member Story", "Wellness", "Events", "Community"];

/// The categories the team's posts may have: the stories' (a submission keeps its category
/// when the team tidies or approves it), then the spec's blog categories (section 9: news,
/// sports, fitness, community) that are not among them, written as the stories' are.
pub const TEAM_CATEGORIES: [&str; 7] = [
    "Member Story",
    "Wellness",
    "Events",
    "Community",
    "News",
    "Sports",
    "Fitness",
];

pub const TITLE_MESSAGE: &str = "Title must be at least 5 characters";
pub const CONTENT_MESSAGE: &str = "Story content must be at least 50 characters";
pub const EXCERPT_MESSAGE: &str = "Summary must be at least 20 characters";
pub const CATEGORY_MESSAGE: &str = "Please select a category";
pub const AUTHOR_MESSAGE: &str = "Your name must be at least 2 characters";

/// The longest each field may be, in characters (the frontend's src/lib/story-form.ts says the same).
pub const MAX_TITLE_CHARS: u64 = 150;
pub const MAX_EXCERPT_CHARS: u64 = 300;
pub const MAX_CONTENT_CHARS: u64 = 20_000;
pub const MAX_AUTHOR_CHARS: u64 = 80;

/// The list's default page and the most one page may hold.
pub const STORIES_PER_PAGE: u32 = 6;
pub const MAX_STORIES_PER_PAGE: u32 = 24;

/// The form as received. Rules run on what is kept: plain fields after their tags are
/// stripped, the content as written (its visible text is checked again once cleaned).
#[derive(Clone, Debug, Default, PartialEq, Eq, Validate)]
pub struct StoryForm {
    #[validate(
        custom(function = "at_least_5", message = "Title must be at least 5 characters"),
        length(max = MAX_TITLE_CHARS),
        custom(function = "text::no_controls")
    )]
    pub title: String,
    #[validate(
        custom(function = "at_least_50", message = "Story content must be at least 50 characters"),
        length(max = MAX_CONTENT_CHARS),
        custom(function = "text::no_controls")
    )]
    pub content: String,
    #[validate(
        custom(function = "at_least_20", message = "Summary must be at least 20 characters"),
        length(max = MAX_EXCERPT_CHARS),
        custom(function = "text::no_controls")
    )]
    pub excerpt: String,
    /// Checked in [`StoryForm::validate`] and [`StoryForm::validate_for_team`]: who writes
    /// decides the categories.
    pub category: String,
    #[validate(
        custom(function = "at_least_2", message = "Your name must be at least 2 characters"),
        length(max = MAX_AUTHOR_CHARS),
        custom(function = "text::no_controls")
    )]
    pub author_name: String,
}

/// Minimum lengths, in characters of what is kept (the derived `length` rule can appear
/// once per field, and it carries the maximum).
fn at_least(text: &str, min: usize) -> Result<(), validator::ValidationError> {
    if text.chars().count() < min {
        return Err(validator::ValidationError::new("too_short"));
    }
    Ok(())
}

fn at_least_2(text: &str) -> Result<(), validator::ValidationError> {
    at_least(text, 2)
}

fn at_least_5(text: &str) -> Result<(), validator::ValidationError> {
    at_least(text, 5)
}

fn at_least_20(text: &str) -> Result<(), validator::ValidationError> {
    at_least(text, 20)
}

fn at_least_50(text: &str) -> Result<(), validator::ValidationError> {
    at_least(text, 50)
}

/// A story ready to keep: cleaned, unpublished until the team reviews it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewStory {
    pub id: StoryId,
    pub title: String,
    /// Allow-listed HTML (see [`sanitize_content`]).
    pub content: String,
    pub excerpt: String,
    pub category: String,
    pub author_name: String,
    pub submitted_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
}

/// A published story as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StorySummary {
    pub id: StoryId,
    pub title: String,
    pub excerpt: String,
    pub category: String,
    pub author_name: String,
    pub published_at: DateTime<Utc>,
}

/// A published story with its content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Story {
    pub summary: StorySummary,
    pub content: String,
}

impl StoryForm {
    /// A story sent in through Share Your Story: cleans every field, then checks them all
    /// and reports every problem at once.
    pub fn validate(
        self,
        submitted_by: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<NewStory, FieldErrors> {
        self.check(submitted_by, &STORY_CATEGORIES, now)
    }

    /// A post the team writes or edits in the admin area: the same rules, with the team's
    /// categories ([`TEAM_CATEGORIES`]).
    pub fn validate_for_team(self, now: DateTime<Utc>) -> Result<NewStory, FieldErrors> {
        self.check(None, &TEAM_CATEGORIES, now)
    }

    fn check(
        mut self,
        submitted_by: Option<UserId>,
        categories: &[&str],
        now: DateTime<Utc>,
    ) -> Result<NewStory, FieldErrors> {
        self.title = plain_text(&self.title);
        self.excerpt = plain_text(&self.excerpt);
        self.author_name = plain_text(&self.author_name);
        for field in [&mut self.content, &mut self.category] {
            text::trim(field);
        }
        let mut errors = FieldErrors::from_rules(&self);
        if !categories.contains(&self.category.as_str()) {
            errors.add("category", crate::ValidationError::new(CATEGORY_MESSAGE));
        }
        let content = sanitize_content(&self.content);
        // Markup that cleans away to (nearly) nothing is not a story.
        if plain_text(&content).chars().count() < 50 {
            errors.add("content", crate::ValidationError::new(CONTENT_MESSAGE));
        }
        errors.into_result()?;
        Ok(NewStory {
            id: StoryId::new(),
            title: self.title,
            content,
            excerpt: self.excerpt,
            category: self.category,
            author_name: self.author_name,
            submitted_by,
            created_at: now,
        })
    }
}

/// The most stories sent without signing in that may wait for review at once. A handful
/// arrive in a month, so 30 is months of them; a crowd of strangers can fill the queue only
/// this far (the rate limits slow them down first), and members who are signed in are
/// always heard.
pub const MAX_PENDING_ANONYMOUS_STORIES: u64 = 30;

/// The answer when the queue is full: nobody's fault, and when to come back.
pub const REVIEW_QUEUE_FULL: &str = "We have a lot of stories to read just now, so we can't take new ones for a little while. Please try again in a few days.";

/// Whether the review queue takes `story` while `anonymous_waiting` stories sent without
/// signing in wait in it.
pub fn queue_takes(story: &NewStory, anonymous_waiting: u64) -> bool {
    story.submitted_by.is_some() || anonymous_waiting < MAX_PENDING_ANONYMOUS_STORIES
}

/// The topic of the one standing notification each moderator and admin has about the
/// review queue: written over as stories arrive and are reviewed, never added again, so
/// strangers sharing stories cannot push a reviewer's other notifications out of the 50
/// kept.
pub const REVIEW_QUEUE_TOPIC: &str = "story_review";

/// The title and message of the standing notification about the review queue, with
/// `waiting` stories in it, the newest titled `newest_title`. It names a story, never who
/// sent it.
pub fn review_queue_words(waiting: u64, newest_title: &str) -> (String, String) {
    if waiting == 1 {
        (
            "1 story waiting for review".to_owned(),
            format!("\u{201C}{newest_title}\u{201D} was shared and is waiting for review."),
        )
    } else {
        (
            format!("{waiting} stories waiting for review"),
            format!("The newest is \u{201C}{newest_title}\u{201D}."),
        )
    }
}

/// The standing notification about the review queue for one moderator or admin.
pub fn review_queue_notice(staff: UserId, waiting: u64, newest_title: &str) -> NewNotification {
    let (title, message) = review_queue_words(waiting, newest_title);
    NewNotification {
        user_id: staff,
        kind: NotificationKind::System,
        title,
        message,
        action_url: Some("/admin?tab=blog".into()),
        event_id: None,
    }
}

/// Where a story stands with the team's review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoryReview {
    /// Submitted through Share Your Story and waiting in the review queue.
    Pending,
    /// Approved, which published it.
    Approved,
    /// Declined with a reason the author was sent when they left an address.
    Declined,
}

impl StoryReview {
    /// Every value, as the database's CHECK list has them (a store test holds the two together).
    pub const ALL: [Self; 3] = [Self::Pending, Self::Approved, Self::Declined];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Declined => "declined",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "pending" => Some(Self::Pending),
            "approved" => Some(Self::Approved),
            "declined" => Some(Self::Declined),
            _ => None,
        }
    }

    /// Whether the publish and unpublish switches apply: a story waiting for review is
    /// approved or declined instead, and a declined one stays declined (its author was
    /// told so).
    pub fn may_toggle_publishing(review: Option<Self>) -> bool {
        matches!(review, None | Some(Self::Approved))
    }
}

/// Who sent a story, when they were signed in and still have an account: where a decline
/// is emailed. Never shown to the admin area (it only learns whether one exists).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoryAuthorContact {
    pub user_id: UserId,
    pub email: String,
    pub name: String,
}

/// Any story, published or not, as the admin area sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdminStory {
    /// `published_at` is when it was (last) published; for drafts, when it was written.
    pub summary: StorySummary,
    pub content: String,
    pub is_published: bool,
    /// `None` for stories the team wrote.
    pub review: Option<StoryReview>,
    pub decline_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub author_contact: Option<StoryAuthorContact>,
}

pub const DECLINE_REASON_MESSAGE: &str = "Please give a reason for declining this story";
pub const MAX_DECLINE_REASON_CHARS: usize = 1000;

/// The reason a reviewer gives for declining: plain text (it goes into an email and the
/// admin list), required, at most 1,000 characters.
pub fn decline_reason(input: &str) -> Result<String, FieldErrors> {
    let reason = plain_text(input);
    let mut errors = FieldErrors::new();
    if reason.is_empty() {
        errors.add(
            "reason",
            crate::ValidationError::new(DECLINE_REASON_MESSAGE),
        );
    } else if reason.chars().count() > MAX_DECLINE_REASON_CHARS {
        errors.add(
            "reason",
            crate::ValidationError::new(too_long(MAX_DECLINE_REASON_CHARS)),
        );
    } else if let Err(e) = text::plain(&reason) {
        errors.add("reason", e);
    }
    errors.into_result()?;
    Ok(reason)
}

/// Story content as kept: text without markup becomes paragraphs (the form is a plain
/// text box), then only the allow-list survives (see [`CleanHtml`]).
pub fn sanitize_content(input: &str) -> String {
    let input = input.trim();
    if input.contains('<') {
        CleanHtml::clean(input).0
    } else {
        CleanHtml::clean(&paragraphs(input)).0
    }
}

/// HTML cut down to the stories' allow-list: p, br, strong, em, ul, ol, li, blockquote,
/// h2, h3, and links to http, https or mailto addresses, which always carry
/// `rel="noopener noreferrer nofollow"`. Scripts and styles go with their contents; every
/// other tag is dropped and its text kept; text is escaped. Only [`CleanHtml::clean`] makes
/// one, so markup of this type is the only markup the server may put into a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CleanHtml(String);

impl CleanHtml {
    pub fn clean(html: &str) -> Self {
        Self(
            ammonia::Builder::empty()
                .tags(HashSet::from([
                    "p",
                    "br",
                    "strong",
                    "em",
                    "ul",
                    "ol",
                    "li",
                    "blockquote",
                    "h2",
                    "h3",
                    "a",
                ]))
                .tag_attributes(HashMap::from([("a", HashSet::from(["href"]))]))
                .generic_attributes(HashSet::new())
                .generic_attribute_prefixes(HashSet::new())
                .url_schemes(HashSet::from(["http", "https", "mailto"]))
                .url_relative(ammonia::UrlRelative::Deny)
                .link_rel(Some("noopener noreferrer nofollow"))
                .clean(html)
                .to_string(),
        )
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Plain text written in a text box: blank lines part paragraphs, single breaks stay.
fn paragraphs(text: &str) -> String {
    text.replace("\r\n", "\n")
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let lines: Vec<String> = p.lines().map(ammonia::clean_text).collect();
            format!("<p>{}</p>", lines.join("<br>"))
        })
        .collect()
}

/// A plain-text field as kept: tags stripped (scripts and styles with their contents),
/// entities read back to the characters they stand for, then any `<` and `>` left are
/// dropped so that no markup survives even written as entities; trimmed.
pub fn plain_text(input: &str) -> String {
    let cleaned = ammonia::Builder::empty()
        .generic_attributes(HashSet::new())
        .clean(input)
        .to_string();
    let text = cleaned
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&");
    text.chars()
        .filter(|c| !matches!(c, '<' | '>'))
        .collect::<String>()
        .trim()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::now;

    fn form() -> StoryForm {
        StoryForm {
            title: "My first swim in years".into(),
            content: "I was nervous walking in, but the coach met me at the door and the whole group made me feel welcome.".into(),
            excerpt: "Getting back in the water with friends.".into(),
            category: "Member Story".into(),
            author_name: "A member from Hackney".into(),
        }
    }

    #[test]
    fn a_complete_form_becomes_an_unpublished_story() {
        let user = UserId::new();
        let story = form().validate(Some(user), now()).unwrap();
        assert_eq!(story.title, "My first swim in years");
        assert_eq!(story.submitted_by, Some(user));
        assert_eq!(story.created_at, now());
        assert!(story.content.starts_with("<p>I was nervous"));
    }

    #[test]
    fn each_rule_has_the_spec_message() {
        let errors = StoryForm::default().validate(None, now()).unwrap_err();
        assert_eq!(errors.get("title"), Some(TITLE_MESSAGE));
        assert_eq!(errors.get("content"), Some(CONTENT_MESSAGE));
        assert_eq!(errors.get("excerpt"), Some(EXCERPT_MESSAGE));
        assert_eq!(errors.get("category"), Some(CATEGORY_MESSAGE));
        assert_eq!(errors.get("authorName"), Some(AUTHOR_MESSAGE));
        let short = StoryForm {
            title: "Swim".into(),
            content: "x".repeat(49),
            excerpt: "x".repeat(19),
            category: "Gossip".into(),
            author_name: "A".into(),
        }
        .validate(None, now())
        .unwrap_err();
        assert_eq!(short.iter().count(), 5);
        let exact = StoryForm {
            title: "Swims".into(),
            content: "x".repeat(50),
            excerpt: "x".repeat(20),
            category: "Wellness".into(),
            author_name: "Al".into(),
        };
        assert!(exact.validate(None, now()).is_ok());
    }

    #[test]
    fn the_team_may_also_use_the_specs_blog_categories_and_visitors_may_not() {
        for category in ["News", "Sports", "Fitness", "Community", "Member Story"] {
            let f = StoryForm {
                category: format!(" {category} "),
                ..form()
            };
            assert_eq!(
                f.validate_for_team(now()).unwrap().category,
                category,
                "{category}"
            );
        }
        for category in ["News", "Sports", "Fitness"] {
            let errors = StoryForm {
                category: category.into(),
                ..form()
            }
            .validate(None, now())
            .unwrap_err();
            assert_eq!(errors.get("category"), Some(CATEGORY_MESSAGE), "{category}");
        }
        for category in ["news", "Gossip", ""] {
            let errors = StoryForm {
                category: category.into(),
                ..form()
            }
            .validate_for_team(now())
            .unwrap_err();
            assert_eq!(
                errors.get("category"),
                Some(CATEGORY_MESSAGE),
                "{category:?}"
            );
        }
        // Every story category is a team category too, in the same order first.
        assert_eq!(TEAM_CATEGORIES[..STORY_CATEGORIES.len()], STORY_CATEGORIES);
    }

    #[test]
    fn every_category_is_accepted_and_lengths_are_bounded() {
        for category in STORY_CATEGORIES {
            let f = StoryForm {
                category: category.into(),
                ..form()
            };
            assert!(f.validate(None, now()).is_ok(), "{category}");
        }
        let errors = StoryForm {
            title: "x".repeat(151),
            content: "x".repeat(20_001),
            excerpt: "x".repeat(301),
            author_name: "x".repeat(81),
            ..form()
        }
        .validate(None, now())
        .unwrap_err();
        assert_eq!(errors.get("title"), Some("Must be at most 150 characters"));
        assert_eq!(
            errors.get("content"),
            Some("Must be at most 20000 characters")
        );
        assert_eq!(
            errors.get("excerpt"),
            Some("Must be at most 300 characters")
        );
        assert_eq!(
            errors.get("authorName"),
            Some("Must be at most 80 characters")
        );
        let longest = StoryForm {
            title: "x".repeat(150),
            content: "x".repeat(20_000),
            excerpt: "x".repeat(300),
            author_name: "x".repeat(80),
            ..form()
        };
        assert!(longest.validate(None, now()).is_ok());
    }

    #[test]
    fn invisible_controls_are_refused() {
        let errors = StoryForm {
            author_name: "Ana\u{202E}".into(),
            ..form()
        }
        .validate(None, now())
        .unwrap_err();
        assert_eq!(errors.get("authorName"), Some(text::CONTROL_MESSAGE));
    }

    #[test]
    fn plain_fields_keep_no_markup() {
        assert_eq!(plain_text("<b>Bold</b> move"), "Bold move");
        assert_eq!(plain_text("<script>alert(1)</script>Swim day"), "Swim day");
        assert_eq!(plain_text("<img src=x onerror=alert(1)>Hi"), "Hi");
        assert_eq!(
            plain_text("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "scriptalert(1)/script"
        );
        assert_eq!(
            plain_text("<scr<script>ipt>x"),
            "ipt&gt;x".replace("&gt;", "")
        );
        assert_eq!(
            plain_text("Fish & chips \"after\""),
            "Fish & chips \"after\""
        );
        assert_eq!(plain_text("  a < b > c  "), "a  b  c");
        // A title that is only markup is empty, so it breaks the minimum.
        let errors = StoryForm {
            title: "<script>alert('hello')</script>".into(),
            ..form()
        }
        .validate(None, now())
        .unwrap_err();
        assert_eq!(errors.get("title"), Some(TITLE_MESSAGE));
    }

    #[test]
    fn content_keeps_the_allow_list_only() {
        let kept = "<h2>Day</h2><p><strong>a</strong> <em>b</em><br></p><ul><li>x</li></ul><ol><li>y</li></ol><blockquote>q</blockquote><h3>z</h3>";
        assert_eq!(sanitize_content(kept), kept);
        for (dirty, clean) in [
            ("<p>hi<script>alert(1)</script></p>", "<p>hi</p>"),
            ("<p onclick=\"alert(1)\" onmouseover=x>hi</p>", "<p>hi</p>"),
            (
                "<p style=\"color:red\">hi</p><style>p{}</style>",
                "<p>hi</p>",
            ),
            (
                "<iframe src=\"https://evil.example\"></iframe><p>hi</p>",
                "<p>hi</p>",
            ),
            ("<img src=x onerror=alert(1)><p>hi</p>", "<p>hi</p>"),
            (
                "<a href=\"javascript:alert(1)\">x</a>",
                "<a rel=\"noopener noreferrer nofollow\">x</a>",
            ),
            (
                "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
                "<a rel=\"noopener noreferrer nofollow\">x</a>",
            ),
            (
                "<a href=\"java&#x09;script:alert(1)\">x</a>",
                "<a rel=\"noopener noreferrer nofollow\">x</a>",
            ),
            (
                "<a href=\"data:text/html,hi\">x</a>",
                "<a rel=\"noopener noreferrer nofollow\">x</a>",
            ),
            (
                "<a href=\"/admin\">x</a>",
                "<a rel=\"noopener noreferrer nofollow\">x</a>",
            ),
            (
                "<a href=\"https://example.org/\" target=\"_blank\" rel=\"opener\">x</a>",
                "<a href=\"https://example.org/\" rel=\"noopener noreferrer nofollow\">x</a>",
            ),
            (
                "<a href=\"mailto:hello@example.org\">mail</a>",
                "<a href=\"mailto:hello@example.org\" rel=\"noopener noreferrer nofollow\">mail</a>",
            ),
            ("<div><span class=\"x\">kept text</span></div>", "kept text"),
            ("<svg><script>alert(1)</script></svg>hi", "hi"),
            ("<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"),
            (
                "<math><mi><style><img src=x onerror=alert(1)></style></mi></math>",
                "",
            ),
            ("<!-- <script>alert(1)</script> --><p>hi</p>", "<p>hi</p>"),
            (
                "<p>unclosed <strong>bold",
                "<p>unclosed <strong>bold</strong></p>",
            ),
        ] {
            assert_eq!(sanitize_content(dirty), clean, "{dirty}");
        }
    }

    #[test]
    fn cleaning_kept_content_again_changes_nothing() {
        // A story page puts its content into the HTML cleaned again (a row that skipped the
        // form's cleaning still cannot carry markup): for content as kept, that is itself.
        for input in [
            "<p>One <strong>two</strong> &amp; <a href=\"https://example.org/x?a=1&amp;b=2\">three</a></p>\n<ul><li>four</li></ul>",
            "Plain text & more.\n\nSecond <part>.",
            "<h2>Hi</h2><script>alert(1)</script><p onclick=\"x()\">p</p><a href=\"javascript:alert(1)\">j</a>",
        ] {
            let kept = sanitize_content(input);
            assert_eq!(CleanHtml::clean(&kept).as_str(), kept, "{input}");
        }
        assert_eq!(
            CleanHtml::clean("<p>a</p><img src=x onerror=alert(1)><script>b</script>").as_str(),
            "<p>a</p>"
        );
    }

    #[test]
    fn plain_content_becomes_paragraphs_with_its_text_escaped() {
        assert_eq!(
            sanitize_content("First part & more.\nSame paragraph.\n\n\nSecond part."),
            "<p>First part &amp; more.<br>Same paragraph.</p><p>Second part.</p>"
        );
    }

    #[test]
    fn content_that_cleans_away_breaks_the_minimum() {
        let errors = StoryForm {
            content: format!("<script>{}</script>", "x".repeat(60)),
            ..form()
        }
        .validate(None, now())
        .unwrap_err();
        assert_eq!(errors.get("content"), Some(CONTENT_MESSAGE));
    }

    #[test]
    fn a_decline_reason_is_required_plain_and_bounded() {
        assert_eq!(
            decline_reason("  Please leave out <b>names</b> of others. ").unwrap(),
            "Please leave out names of others."
        );
        for empty in ["", "   ", "<script>alert(1)</script>"] {
            assert_eq!(
                decline_reason(empty).unwrap_err().get("reason"),
                Some(DECLINE_REASON_MESSAGE),
                "{empty:?}"
            );
        }
        assert!(decline_reason(&"x".repeat(1000)).is_ok());
        assert_eq!(
            decline_reason(&"x".repeat(1001)).unwrap_err().get("reason"),
            Some("Must be at most 1000 characters")
        );
        assert_eq!(
            decline_reason("No\u{202E}thanks")
                .unwrap_err()
                .get("reason"),
            Some(text::CONTROL_MESSAGE)
        );
    }

    #[test]
    fn only_team_written_and_approved_stories_toggle_publishing() {
        assert!(StoryReview::may_toggle_publishing(None));
        assert!(StoryReview::may_toggle_publishing(Some(
            StoryReview::Approved
        )));
        assert!(!StoryReview::may_toggle_publishing(Some(
            StoryReview::Pending
        )));
        assert!(!StoryReview::may_toggle_publishing(Some(
            StoryReview::Declined
        )));
        for review in [
            StoryReview::Pending,
            StoryReview::Approved,
            StoryReview::Declined,
        ] {
            assert_eq!(StoryReview::parse(review.as_str()), Some(review));
        }
        assert_eq!(StoryReview::parse("maybe"), None);
    }

    #[test]
    fn the_review_notice_counts_the_queue_and_points_to_the_blog_tab() {
        let staff = UserId::new();
        let one = review_queue_notice(staff, 1, "My first swim in years");
        assert_eq!(one.user_id, staff);
        assert_eq!(one.kind, NotificationKind::System);
        assert_eq!(one.title, "1 story waiting for review");
        assert_eq!(
            one.message,
            "\u{201C}My first swim in years\u{201D} was shared and is waiting for review."
        );
        assert_eq!(one.action_url.as_deref(), Some("/admin?tab=blog"));
        let many = review_queue_notice(staff, 12, "Park life");
        assert_eq!(many.title, "12 stories waiting for review");
        assert_eq!(many.message, "The newest is \u{201C}Park life\u{201D}.");
        assert_eq!(many.action_url, one.action_url);
    }

    #[test]
    fn the_queue_takes_strangers_up_to_thirty_and_members_always() {
        assert_eq!(MAX_PENDING_ANONYMOUS_STORIES, 30);
        let anonymous = form().validate(None, now()).unwrap();
        let member = form().validate(Some(UserId::new()), now()).unwrap();
        assert!(queue_takes(&anonymous, 0));
        assert!(queue_takes(&anonymous, 29));
        assert!(!queue_takes(&anonymous, 30));
        assert!(!queue_takes(&anonymous, 31));
        assert!(queue_takes(&member, 30));
        assert!(queue_takes(&member, 1_000));
    }
}
