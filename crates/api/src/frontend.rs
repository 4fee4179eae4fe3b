//! Serving the built single-page app: hashed assets with long cache lifetimes, and
//! `index.html` for client routes (with a 404 status for paths no screen handles). The home,
//! events, event, stories and story pages get their prerendered HTML instead (see
//! `templates`), with their data inlined. Every public page carries what a link preview shows
//! (`share`).
pub mod files;
mod share;
mod templates;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant, SystemTime};

use actix_web::http::StatusCode;
use actix_web::http::header::{
    CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ContentEncoding, HeaderValue, VARY,
};
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::SecondsFormat;
use playspace_app::stories::{GetStoryError, get_story, list_stories};
use playspace_app::{GetEventError, get_event};
use playspace_domain::language::Language;
use playspace_domain::story::CleanHtml;

use crate::dto::EventDto;
use crate::encoding::{accepts, accepts_gzip, gzip};
use crate::locale::request_language;
use crate::routes::list_events;
use crate::routes::stories::list::StoryPageDto;
use crate::routes::stories::{StoryDto, StorySummaryDto};
use crate::state::AppState;
use templates::{EventTemplate, Prerendered, SportImages, StoryTemplate, detail_id};

const NOT_BUILT: &str = "PlaySpace is running, but the frontend has not been built yet.\n\
Build it with: cd frontend && npm ci && npm run build (scripts/run does this for you).\n\
The API is available under /api, e.g. /api/events.\n";

/// The built frontend, from a directory (`FRONTEND_DIR`) or carried by the binary (`files`).
/// `index.html` (the app shell) and the prerendered templates are kept in memory; from a
/// directory they are re-read when their files change (checked at most once a second), so a
/// rebuild shows up without a restart.
pub struct Frontend {
    root: Root,
    built_at_start: bool,
    shell: Watched<str>,
    home: PerLanguage<str>,
    events: PerLanguage<str>,
    event: PerLanguage<EventTemplate>,
    story: PerLanguage<StoryTemplate>,
    blog: PerLanguage<StoryTemplate>,
    sport_images: Watched<SportImages>,
    catalogues: Watched<HashMap<String, String>>,
}

/// One prerendered page in each language (`Language::ALL`'s order).
struct PerLanguage<T: ?Sized>(Vec<Watched<T>>);

impl<T: ?Sized> PerLanguage<T> {
    fn new(
        root: &Root,
        page: Prerendered,
        parse: fn(String) -> Option<Arc<T>>,
        recheck: Duration,
    ) -> Self {
        Self(
            Language::ALL
                .iter()
                .map(|&language| {
                    let path = format!("{}/{}", templates::DIR, page.file_name(language));
                    Watched::new(root.file(&path), parse, recheck)
                })
                .collect(),
        )
    }

    fn get(&self, language: Language) -> Option<Arc<T>> {
        let index = Language::ALL.iter().position(|&l| l == language)?;
        self.0.get(index)?.get()
    }

    /// Whether the build made the page in every language.
    fn complete(&self) -> bool {
        self.0.iter().all(|file| file.get().is_some())
    }
}

/// Where a build's files are.
#[derive(Clone)]
enum Root {
    Dir(PathBuf),
    Embedded(Arc<files::Embedded>),
}

/// One file of a build.
enum Source {
    Disk(PathBuf),
    /// An embedded file never changes.
    Embedded(Arc<files::Embedded>, String),
}

impl Source {
    fn read(&self) -> Option<String> {
        match self {
            Self::Disk(path) => std::fs::read_to_string(path).ok(),
            Self::Embedded(build, path) => {
                String::from_utf8(build.get(path)?.data.into_owned()).ok()
            }
        }
    }

    fn modified(&self) -> Option<SystemTime> {
        match self {
            Self::Disk(path) => modified(path),
            Self::Embedded(..) => None,
        }
    }
}

impl Root {
    /// The file at `path` under the build (`/`-separated).
    fn file(&self, path: &str) -> Source {
        match self {
            Self::Dir(dir) => Source::Disk(dir.join(path)),
            Self::Embedded(build) => Source::Embedded(Arc::clone(build), path.to_owned()),
        }
    }

    fn describe(&self) -> String {
        match self {
            Self::Dir(dir) => dir.display().to_string(),
            Self::Embedded(_) => "the build inside the binary".to_owned(),
        }
    }
}

/// One file of the build, parsed, with when it was last looked at.
struct Watched<T: ?Sized> {
    source: Source,
    parse: fn(String) -> Option<Arc<T>>,
    /// How long a look at the file's modification time holds.
    recheck: Duration,
    state: RwLock<Loaded<T>>,
}

