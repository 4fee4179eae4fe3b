//! Community stories: the published list (keyset pages on the (is_published,
//! published_at, id) index), one published story, submissions, and the team's side
//! (every story, writing, publishing and the review of submissions).
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use playspace_domain::page_cursor::PageCursor;
use playspace_domain::story::{
    AdminStory, NewStory, REVIEW_QUEUE_TOPIC, Story, StoryAuthorContact, StoryReview, StorySummary,
    queue_takes, review_queue_notice, review_queue_words,
};
use playspace_domain::{AuditEntry, OutgoingEmail, Role, StoryId, UserId};
use playspace_ports::{
    AdminStoryFilter, AdminStoryPage, AdminStoryStore, RepoError, StoryPage, StoryRepository,
};

use crate::audit::insert_audit;
use crate::convert::{corrupt, from_db_time, refused, repo_error, to_db_time};
use crate::outbox::insert_emails;
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
            // Written when published: the admin list (newest written first) keeps the
            // stories' own order rather than the seed's one instant.
            blog_posts::created_at.eq(to_db_time(s.published_at)),
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
            lock_review_queue(c)?;
            let anonymous: i64 = blog_posts::table
                .filter(blog_posts::review_status.eq(StoryReview::Pending.as_str()))
                .filter(blog_posts::submitted_by.is_null())
                .count()
                .get_result(c)?;
            if !queue_takes(story, u64::try_from(anonymous).unwrap_or_default()) {
                return Err(refused("the review queue is full"));
            }
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
                    blog_posts::review_status.eq(StoryReview::Pending.as_str()),
                    blog_posts::created_at.eq(now),
                    blog_posts::updated_at.eq(now),
                ))
                .execute(c)?;
            refresh_review_notices(c, now, Arrival::New)
        })
        .map_err(repo_error)
    }
}

/// Makes every change to the review queue wait for the one before it, so each counts the
/// stories the other left. PostgreSQL: a transaction-scoped advisory lock (released at
/// commit or rollback). SQLite: nothing to do, its writers already queue one at a time
/// (`Store::writer`).
fn lock_review_queue(c: &mut DbConnection) -> QueryResult<()> {
    /// The lock's number: "STORYREV" in ASCII, unlikely to be anyone else's.
    const REVIEW_QUEUE_LOCK: i64 = 0x5354_4F52_5952_4556;
    match c {
        DbConnection::Postgres(pg) => diesel::sql_query("SELECT pg_advisory_xact_lock($1)")
            .bind::<diesel::sql_types::BigInt, _>(REVIEW_QUEUE_LOCK)
            .execute(pg)
            .map(|_| ()),
        DbConnection::Sqlite(_) => Ok(()),
    }
}

/// Why the queue's notices are brought up to date.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arrival {
    /// A story arrived: each reviewer's notice comes back to the top, unread.
    New,
    /// A story was reviewed: the notices say how many are left, or go when none are.
    Reviewed,
}

