//! What a link to a public page shows where people share it (messaging apps, social sites):
//! the page's title and meta description, and the Open Graph and Twitter card tags their
//! previews are drawn from, with a picture each. The previews are read from the HTML the
//! server sends, without JavaScript, so the server writes them here for every public page.
//!
//! The pictures are PNGs of 1200x630 (WhatsApp and Facebook refuse SVG), one per sport and
//! one for the site, rendered from the sport pictures by frontend/scripts/share-images.mjs
//! into frontend/public/share/, which the build copies to `/share/` on the site.
use std::fmt::Write;

use playspace_domain::{Event, london};

use super::text::{escape_html, summary};

/// Where the pictures are on the site: a stable address, sent with a long cache lifetime.
pub const PICTURES_PATH: &str = "/share/";
pub const PICTURE_WIDTH: u32 = 1200;
pub const PICTURE_HEIGHT: u32 = 630;

/// One preview picture: its file (`/share/{name}.png`) and what it shows, for people who
/// cannot see it.
#[derive(Debug, PartialEq, Eq)]
pub struct Picture {
    pub name: &'static str,
    pub alt: &'static str,
}

impl Picture {
    pub fn url(&self, base: &str) -> String {
        format!("{base}{PICTURES_PATH}{}.png", self.name)
    }
}

/// The picture for the site and for every page that is not one event.
pub const SITE_PICTURE: Picture = Picture {
    name: "site",
    alt: "The PlaySpace logo and the words Sport for everyone in London, over pictures of \
          football, swimming and yoga",
};

/// Sessions of a category with no picture of its own (admins may add categories).
pub const DEFAULT_SPORT_PICTURE: Picture = Picture {
    name: "default",
    alt: "A basketball, a football and a tennis ball on the grass",
};

/// Each sport's picture, named by its slug (`sportSlug` in frontend/src/lib/sport-images.ts),
/// with what it shows.
pub const SPORT_PICTURES: [Picture; 16] = [
    Picture {
        name: "football",
        alt: "A football on a green pitch",
    },
    Picture {
        name: "basketball",
        alt: "A basketball beside a hoop on an indoor court",
    },
    Picture {
        name: "tennis",
        alt: "A tennis racket and ball beside a green court",
    },
    Picture {
        name: "swimming",
        alt: "A swimming pool with lane ropes and a ring float",
    },
    Picture {
        name: "cricket",
        alt: "A cricket bat, ball and stumps on a green pitch",
    },
    Picture {
        name: "rugby",
        alt: "A rugby ball on a kicking tee in front of the posts",
    },
    Picture {
        name: "badminton",
        alt: "A badminton racket and shuttlecock by the net",
    },
    Picture {
        name: "volleyball",
        alt: "A volleyball on the sand under a beach volleyball net",
    },
    Picture {
        name: "table-tennis",
        alt: "Two table tennis bats and a ball over a table",
    },
    Picture {
        name: "squash",
        alt: "A squash racket hitting the ball on an indoor court",
    },
    Picture {
        name: "hiking",
        alt: "A path winding through green hills towards the mountains",
    },
    Picture {
        name: "theatre",
        alt: "Comedy and tragedy masks on a stage between red curtains",
    },
    Picture {
        name: "boxing",
        alt: "A pair of boxing gloves hanging in a boxing ring",
    },
    Picture {
        name: "yoga",
        alt: "A person sitting cross-legged on a yoga mat",
    },
    Picture {
        name: "cycling",
        alt: "A bike on a road through green hills",
    },
    Picture {
        name: "running",
        alt: "A running track with a hurdle and a stopwatch",
    },
];

/// The picture for a session of `category` (any case and spacing), else the default one.
pub fn sport_picture(category: &str) -> &'static Picture {
    let slug = super::templates::sport_slug(category);
    SPORT_PICTURES
        .iter()
        .find(|picture| picture.name == slug)
        .unwrap_or(&DEFAULT_SPORT_PICTURE)
}

/// What a preview says of a session: when (London time), where and the price first, which is
/// what a friend deciding to come needs, then its description, cut at a word to 200
/// characters.
pub fn event_description(event: &Event) -> String {
    let price = if event.price.is_free() {
        "Free".to_owned()
    } else {
        format!("£{}", event.price)
    };
    summary(
        &format!(
            "{} at {}. {price}. {}",
            london::format_long(event.starts_at),
            event.location(),
            event.description
        ),
        200,
    )
}

/// The share text of a page that shows no one record: its title (the tab's, as the page sets
/// it with `useDocumentTitle`, before " | PlaySpace"), what a preview calls it, and its
/// description (the meta description and the preview's).
#[derive(Debug)]
pub struct PageText {
    pub path: &'static str,
    pub title: &'static str,
    pub heading: &'static str,
    pub description: &'static str,
}