struct Loaded<T: ?Sized> {
    /// None while the file is missing or unreadable.
    value: Option<Arc<T>>,
    modified: Option<SystemTime>,
    checked: Instant,
}

const RECHECK: Duration = Duration::from_secs(1);

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

impl<T: ?Sized> Watched<T> {
    fn new(source: Source, parse: fn(String) -> Option<Arc<T>>, recheck: Duration) -> Self {
        let state = RwLock::new(Self::load(&source, parse));
        Self {
            source,
            parse,
            recheck,
            state,
        }
    }

    fn load(source: &Source, parse: fn(String) -> Option<Arc<T>>) -> Loaded<T> {
        Loaded {
            modified: source.modified(),
            value: source.read().and_then(parse),
            checked: Instant::now(),
        }
    }

    fn get(&self) -> Option<Arc<T>> {
        if let Ok(state) = self.state.read()
            && state.checked.elapsed() < self.recheck
        {
            return state.value.clone();
        }
        let mut state = self.state.write().ok()?;
        // Another request may have looked while this one waited for the lock.
        if state.checked.elapsed() >= self.recheck {
            if state.modified == self.source.modified() {
                state.checked = Instant::now();
            } else {
                *state = Self::load(&self.source, self.parse);
            }
        }
        state.value.clone()
    }
}

fn text(html: String) -> Option<Arc<str>> {
    Some(Arc::from(html))
}

impl Frontend {
    /// The build in `dir` (`FRONTEND_DIR`).
    pub fn load(dir: &Path) -> Self {
        Self::load_rechecking_every(dir, RECHECK)
    }

    /// The build this binary carries (crate::frontend::files).
    pub fn built_in() -> Self {
        Self::embedded::<files::Built>()
    }

    /// An embedded build (tests embed their own).
    pub fn embedded<E: rust_embed::RustEmbed>() -> Self {
        Self::from_root(
            Root::Embedded(Arc::new(files::Embedded::of::<E>())),
            RECHECK,
        )
    }

    /// As [`Frontend::load`], looking whether the files changed at most every `recheck`:
    /// a test passes zero to see a rebuild at once instead of waiting out the second.
    pub fn load_rechecking_every(dir: &Path, recheck: Duration) -> Self {
        Self::from_root(Root::Dir(dir.to_owned()), recheck)
    }

    fn from_root(root: Root, recheck: Duration) -> Self {
        let frontend = Self {
            root: root.clone(),
            built_at_start: false,
            shell: Watched::new(root.file("index.html"), text, recheck),
            home: PerLanguage::new(&root, Prerendered::Home, text, recheck),
            events: PerLanguage::new(&root, Prerendered::Events, text, recheck),
            event: PerLanguage::new(
                &root,
                Prerendered::Event,
                |html| Some(Arc::new(EventTemplate::parse(&html))),
                recheck,
            ),
            story: PerLanguage::new(
                &root,
                Prerendered::Story,
                |html| Some(Arc::new(StoryTemplate::parse(&html))),
                recheck,
            ),
            blog: PerLanguage::new(
                &root,
                Prerendered::Blog,
                |html| Some(Arc::new(StoryTemplate::parse(&html))),
                recheck,
            ),
            sport_images: Watched::new(
                root.file(&format!(
                    "{}/{}",
                    templates::DIR,
                    templates::SPORT_IMAGES_FILE
                )),
                |json| SportImages::parse(&json).map(Arc::new),
                recheck,
            ),
            catalogues: Watched::new(
                root.file(&format!(
                    "{}/{}",
                    templates::DIR,
                    templates::CATALOGUES_FILE
                )),
                |json| serde_json::from_str(&json).ok().map(Arc::new),
                recheck,
            ),
        };
        let built = frontend.shell.get().is_some();
        let dir = root.describe();
        if !built {
            tracing::warn!(dir, "no frontend build found; / explains how to build it");
        } else if Prerendered::ALL
            .iter()
            .any(|&page| !frontend.has_template(page))
        {
            tracing::warn!(
                dir,
                "frontend build without prerendered pages; they are rendered in the browser"
            );
        }
        Self {
            built_at_start: built,
            ..frontend
        }
    }

    /// The directory to serve files from, when a build existed there at start-up.
    pub fn dir(&self) -> Option<&Path> {
        match &self.root {
            Root::Dir(dir) if self.built_at_start => Some(dir.as_path()),
            _ => None,
        }
    }

    /// The embedded build to serve files from, when it holds one.
    pub fn embedded_files(&self) -> Option<&files::Embedded> {
        match &self.root {
            Root::Embedded(build) if self.built_at_start => Some(build),
            _ => None,
        }
    }

