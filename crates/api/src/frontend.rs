//! The built single-page app: `index.html` (the app shell), the prerendered page templates
//! (see `templates`) and the built files, from a directory or carried by the binary
//! (`files`), plus what every public page's link preview shows (`share`). Answering
//! requests with them is crate::pages.
pub mod files;
pub(crate) mod share;
pub(crate) mod templates;
mod text;

pub(crate) use text::{escape_html, summary};

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant, SystemTime};

use playspace_domain::language::Language;
use playspace_domain::story::CleanHtml;

use crate::dto::EventDto;
use crate::routes::stories::{StoryDto, StorySummaryDto};
use templates::{EventTemplate, Prerendered, SportImages, StoryTemplate};

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
    pub(crate) fn index_html(&self) -> Option<Arc<str>> {
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
    pub(crate) fn list_template(&self, page: Prerendered, language: Language) -> Option<Arc<str>> {
        match page {
            Prerendered::Home => self.home.get(language),
            Prerendered::Events => self.events.get(language),
            Prerendered::Event | Prerendered::Story | Prerendered::Blog => None,
        }
    }

    /// The prerendered event page for `event`, if the build made its template.
    pub(crate) fn event_html(&self, event: &EventDto, language: Language) -> Option<String> {
        let template = self.event.get(language)?;
        let images = self.sport_images.get()?;
        Some(template.fill(event, &images))
    }

    /// The prerendered story page for `story`, if the build made its template. Its content
    /// is cleaned again on the way in: a row that somehow skipped the cleaning when it was
    /// saved still puts no markup but the allow-list's into the page.
    pub(crate) fn story_html(&self, story: &StoryDto, language: Language) -> Option<String> {
        let template = self.story.get(language)?;
        Some(template.fill(&story.summary, Some(&CleanHtml::clean(&story.content))))
    }

    /// The prerendered stories list with `featured` (the newest story) in its Featured Story
    /// card, if the build made its template.
    pub(crate) fn blog_html(
        &self,
        featured: &StorySummaryDto,
        language: Language,
    ) -> Option<String> {
        Some(self.blog.get(language)?.fill(featured, None))
    }

    /// A link that fetches `language`'s first catalogue alongside the app's code, for pages
    /// sent as the app shell (prerendered pages name it themselves).
    pub(crate) fn catalogue_preload(&self, language: Language) -> String {
        self.catalogues
            .get()
            .and_then(|files| files.get(language.as_str()).cloned())
            .filter(|path| path.starts_with("/assets/") && is_asset_name(&path["/assets/".len()..]))
            .map(|path| format!("<link rel=\"modulepreload\" crossorigin href=\"{path}\">"))
            .unwrap_or_default()
    }
}

/// A plain file name as Vite writes them: no separators, no parent directory, no hidden file.
pub(crate) fn is_asset_name(name: &str) -> bool {
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
