use actix_web::{HttpRequest, HttpResponse, web};
use playspace_app::stories::submit_story;
use playspace_domain::story::StoryForm;
use serde::Deserialize;

use crate::auth::Credentials;
use crate::error::ApiError;
use crate::rate_limit::ANONYMOUS_STORIES;
use crate::state::AppState;

/// Missing fields read as empty so the answer is the form's own messages. `isPublished`
/// is accepted and ignored: a submission is never published by its sender.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    #[serde(default)]
    title: String,
    #[serde(default)]
    content: String,
    #[serde(default)]
    excerpt: String,
    #[serde(default)]
    category: String,
    #[serde(default)]
    author_name: String,
    #[serde(default)]
    #[allow(dead_code)]
    is_published: Option<serde_json::Value>,
    /// The honeypot: a field people never see, which form-filling robots fill in.
    #[serde(default)]
    website: Option<String>,
}

const THANKS: &str =
    "Thank you for sharing your story! Our team will review it and publish it soon.";

/// `POST /api/blog-posts/submit`: keeps a story for review, from anyone; the sender is
/// noted when signed in. A filled honeypot gets the same answer and nothing is kept.
pub async fn handle(
    req: HttpRequest,
    state: web::Data<AppState>,
    credentials: Credentials,
    body: web::Json<Body>,
) -> Result<HttpResponse, ApiError> {
    state.limit_ip(ANONYMOUS_STORIES.per_address, &req).await?;
    let body = body.into_inner();
    let created = HttpResponse::Created().json(serde_json::json!({ "message": THANKS }));
    if body
        .website
        .as_deref()
        .is_some_and(|w| !w.trim().is_empty())
    {
        return Ok(created);
    }
    let form = StoryForm {
        title: body.title,
        content: body.content,
        excerpt: body.excerpt,
        category: body.category,
        author_name: body.author_name,
    };
    let app = state.clone();
    web::block(move || {
        let sender = credentials
            .authenticate(&app.account_deps())?
            .map(|current| current.user.id);
        // Signed-in members answer for what they send; strangers share one ceiling.
        if sender.is_none() {
            app.limit_everyone(ANONYMOUS_STORIES.everyone)?;
        }
        submit_story(&app.store, &app.clock, form, sender).map_err(ApiError::from)
    })
    .await??;
    Ok(created)
}