    /// The current `index.html`, if there is a build.
    fn index_html(&self) -> Option<Arc<str>> {
        self.shell.get()
    }

    fn has_template(&self, page: Prerendered) -> bool {
        match page {
            Prerendered::Home => self.home.complete(),
            Prerendered::Events => self.events.complete(),
            Prerendered::Event => self.event.complete() && self.sport_images.get().is_some(),
            Prerendered::Story => self.story.complete(),
            Prerendered::Blog => self.blog.complete(),
        }
    }

    /// The prerendered home or events page in `language`, if the build made one.
    fn list_template(&self, page: Prerendered, language: Language) -> Option<Arc<str>> {
        match page {
            Prerendered::Home => self.home.get(language),
            Prerendered::Events => self.events.get(language),
            Prerendered::Event | Prerendered::Story | Prerendered::Blog => None,
        }
    }

    /// The prerendered event page for `event`, if the build made its template.
    fn event_html(&self, event: &EventDto, language: Language) -> Option<String> {
        let template = self.event.get(language)?;
        let images = self.sport_images.get()?;
        Some(template.fill(event, &images))
    }

    /// The prerendered story page for `story`, if the build made its template. Its content
    /// is cleaned again on the way in: a row that somehow skipped the cleaning when it was
    /// saved still puts no markup but the allow-list's into the page.
    fn story_html(&self, story: &StoryDto, language: Language) -> Option<String> {
        let template = self.story.get(language)?;
        Some(template.fill(&story.summary, Some(&CleanHtml::clean(&story.content))))
    }

    /// The prerendered stories list with `featured` (the newest story) in its Featured Story
    /// card, if the build made its template.
    fn blog_html(&self, featured: &StorySummaryDto, language: Language) -> Option<String> {
        Some(self.blog.get(language)?.fill(featured, None))
    }

    /// A link that fetches `language`'s first catalogue alongside the app's code, for pages
    /// sent as the app shell (prerendered pages name it themselves).
    fn catalogue_preload(&self, language: Language) -> String {
        self.catalogues
            .get()
            .and_then(|files| files.get(language.as_str()).cloned())
            .filter(|path| path.starts_with("/assets/") && is_asset_name(&path["/assets/".len()..]))
            .map(|path| format!("<link rel=\"modulepreload\" crossorigin href=\"{path}\">"))
            .unwrap_or_default()
    }
}

/// Screens the client router draws (`frontend/src/app/router.tsx` and the admin area's
/// `routes/admin-area.tsx`; a test holds them together), `:name` standing for one segment.
/// Anything else still gets the app (which shows its '404 Page Not Found' screen) but with a
/// 404 status for crawlers and link checkers.
const CLIENT_ROUTES: &[&str] = &[
    "/",
    "/events",
    "/events/:id",
    "/about",
    "/contact",
    "/login",
    "/signup",
    "/signup/confirm",
    "/forgot-password",
    "/reset-password",
    "/verify-email",
    "/preferences",
    "/profile",
    "/blog",
    "/blog/:id",
    "/booking/:id",
    "/success",
    "/cancel",
    "/bookings",
    "/membership",
    "/unsubscribe",
    "/newsletter/confirm",
    "/terms",
    "/privacy",
    "/cookies",
    "/refunds",
    "/accessibility",
    "/safety",
    "/community-standards",
    "/help",
    "/admin",
    "/admin/login",
    "/admin/register/:eventId",
];

fn is_client_route(path: &str) -> bool {
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    CLIENT_ROUTES.iter().any(|route| {
        let mut wanted = route.split('/');
        let mut given = path.split('/');
        loop {
            match (wanted.next(), given.next()) {
                (None, None) => return true,
                (Some(w), Some(g)) if w.starts_with(':') && !g.is_empty() => {}
                (Some(w), Some(g)) if w == g => {}
                _ => return false,
            }
        }
    })
}