/// Every public page's share text, in one place.
pub const PAGES: [PageText; 6] = [
    PageText {
        path: "/",
        title: "Inclusive community sports in London",
        heading: "PlaySpace: sport for everyone in London",
        description: "Friendly, inclusive sports sessions across London for every body and \
                      every level. Find a session near you and come and play with us.",
    },
    PageText {
        path: "/events",
        title: "Sports Events",
        heading: "Sports sessions across London",
        description: "Football, swimming, yoga and more, all over London. Pick a sport, find a \
                      time that suits you and book your place.",
    },
    PageText {
        path: "/about",
        title: "About Us",
        heading: "About PlaySpace",
        description: "We're a community interest company making sport welcoming for \
                      LGBTQIA+ people, refugees, disabled people, carers, NHS staff and \
                      anyone who has felt left out.",
    },
    PageText {
        path: "/membership",
        title: "Membership",
        heading: "Join the PlaySpace community",
        description: "Start for free, or go Active for as many sessions as you like. Our \
                      WhatsApp community is free for everyone, and we offer sliding-scale \
                      prices.",
    },
    PageText {
        path: "/blog",
        title: "Community Stories",
        heading: "Community Stories from PlaySpace",
        description: "Stories from the people who play with us: first sessions, new friends \
                      and finding a place in sport.",
    },
    PageText {
        path: "/contact",
        title: "Contact Us",
        heading: "Get in touch with PlaySpace",
        description: "Questions about a session, access or membership? Send us a message and \
                      we'll get back to you within 24 hours.",
    },
];

/// The share text for `path` (a trailing slash ignored), if it is one of [`PAGES`].
pub fn page_text(path: &str) -> Option<&'static PageText> {
    let path = match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    PAGES.iter().find(|page| page.path == path)
}

impl PageText {
    pub fn card(&self) -> Card<'static> {
        Card {
            kind: "website",
            title: self.heading,
            description: self.description,
            path: self.path,
            picture: &SITE_PICTURE,
            extra: &[],
        }
    }
}

/// What a link preview of one page shows.
pub struct Card<'a> {
    /// `og:type`: "website", or "article" for a story.
    pub kind: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    /// The page's path on the site, for its canonical address.
    pub path: &'a str,
    pub picture: &'static Picture,
    /// More Open Graph properties (an article's date and section).
    pub extra: &'a [(&'a str, &'a str)],
}

