//! The languages the site is written in (docs/adr/0024-languages.md): English (en-GB, the
//! source), Arabic (right to left) and Ukrainian. The frontend keeps the same list
//! (frontend/src/lib/i18n/locales.ts; a test in the api crate holds the two together).
use crate::text_enum;

text_enum! {
    /// A reader's language, stored and sent as its BCP 47 tag.
    Language {
        English => "en-GB",
        Arabic => "ar",
        Ukrainian => "uk",
    }
}

impl Language {
    /// The source language, for anyone who has not chosen another.
    pub const DEFAULT: Self = Self::English;

    /// The value of `<html dir>`: Arabic is written right to left.
    pub fn direction(self) -> &'static str {
        match self {
            Self::Arabic => "rtl",
            Self::English | Self::Ukrainian => "ltr",
        }
    }

    /// The language a tag such as `ar-EG`, `uk` or `en-US` asks for, by its primary subtag
    /// (case-insensitive); `None` for a language the site is not written in.
    pub fn from_tag(tag: &str) -> Option<Self> {
        let primary = tag.trim().split(['-', '_']).next()?;
        if primary.eq_ignore_ascii_case("en") {
            Some(Self::English)
        } else if primary.eq_ignore_ascii_case("ar") {
            Some(Self::Arabic)
        } else if primary.eq_ignore_ascii_case("uk") {
            Some(Self::Ukrainian)
        } else {
            None
        }
    }

    /// The best language for an `Accept-Language` header: the one of highest weight the site
    /// has (the first listed among equals), ignoring `q=0` and the wildcard.
    pub fn from_accept_language(header: &str) -> Option<Self> {
        let mut best: Option<(Self, f32)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or_default();
            let weight = parts
                .find_map(|param| param.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
                .filter(|q| q.is_finite() && (0.0..=1.0).contains(q));
            let (Some(language), Some(weight)) = (Self::from_tag(tag), weight) else {
                continue;
            };
            if weight > 0.0 && best.is_none_or(|(_, w)| weight > w) {
                best = Some((language, weight));
            }
        }
        best.map(|(language, _)| language)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_round_trip_and_only_these_three_exist() {
        for language in Language::ALL {
            assert_eq!(language.as_str().parse::<Language>().ok(), Some(*language));
        }
        assert_eq!(
            Language::ALL.iter().map(|l| l.as_str()).collect::<Vec<_>>(),
            ["en-GB", "ar", "uk"]
        );
        assert!("fr".parse::<Language>().is_err());
        assert_eq!(Language::DEFAULT, Language::English);
    }

    #[test]
    fn only_arabic_is_right_to_left() {
        assert_eq!(Language::Arabic.direction(), "rtl");
        assert_eq!(Language::English.direction(), "ltr");
        assert_eq!(Language::Ukrainian.direction(), "ltr");
    }

    #[test]
    fn a_tag_is_matched_by_its_primary_subtag() {
        assert_eq!(Language::from_tag("ar-EG"), Some(Language::Arabic));
        assert_eq!(Language::from_tag("UK-ua"), Some(Language::Ukrainian));
        assert_eq!(Language::from_tag("en-US"), Some(Language::English));
        assert_eq!(Language::from_tag("en_GB"), Some(Language::English));
        assert_eq!(Language::from_tag("ru"), None);
        assert_eq!(Language::from_tag(""), None);
        assert_eq!(Language::from_tag("*"), None);
    }

    #[test]
    fn accept_language_picks_the_heaviest_language_the_site_has() {
        let best = Language::from_accept_language;
        assert_eq!(best("ar"), Some(Language::Arabic));
        assert_eq!(best("fr-FR, uk;q=0.8, en;q=0.5"), Some(Language::Ukrainian));
        assert_eq!(best("en;q=0.4, ar-SY;q=0.9"), Some(Language::Arabic));
        // Equal weights: the first listed wins.
        assert_eq!(best("uk, ar"), Some(Language::Ukrainian));
        // q=0 means "not this one"; nonsense weights are ignored.
        assert_eq!(best("ar;q=0, en;q=0.1"), Some(Language::English));
        assert_eq!(best("ar;q=abc, uk;q=2"), None);
        assert_eq!(best("fr, de, *"), None);
        assert_eq!(best(""), None);
    }
}