/// The fallback for every GET that no file or API route answered.
pub async fn spa_index(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let Some(index) = state.frontend.index_html() else {
        let status = if req.path() == "/" {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        return HttpResponse::build(status)
            .content_type("text/plain; charset=utf-8")
            .body(NOT_BUILT);
    };
    let path = req.path();
    let language = request_language(&req);
    let prerendered = Prerendered::for_request(path, req.query_string());
    let list_page = if path == "/" {
        Some(ListPage::Home)
    } else if path.trim_end_matches('/') == "/events" {
        Some(ListPage::Events)
    } else {
        None
    };
    let mut page = if let Some(list_page) = list_page {
        let mut page = events_list_page(&state, list_page).await;
        if let Some(template) = prerendered.and_then(|p| state.frontend.list_template(p, language))
        {
            page.html = Some(Html::Template(template));
        }
        page
    } else if let Some(id) = detail_id(path, "/events/") {
        event_page(
            &state,
            id,
            (prerendered == Some(Prerendered::Event)).then_some(language),
        )
        .await
    } else if path == "/blog" {
        blog_page(
            &state,
            (prerendered == Some(Prerendered::Blog)).then_some(language),
        )
        .await
    } else if let Some(id) = detail_id(path, "/blog/") {
        story_page(
            &state,
            id,
            (prerendered == Some(Prerendered::Story)).then_some(language),
        )
        .await
    } else {
        Page {
            status: if is_client_route(path) {
                StatusCode::OK
            } else {
                StatusCode::NOT_FOUND
            },
            ..Page::default()
        }
    };
    if page.status == StatusCode::OK
        && let Some(text) = share::page_text(path)
    {
        page.title = Some(format!("{} | PlaySpace", text.title));
        page.description = Some(text.description.to_owned());
        page.head
            .push_str(&text.card().tags(&state.config.public_url));
    }
    if page.html.is_none() {
        page.head
            .push_str(&state.frontend.catalogue_preload(language));
    }
    let html = page.render(&index, language);
    let mut response = HttpResponse::build(page.status);
    response
        .insert_header((
            CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        ))
        // The shell must be revalidated so a deploy's new asset names are picked up.
        .insert_header((CACHE_CONTROL, HeaderValue::from_static("no-cache")))
        // The page's language comes from the cookie or Accept-Language (crate::locale).
        .insert_header((
            VARY,
            HeaderValue::from_static("Accept-Encoding, Accept-Language, Cookie"),
        ));
    match accepts_gzip(&req)
        .then(|| gzip(html.as_bytes()).ok())
        .flatten()
    {
        Some(compressed) => response
            .insert_header((CONTENT_ENCODING, HeaderValue::from_static("gzip")))
            .body(compressed),
        None => response.body(html),
    }
}

/// What the server sends for one page: the app's shell or a prerendered page, plus what it
/// adds to the `<head>`.
struct Page {
    status: StatusCode,
    /// The prerendered page to send instead of the shell (whose `#root` is empty).
    html: Option<Html>,
    title: Option<String>,
    description: Option<String>,
    /// Tags for `<head>`: the page's data (so the first screen needs no API round trip),
    /// Open Graph tags and JSON-LD.
    head: String,
}

enum Html {
    /// The home or events page, as prerendered.
    Template(Arc<str>),
    /// An event or story page or the stories list, its template filled in.
    Filled(String),
}

impl Default for Page {
    fn default() -> Self {
        Self {
            status: StatusCode::OK,
            html: None,
            title: None,
            description: None,
            head: String::new(),
        }
    }
}

const HEAD_MARKER: &str = "<!--initial-data-->";
/// The shell's `<html>` element (frontend/index.html), which takes the page's language.
const HTML_ELEMENT: &str = "<html lang=\"en-GB\">";
/// Where the page's description starts in frontend/index.html (kept on one line there).
const DESCRIPTION_START: &str = "<meta name=\"description\" content=\"";

impl Page {
    /// The page in `language`: prerendered pages were built in it; the shell's `<html>`
    /// takes its `lang` and `dir` here.
    fn render(&self, index: &str, language: Language) -> String {
        let base = match &self.html {
            Some(Html::Template(html)) => html,
            Some(Html::Filled(html)) => html.as_str(),
            None => index,
        };
        let mut html = base.replacen(HEAD_MARKER, &self.head, 1).replacen(
            HTML_ELEMENT,
            &format!(
                "<html lang=\"{}\" dir=\"{}\">",
                language.as_str(),
                language.direction()
            ),
            1,
        );
        if let Some(title) = &self.title {
            html = replace_between(&html, "<title>", "</title>", &escape_html(title));
        }
        if let Some(description) = &self.description {
            html = replace_between(&html, DESCRIPTION_START, "\"", &escape_html(description));
        }
        html
    }
}

fn replace_between(html: &str, start: &str, end: &str, with: &str) -> String {
    let Some(from) = html.find(start).map(|i| i + start.len()) else {
        return html.to_owned();
    };
    let Some(len) = html[from..].find(end) else {
        return html.to_owned();
    };
    format!("{}{with}{}", &html[..from], &html[from + len..])
}

/// How many upcoming sessions the home page shows (`HOME_EVENT_COUNT` in the frontend's
/// upcoming-events.tsx; the browser tests check the home page asks the API for nothing).
const HOME_EVENT_COUNT: u32 = 3;

/// The home page's first sessions (`{"upcoming":[...]}`, the answer of
/// `GET /api/events?limit=3`) or the events page's summary (`{"summary":{...}}`, the answer
/// of `GET /api/events/summary`), inlined so the first screen needs no round trip.
async fn events_list_page(state: &web::Data<AppState>, page: ListPage) -> Page {
    let Ok(cached) = list_events::upcoming(state).await else {
        // The page still works: the app fetches what it needs itself.
        return Page::default();
    };
    let data = match page {
        ListPage::Home => match list_events::first(&cached, HOME_EVENT_COUNT) {
            Ok(json) => format!("{{\"upcoming\":{}}}", String::from_utf8_lossy(&json)),
            Err(_) => return Page::default(),
        },
        ListPage::Events => format!(
            "{{\"summary\":{}}}",
            String::from_utf8_lossy(&cached.summary.json)
        ),
    };
    Page {
        head: data_script("initial-data", "application/json", &data),
        ..Page::default()
    }
}

#[derive(Clone, Copy)]
enum ListPage {
    Home,
    Events,
}

/// Which of a lookup's errors means "no such thing", and the title its 404 page gets.
struct NotFound<E> {
    is: fn(&E) -> bool,
    title: &'static str,
}

/// A page's data, read on the blocking pool; or the page to send without it: a 404 (the app
/// shell, which then says so) when `not_found` recognises the error, else the plain shell,
/// which fetches what it needs itself (the failure is logged, never the request's values).
async fn lookup<T, E>(
    page: &'static str,
    read: impl FnOnce() -> Result<T, E> + Send + 'static,
    not_found: Option<NotFound<E>>,
) -> Result<T, Page>
where
    T: Send + 'static,
    E: std::fmt::Display + Send + 'static,
{
    let error = match web::block(read).await {
        Ok(Ok(data)) => return Ok(data),
        Ok(Err(e)) => match not_found {
            Some(not_found) if (not_found.is)(&e) => {
                return Err(Page {
                    status: StatusCode::NOT_FOUND,
                    title: Some(not_found.title.into()),
                    ..Page::default()
                });
            }
            _ => e.to_string(),
        },
        Err(e) => e.to_string(),
    };
    tracing::error!(%error, page, "page data unavailable");
    Err(Page::default())
}

/// The stories list: its first page (the answer of `GET /api/blog-posts`) inlined, on the
/// list template in the language `prerendered` names, with the newest story filled in (when
/// the build made one). Without stories it is the app shell, which says 'No stories yet'
/// without asking.
async fn blog_page(state: &web::Data<AppState>, prerendered: Option<Language>) -> Page {
    let app = state.clone();
    let page = match lookup(
        "stories",
        move || list_stories(&app.store, None, None),
        None,
    )
    .await
    {
        Ok(page) => StoryPageDto::from(page),
        Err(page) => return page,
    };
    let html = match page.posts.first() {
        Some(featured) => prerendered
            .and_then(|language| state.frontend.blog_html(featured, language))
            .map(Html::Filled),
        _ => None,
    };
    let data = serde_json::to_string(&page).unwrap_or_default();
    Page {
        html,
        head: data_script(
            "initial-data",
            "application/json",
            &format!("{{\"stories\":{data}}}"),
        ),
        ..Page::default()
    }
}

/// One event: its data, a real title and description, Open Graph tags and schema.org
/// JSON-LD, so link previews and search engines see the event without running JavaScript.
/// With `prerendered`, the page is the event template in that language filled in (when the
/// build made one).
async fn event_page(state: &web::Data<AppState>, id: &str, prerendered: Option<Language>) -> Page {
    let app = state.clone();
    let id = id.to_owned();
    let not_found = NotFound {
        is: |e| matches!(e, GetEventError::NotFound),
        title: "Event not found | PlaySpace",
    };
    let event = match lookup("event", move || get_event(&app.store, &id), Some(not_found)).await {
        Ok(event) => event,
        Err(page) => return page,
    };
    let base = &state.config.public_url;
    let url = format!("{base}/events/{}", event.id);
    let title = format!("{} | PlaySpace", event.title);
    let description = summary(&event.description, 160);
    let dto = EventDto::from(&event);
    let html = prerendered
        .and_then(|language| state.frontend.event_html(&dto, language))
        .map(Html::Filled);
    let dto = serde_json::to_string(&dto).unwrap_or_default();
    let json_ld = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "Event",
        "name": event.title,
        "description": event.description,
        "startDate": event.starts_at.to_rfc3339_opts(SecondsFormat::Secs, true),
        "endDate": event.ends_at().to_rfc3339_opts(SecondsFormat::Secs, true),
        "eventStatus": "https://schema.org/EventScheduled",
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "location": place_ld(&event.venue),
        "offers": {
            "@type": "Offer",
            "price": event.price.to_string(),
            "priceCurrency": "GBP",
            "availability": if event.is_full() { "https://schema.org/SoldOut" } else { "https://schema.org/InStock" },
            "url": url
        },
        "organizer": { "@type": "Organization", "name": "PlaySpace", "url": base }
    });
    let mut head = data_script(
        "initial-data",
        "application/json",
        &format!("{{\"event\":{dto}}}"),
    );
    head.push_str(&data_script(
        "event-jsonld",
        "application/ld+json",
        &json_ld.to_string(),
    ));
    let share_description = share::event_description(&event);
    head.push_str(
        &share::Card {
            kind: "website",
            title: &event.title,
            description: &share_description,
            path: &format!("/events/{}", event.id),
            picture: share::sport_picture(event.category.as_str()),
            extra: &[],
        }
        .tags(base),
    );
    Page {
        status: StatusCode::OK,
        html,
        title: Some(title),
        description: Some(description),
        head,
    }
}

