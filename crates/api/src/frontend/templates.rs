//! The prerendered first screens (docs/adr/0006-prerendered-first-screen.md). The frontend's
//! build (frontend/scripts/prerender.ts) renders the home page, the events page and an event
//! page template into `dist/.prerendered/`; this module says which request gets which file
//! and fills the event template's placeholders with one event's (escaped) text.
//!
//! Nothing here formats dates, times or prices: the prerendered event page shows
//! placeholders for them, and the browser formats them once the app has taken over.
use std::collections::HashMap;

use serde::Deserialize;

use crate::dto::EventDto;

/// Where the build puts the templates, inside the frontend directory. A leading dot: static
/// file serving never hands these files out.
pub const DIR: &str = ".prerendered";

/// The sport pictures by slug (`sport-images.json`), to fill the event template's picture.
pub const SPORT_IMAGES_FILE: &str = "sport-images.json";

/// A page the build prerendered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prerendered {
    Home,
    Events,
    Event,
}

impl Prerendered {
    pub const ALL: [Self; 3] = [Self::Home, Self::Events, Self::Event];

    pub fn file_name(self) -> &'static str {
        match self {
            Self::Home => "home.html",
            Self::Events => "events.html",
            Self::Event => "event.html",
        }
    }

    /// The template for a request's path and query string, if one was prerendered for it.
    /// Only exact paths: the browser hydrates the HTML, so it must be what the app itself
    /// would draw there. `/events` with filters in its query is drawn differently (the
    /// filters show), so it gets the plain app shell; the home and event pages ignore queries.
    pub fn for_request(path: &str, query: &str) -> Option<Self> {
        match path {
            "/" => Some(Self::Home),
            "/events" if query.is_empty() => Some(Self::Events),
            _ => path
                .strip_prefix("/events/")
                .filter(|id| !id.is_empty() && !id.contains('/'))
                .map(|_| Self::Event),
        }
    }
}

/// A part of the event template that the server fills in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Id,
    Title,
    Description,
    Category,
    Location,
    CurrentParticipants,
    MaxParticipants,
    Image,
}

/// The placeholders, as frontend/src/entry-server.tsx (`EVENT_TOKENS`) writes them.
const FIELDS: [(&str, Field); 8] = [
    ("__EVENT_ID__", Field::Id),
    ("__EVENT_TITLE__", Field::Title),
    ("__EVENT_DESCRIPTION__", Field::Description),
    ("__EVENT_CATEGORY__", Field::Category),
    ("__EVENT_LOCATION__", Field::Location),
    ("__EVENT_CURRENT_PARTICIPANTS__", Field::CurrentParticipants),
    ("__EVENT_MAX_PARTICIPANTS__", Field::MaxParticipants),
    ("__EVENT_IMAGE__", Field::Image),
];

const FIELD_PREFIX: &str = "__EVENT_";

#[derive(Debug, PartialEq, Eq)]
enum Part {
    Markup(String),
    Field(Field),
}

/// The event page template, split once at its placeholders so filling it is one pass: an
/// event's text that happens to contain a placeholder is never filled again.
#[derive(Debug)]
pub struct EventTemplate {
    parts: Vec<Part>,
}

impl EventTemplate {
    pub fn parse(html: &str) -> Self {
        let mut parts = Vec::new();
        let mut markup = String::new();
        let mut rest = html;
        while let Some(at) = rest.find(FIELD_PREFIX) {
            markup.push_str(&rest[..at]);
            rest = &rest[at..];
            match FIELDS.iter().find(|(token, _)| rest.starts_with(token)) {
                Some((token, field)) => {
                    parts.push(Part::Markup(std::mem::take(&mut markup)));
                    parts.push(Part::Field(*field));
                    rest = &rest[token.len()..];
                }
                None => {
                    markup.push_str(FIELD_PREFIX);
                    rest = &rest[FIELD_PREFIX.len()..];
                }
            }
        }
        markup.push_str(rest);
        parts.push(Part::Markup(markup));
        parts.retain(|part| !matches!(part, Part::Markup(text) if text.is_empty()));
        Self { parts }
    }

    /// The page for `event`, every value HTML-escaped (they sit in text and in attributes).
    pub fn fill(&self, event: &EventDto, images: &SportImages) -> String {
        let mut html = String::with_capacity(
            self.parts
                .iter()
                .map(|part| match part {
                    Part::Markup(text) => text.len(),
                    Part::Field(_) => 16,
                })
                .sum::<usize>()
                + event.description.len()
                + event.title.len(),
        );
        for part in &self.parts {
            match part {
                Part::Markup(text) => html.push_str(text),
                Part::Field(field) => {
                    let value = match field {
                        Field::Id => event.id.clone(),
                        Field::Title => event.title.to_owned(),
                        Field::Description => event.description.to_owned(),
                        Field::Category => event.category.to_owned(),
                        Field::Location => event.location.to_owned(),
                        Field::CurrentParticipants => event.current_participants.to_string(),
                        Field::MaxParticipants => event.max_participants.to_string(),
                        Field::Image => images.for_category(event.category).to_owned(),
                    };
                    html.push_str(&super::escape_html(&value));
                }
            }
        }
        html
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
fn sport_slug(category: &str) -> String {
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
        EventDto {
            id: "01a1fe53-f3e6-77b0-af53-39f9bf69ed16".into(),
            title,
            description,
            category,
            date: "2026-11-24T18:30:00Z".into(),
            duration: 90,
            location: "Haggerston Park, Hackney",
            area: "Hackney",
            price: "0.00".into(),
            max_participants: 20,
            current_participants: 5,
            is_active: true,
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
        for (path, query) in [
            ("/events", "sport=Football"),
            ("/events/", ""),
            ("/events/a/b", ""),
            ("/about", ""),
            ("/eventsx", ""),
            ("/booking/abc", ""),
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
}
