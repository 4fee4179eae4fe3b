//! The prerendered first screens (docs/adr/0006-prerendered-first-screen.md). The frontend's
//! build (frontend/scripts/prerender.ts) renders the home page, the events page and the
//! event and story page templates into `dist/.prerendered/`; this module says which request
//! gets which file and fills a template's placeholders with one event's or story's escaped
//! text (and a story's content, as the stories' allow-list cleaner writes it).
//!
//! Nothing here formats dates, times or prices: the prerendered pages show placeholders for
//! them, and the browser formats them once the app has taken over.
use std::borrow::Cow;
use std::collections::HashMap;

use playspace_domain::language::Language;
use playspace_domain::story::CleanHtml;
use serde::Deserialize;

use crate::dto::EventDto;
use crate::routes::stories::StorySummaryDto;

/// Where the build puts the templates, inside the frontend directory. A leading dot: static
/// file serving never hands these files out.
pub const DIR: &str = ".prerendered";

/// The sport pictures by slug (`sport-images.json`), to fill the event template's picture.
pub const SPORT_IMAGES_FILE: &str = "sport-images.json";

/// Each language's first message catalogue (`catalogues.json`: tag → path), which the app
/// shell asks the browser to fetch alongside its code (docs/adr/0024-languages.md).
pub const CATALOGUES_FILE: &str = "catalogues.json";

/// A page the build prerendered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prerendered {
    Home,
    Events,
    Event,
    Story,
    Blog,
}

impl Prerendered {
    pub const ALL: [Self; 5] = [
        Self::Home,
        Self::Events,
        Self::Event,
        Self::Story,
        Self::Blog,
    ];

    /// The page's file in `language`: the build renders each page in each language.
    pub fn file_name(self, language: Language) -> String {
        let page = match self {
            Self::Home => "home",
            Self::Events => "events",
            Self::Event => "event",
            Self::Story => "story",
            Self::Blog => "blog",
        };
        format!("{page}.{}.html", language.as_str())
    }

    /// The template for a request's path and query string, if one was prerendered for it.
    /// Only exact paths: the browser hydrates the HTML, so it must be what the app itself
    /// would draw there. `/events` with filters in its query is drawn differently (the
    /// filters show), so it gets the plain app shell; the other pages ignore queries.
    pub fn for_request(path: &str, query: &str) -> Option<Self> {
        match path {
            "/" => Some(Self::Home),
            "/events" if query.is_empty() => Some(Self::Events),
            "/blog" => Some(Self::Blog),
            _ => {
                if detail_id(path, "/events/").is_some() {
                    Some(Self::Event)
                } else if detail_id(path, "/blog/").is_some() {
                    Some(Self::Story)
                } else {
                    None
                }
            }
        }
    }
}

/// The id in a one-item page's path (`/events/{id}`, `/blog/{id}`): one non-empty segment.
pub fn detail_id<'a>(path: &'a str, prefix: &str) -> Option<&'a str> {
    path.strip_prefix(prefix)
        .filter(|id| !id.is_empty() && !id.contains('/'))
}

/// The placeholders of one kind of template, as frontend/src/entry-server.tsx writes them
/// (`EVENT_TOKENS`, `STORY_TOKENS`): each one starts with `PREFIX`.
pub trait Placeholders: Copy + 'static {
    const PREFIX: &'static str;
    const TOKENS: &'static [(&'static str, Self)];
}

#[derive(Debug, PartialEq, Eq)]
enum Part<F> {
    Markup(String),
    Field(F),
}

/// A page template, split once at its placeholders so filling it is one pass: text that
/// happens to contain a placeholder is never filled again, and every text value is
/// HTML-escaped (values sit in text and in attributes alike). The one rule for every
/// template: the server puts text into them, and no markup but [`CleanHtml`], which only the
/// stories' allow-list cleaner makes.
#[derive(Debug)]
pub struct Template<F> {
    parts: Vec<Part<F>>,
}