/// A venue as schema.org's Place: its address, and each access fact it has checked (yes or
/// no; unknown facts are left out rather than guessed) as an amenity feature.
fn place_ld(venue: &playspace_domain::Venue) -> serde_json::Value {
    let mut address = serde_json::json!({
        "@type": "PostalAddress",
        "streetAddress": venue.address,
        "addressLocality": venue.borough,
        "addressRegion": "London",
        "addressCountry": "GB"
    });
    if !venue.postcode.is_empty() {
        address["postalCode"] = venue.postcode.as_str().into();
    }
    let features: Vec<serde_json::Value> = venue
        .access
        .iter()
        .filter_map(|(fact, value)| {
            let known = match value {
                playspace_domain::FactValue::Yes => true,
                playspace_domain::FactValue::No => false,
                playspace_domain::FactValue::Unknown => return None,
            };
            Some(serde_json::json!({
                "@type": "LocationFeatureSpecification",
                "name": fact.text().label,
                "value": known
            }))
        })
        .collect();
    let mut place = serde_json::json!({
        "@type": "Place",
        "name": venue.name,
        "address": address
    });
    if !features.is_empty() {
        place["amenityFeature"] = features.into();
    }
    if let Some(map) = &venue.map_url {
        place["hasMap"] = map.as_str().into();
    }
    place
}