/// Brings the standing review-queue notification of every moderator and admin up to date
/// with the stories waiting, on the caller's transaction (after [`lock_review_queue`]).
fn refresh_review_notices(
    c: &mut DbConnection,
    now: NaiveDateTime,
    arrival: Arrival,
) -> QueryResult<()> {
    let waiting =
        || blog_posts::table.filter(blog_posts::review_status.eq(StoryReview::Pending.as_str()));
    let count: i64 = waiting().count().get_result(c)?;
    let newest: Option<String> = waiting()
        .order((blog_posts::created_at.desc(), blog_posts::id.desc()))
        .select(blog_posts::title)
        .first(c)
        .optional()?;
    let staff: Vec<String> = users::table
        .filter(users::role.eq_any([Role::Admin.as_str(), Role::Moderator.as_str()]))
        .filter(users::deleted_at.is_null())
        .select(users::id)
        .load(c)?;
    let Some(newest) = newest else {
        return notifications::remove_standing(c, REVIEW_QUEUE_TOPIC, &[]);
    };
    // Someone no longer on the team keeps no notice of the queue.
    notifications::remove_standing(c, REVIEW_QUEUE_TOPIC, &staff)?;
    let count = u64::try_from(count).unwrap_or_default();
    match arrival {
        Arrival::New => {
            for id in staff {
                let Ok(id) = id.parse::<UserId>() else {
                    continue;
                };
                let notice = review_queue_notice(id, count, &newest);
                notifications::put_standing(c, &notice, REVIEW_QUEUE_TOPIC, now)?;
            }
            Ok(())
        }
        Arrival::Reviewed => {
            let (title, message) = review_queue_words(count, &newest);
            notifications::retitle_standing(c, REVIEW_QUEUE_TOPIC, &title, &message)
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = blog_posts)]
struct AdminRow {
    #[diesel(embed)]
    summary: SummaryRow,
    content: String,
    is_published: bool,
    review_status: Option<String>,
    decline_reason: Option<String>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

type ContactRow = Option<(String, String, String, Option<String>)>;

impl AdminRow {
    fn into_domain(self, contact: ContactRow) -> Result<AdminStory, RepoError> {
        let review = self
            .review_status
            .as_deref()
            .map(|r| StoryReview::parse(r).ok_or_else(|| corrupt("story review", r)))
            .transpose()?;
        let author_contact = contact
            .map(|(id, email, first, chosen)| -> Result<_, RepoError> {
                Ok(StoryAuthorContact {
                    user_id: id.parse().map_err(|e| corrupt("user id", e))?,
                    email,
                    name: chosen.unwrap_or(first),
                })
            })
            .transpose()?;
        Ok(AdminStory {
            summary: self.summary.into_domain()?,
            content: self.content,
            is_published: self.is_published,
            review,
            decline_reason: self.decline_reason,
            created_at: from_db_time(self.created_at),
            updated_at: from_db_time(self.updated_at),
            author_contact,
        })
    }
}

/// A write that changed no row: unknown id, or a story in another state.
fn missing_or_conflict(c: &mut DbConnection, id: &str) -> QueryResult<()> {
    let exists: bool = diesel::select(diesel::dsl::exists(
        blog_posts::table.filter(blog_posts::id.eq(id)),
    ))
    .get_result(c)?;
    Err(if exists {
        refused("the story is not in a state this change applies to")
    } else {
        diesel::result::Error::NotFound
    })
}

impl AdminStoryStore for Store {
    fn admin_stories(
        &self,
        filter: AdminStoryFilter,
        after: Option<PageCursor>,
        limit: u32,
    ) -> Result<AdminStoryPage, RepoError> {
        let mut conn = self.conn()?;
        // The sender's account, unless it was deleted: where a decline is emailed.
        let mut page = blog_posts::table
            .left_join(
                users::table.on(blog_posts::submitted_by
                    .eq(users::id.nullable())
                    .and(users::deleted_at.is_null())),
            )
            .into_boxed();
        if filter == AdminStoryFilter::Submitted {
            page = page.filter(blog_posts::review_status.eq(StoryReview::Pending.as_str()));
        }
        if let Some(after) = &after {
            let at = to_db_time(after.at);
            page = page.filter(
                blog_posts::created_at.le(at).and(
                    blog_posts::created_at
                        .lt(at)
                        .or(blog_posts::id.lt(after.id.clone())),
                ),
            );
        }
        let limit = limit.max(1);
        let mut rows: Vec<(AdminRow, ContactRow)> = page
            .order((blog_posts::created_at.desc(), blog_posts::id.desc()))
            .limit(i64::from(limit) + 1)
            .select((
                AdminRow::as_select(),
                (
                    users::id,
                    users::email,
                    users::first_name,
                    users::chosen_name,
                )
                    .nullable(),
            ))
            .load(&mut *conn)
            .map_err(repo_error)?;
        let more = rows.len() > limit as usize;
        rows.truncate(limit as usize);
        let next = match (more, rows.last()) {
            (true, Some((last, _))) => Some(PageCursor::new(
                from_db_time(last.created_at),
                last.summary.id.clone(),
            )),
            _ => None,
        };
        Ok(AdminStoryPage {
            items: rows
                .into_iter()
                .map(|(row, contact)| row.into_domain(contact))
                .collect::<Result<_, _>>()?,
            next,
        })
    }

    fn admin_story(&self, id: StoryId) -> Result<AdminStory, RepoError> {
        let mut conn = self.conn()?;
        let (row, contact): (AdminRow, ContactRow) = blog_posts::table
            .left_join(
                users::table.on(blog_posts::submitted_by
                    .eq(users::id.nullable())
                    .and(users::deleted_at.is_null())),
            )
            .filter(blog_posts::id.eq(id.to_string()))
            .select((
                AdminRow::as_select(),
                (
                    users::id,
                    users::email,
                    users::first_name,
                    users::chosen_name,
                )
                    .nullable(),
            ))
            .first(&mut *conn)
            .map_err(repo_error)?;
        row.into_domain(contact)
    }

    fn create_story(
        &self,
        story: &NewStory,
        publish: bool,
        audit: &AuditEntry,
    ) -> Result<(), RepoError> {
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
                    blog_posts::published_at.eq(now),
                    blog_posts::is_published.eq(publish),
                    blog_posts::created_at.eq(now),
                    blog_posts::updated_at.eq(now),
                ))
                .execute(c)?;
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }

    fn edit_story(
        &self,
        id: StoryId,
        fields: &NewStory,
        at: DateTime<Utc>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError> {
        self.audited_change(id, audit, |c, key| {
            diesel::update(blog_posts::table.filter(blog_posts::id.eq(key)))
                .set((
                    blog_posts::title.eq(&fields.title),
                    blog_posts::content.eq(&fields.content),
                    blog_posts::excerpt.eq(&fields.excerpt),
                    blog_posts::category.eq(&fields.category),
                    blog_posts::author_name.eq(&fields.author_name),
                    blog_posts::updated_at.eq(to_db_time(at)),
                ))
                .execute(c)
        })
    }

    fn set_published(
        &self,
        id: StoryId,
        published: bool,
        at: DateTime<Utc>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError> {
        let at = to_db_time(at);
        self.audited_change(id, audit, |c, key| {
            let target = blog_posts::table.filter(blog_posts::id.eq(key)).filter(
                blog_posts::review_status
                    .is_null()
                    .or(blog_posts::review_status.eq(StoryReview::Approved.as_str())),
            );
            if published {
                // Published now: it leads the list until something newer is.
                diesel::update(target)
                    .set((
                        blog_posts::is_published.eq(true),
                        blog_posts::published_at.eq(at),
                        blog_posts::updated_at.eq(at),
                    ))
                    .execute(c)
            } else {
                diesel::update(target)
                    .set((
                        blog_posts::is_published.eq(false),
                        blog_posts::updated_at.eq(at),
                    ))
                    .execute(c)
            }
        })
    }

    fn approve_story(
        &self,
        id: StoryId,
        at: DateTime<Utc>,
        audit: &AuditEntry,
    ) -> Result<(), RepoError> {
        let at = to_db_time(at);
        self.audited_change(id, audit, |c, key| {
            lock_review_queue(c)?;
            let changed = diesel::update(pending(key))
                .set((
                    blog_posts::review_status.eq(StoryReview::Approved.as_str()),
                    blog_posts::reviewed_at.eq(at),
                    blog_posts::is_published.eq(true),
                    blog_posts::published_at.eq(at),
                    blog_posts::updated_at.eq(at),
                ))
                .execute(c)?;
            if changed > 0 {
                refresh_review_notices(c, at, Arrival::Reviewed)?;
            }
            Ok(changed)
        })
    }

    fn decline_story(
        &self,
        id: StoryId,
        reason: &str,
        at: DateTime<Utc>,
        audit: &AuditEntry,
        emails: &[OutgoingEmail],
    ) -> Result<(), RepoError> {
        let db_at = to_db_time(at);
        self.audited_change(id, audit, |c, key| {
            lock_review_queue(c)?;
            let changed = diesel::update(pending(key))
                .set((
                    blog_posts::review_status.eq(StoryReview::Declined.as_str()),
                    blog_posts::decline_reason.eq(reason),
                    blog_posts::reviewed_at.eq(db_at),
                    blog_posts::is_published.eq(false),
                    blog_posts::updated_at.eq(db_at),
                ))
                .execute(c)?;
            if changed > 0 {
                insert_emails(c, emails, at)?;
                refresh_review_notices(c, db_at, Arrival::Reviewed)?;
            }
            Ok(changed)
        })
    }
}

type ById<'a> = diesel::dsl::Filter<blog_posts::table, diesel::dsl::Eq<blog_posts::id, &'a str>>;
type InReview<'a> =
    diesel::dsl::Filter<ById<'a>, diesel::dsl::Eq<blog_posts::review_status, &'static str>>;

/// A story still waiting for review.
fn pending(key: &str) -> InReview<'_> {
    blog_posts::table
        .filter(blog_posts::id.eq(key))
        .filter(blog_posts::review_status.eq(StoryReview::Pending.as_str()))
}

impl Store {
    /// Runs `change` (it answers how many rows it changed) and its audit entry in one
    /// transaction; a change of no row is told apart as an unknown id or a story in
    /// another state.
    fn audited_change(
        &self,
        id: StoryId,
        audit: &AuditEntry,
        change: impl FnOnce(&mut DbConnection, &str) -> QueryResult<usize>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer()?;
        let conn: &mut DbConnection = &mut conn;
        let key = id.to_string();
        conn.transaction(|c| {
            if change(c, &key)? == 0 {
                return missing_or_conflict(c, &key);
            }
            insert_audit(c, audit)
        })
        .map_err(repo_error)
    }
}
