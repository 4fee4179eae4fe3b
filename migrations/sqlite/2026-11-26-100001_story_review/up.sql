-- The team's review of submitted stories. NULL: written by the team, never reviewed;
-- 'pending': submitted, waiting in the review queue; 'approved' (published by it) or
-- 'declined' (with the reason the author was sent).
ALTER TABLE blog_posts ADD COLUMN review_status TEXT
    CHECK (review_status IN ('pending', 'approved', 'declined'));
ALTER TABLE blog_posts ADD COLUMN decline_reason TEXT;
ALTER TABLE blog_posts ADD COLUMN reviewed_at TIMESTAMP;
-- Until now every unpublished story was a submission waiting for review.
UPDATE blog_posts SET review_status = 'pending' WHERE is_published = FALSE;
-- The admin list pages newest first by (created_at, id).
CREATE INDEX blog_posts_created_idx ON blog_posts (created_at, id);
CREATE INDEX blog_posts_review_idx ON blog_posts (review_status, created_at, id);
