-- A bulk email can go to the newsletter's confirmed subscribers as well as to the spec's
-- four groups of accounts.
ALTER TABLE email_campaigns DROP CONSTRAINT email_campaigns_recipient_group_check;
ALTER TABLE email_campaigns ADD CONSTRAINT email_campaigns_recipient_group_check
    CHECK (recipient_group IN ('all', 'new_joiners', 'verified', 'unverified', 'newsletter'));
-- The sweep that deletes addresses never confirmed reads only pending rows by age.
CREATE INDEX newsletter_subscribers_pending_idx ON newsletter_subscribers (confirmation_sent_at)
    WHERE status = 'pending';
