DROP INDEX blog_posts_review_idx;
DROP INDEX blog_posts_created_idx;
ALTER TABLE blog_posts DROP COLUMN reviewed_at;
ALTER TABLE blog_posts DROP COLUMN decline_reason;
ALTER TABLE blog_posts DROP COLUMN review_status;
