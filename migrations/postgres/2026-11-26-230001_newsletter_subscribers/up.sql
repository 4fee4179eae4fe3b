-- The blog's newsletter list, double opt-in: a row per canonical address (ADR 0010),
-- pending until its emailed link confirms it, unsubscribed when it leaves. The first
-- schema's placeholder table was never written to, so it is replaced rather than altered.
DROP TABLE newsletter_subscribers;
CREATE TABLE newsletter_subscribers (
    id TEXT NOT NULL PRIMARY KEY,
    email TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
    created_at TIMESTAMP NOT NULL,
    -- When the latest confirmation link was sent: a pending address gets a fresh one at
    -- most hourly.
    confirmation_sent_at TIMESTAMP NOT NULL,
    confirmed_at TIMESTAMP,
    unsubscribed_at TIMESTAMP
);
CREATE UNIQUE INDEX newsletter_subscribers_email_key ON newsletter_subscribers (email);