/// One published story, as an event page is sent: its data, title, description (the
/// story's summary), Open Graph tags and JSON-LD, on the story template filled in when
/// `prerendered` (and the build made one). Unknown, malformed and unpublished ids get the
/// app shell with a 404, as unknown events do; the app then shows 'Story Not Found'.
async fn story_page(state: &web::Data<AppState>, id: &str, prerendered: Option<Language>) -> Page {
    let app = state.clone();
    let id = id.to_owned();
    let not_found = NotFound {
        is: |e| matches!(e, GetStoryError::NotFound),
        title: "Story not found | PlaySpace",
    };
    let story = match lookup("story", move || get_story(&app.store, &id), Some(not_found)).await {
        Ok(story) => story,
        Err(page) => return page,
    };
    let base = &state.config.public_url;
    let dto = StoryDto::from(story);
    let post = &dto.summary;
    let url = format!("{base}/blog/{}", post.id);
    let title = format!("{} | PlaySpace", post.title);
    let description = summary(&post.excerpt, 160);
    let json_ld = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": post.title,
        "description": post.excerpt,
        "articleSection": post.category,
        "datePublished": post.published_at,
        "author": { "@type": "Person", "name": post.author_name },
        "publisher": { "@type": "Organization", "name": "PlaySpace", "url": base },
        "mainEntityOfPage": url
    });
    let mut head = data_script(
        "initial-data",
        "application/json",
        &format!(
            "{{\"story\":{}}}",
            serde_json::to_string(&dto).unwrap_or_default()
        ),
    );
    head.push_str(&data_script(
        "story-jsonld",
        "application/ld+json",
        &json_ld.to_string(),
    ));
    head.push_str(
        &share::Card {
            kind: "article",
            title: &post.title,
            description: &description,
            path: &format!("/blog/{}", post.id),
            picture: &share::SITE_PICTURE,
            extra: &[
                ("article:published_time", post.published_at.as_str()),
                ("article:section", post.category.as_str()),
            ],
        }
        .tags(base),
    );
    let html = prerendered
        .and_then(|language| state.frontend.story_html(&dto, language))
        .map(Html::Filled);
    Page {
        status: StatusCode::OK,
        html,
        title: Some(title),
        description: Some(description),
        head,
    }
}

