-- The stories list pages by (published_at, id) among published rows: with id in the
-- index, each page starts where the last ended without reading earlier rows.
DROP INDEX blog_posts_published_idx;
CREATE INDEX blog_posts_published_idx ON blog_posts (is_published, published_at, id);
