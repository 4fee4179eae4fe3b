DROP INDEX newsletter_subscribers_pending_idx;
DELETE FROM email_campaigns WHERE recipient_group = 'newsletter';
CREATE TABLE email_campaigns_old (
    id TEXT PRIMARY KEY NOT NULL,
    recipient_group TEXT NOT NULL CHECK (recipient_group IN ('all', 'new_joiners', 'verified', 'unverified')),
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    sent_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    recipients INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);
INSERT INTO email_campaigns_old (id, recipient_group, subject, message, sent_by, recipients, created_at)
    SELECT id, recipient_group, subject, message, sent_by, recipients, created_at FROM email_campaigns;
CREATE TABLE campaign_links_kept (delivery_id TEXT PRIMARY KEY NOT NULL, campaign_id TEXT NOT NULL);
INSERT INTO campaign_links_kept (delivery_id, campaign_id)
    SELECT id, campaign_id FROM email_deliveries WHERE campaign_id IS NOT NULL;
DROP TABLE email_campaigns;
ALTER TABLE email_campaigns_old RENAME TO email_campaigns;
CREATE INDEX email_campaigns_created_idx ON email_campaigns (created_at);
UPDATE email_deliveries
    SET campaign_id = (SELECT k.campaign_id FROM campaign_links_kept k WHERE k.delivery_id = email_deliveries.id)
    WHERE id IN (SELECT delivery_id FROM campaign_links_kept);
DROP TABLE campaign_links_kept;