/// A `<script>` data block. Escaping `<`, `>` and `&` keeps any text (an event titled
/// "</script>", say) from ending the block early; JSON parsers read the escapes back.
fn data_script(id: &str, kind: &str, json: &str) -> String {
    let safe = json
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    format!("<script id=\"{id}\" type=\"{kind}\">{safe}</script>")
}

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The first `max` characters of `text`, cut at a word and marked with an ellipsis.
fn summary(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let cut: String = text.chars().take(max - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}…", cut.trim_end_matches([',', '.', ';', ':']))
}

/// `GET /assets/{name}`: a built file. The build writes `name.br` and `name.gz` beside each
/// script, stylesheet and picture (frontend/scripts/precompress.ts, at the best levels), and
/// the smallest one the browser accepts goes out as it is, with its length. Anything else
/// goes through the usual file service (compressed on the fly where it is worth it).
pub async fn asset(
    req: HttpRequest,
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> HttpResponse {
    if state.frontend.embedded_files().is_some() {
        return embedded_asset(req, state, &name).await;
    }
    let Some(dir) = state.frontend.dir().filter(|_| is_asset_name(&name)) else {
        return spa_index(req, state).await;
    };
    let path = dir.join("assets").join(name.as_str());
    let content_type = actix_files::file_extension_to_mime(
        path.extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default(),
    );
    for (coding, encoding, suffix) in [
        ("br", ContentEncoding::Brotli, "br"),
        ("gzip", ContentEncoding::Gzip, "gz"),
    ] {
        if !accepts(&req, coding) {
            continue;
        }
        let mut compressed = path.clone().into_os_string();
        compressed.push(".");
        compressed.push(suffix);
        if let Ok(file) = actix_files::NamedFile::open_async(&compressed).await {
            let file = file
                .set_content_type(content_type.clone())
                .set_content_encoding(encoding);
            return varied(file.disable_content_disposition().into_response(&req));
        }
    }
    match actix_files::NamedFile::open_async(&path).await {
        Ok(file) => varied(file.disable_content_disposition().into_response(&req)),
        Err(_) => spa_index(req, state).await,
    }
}

/// [`asset`] from an embedded build: the same choice of copies, the same headers.
async fn embedded_asset(req: HttpRequest, state: web::Data<AppState>, name: &str) -> HttpResponse {
    let Some(build) = state
        .frontend
        .embedded_files()
        .filter(|_| is_asset_name(name))
    else {
        return spa_index(req, state).await;
    };
    let path = format!("assets/{name}");
    let content_type = files::content_type_for(name);
    for (coding, encoding, suffix) in [
        ("br", ContentEncoding::Brotli, "br"),
        ("gzip", ContentEncoding::Gzip, "gz"),
    ] {
        if accepts(&req, coding)
            && let Some(file) = build.get(&format!("{path}.{suffix}"))
        {
            return varied(files::answer(&req, file, &content_type, Some(encoding)));
        }
    }
    match build.get(&path) {
        Some(file) => varied(files::answer(&req, file, &content_type, None)),
        None => spa_index(req, state).await,
    }
}

/// Any other file of an embedded build (the favicon, link-preview pictures…), as the
/// directory service answers from a directory: GET and HEAD only, 400 for a hidden or odd
/// path, the app's 404 page for a path that names no file.
pub async fn embedded_file(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    use actix_web::http::Method;
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return HttpResponse::MethodNotAllowed().finish();
    }
    let Some(path) = files::requested_file(req.path()) else {
        return HttpResponse::BadRequest().finish();
    };
    let Some(build) = state.frontend.embedded_files() else {
        return spa_index(req, state).await;
    };
    if build.is_dir(&path) {
        // A directory without an index file, as the directory service answers it.
        return HttpResponse::NotFound().finish();
    }
    let Some(file) = build.get(&path).filter(|_| !path.is_empty()) else {
        return spa_index(req, state).await;
    };
    files::answer(&req, file, &files::content_type_for(&path), None)
}