/// What fills a placeholder: text, escaped on the way in, or content the stories'
/// allow-list has cleaned (a story's body, which is markup).
enum Value<'v> {
    Text(Cow<'v, str>),
    Html(&'v CleanHtml),
}

impl<F: Placeholders> Template<F> {
    pub fn parse(html: &str) -> Self {
        let mut parts = Vec::new();
        let mut markup = String::new();
        let mut rest = html;
        while let Some(at) = rest.find(F::PREFIX) {
            markup.push_str(&rest[..at]);
            rest = &rest[at..];
            match F::TOKENS.iter().find(|(token, _)| rest.starts_with(token)) {
                Some((token, field)) => {
                    parts.push(Part::Markup(std::mem::take(&mut markup)));
                    parts.push(Part::Field(*field));
                    rest = &rest[token.len()..];
                }
                None => {
                    markup.push_str(F::PREFIX);
                    rest = &rest[F::PREFIX.len()..];
                }
            }
        }
        markup.push_str(rest);
        parts.push(Part::Markup(markup));
        parts.retain(|part| !matches!(part, Part::Markup(text) if text.is_empty()));
        Self { parts }
    }

    /// The page with each placeholder replaced by `value(field)`.
    fn fill_with<'v>(&self, value: impl Fn(F) -> Value<'v>) -> String {
        let mut html = String::with_capacity(
            self.parts
                .iter()
                .map(|part| match part {
                    Part::Markup(text) => text.len(),
                    Part::Field(_) => 64,
                })
                .sum(),
        );
        for part in &self.parts {
            match part {
                Part::Markup(text) => html.push_str(text),
                Part::Field(field) => match value(*field) {
                    Value::Text(text) => html.push_str(&super::text::escape_html(&text)),
                    Value::Html(clean) => html.push_str(clean.as_str()),
                },
            }
        }
        html
    }
}

/// A part of the event template that the server fills in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventField {
    Id,
    Title,
    Description,
    Category,
    Location,
    CurrentParticipants,
    MaxParticipants,
    Image,
}

impl Placeholders for EventField {
    const PREFIX: &'static str = "__EVENT_";
    const TOKENS: &'static [(&'static str, Self)] = &[
        ("__EVENT_ID__", Self::Id),
        ("__EVENT_TITLE__", Self::Title),
        ("__EVENT_DESCRIPTION__", Self::Description),
        ("__EVENT_CATEGORY__", Self::Category),
        ("__EVENT_LOCATION__", Self::Location),
        ("__EVENT_CURRENT_PARTICIPANTS__", Self::CurrentParticipants),
        ("__EVENT_MAX_PARTICIPANTS__", Self::MaxParticipants),
        ("__EVENT_IMAGE__", Self::Image),
    ];
}

/// The event page template (`event.html`).
pub type EventTemplate = Template<EventField>;

impl EventTemplate {
    /// The page for `event`, every value HTML-escaped.
    pub fn fill(&self, event: &EventDto, images: &SportImages) -> String {
        self.fill_with(|field| {
            Value::Text(match field {
                EventField::Id => Cow::Borrowed(event.id.as_str()),
                EventField::Title => Cow::Borrowed(event.title),
                EventField::Description => Cow::Borrowed(event.description),
                EventField::Category => Cow::Borrowed(event.category),
                EventField::Location => Cow::Borrowed(event.location.as_str()),
                EventField::CurrentParticipants => {
                    Cow::Owned(event.current_participants.to_string())
                }
                EventField::MaxParticipants => Cow::Owned(event.max_participants.to_string()),
                EventField::Image => Cow::Borrowed(images.for_category(event.category)),
            })
        })
    }
}

/// A part of a story template that the server fills in. The story's date is not among
/// them: the browser draws it once the app has taken over (story-page.tsx). The stories
/// list (`blog.html`) has the newest story's summary fields, a story page all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoryField {
    Id,
    Title,
    Excerpt,
    Category,
    Author,
    Content,
}

impl Placeholders for StoryField {
    const PREFIX: &'static str = "__STORY_";
    const TOKENS: &'static [(&'static str, Self)] = &[
        ("__STORY_ID__", Self::Id),
        ("__STORY_TITLE__", Self::Title),
        ("__STORY_EXCERPT__", Self::Excerpt),
        ("__STORY_CATEGORY__", Self::Category),
        ("__STORY_AUTHOR__", Self::Author),
        ("__STORY_CONTENT__", Self::Content),
    ];
}

/// The story page template (`story.html`), and the stories list's (`blog.html`) with the
/// newest story in its Featured Story card.
pub type StoryTemplate = Template<StoryField>;

impl StoryTemplate {
    /// The page for `story`: every text value HTML-escaped, its content (`None` for the
    /// list, which shows none) as the allow-list cleans it.
    pub fn fill(&self, story: &StorySummaryDto, content: Option<&CleanHtml>) -> String {
        self.fill_with(|field| {
            Value::Text(Cow::Borrowed(match field {
                StoryField::Id => story.id.as_str(),
                StoryField::Title => story.title.as_str(),
                StoryField::Excerpt => story.excerpt.as_str(),
                StoryField::Category => story.category.as_str(),
                StoryField::Author => story.author_name.as_str(),
                StoryField::Content => match content {
                    Some(html) => return Value::Html(html),
                    None => "",
                },
            }))
        })
    }
}

