DROP INDEX blog_posts_published_idx;
CREATE INDEX blog_posts_published_idx ON blog_posts (is_published, published_at);
