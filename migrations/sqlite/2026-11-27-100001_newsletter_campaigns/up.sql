-- A bulk email can go to the newsletter's confirmed subscribers as well as to the spec's
-- four groups of accounts. SQLite cannot alter a CHECK, so the table is rebuilt. This runs
-- in a transaction with foreign keys on, where dropping the old table sets its emails'
-- campaign_id to NULL: the links are put aside first and restored once the new table has
-- the old one's name.
CREATE TABLE email_campaigns_new (
    id TEXT PRIMARY KEY NOT NULL,
    recipient_group TEXT NOT NULL CHECK (recipient_group IN ('all', 'new_joiners', 'verified', 'unverified', 'newsletter')),
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    sent_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    recipients INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);
INSERT INTO email_campaigns_new (id, recipient_group, subject, message, sent_by, recipients, created_at)
    SELECT id, recipient_group, subject, message, sent_by, recipients, created_at FROM email_campaigns;
CREATE TABLE campaign_links_kept (delivery_id TEXT PRIMARY KEY NOT NULL, campaign_id TEXT NOT NULL);
INSERT INTO campaign_links_kept (delivery_id, campaign_id)
    SELECT id, campaign_id FROM email_deliveries WHERE campaign_id IS NOT NULL;
DROP TABLE email_campaigns;
ALTER TABLE email_campaigns_new RENAME TO email_campaigns;
CREATE INDEX email_campaigns_created_idx ON email_campaigns (created_at);
UPDATE email_deliveries
    SET campaign_id = (SELECT k.campaign_id FROM campaign_links_kept k WHERE k.delivery_id = email_deliveries.id)
    WHERE id IN (SELECT delivery_id FROM campaign_links_kept);
DROP TABLE campaign_links_kept;
-- The sweep that deletes addresses never confirmed reads only pending rows by age.
CREATE INDEX newsletter_subscribers_pending_idx ON newsletter_subscribers (confirmation_sent_at)
    WHERE status = 'pending';
