//! The data a page inlines, looked up as the API would answer it: the events lists, one
//! event, the stories list and one story, with their titles, descriptions, JSON-LD and
//! link-preview tags.
use actix_web::http::StatusCode;
use actix_web::web;
use chrono::SecondsFormat;
use playspace_app::stories::{GetStoryError, get_story, list_stories};
use playspace_app::{GetEventError, get_event};

use super::page::{Html, Page, data_script};
use playspace_domain::language::Language;

use crate::dto::EventDto;
use crate::frontend::{share, summary};
use crate::routes::list_events;
use crate::routes::stories::StoryDto;
use crate::routes::stories::list::StoryPageDto;
use crate::state::AppState;

/// How many upcoming sessions the home page shows (`HOME_EVENT_COUNT` in the frontend's
/// upcoming-events.tsx; the browser tests check the home page asks the API for nothing).
const HOME_EVENT_COUNT: u32 = 3;

/// The home page's first sessions (`{"upcoming":[...]}`, the answer of
/// `GET /api/events?limit=3`) or the events page's summary (`{"summary":{...}}`, the answer
/// of `GET /api/events/summary`), inlined so the first screen needs no round trip.
pub(super) async fn events_list_page(state: &web::Data<AppState>, page: ListPage) -> Page {
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
pub(super) enum ListPage {
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
pub(super) async fn blog_page(state: &web::Data<AppState>, prerendered: Option<Language>) -> Page {
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
pub(super) async fn event_page(
    state: &web::Data<AppState>,
    id: &str,
    prerendered: Option<Language>,
) -> Page {
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
pub(super) async fn story_page(
    state: &web::Data<AppState>,
    id: &str,
    prerendered: Option<Language>,
) -> Page {
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
