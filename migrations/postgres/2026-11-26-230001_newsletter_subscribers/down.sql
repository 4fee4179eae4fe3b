DROP TABLE newsletter_subscribers;
CREATE TABLE newsletter_subscribers (
    id TEXT PRIMARY KEY NOT NULL,
    email TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX newsletter_subscribers_email_key ON newsletter_subscribers (lower(email));
