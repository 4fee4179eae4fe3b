//! Which language a request is answered in (docs/adr/0024-languages.md): the language
//! cookie the site's switch sets (and sets from a member's saved choice when they sign in),
//! else the browser's `Accept-Language`, else English.
use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::header::ACCEPT_LANGUAGE;
use playspace_domain::language::Language;

/// The cookie the language switch sets (`LANGUAGE_COOKIE` in frontend/src/lib/i18n/locales.ts).
pub const LANGUAGE_COOKIE: &str = "lang";

/// How long the language cookie lasts (a year, as the frontend's `rememberLocale` sets it).
const LANGUAGE_COOKIE_DAYS: i64 = 365;

/// The language cookie for `language`: readable by the page (its switch sets it too), sent
/// with every request of the site.
pub fn language_cookie(language: Language, https: bool) -> Cookie<'static> {
    Cookie::build(LANGUAGE_COOKIE, language.as_str())
        .path("/")
        .max_age(actix_web::cookie::time::Duration::days(
            LANGUAGE_COOKIE_DAYS,
        ))
        .same_site(SameSite::Lax)
        .secure(https)
        .finish()
}

/// The language to answer `req` in.
pub fn request_language(req: &HttpRequest) -> Language {
    asked_language(req).unwrap_or(Language::DEFAULT)
}

/// The language `req` asks for, by the cookie or the browser's languages, if the site has it.
pub fn asked_language(req: &HttpRequest) -> Option<Language> {
    req.cookie(LANGUAGE_COOKIE)
        .and_then(|cookie| cookie.value().parse().ok())
        .or_else(|| {
            req.headers()
                .get(ACCEPT_LANGUAGE)
                .and_then(|value| value.to_str().ok())
                .and_then(Language::from_accept_language)
        })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn the_cookie_wins_then_the_browser_then_english() {
        let with = |cookie: Option<&str>, accept: Option<&str>| {
            let mut req = TestRequest::default();
            if let Some(value) = cookie {
                req = req.cookie(Cookie::new(LANGUAGE_COOKIE, value.to_owned()));
            }
            if let Some(value) = accept {
                req = req.insert_header((ACCEPT_LANGUAGE, value));
            }
            request_language(&req.to_http_request())
        };
        assert_eq!(with(Some("ar"), Some("uk")), Language::Arabic);
        assert_eq!(with(None, Some("uk-UA,en;q=0.5")), Language::Ukrainian);
        // A cookie naming no language of the site counts for nothing.
        assert_eq!(with(Some("fr"), Some("ar")), Language::Arabic);
        assert_eq!(with(None, Some("fr")), Language::English);
        assert_eq!(with(None, None), Language::English);
    }

    /// The frontend's list of languages, its cookie and its directions are the server's.
    #[test]
    fn the_frontend_has_the_same_languages_and_cookie() {
        let source = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src/lib/i18n/locales.ts"),
        )
        .unwrap();
        let tags: Vec<String> = Language::ALL
            .iter()
            .map(|l| format!("\"{}\"", l.as_str()))
            .collect();
        assert!(
            source.contains(&format!(
                "export const LOCALES = [{}] as const;",
                tags.join(", ")
            )),
            "LOCALES in locales.ts differs from Language::ALL"
        );
        assert!(source.contains(&format!(
            "export const LANGUAGE_COOKIE = \"{LANGUAGE_COOKIE}\";"
        )));
        assert!(source.contains("return locale === \"ar\" ? \"rtl\" : \"ltr\";"));
        assert_eq!(Language::Arabic.direction(), "rtl");
    }
}