/// The answer depends on `Accept-Encoding`: caches must keep one copy per encoding.
fn varied(mut response: HttpResponse) -> HttpResponse {
    response
        .headers_mut()
        .insert(VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// A plain file name as Vite writes them: no separators, no parent directory, no hidden file.
fn is_asset_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
}

/// Vite names files under /assets/ by content hash: they never change, so cache for a year.
/// The link-preview pictures keep their names (pages point at them from messaging apps'
/// caches): a month.
pub fn cache_control_for(path: &str) -> &'static str {
    if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else if path.starts_with(share::PICTURES_PATH) {
        "public, max-age=2592000"
    } else {
        "public, max-age=3600"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_routes_are_recognised() {
        for path in [
            "/",
            "/events",
            "/events/",
            "/events/abc",
            "/booking/x",
            "/admin/login",
            "/admin/register/abc",
            "/reset-password",
            "/verify-email",
            "/terms",
            "/privacy/",
            "/community-standards",
            "/blog/abc",
            "/newsletter/confirm",
            "/signup/confirm",
        ] {
            assert!(is_client_route(path), "{path}");
        }
        for path in [
            "/nope",
            "/events/a/b",
            "/admin/x",
            "/eventsx",
            "/booking/",
            "/admin/register/",
            "/terms/x",
            "/legal",
            "/blog/a/b",
            "/signup/x",
        ] {
            assert!(!is_client_route(path), "{path}");
        }
    }

    /// The `path` props of a router file's `<Route>`s (`index` as ""), in order.
    fn route_paths(file: &str) -> Vec<String> {
        let source = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../frontend/src/app")
                .join(file),
        )
        .unwrap();
        source
            .split("<Route ")
            .skip(1)
            .filter_map(|route| {
                if route.starts_with("index") {
                    return Some(String::new());
                }
                let rest = route.strip_prefix("path=\"")?;
                Some(rest[..rest.find('"')?].to_owned())
            })
            .collect()
    }

    #[test]
    fn client_routes_are_the_routers() {
        let mut routed = Vec::new();
        for path in route_paths("router.tsx") {
            match path.as_str() {
                "*" => {}
                "admin/*" => {
                    for inner in route_paths("routes/admin-area.tsx") {
                        match inner.as_str() {
                            "*" => {}
                            "" => routed.push("/admin".to_owned()),
                            _ => routed.push(format!("/admin/{inner}")),
                        }
                    }
                }
                _ => routed.push(format!("/{path}")),
            }
        }
        let mut listed: Vec<String> = CLIENT_ROUTES.iter().map(|r| (*r).to_owned()).collect();
        routed.sort();
        listed.sort();
        assert_eq!(listed, routed);
    }

    /// What `Page::render` replaces is in the app's real shell (which every prerendered
    /// page is made from), exactly as it looks for it: each page's own description and
    /// title, and its data and link-preview tags.
    #[test]
    fn the_shell_has_what_pages_fill_in() {
        let shell = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/index.html"),
        )
        .unwrap();
        for marker in [
            DESCRIPTION_START,
            "<title>",
            "</title>",
            HEAD_MARKER,
            HTML_ELEMENT,
        ] {
            assert_eq!(shell.matches(marker).count(), 1, "{marker}");
        }
        let page = Page {
            title: Some("About Us | PlaySpace".into()),
            description: Some("We're \"here\"".into()),
            head: "<meta property=\"og:title\" content=\"x\" />".into(),
            ..Page::default()
        };
        let html = page.render(&shell, Language::Arabic);
        assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"));
        assert!(html.contains("<title>About Us | PlaySpace</title>"));
        assert!(
            html.contains("<meta name=\"description\" content=\"We&#39;re &quot;here&quot;\" />")
        );
        assert!(html.contains("<meta property=\"og:title\" content=\"x\" />"));
    }

    #[test]
    fn data_blocks_cannot_be_closed_by_content() {
        let block = data_script(
            "x",
            "application/json",
            r#"{"t":"</script><script>alert(1)</script>&"}"#,
        );
        assert_eq!(block.matches("</script>").count(), 1);
        assert!(block.contains("\\u003c/script\\u003e"));
    }

    #[test]
    fn summaries_cut_at_a_word() {
        assert_eq!(summary("short", 160), "short");
        assert_eq!(summary("one two three four", 10), "one two…");
    }

    #[test]
    fn attributes_are_escaped() {
        assert_eq!(
            escape_html(r#"Ana's "fun" <run> & co"#),
            "Ana&#39;s &quot;fun&quot; &lt;run&gt; &amp; co"
        );
    }

    #[test]
    fn hashed_assets_are_immutable() {
        assert!(cache_control_for("/assets/index-abc123.js").contains("immutable"));
        assert!(!cache_control_for("/favicon.svg").contains("immutable"));
        assert_eq!(
            cache_control_for("/share/yoga.png"),
            "public, max-age=2592000"
        );
    }
}
