DROP INDEX newsletter_subscribers_pending_idx;
DELETE FROM email_campaigns WHERE recipient_group = 'newsletter';
ALTER TABLE email_campaigns DROP CONSTRAINT email_campaigns_recipient_group_check;
ALTER TABLE email_campaigns ADD CONSTRAINT email_campaigns_recipient_group_check
    CHECK (recipient_group IN ('all', 'new_joiners', 'verified', 'unverified'));