impl Card<'_> {
    /// The tags for `<head>`, every value escaped: Open Graph (with the picture's absolute
    /// address on `base`, the site's public address, its size and alt text), the Twitter card
    /// (which reads the rest from Open Graph) and the canonical link.
    pub fn tags(&self, base: &str) -> String {
        let url = format!("{base}{}", self.path);
        let picture = self.picture.url(base);
        let (width, height) = (PICTURE_WIDTH.to_string(), PICTURE_HEIGHT.to_string());
        let properties = [
            ("og:type", self.kind),
            ("og:site_name", "PlaySpace"),
            ("og:locale", "en_GB"),
            ("og:title", self.title),
            ("og:description", self.description),
            ("og:url", url.as_str()),
            ("og:image", picture.as_str()),
            ("og:image:type", "image/png"),
            ("og:image:width", width.as_str()),
            ("og:image:height", height.as_str()),
            ("og:image:alt", self.picture.alt),
        ];
        let mut head = String::new();
        for (property, content) in properties.iter().chain(self.extra) {
            let _ = write!(
                head,
                "<meta property=\"{property}\" content=\"{}\" />",
                escape_html(content)
            );
        }
        for (name, content) in [
            ("twitter:card", "summary_large_image"),
            ("twitter:image:alt", self.picture.alt),
        ] {
            let _ = write!(
                head,
                "<meta name=\"{name}\" content=\"{}\" />",
                escape_html(content)
            );
        }
        let _ = write!(
            head,
            "<link rel=\"canonical\" href=\"{}\" />",
            escape_html(&url)
        );
        head
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    fn frontend(path: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../frontend")
            .join(path)
    }

    /// A PNG's width and height, from its IHDR chunk.
    fn png_size(bytes: &[u8]) -> (u32, u32) {
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
        assert_eq!(&bytes[12..16], b"IHDR");
        let number = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
        (number(16), number(20))
    }

    #[test]
    fn every_picture_is_a_small_png_of_the_size_the_tags_give() {
        let pictures = SPORT_PICTURES
            .iter()
            .chain([&DEFAULT_SPORT_PICTURE, &SITE_PICTURE]);
        for picture in pictures {
            let path = frontend(&format!("public{PICTURES_PATH}{}.png", picture.name));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            assert_eq!(
                png_size(&bytes),
                (PICTURE_WIDTH, PICTURE_HEIGHT),
                "{}",
                picture.name
            );
            assert!(bytes.len() < 100 * 1024, "{} is too big", picture.name);
            assert!(!picture.alt.is_empty());
        }
    }

    #[test]
    fn every_sport_has_its_picture_and_every_sport_picture_its_share_picture() {
        for sport in playspace_domain::category::SPORTS {
            assert_ne!(sport_picture(sport), &DEFAULT_SPORT_PICTURE, "{sport}");
        }
        // What frontend/scripts/share-images.mjs renders: one per SVG sport picture.
        let mut svgs: Vec<String> = std::fs::read_dir(frontend("src/assets/sports"))
            .unwrap()
            .filter_map(|entry| {
                let name = entry.unwrap().file_name().into_string().unwrap();
                name.strip_suffix(".svg").map(str::to_owned)
            })
            .collect();
        let mut named: Vec<String> = SPORT_PICTURES
            .iter()
            .chain([&DEFAULT_SPORT_PICTURE])
            .map(|picture| picture.name.to_owned())
            .collect();
        svgs.sort();
        named.sort();
        assert_eq!(svgs, named);
    }

    #[test]
    fn sessions_get_their_sports_picture() {
        assert_eq!(sport_picture("Table  Tennis").name, "table-tennis");
        assert_eq!(sport_picture(" YOGA ").name, "yoga");
        assert_eq!(sport_picture("Wheelchair Rugby").name, "default");
    }

    /// The tab's title each page sets is the one the server sends with it.
    #[test]
    fn page_titles_are_the_ones_the_pages_set() {
        for (page, file) in PAGES.iter().zip([
            "home-page.tsx",
            "events-page.tsx",
            "about-page.tsx",
            "membership-page.tsx",
            "blog-page.tsx",
            "contact-page.tsx",
        ]) {
            let source = std::fs::read_to_string(frontend("src/app/routes").join(file)).unwrap();
            let call = format!("useDocumentTitle(\"{}\")", page.title);
            assert!(source.contains(&call), "{file} has no {call}");
        }
    }

    #[test]
    fn fixed_pages_are_found_with_or_without_a_trailing_slash() {
        assert_eq!(page_text("/").unwrap().path, "/");
        assert_eq!(page_text("/events/").unwrap().path, "/events");
        assert_eq!(page_text("/about").unwrap().title, "About Us");
        assert!(page_text("/events/abc").is_none());
        assert!(page_text("/login").is_none());
        for page in &PAGES {
            // Previews cut longer descriptions short.
            assert!(page.description.chars().count() <= 200, "{}", page.path);
            assert!(!page.description.contains("  "), "{}", page.path);
        }
    }

    #[test]
    fn a_sessions_preview_says_when_where_and_the_price_first() {
        use chrono::TimeZone;
        let event = |pence, description: &str| {
            playspace_test_support::EventBuilder::new()
                .location("Haggerston Park, Hackney")
                .description(description)
                .price_pence(pence)
                // 18:30 in London, in summer time.
                .starts_at(chrono::Utc.with_ymd_and_hms(2030, 7, 6, 17, 30, 0).unwrap())
                .build()
        };
        assert_eq!(
            event_description(&event(0, "Bring water.")),
            "Saturday 6 July 2030, 18:30 at Haggerston Park, Hackney. Free. Bring water."
        );
        let long = event_description(&event(1250, &"All welcome, ".repeat(30)));
        assert!(long.starts_with(
            "Saturday 6 July 2030, 18:30 at Haggerston Park, Hackney. £12.50. All welcome"
        ));
        assert!(long.ends_with('…') && long.chars().count() <= 200, "{long}");
    }

    #[test]
    fn tags_are_escaped_and_absolute() {
        let card = Card {
            kind: "article",
            title: "Ana's \"fun\" <run>",
            description: "a & b",
            path: "/blog/x",
            picture: sport_picture("Yoga"),
            extra: &[("article:section", "<Community>")],
        };
        let head = card.tags("https://playspace.example");
        for tag in [
            "<meta property=\"og:title\" content=\"Ana&#39;s &quot;fun&quot; &lt;run&gt;\" />",
            "<meta property=\"og:description\" content=\"a &amp; b\" />",
            "<meta property=\"og:url\" content=\"https://playspace.example/blog/x\" />",
            "<meta property=\"og:image\" content=\"https://playspace.example/share/yoga.png\" />",
            "<meta property=\"og:image:width\" content=\"1200\" />",
            "<meta property=\"og:image:height\" content=\"630\" />",
            "<meta property=\"article:section\" content=\"&lt;Community&gt;\" />",
            "<meta name=\"twitter:card\" content=\"summary_large_image\" />",
            "<link rel=\"canonical\" href=\"https://playspace.example/blog/x\" />",
        ] {
            assert!(head.contains(tag), "{tag} in {head}");
        }
    }
}
