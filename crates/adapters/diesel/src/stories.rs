//! Community stories: the published list (keyset pages on the (is_published,
//! published_at, id) index), one published story, and submissions.
use chrono::NaiveDateTime;
use diesel::prelude::*;
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::story::{NewStory, Story, StorySummary, review_notice};
use playspace_domain::{Role, StoryId, UserId};
use playspace_ports::{RepoError, StoryPage, StoryRepository};

use crate::convert::{corrupt, from_db_time, repo_error, to_db_time};
use crate::schema::{blog_posts, users};
use crate::{DbConnection, Store, notifications};

#[derive(Queryable, Selectable)]
#[diesel(table_name = blog_posts)]
struct SummaryRow {
    id: String,
    title: String,
    excerpt: String,
    category: String,
    author_name: String,
    published_at: NaiveDateTime,
}

impl SummaryRow {
    fn into_domain(self) -> Result<StorySummary, RepoError> {
        Ok(StorySummary {
            id: self.id.parse().map_err(|e| corrupt("story id", e))?,
            title: self.title,
            excerpt: self.excerpt,
            category: self.category,
            author_name: self.author_name,
            published_at: from_db_time(self.published_at),
        })
    }
}

/// Whether any story, published or not, exists.
pub(crate) fn any(c: &mut DbConnection) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        blog_posts::table.select(blog_posts::id),
    ))
    .get_result(c)
}

/// Writes a story already published (the demo seed's).
pub(crate) fn insert_published(
    c: &mut DbConnection,
    story: &Story,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let s = &story.summary;
    diesel::insert_into(blog_posts::table)
        .values((
            blog_posts::id.eq(s.id.to_string()),
            blog_posts::title.eq(&s.title),
            blog_posts::content.eq(&story.content),
            blog_posts::excerpt.eq(&s.excerpt),
            blog_posts::category.eq(&s.category),
            blog_posts::author_name.eq(&s.author_name),
            blog_posts::published_at.eq(to_db_time(s.published_at)),
            blog_posts::is_published.eq(true),
            blog_posts::created_at.eq(now),
            blog_posts::updated_at.eq(now),
        ))
        .execute(c)
        .map(|_| ())
}

impl StoryRepository for Store {
    fn published_stories(
        &self,
        after: Option<PageCursor>,
        limit: u32,
    ) -> Result<StoryPage, RepoError> {
        let mut conn = self.conn()?;
        let mut page = blog_posts::table
            .filter(blog_posts::is_published.eq(true))
            .into_boxed();
        if let Some(after) = &after {
            let at = to_db_time(after.at);
            // The first condition alone can use the index's range.
            page = page.filter(
                blog_posts::published_at.le(at).and(
                    blog_posts::published_at
                        .lt(at)
                        .or(blog_posts::id.lt(after.id.clone())),
                ),
            );
        }
        let limit = limit.max(1);
        let mut rows: Vec<SummaryRow> = page
            .order((blog_posts::published_at.desc(), blog_posts::id.desc()))
            .limit(i64::from(limit) + 1)
            .select(SummaryRow::as_select())
            .load(&mut *conn)
            .map_err(repo_error)?;
        let more = rows.len() > limit as usize;
        rows.truncate(limit as usize);
        let next = match (more, rows.last()) {
            (true, Some(last)) => Some(PageCursor::new(
                from_db_time(last.published_at),
                last.id.clone(),
            )),
            _ => None,
        };
        Ok(StoryPage {
            items: rows
                .into_iter()
                .map(SummaryRow::into_domain)
                .collect::<Result<_, _>>()?,
            next,
        })
    }

    fn published_story(&self, id: StoryId) -> Result<Story, RepoError> {
        let mut conn = self.conn()?;
        let (row, content): (SummaryRow, String) = blog_posts::table
            .filter(blog_posts::id.eq(id.to_string()))
            .filter(blog_posts::is_published.eq(true))
            .select((SummaryRow::as_select(), blog_posts::content))
            .first(&mut *conn)
            .map_err(repo_error)?;
        Ok(Story {
            summary: row.into_domain()?,
            content,
        })
    }

    fn submit_story(&self, story: &NewStory) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let now = to_db_time(story.created_at);
        conn.transaction(|c| {
            diesel::insert_into(blog_posts::table)
                .values((
                    blog_posts::id.eq(story.id.to_string()),
                    blog_posts::title.eq(&story.title),
                    blog_posts::content.eq(&story.content),
                    blog_posts::excerpt.eq(&story.excerpt),
                    blog_posts::category.eq(&story.category),
                    blog_posts::author_name.eq(&story.author_name),
                    blog_posts::submitted_by.eq(story.submitted_by.map(|id| id.to_string())),
                    // Replaced when the team publishes it.
                    blog_posts::published_at.eq(now),
                    blog_posts::is_published.eq(false),
                    blog_posts::created_at.eq(now),
                    blog_posts::updated_at.eq(now),
                ))
                .execute(c)?;
            let staff: Vec<String> = users::table
                .filter(users::role.eq_any([Role::Admin.as_str(), Role::Moderator.as_str()]))
                .filter(users::deleted_at.is_null())
                .select(users::id)
                .load(c)?;
            for id in staff {
                let Ok(id) = id.parse::<UserId>() else {
                    continue;
                };
                notifications::add(c, &review_notice(id, story), now)?;
            }
            Ok(())
        })
        .map_err(repo_error)
    }
}