/// The sport pictures' addresses (hashed by the build), as the frontend's `sportImageUrl`
/// picks them: by the category's slug, else the default picture.
#[derive(Debug, Deserialize)]
pub struct SportImages {
    default: String,
    #[serde(rename = "bySlug")]
    by_slug: HashMap<String, String>,
}

impl SportImages {
    pub fn parse(json: &str) -> Option<Self> {
        serde_json::from_str(json).ok()
    }

    pub fn for_category(&self, category: &str) -> &str {
        self.by_slug
            .get(&sport_slug(category))
            .unwrap_or(&self.default)
    }
}

/// "Table Tennis" -> "table-tennis": `sportSlug` in frontend/src/lib/sport-images.ts.
pub(super) fn sport_slug(category: &str) -> String {
    category
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    const IMAGES: &str = r#"{"default":"/assets/default-1.svg",
        "bySlug":{"football":"/assets/football-2.svg","table-tennis":"/assets/table-tennis-3.svg"}}"#;

    fn event<'a>(title: &'a str, description: &'a str, category: &'a str) -> EventDto<'a> {
        static VENUE: std::sync::LazyLock<playspace_domain::Venue> =
            std::sync::LazyLock::new(|| {
                playspace_domain::Venue::from_location("Haggerston Park, Hackney")
            });
        EventDto {
            id: "01a1fe53-f3e6-77b0-af53-39f9bf69ed16".into(),
            title,
            description,
            category,
            date: "2026-11-24T18:30:00Z".into(),
            duration: 90,
            location: "Haggerston Park, Hackney".into(),
            area: "Hackney",
            venue: crate::dto::VenueDto::from(&*VENUE),
            price: "0.00".into(),
            max_participants: 20,
            current_participants: 5,
            is_active: true,
            companion_allowed: false,
            solidarity_places: 0,
            solidarity_places_left: 0,
        }
    }

    #[test]
    fn requests_map_to_their_templates() {
        assert_eq!(Prerendered::for_request("/", ""), Some(Prerendered::Home));
        assert_eq!(
            Prerendered::for_request("/", "utm_source=x"),
            Some(Prerendered::Home)
        );
        assert_eq!(
            Prerendered::for_request("/events", ""),
            Some(Prerendered::Events)
        );
        assert_eq!(
            Prerendered::for_request("/events/abc", "x=1"),
            Some(Prerendered::Event)
        );
        assert_eq!(
            Prerendered::for_request("/blog/abc", "utm_source=x"),
            Some(Prerendered::Story)
        );
        assert_eq!(
            Prerendered::for_request("/blog", "utm_source=x"),
            Some(Prerendered::Blog)
        );
        for (path, query) in [
            ("/events", "sport=Football"),
            ("/events/", ""),
            ("/events/a/b", ""),
            ("/about", ""),
            ("/eventsx", ""),
            ("/booking/abc", ""),
            ("/blog/", ""),
            ("/blog/a/b", ""),
            ("/blogx/abc", ""),
        ] {
            assert_eq!(
                Prerendered::for_request(path, query),
                None,
                "{path}?{query}"
            );
        }
    }

    #[test]
    fn the_event_template_is_filled_with_escaped_text() {
        let template = EventTemplate::parse(
            "<img src=\"__EVENT_IMAGE__\" alt=\"__EVENT_CATEGORY__ illustration\">\
             <h1>__EVENT_TITLE__</h1><p>__EVENT_DESCRIPTION__</p><span>__EVENT_LOCATION__</span>\
             <span>__EVENT_CURRENT_PARTICIPANTS__<!-- -->/<!-- -->__EVENT_MAX_PARTICIPANTS__</span>\
             <a href=\"/booking/__EVENT_ID__\">__EVENT_UNKNOWN__</a>",
        );
        let images = SportImages::parse(IMAGES).unwrap();
        let html = template.fill(
            &event(
                "<script>alert(\"hi\")</script> & 'Co'",
                "Line one\nline __EVENT_TITLE__ two",
                "Table  Tennis",
            ),
            &images,
        );
        assert_eq!(
            html,
            "<img src=\"/assets/table-tennis-3.svg\" alt=\"Table  Tennis illustration\">\
             <h1>&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &#39;Co&#39;</h1>\
             <p>Line one\nline __EVENT_TITLE__ two</p><span>Haggerston Park, Hackney</span>\
             <span>5<!-- -->/<!-- -->20</span>\
             <a href=\"/booking/01a1fe53-f3e6-77b0-af53-39f9bf69ed16\">__EVENT_UNKNOWN__</a>"
        );
    }

    #[test]
    fn attribute_values_cannot_break_out() {
        let template = EventTemplate::parse("<img alt=\"__EVENT_CATEGORY__\">");
        let images = SportImages::parse(IMAGES).unwrap();
        let html = template.fill(&event("t", "d", "\" onerror=\"alert(1)"), &images);
        assert_eq!(html, "<img alt=\"&quot; onerror=&quot;alert(1)\">");
    }

    #[test]
    fn pictures_follow_the_frontends_slugs() {
        let images = SportImages::parse(IMAGES).unwrap();
        assert_eq!(images.for_category("Football"), "/assets/football-2.svg");
        assert_eq!(images.for_category(" FOOTBALL "), "/assets/football-2.svg");
        assert_eq!(
            images.for_category("Table Tennis"),
            "/assets/table-tennis-3.svg"
        );
        assert_eq!(
            images.for_category("Wheelchair Rugby"),
            "/assets/default-1.svg"
        );
        assert_eq!(images.for_category("constructor"), "/assets/default-1.svg");
        assert!(SportImages::parse("{}").is_none());
    }

    #[test]
    fn a_template_without_placeholders_is_kept_whole() {
        let template = EventTemplate::parse("<p>__EVENT_</p>");
        let images = SportImages::parse(IMAGES).unwrap();
        assert_eq!(
            template.fill(&event("t", "d", "c"), &images),
            "<p>__EVENT_</p>"
        );
    }

    fn story(title: &str, excerpt: &str, category: &str, author: &str) -> StorySummaryDto {
        StorySummaryDto {
            id: "01a1fe53-f3e6-77b0-af53-39f9bf69ed17".into(),
            title: title.into(),
            excerpt: excerpt.into(),
            category: category.into(),
            published_at: "2026-11-24T18:30:00Z".into(),
            author_name: author.into(),
        }
    }

    #[test]
    fn the_story_template_is_filled_with_escaped_text_once() {
        let template = StoryTemplate::parse(
            "<span class=\"badge\">__STORY_CATEGORY__</span><h1>__STORY_TITLE__</h1>\
             <p>__STORY_EXCERPT__</p><span>__STORY_AUTHOR__</span>\
             <a href=\"/blog/__STORY_ID__\">__STORY_DATE__ __EVENT_TITLE__</a>",
        );
        let html = template.fill(
            &story(
                "<script>alert(1)</script> \"&'",
                "Line one __STORY_TITLE__ and __STORY_AUTHOR__",
                "Member Story",
                "Ana & <b>Bea</b>",
            ),
            None,
        );
        assert_eq!(
            html,
            "<span class=\"badge\">Member Story</span>\
             <h1>&lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&#39;</h1>\
             <p>Line one __STORY_TITLE__ and __STORY_AUTHOR__</p>\
             <span>Ana &amp; &lt;b&gt;Bea&lt;/b&gt;</span>\
             <a href=\"/blog/01a1fe53-f3e6-77b0-af53-39f9bf69ed17\">__STORY_DATE__ __EVENT_TITLE__</a>"
        );
    }

    #[test]
    fn story_attribute_values_cannot_break_out() {
        let template =
            StoryTemplate::parse("<meta content=\"__STORY_EXCERPT__\"><p title='__STORY_TITLE__'>");
        let html = template.fill(
            &story(
                "' onmouseover='alert(1)",
                "\"><script>alert(1)</script>",
                "c",
                "a",
            ),
            None,
        );
        assert_eq!(
            html,
            "<meta content=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\">\
             <p title='&#39; onmouseover=&#39;alert(1)'>"
        );
    }

    #[test]
    fn a_story_page_shows_its_content_as_the_allow_list_cleans_it() {
        let template = StoryTemplate::parse(
            "<h1>__STORY_TITLE__</h1><div class=\"prose\">__STORY_CONTENT__</div>",
        );
        let dirty = "<p>One &amp; __STORY_TITLE__</p><script>alert(1)</script>\
                     <p onclick=\"x()\">Two <img src=x onerror=alert(2)></p></div><div>";
        let content = CleanHtml::clean(dirty);
        let html = template.fill(&story("T", "e", "c", "a"), Some(&content));
        assert_eq!(
            html,
            "<h1>T</h1><div class=\"prose\"><p>One &amp; __STORY_TITLE__</p><p>Two </p></div>"
        );
        // The stories list shows no content: its placeholder, if any, is left empty.
        assert_eq!(
            template.fill(&story("T", "e", "c", "a"), None),
            "<h1>T</h1><div class=\"prose\"></div>"
        );
    }
}
