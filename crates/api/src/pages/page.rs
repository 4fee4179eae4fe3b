//! One page as the server sends it: the app's shell or a prerendered page, with what it
//! adds to the `<head>` and the `<html>` element's language.
use std::sync::Arc;

use actix_web::http::StatusCode;
use playspace_domain::language::Language;

use crate::frontend::escape_html;

/// What the server sends for one page: the app's shell or a prerendered page, plus what it
/// adds to the `<head>`.
pub(super) struct Page {
    pub(super) status: StatusCode,
    /// The prerendered page to send instead of the shell (whose `#root` is empty).
    pub(super) html: Option<Html>,
    pub(super) title: Option<String>,
    pub(super) description: Option<String>,
    /// Tags for `<head>`: the page's data (so the first screen needs no API round trip),
    /// Open Graph tags and JSON-LD.
    pub(super) head: String,
}

pub(super) enum Html {
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

pub(super) const HEAD_MARKER: &str = "<!--initial-data-->";
/// The shell's `<html>` element (frontend/index.html), which takes the page's language.
pub(super) const HTML_ELEMENT: &str = "<html lang=\"en-GB\">";
/// Where the page's description starts in frontend/index.html (kept on one line there).
pub(super) const DESCRIPTION_START: &str = "<meta name=\"description\" content=\"";

impl Page {
    /// The page in `language`: prerendered pages were built in it; the shell's `<html>`
    /// takes its `lang` and `dir` here.
    pub(super) fn render(&self, index: &str, language: Language) -> String {
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

/// A `<script>` data block. Escaping `<`, `>` and `&` keeps any text (an event titled
/// "</script>", say) from ending the block early; JSON parsers read the escapes back.
pub(super) fn data_script(id: &str, kind: &str, json: &str) -> String {
    let safe = json
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    format!("<script id=\"{id}\" type=\"{kind}\">{safe}</script>")
}
